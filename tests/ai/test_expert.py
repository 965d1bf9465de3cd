"""``expert`` and ``omniscient``: legal actions only, no peeking, the same game from the same seed.

Budgets are tiny and counted in layouts, not seconds, so every run is the same.
"""

from __future__ import annotations

import random

import pytest

from moon42.ai.calibration import made_in_play
from moon42.ai.expert import MOON_LAYOUTS, MOON_MAKE_RATE, ExpertBot
from moon42.ai.normal import table_trumps
from moon42.ai.omniscient import OmniscientBot
from moon42.ai.protocol import Strategy, decide
from moon42.ai.registry import bot_names, make_bot
from moon42.rules import Bid, Game, Pass, Phase, Trump
from moon42.rules.bidding import MOON
from moon42.rules.record import game_to_record
from moon42.rules.views import SeatView

from .helpers import dealer_view_at_bid, play_hands, random_options
from .hidden_tiles import compare_decisions
from .search_helpers import play_randomly, start_play

GAMES = ("moon3", "moon4", "texas42")


def tiny_expert(seed: int) -> ExpertBot:
    return ExpertBot(seed, budget=None, layouts=2, call_budget=None)


def tiny_omniscient(seed: int) -> OmniscientBot:
    return OmniscientBot(seed, budget=None, layouts=2, call_budget=None)


def _show(game: Game, view: SeatView, bot: Strategy) -> None:
    if isinstance(bot, OmniscientBot):
        bot.see(game)


@pytest.mark.slow  # whole hands of experts
@pytest.mark.parametrize("game_name", GAMES)
def test_expert_and_omniscient_choose_only_legal_actions(game_name: str) -> None:
    for seed in range(2):
        options = random_options(random.Random(seed), game_name)
        game = Game.new(game_name, options=options, seed=seed)
        bots = [tiny_expert(seed), tiny_omniscient(seed), make_bot("basic"), tiny_expert(seed + 9)]
        play_hands(game, bots[: game.seats], 1, _show)  # decide() refuses an illegal action


@pytest.mark.parametrize("trump", [Trump.NELLO, Trump.SEVENS])
def test_expert_plays_the_special_contracts(trump: Trump) -> None:
    game = start_play("texas42", 3, trump)
    bots = [tiny_expert(1), tiny_omniscient(2), tiny_expert(3), tiny_omniscient(4)]
    while game.to_act is not None:
        seat = game.to_act.seat
        _show(game, game.view(seat), bots[seat])
        game.apply(decide(bots[seat], game.view(seat)))
    assert game.results[-1].trump is trump


def _expert_positions(game_name: str, count: int) -> list[tuple[dict, int]]:
    """Records cut at a play late enough to be cheap, and at the first bids and trump."""
    rng = random.Random(f"positions:{game_name}")
    out: list[tuple[dict, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        game = start_play(game_name, seed, None)
        if game is None or not play_randomly(game, rng, rng.choice((2, 3, 4)), rng.randrange(4)):
            continue
        if len(game.legal_actions()) > 1:
            out.append((game_to_record(game), game.to_act.seat))
    for seed in range(3):
        game = Game.new(game_name, seed=100 + seed)
        out.append((game_to_record(game), game.to_act.seat))
        game.apply(min((a for a in game.legal_actions() if type(a) is Bid), key=lambda a: a.value))
        while game.phase is Phase.BIDDING:
            game.apply(Pass(game.to_act.seat))
        if game.phase is Phase.WIDOW:
            game.apply(game.legal_actions()[0])
        out.append((game_to_record(game), game.to_act.seat))  # naming trump
    return out


@pytest.mark.slow  # the expert's search on many layouts
@pytest.mark.parametrize("game_name", GAMES)
def test_expert_decides_alike_whatever_the_hidden_tiles(game_name: str) -> None:
    positions = _expert_positions(game_name, 12)
    compared, kinds = compare_decisions(positions, lambda: tiny_expert(7), random.Random(5))
    assert compared >= 6
    assert {"bid", "trump", "play"} <= kinds


@pytest.mark.slow  # whole hands of experts, twice
def test_seeded_experts_play_the_same_hand() -> None:
    def run() -> dict:
        game = Game.new("texas42", seed=11)
        play_hands(game, [tiny_expert(s) for s in range(4)], 1)
        return game_to_record(game)

    assert run() == run()


def test_expert_is_listed_and_omniscient_is_not() -> None:
    assert "expert" in bot_names()
    assert "omniscient" not in bot_names()
    assert isinstance(make_bot("omniscient", 1), OmniscientBot)


def test_omniscient_shown_nothing_still_plays() -> None:
    game = start_play("texas42", 4, Trump.of_number(5))
    play_randomly(game, random.Random(0), 3, 0)
    view = game.view(game.to_act.seat)
    assert decide(tiny_omniscient(1), view) in view.legal


@pytest.mark.slow  # the expert's search over many positions
def test_tiles_equal_for_the_contract_are_parted_by_the_credit_they_keep() -> None:
    from moon42.ai.budget import Budget
    from moon42.ai.expert import _safest
    from moon42.ai.search.position import Position
    from moon42.ai.search.solver import Solver
    from moon42.rules.tiles import mask_of

    parted = {1: 0, -1: 0}  # positions whose tiles keep different credit, by side
    for seed in range(6):
        game = start_play("texas42", seed, None)
        for _ in range(4):  # the leader and each follower of the first trick
            seat = game.to_act.seat
            view = game.view(seat)
            hands = [mask_of(game.view(s).hand) for s in range(4)]
            position = Position.of_view(view, hands)
            values = Solver(position).move_values(position)
            sign = 1 if position.maximisers >> seat & 1 else -1
            best = max(sign * v for v in values.values())
            expected = sorted(t for t, v in values.items() if sign * v == best)
            tiles = sorted(values)
            if expected != tiles:
                parted[sign] += 1
            assert _safest(tiles, [(Solver(position), position, 1.0)], sign, Budget(None)) == (
                expected
            )
            # The same layout twice parts the tiles the same way.
            twice = [(Solver(position), position, 1.0), (Solver(position), position, 0.5)]
            assert _safest(tiles, twice, sign, Budget(None)) == expected
            game.apply(game.legal_actions()[0])
    assert parted[1] >= 2 and parted[-1] >= 2


def test_an_overcall_is_weighed_for_the_seat_that_would_make_it() -> None:
    # The same hand and the same random layouts: whether an opponent has bid 30 first
    # changes which bids are legal, not how often this seat would make 31.
    quiet, contested = dealer_view_at_bid(5, False), dealer_view_at_bid(5, True)
    assert contested.bidder is not None and contested.bidder != contested.seat
    bot = ExpertBot(3, budget=None, call_budget=None, layouts=64)
    assert bot.make_rate(contested, 31) == bot.make_rate(quiet, 31) > 0.5


@pytest.mark.parametrize("game_name", GAMES)
def test_the_expert_bids_from_its_game_s_measured_share_of_bids_made(
    game_name, monkeypatch
) -> None:
    # The simulation's rate is read through the calibration; the expert bids the least
    # bid when play makes such bids often enough: half the time, or in Moon for three
    # (where bidding more often won more hands) 30% of the time.
    game = Game.new(game_name, seed=11)
    view = game.view(game.to_act.seat)
    bot = ExpertBot(3, budget=None, call_budget=None, layouts=8)
    needed = 0.3 if game_name == "moon3" else 0.5
    decisions = {}
    for made in (needed - 0.05, needed + 0.05):
        monkeypatch.setattr(ExpertBot, "make_rate", lambda self, view, value: 0.5)
        monkeypatch.setattr("moon42.ai.expert.made_in_play", lambda *a, made=made, **k: made)
        decisions[made] = type(bot.bid(view))
    assert decisions == {needed - 0.05: Pass, needed + 0.05: Bid}


@pytest.mark.parametrize(
    ("options", "least", "moon", "simulated", "shoots"),
    [
        ({}, 1.0, [True] * 20, True, True),
        ({}, 1.0, [True] * 17 + [False] * 3, True, False),  # too seldom to pay more
        ({}, 1.0, [True] * 5, True, False),  # too few layouts to shoot on
        ({}, 0.85, [True] * 20, False, False),  # a hand that may fail the least bid
        ({"scoring": "marks"}, 1.0, [True] * 20, False, False),  # a mark, like the least bid
        ({"scoring": "marks", "moon_instant": True}, 1.0, [True] * 20, True, True),  # the game
    ],
)
def test_the_expert_shoots_the_moon_in_moon_for_four_when_it_pays(
    options, least, moon, simulated, shoots, monkeypatch
) -> None:
    # Moon for four by points: a moon made scores 21 and set costs 21; the least bid made
    # scores the tricks taken.  The least bid's rate is set here; the moon is simulated
    # with the hand's best trump alone and read through the calibration as measured
    # (17 of 20 layouts read below MOON_MAKE_RATE, 20 of 20 above it; 5 are too few).
    game = Game.new("moon4", options, seed=11)
    view = game.view(game.to_act.seat)
    asked = []

    def simulate(self, view, trumps, bid, rng, since=None):
        asked.append((bid, list(trumps)))
        return {trumps[0]: moon}

    monkeypatch.setattr(ExpertBot, "make_rate", lambda self, view, value: least)
    monkeypatch.setattr(ExpertBot, "_simulate", simulate)
    bot = ExpertBot(3, budget=None, call_budget=None, layouts=8)
    action = bot.bid(view)
    assert type(action) is Bid
    assert action.value == (MOON if shoots else view.options.min_bid)
    best = bot._candidates(view, table_trumps(view))[0]
    assert asked == ([(MOON, [best])] if simulated else [])
    if simulated and len(moon) >= MOON_LAYOUTS:
        rate = made_in_play(view.options, MOON, sum(moon) / len(moon))
        assert (rate >= MOON_MAKE_RATE) == shoots


@pytest.mark.parametrize(
    ("normal_bids", "moon", "expected"),
    [
        (6, [True] * 20, 6),  # normal's higher bid
        (MOON, [True] * 20, MOON),  # normal's moon, borne out by the simulation
        (MOON, [True] * 2 + [False] * 18, None),  # normal's moon, not borne out: the least
        (None, [True] * 20, MOON),  # normal passes: the expert's own rule, as in Moon for 4
        (None, [True] * 2 + [False] * 18, None),
    ],
)
def test_in_moon_for_three_the_expert_takes_normal_s_higher_bids_and_a_moon_that_pays(
    normal_bids, moon, expected, monkeypatch
) -> None:
    # Bid before the widow is taken, a made bid scores the bid itself: the expert bids
    # more than the least as normal's count of tricks does, but shoots the moon (21 made,
    # 21 lost) only where its simulation makes it at least MOON_MAKE_RATE of the time.
    game = Game.new("moon3", seed=11)
    view = game.view(game.to_act.seat)
    monkeypatch.setattr(ExpertBot, "make_rate", lambda self, view, value: 1.0)
    monkeypatch.setattr("moon42.ai.expert.made_in_play", lambda options, bid, rate, **k: rate)
    monkeypatch.setattr(ExpertBot, "_simulate",
                        lambda self, view, trumps, bid, rng, since=None: {t: moon
                                                                     for t in trumps})
    normal = Pass(view.seat) if normal_bids is None else Bid(view.seat, normal_bids)
    monkeypatch.setattr("moon42.ai.normal.NormalBot.bid", lambda self, view: normal)
    action = ExpertBot(3, budget=None, call_budget=None, layouts=8).bid(view)
    assert type(action) is Bid
    assert action.value == (view.options.min_bid if expected is None else expected)


def test_in_moon_for_three_the_dealer_does_not_shoot_a_moon_that_no_layout_makes() -> None:
    # The dealer after two passes, holding 6-4 5-4 5-2 4-4 4-3 2-2 0-0: normal counts 5.85
    # tricks in fours and one more from the widow, enough to shoot the moon; the expert's
    # simulation makes the moon in none of its layouts (the least bid, 4, in every one).
    game = Game.new("moon3", seed=3)
    while game.to_act.seat != 0:
        game.apply(Pass(game.to_act.seat))
    view = game.view(0)
    assert decide(make_bot("normal", seed=1), view) == Bid(0, MOON)
    assert ExpertBot(1).bid(view) == Bid(0, view.options.min_bid)
