"""``moon42 bench --bots`` runs and prints its three sections (the figures are not checked)."""

from __future__ import annotations

import pytest

from moon42.ai.lab.bot_bench import positions, run_bot_bench
from moon42.app.cli import main
from moon42.app.cli.bench import STRATEGIES


@pytest.mark.slow  # the bots' benchmark, every section
def test_the_positions_are_seeded_and_every_strategy_is_timed_on_them(capsys) -> None:
    first = positions("moon4", 6)
    assert first == positions("moon4", 6) and len(first) == 6
    assert [label for label, _, _ in STRATEGIES] == [
        "random", "basic", "normal", "expert (hard)", "expert"]
    assert run_bot_bench(STRATEGIES, 2, 1, 0, 1, games=("moon4",)) == 0
    out = capsys.readouterr().out
    assert "Decision latency" in out and "expert (hard)" in out
    assert "moon4    normal vs basic" in out and "expert vs basic" not in out
    assert "Exact solver, Texas 42, 1 deals" in out


@pytest.mark.slow  # the bots' benchmark, every section
def test_the_command_takes_the_flags(capsys) -> None:
    assert main(["bench", "--bots", "--positions", "1", "--arena-deals", "1",
                 "--expert-deals", "0", "--solver-deals", "1", "--json"]) == 0
    assert '"latency"' in capsys.readouterr().out
