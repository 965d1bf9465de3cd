"""The habit rates behind the partner's reading weights (``ai.lab.habit_rates``)."""

from __future__ import annotations

from moon42.ai.lab.habit_rates import counts_of, main


def test_a_player_of_rules_of_thumb_never_plays_against_the_habits() -> None:
    counts = counts_of("basic", 4, 500, 1.0, 1)
    assert counts["lead"] > 0 and counts["follow"] > 0 and counts["shed"] > 0
    assert counts["lead off"] == counts["waste"] == counts["takes"] == counts["count"] == 0


def test_a_random_player_plays_against_them_often() -> None:
    counts = counts_of("random", 4, 500, 1.0, 1)
    assert counts["lead off"] > 0 and counts["waste"] + counts["takes"] > 0
    assert counts["lead off"] <= counts["lead"]
    assert counts["waste"] + counts["takes"] <= counts["follow"]
    assert counts["count"] <= counts["shed"]


def test_the_tool_says_each_rate(capsys) -> None:
    assert main(["--bot", "basic", "--deals", "2", "--share", "1"]) == 0
    out = capsys.readouterr().out
    assert "basic, Texas 42, bidding skipped, 2 deals of seed 500" in out
    assert "led another tile 0 of " in out
    assert "gave count 0 of " in out
