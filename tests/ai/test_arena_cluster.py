"""``moon42 arena --scheduler``: deals played on a Dask cluster give what local processes give."""

from __future__ import annotations

import json

import pytest

from moon42.ai import workers
from moon42.ai.lab.arena import ArenaConfig, run_arena
from moon42.app import cli


def test_a_small_arena_on_a_cluster_gives_the_local_results(cluster) -> None:
    config = ArenaConfig("texas42", "normal", "basic", deals=6, bidding=False, seed=5)
    local = run_arena(config, jobs=1)
    remote = run_arena(config, scheduler=cluster.scheduler_address)
    assert remote.outcomes == local.outcomes
    assert remote.as_dict()["a_win_rate"] == local.as_dict()["a_win_rate"]


def test_a_pool_runs_on_the_cluster_from_the_command_line(cluster, capsys) -> None:
    args = ["arena", "moon3", "normal", "--pool", "basic", "hoard", "--hands", "2", "--seed", "3",
            "--json"]
    assert cli.main([*args, "--jobs", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert cli.main([*args, "--scheduler", cluster.scheduler_address]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert [s["b"] for s in remote["against"]] == ["basic", "hoard"]
    for key in ("mean_win_rate", "mean_ci95"):
        assert remote[key] == local[key]
    assert [s["a_win_rate"] for s in remote["against"]] == [
        s["a_win_rate"] for s in local["against"]]


def test_a_scheduler_out_of_reach_is_reported(monkeypatch, capsys) -> None:
    monkeypatch.setattr(workers, "CONNECT_TIMEOUT", 1)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["arena", "texas42", "normal", "basic", "--hands", "1",
                  "--scheduler", "tcp://127.0.0.1:9"])
    assert exit_.value.code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err
