"""``python -m moon42.ai.lab.share_of``: a bot's rate as a share of a yardstick's, with its
interval, from two arena runs on the same deals."""

from __future__ import annotations

import random

import pytest

from moon42.ai.lab import share_of
from moon42.ai.lab.share_of import ratio_ci
from moon42.app import cli


def test_the_ratio_and_its_interval() -> None:
    ratio, low, high = ratio_ci([1.0, 0.5, 1.0, 0.0], [1.0, 1.0, 1.0, 0.0])
    assert ratio == pytest.approx(2.5 / 3)
    assert low < ratio < high
    # Paired values that move together give a narrower interval than the same values
    # shuffled apart.
    rng = random.Random(3)
    yard = [rng.choice((0.0, 0.5, 1.0)) for _ in range(200)]
    bot = [y if rng.random() < 0.8 else 0.0 for y in yard]
    together = ratio_ci(bot, yard)
    apart = ratio_ci(rng.sample(bot, len(bot)), yard)
    assert together[2] - together[1] < apart[2] - apart[1]
    with pytest.raises(ValueError, match="two or more"):
        ratio_ci([1.0], [1.0])
    with pytest.raises(ValueError, match="won nothing"):
        ratio_ci([0.0, 1.0], [0.0, 0.0])


def test_two_runs_on_the_same_deals(tmp_path, capsys) -> None:
    for name, a in (("bot.jsonl", "basic"), ("yard.jsonl", "normal")):
        args = ["arena", "texas42", a, "--pool", "greedy", "club", "--hands", "6",
                "--no-bidding", "--seed", "8", "--jobs", "1", "--json",
                "--per-deal", str(tmp_path / name)]
        assert cli.main(args) == 0
    capsys.readouterr()
    result = share_of.shares(tmp_path / "bot.jsonl", tmp_path / "yard.jsonl")
    assert (result["bot"], result["yardstick"]) == ("basic", "normal")
    assert sorted(r["member"] for r in result["rows"]) == ["club", "greedy"]
    for row in [*result["rows"], result["all"]]:
        assert row["deals"] == 6
        assert row["share"] == pytest.approx(row["bot"] / row["yardstick"])
    assert share_of.main([str(tmp_path / "bot.jsonl"), str(tmp_path / "yard.jsonl")]) == 0
    assert "basic as a share of normal" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        share_of.main([str(tmp_path / "bot.jsonl"), str(tmp_path / "missing.jsonl")])
    assert "cannot read" in capsys.readouterr().err
