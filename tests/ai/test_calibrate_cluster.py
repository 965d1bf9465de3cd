"""``python -m moon42.ai.calibrate --scheduler``: hands measured on a Dask cluster are the
hands local processes measure."""

from __future__ import annotations

import json

import pytest

from moon42.ai import calibrate, workers


def _records(path) -> dict[str, dict]:
    """Each hand's record by its task, without the CPU seconds it took."""
    records = (json.loads(line) for line in path.read_text().splitlines())
    return {r["task"]: {k: v for k, v in r.items() if k != "seconds"} for r in records}


@pytest.mark.slow  # four hands of the hint's simulation and of experts playing them out
def test_hands_measured_on_a_cluster_are_the_hands_measured_here(cluster, tmp_path, capsys):
    # Two hands measured at once (the worker's two threads) on a loaded machine: equal all the
    # same, since a measurement's decisions end on their work, never on the clock.
    args = ["--game", "moon3", "--kind", "least", "--hands", "2", "--seed", "7"]
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    assert calibrate.main([*args, "--out", str(local), "--jobs", "1"]) == 0
    assert calibrate.main([*args, "--out", str(remote), "--scheduler",
                           cluster.scheduler_address]) == 0
    here, there = _records(local), _records(remote)
    assert sorted(there) == ["moon3/least/7/0", "moon3/least/7/1"]
    assert there == here
    assert all(r["kept"] and r["bid"] == 4 for r in there.values())
    capsys.readouterr()


def test_a_run_on_a_cluster_is_taken_up_again(cluster, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(calibrate, "measure", _cheap_measure)
    out = tmp_path / "run.jsonl"
    args = ["--game", "moon4", "--kind", "least", "--out", str(out),
            "--scheduler", cluster.scheduler_address]
    assert calibrate.main([*args, "--hands", "3"]) == 0
    first = out.read_text().splitlines()
    assert calibrate.main([*args, "--hands", "8"]) == 0
    lines = out.read_text().splitlines()
    assert lines[:3] == first and len(lines) == 8
    assert sorted(json.loads(line)["index"] for line in lines) == list(range(8))
    capsys.readouterr()


def _cheap_measure(task: calibrate.Task) -> dict:
    """Stands in for a hand's measurement (a record the summary can read), cheaply."""
    return {"task": task.key, "game": task.game, "kind": task.kind, "seed": task.seed,
            "index": task.index, "estimator": calibrate.ESTIMATOR, "kept": False}


def test_a_scheduler_is_checked_and_one_out_of_reach_is_reported(tmp_path, monkeypatch, capsys):
    out = str(tmp_path / "run.jsonl")
    with pytest.raises(SystemExit) as exit_:
        calibrate.main(["--out", out, "--scheduler", "localhost:8786"])
    assert exit_.value.code == 2
    assert "give a Dask scheduler's address, like tcp://HOST:8786" in capsys.readouterr().err
    monkeypatch.setattr(workers, "CONNECT_TIMEOUT", 1)
    with pytest.raises(SystemExit) as exit_:
        calibrate.main(["--out", out, "--hands", "1", "--game", "moon4", "--kind", "least",
                        "--scheduler", "tcp://127.0.0.1:9"])
    assert exit_.value.code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err
