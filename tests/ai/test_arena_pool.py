"""``moon42 arena GAME A --pool``: A against each member on the same deals, and the mean."""

from __future__ import annotations

import json

import pytest

from moon42.ai.lab.arena import ArenaConfig, run_arena
from moon42.ai.lab.arena_pool import run_pool
from moon42.ai.registry import pool_names
from moon42.app import cli


def test_each_member_plays_the_deals_it_would_play_alone() -> None:
    configs = [ArenaConfig("texas42", "normal", b, deals=4, bidding=False, seed=2)
               for b in ("basic", "hoard")]
    pool = run_pool(configs, jobs=1)
    for config, summary in zip(configs, pool.summaries, strict=True):
        assert summary.outcomes == run_arena(config, jobs=1).outcomes
    d = pool.as_dict()
    per_deal = [s.per_deal(lambda o: o.a_share) for s in pool.summaries]
    mean = sum(sum(rates) / 2 for rates in zip(*per_deal, strict=True)) / 4
    assert d["mean_win_rate"] == pytest.approx(mean)
    assert d["mean_ci95"][0] <= mean <= d["mean_ci95"][1]
    assert [s["b"] for s in d["against"]] == ["basic", "hoard"]


@pytest.mark.slow  # an arena run against every member of the pool
def test_the_command_plays_the_default_pool_once_each(capsys) -> None:
    args = ["arena", "moon4", "normal", "--pool", "--hands", "1", "--seed", "1", "--jobs", "1"]
    assert cli.main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pool"] == pool_names()
    assert cli.main(["arena", "moon4", "normal", "--pool", "hoard", "hoard", "cheap",
                     "--games", "1", "--seed", "1", "--jobs", "1"]) == 0
    table = capsys.readouterr().out
    for words in ("against", "hoard", "cheap", "mean", "fair share", "contracts: won / made"):
        assert words in table
    assert table.count("\nhoard ") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["normal", "basic", "--pool"], "not both"),
        (["normal"], "name strategy B, or give --pool"),
        (["normal", "--pool", "wizard"], "unknown bot 'wizard'"),
        (["normal", "--pool", "x" * 65], "at most 64 characters"),
        (["normal", "--pool", *[f"b{i}" for i in range(33)]], "at most 32 bots"),
    ],
)
def test_a_wrong_pool_is_refused_with_a_reason(args, message, capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["arena", "texas42", *args, "--hands", "1"])
    assert message in capsys.readouterr().err


def test_whole_games_against_a_pool_show_games_won_and_the_bidding_by_contract(capsys) -> None:
    configs = [ArenaConfig("texas42", "normal", b, deals=3, whole_games=True, seed=1)
               for b in ("basic", "cheap")]
    pool = run_pool(configs, jobs=1)
    table = pool.table()
    for summary, row in zip(pool.summaries, pool.as_dict()["against"], strict=True):
        won = sum(1 for o in summary.outcomes if o.a_share == 1)
        nets = [net for o in summary.outcomes for *_, net in o.contracts]
        assert (row["a_won"], row["played"]) == (won, 6)
        assert row["tied"] == sum(1 for o in summary.outcomes if 0 < o.a_share < 1)
        assert len(nets) == row["a_bids"] + row["b_bids"]  # the hands won in the auction
        assert row["net_a_hand"] == pytest.approx(sum(nets) / len(nets))
        made = f"{100 * row['a_made_rate']:.1f}%"
        line = next(x for x in table.splitlines() if x.startswith(row["b"] + " "))
        assert len(line) <= 80
        assert f"{won}/6" in line and made in line and f"{row['net_a_hand']:+.2f}" in line
        # Each member's contracts, by kind: won, made, and marks for A less B a hand.
        block = table.split(f"against {row['b']}:\n")[1]
        for kind, entry in row["contracts"]["A"].items():
            cell = f"{entry['bids']} / {100 * entry['made_rate']:.0f}% / "
            assert f"  {kind} " in block and cell + f"{entry['net_a_hand']:+.2f}" in block
    assert "net/hand: what a hand won in the auction scored for A less B (marks)" in table
    # Skipped auctions have no net a hand to show.
    skipped = run_pool([ArenaConfig("moon4", "normal", "hoard", deals=2, bidding=False)], jobs=1)
    assert skipped.as_dict()["against"][0]["net_a_hand"] is None
    assert "net/hand:" not in skipped.table()
