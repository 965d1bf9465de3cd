"""``moon42 arena``: duplicate deals really swap the sides, seeds reproduce, and the JSON holds
what scripts read; auctions are skipped through the engine's own actions."""

from __future__ import annotations

import json
import random

import pytest

from moon42.ai.lab import arena
from moon42.ai.lab.arena import ArenaConfig, deal_seed, play_deal, run_arena, seats_of, skip_auction
from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.app import cli
from moon42.rules import Game, Phase
from moon42.rules.bidding import MARK

from .helpers import random_options

GAMES = ("moon3", "moon4", "texas42")


def test_every_copy_of_a_deal_moves_a_to_other_seats() -> None:
    assert seats_of("texas42", 0) == ("A", "B", "A", "B")
    assert seats_of("texas42", 1) == ("B", "A", "B", "A")
    assert [seats_of("moon3", c) for c in range(3)] == [
        ("A", "B", "B"), ("B", "A", "B"), ("B", "B", "A")]


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("bidding", [True, False])
def test_the_same_bot_on_both_sides_shares_every_deal_exactly(game_name, bidding) -> None:
    # The copies play the same tiles with the seats swapped, so with one bot everywhere
    # A's shares of a deal's copies add up to one whole win.
    config = ArenaConfig(game_name, "normal", "normal", deals=6, bidding=bidding, seed=3)
    for deal in range(config.deals):
        outcomes = play_deal(config, deal)
        assert len(outcomes) == config.copies
        assert sum(o.a_share for o in outcomes) == pytest.approx(1.0)
        assert sum(o.margin for o in outcomes) == pytest.approx(0.0)
    summary = run_arena(config, jobs=1).as_dict()
    assert summary["a_win_rate"] == pytest.approx(1 / config.copies)
    assert summary["ci95"] == pytest.approx([1 / config.copies] * 2)


def test_a_seed_reproduces_a_run_on_any_number_of_processes() -> None:
    config = ArenaConfig("texas42", "normal", "basic", deals=8, bidding=False, seed=5)
    first = run_arena(config, jobs=1)
    assert run_arena(config, jobs=1).outcomes == first.outcomes
    assert run_arena(config, jobs=2).outcomes == first.outcomes
    other = ArenaConfig("texas42", "normal", "basic", deals=8, bidding=False, seed=6)
    assert run_arena(other, jobs=1).outcomes != first.outcomes
    assert deal_seed(5, 0) != deal_seed(5, 1) != deal_seed(6, 1)


@pytest.mark.parametrize("game_name", GAMES)
def test_skipping_the_auction_makes_the_seat_left_of_the_dealer_bid_the_minimum(game_name):
    for seed in range(30):
        options = random_options(random.Random(seed), game_name)
        game = Game.new(game_name, options=options, seed=seed)
        dealer = game.dealer
        skip_auction(game)
        assert game.phase in (Phase.WIDOW, Phase.TRUMP)
        view = game.view(0)
        assert view.bidder == (dealer + 1) % game.seats == game.to_act.seat
        assert view.high_bid == (game.options.min_bid if game.options.is_moon else 30)
        assert [b.contract for b in view.bids].count("pass") == game.seats - 1
        assert view.high_bid < MARK  # no Nello or Sevens: only plain trumps are named
        bot = make_bot("normal")
        while game.to_act is not None:
            game.apply(decide(bot, game.view(game.to_act.seat)))


def test_whole_games_are_played_to_the_end() -> None:
    config = ArenaConfig("moon3", "normal", "basic", deals=2, whole_games=True, seed=1)
    summary = run_arena(config, jobs=1)
    assert len(summary.outcomes) == 6
    assert all(o.hands > 1 for o in summary.outcomes)
    assert {o.a_share for o in summary.outcomes} <= {0.0, 1.0, 1 / 3}


def test_the_command_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["arena", "texas42", "normal", "basic", "--hands", "6", "--no-bidding",
                     "--seed", "2", "--json", "--jobs", "1"])
    assert code == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert 0 <= result["a_win_rate"] <= 1
    low, high = result["ci95"]
    assert isinstance(low, float) and isinstance(high, float) and low <= high
    assert result["played"] == 12 and result["deals"] == 6 and not result["bidding"]
    assert result["options"]["play_out"] is True
    assert "6/6" in captured.err  # the progress bar


def test_the_command_prints_a_table_and_refuses_unknown_bots(capsys) -> None:
    assert cli.main(["arena", "moon4", "normal", "random", "--hands", "3", "--seed", "1",
                     "--jobs", "1", "--option", "min_bid=5"]) == 0
    out = capsys.readouterr().out
    for words in ("win rate", "95% interval", "bids made", "average margin"):
        assert words in out
    assert cli.main(["arena", "moon4", "normal", "noisy-expert", "--hands", "1", "--seed",
                     "1", "--jobs", "1"]) == 0
    header = capsys.readouterr().out.splitlines()[2].split()
    assert header == ["A", "normal", "B", "noisy-expert"]  # the names apart, however long
    with pytest.raises(SystemExit):
        cli.main(["arena", "texas42", "normal", "nobody", "--hands", "2"])
    with pytest.raises(SystemExit):
        cli.main(["arena", "texas42", "normal", "basic", "--option", "min_bid=3"])


def test_bids_and_made_rates_are_counted_per_contract(capsys) -> None:
    options = {"nello": True, "plunge": True, "splash": True, "sevens": True,
               "mark_raises": "one", "forced_bid": True}
    config = ArenaConfig("texas42", "normal", "random", deals=12, seed=4, options=options)
    summary = run_arena(config, jobs=1)
    d = summary.as_dict()
    for side, bids in (("A", d["a_bids"]), ("B", d["b_bids"])):
        kinds = d["contracts"][side]
        assert sum(entry["bids"] for entry in kinds.values()) == bids
        for entry in kinds.values():
            assert 0 <= entry["made"] <= entry["bids"]
            assert entry["made_rate"] == entry["made"] / entry["bids"]
    made = sum(e["made"] for e in d["contracts"]["A"].values())
    assert made / d["a_bids"] == pytest.approx(d["a_made_rate"])
    assert set(d["contracts"]["B"]) - {"points", "marks", "follow-me"}  # random bids specials
    table = summary.table()
    assert "contracts: won / made" in table
    for kind in d["contracts"]["B"]:
        assert f"  {kind} " in table


def test_every_game_of_a_run_gets_the_options(monkeypatch) -> None:
    seen = []

    class Watched(Game):
        @classmethod
        def new(cls, game, options=None, seed=None, players=None):
            seen.append(options)
            return super().new(game, options, seed, players)

    monkeypatch.setattr(arena, "Game", Watched)
    options = {"nello": True, "nello_doubles": "own", "target": 2}
    config = ArenaConfig("texas42", "random", "normal", deals=3, whole_games=True, seed=2,
                         options=options)
    run_arena(config, jobs=1)
    assert len(seen) == 6
    assert all(o.nello and o.nello_doubles == "own" and o.target == 2 for o in seen)


def test_the_arena_can_hurry_every_bot_as_a_busy_server_does(capsys) -> None:
    """``--share``: every budget at that share, so the same deal takes less search work,
    and the report says so; a share outside (0, 1] is refused."""
    from moon42.ai.search import effort

    def work(share: float) -> int:
        before = effort.done()
        config = ArenaConfig("texas42", "expert", "basic", deals=1, bidding=False, seed=3,
                             share=share)
        outcomes = play_deal(config, 0)
        assert len(outcomes) == 2
        return effort.done() - before

    assert work(0.05) < work(0.2) / 2
    cli.main(["arena", "texas42", "random", "basic", "--hands", "1", "--no-bidding",
              "--share", "0.5", "--jobs", "1"])
    assert "bidding skipped, budgets at 0.5 of themselves" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["arena", "texas42", "random", "basic", "--share", "0"])
    assert "--share is more than 0 and at most 1" in capsys.readouterr().err
