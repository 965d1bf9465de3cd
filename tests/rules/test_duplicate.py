"""Duplicate play (rules/duplicate.py): the turned deal, and each side scored against the
side that held its tiles at the other table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from moon42.rules import Game, Phase, options_for
from moon42.rules.actions import Action, Bid, Discard, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.duplicate import (
    compare,
    deal_game,
    first_difference,
    match_deal,
    measures,
    turned,
)
from moon42.rules.results import HandResult

GAMES = ("moon3", "moon4", "texas42")


def _random_hand(game: Game, rng: random.Random) -> list[Action]:
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        game.apply(rng.choice(game.legal_actions()))
    return list(game.log[0].actions)


def _reseated(action: Action, by: int, n: int) -> Action:
    seat = (action.seat - by) % n
    match action:
        case Bid(_, value):
            return Bid(seat, value)
        case Pass():
            return Pass(seat)
        case Plunge():
            return Plunge(seat)
        case Splash():
            return Splash(seat)
        case Discard(_, t):
            return Discard(seat, t)
        case NameTrump(_, trump):
            return NameTrump(seat, trump)
        case Play(_, t):
            return Play(seat, t)
    raise TypeError(action)


def _tables(game: str, seed: int, number: int):
    options = options_for(game, {})
    deal = match_deal(options, seed, number)
    return options, deal_game(options, deal, seed), deal_game(options, turned(deal), seed)


def test_the_turned_deal_moves_every_holding_and_the_dealer_with_it() -> None:
    for game in GAMES:
        options = options_for(game, {})
        deal = match_deal(options, 7, 2)
        other = turned(deal)
        n = options.seats
        assert other.hands == tuple(deal.hands[(s + 1) % n] for s in range(n))
        assert other.hands[other.dealer] == deal.hands[deal.dealer]
        assert other.widow == deal.widow
        assert match_deal(options, 7, 2) == deal  # from the seed alone
        assert match_deal(options, 7, 3).hands != deal.hands


def test_the_deals_are_the_seeds_hands() -> None:
    options = options_for("texas42", {})
    game = Game.new("texas42", seed=11)
    deal = match_deal(options, 11, 0)
    assert deal.hands == game.log[0].deal and deal.dealer == game.dealer


def test_a_texas_deal_starts_at_both_tables_with_the_1_0_rule() -> None:
    for seed in range(30):
        _, a, b = _tables("texas42", seed, seed % 5)
        # The holder of 1-0 bids first at both tables: the same tiles open the bidding.
        assert a.log[0].deal[a.to_act.seat] == b.log[0].deal[b.to_act.seat]


def _result(game: str, bidder: int, score: tuple[int, ...], tricks: tuple[int, ...],
            points: tuple[int, ...]) -> HandResult:
    return HandResult(0, 0, bidder, 30, "bid", None, True, tricks, points, score, score,
                      game == "texas42")


def test_texas_42_is_scored_by_marks_then_points() -> None:
    options = options_for("texas42", {})
    assert measures(options) == ("marks", "points")
    # Table A: seats 0-2 bid and made (20 + 15 points). Table B: the same tiles, now at
    # seats 3-1, were set: seats 0-2 (A's 1-3 tiles) took the mark.
    at_a = _result("texas42", 0, (1, 0, 1, 0), (4, 1, 2, 0), (20, 5, 15, 2))
    at_b = _result("texas42", 3, (1, 0, 1, 0), (2, 1, 2, 2), (12, 10, 10, 10))
    ours, theirs = compare(options, at_a, at_b)
    assert (ours.seats, ours.seats_b) == ((0, 2), (3, 1))
    assert ours.at_a == (1, 35) and ours.at_b == (0, 20) and ours.score == (1, 15)
    assert (theirs.seats, theirs.seats_b) == ((1, 3), (0, 2))
    assert theirs.score == (0 - 1, 7 - 22)


def test_moon_is_scored_by_points_then_tricks_and_moon3_player_by_player() -> None:
    options = options_for("moon3", {})
    assert measures(options) == ("points", "tricks")
    assert measures(options_for("moon4", {"scoring": "marks"})) == ("marks", "tricks")
    at_a = _result("moon3", 0, (5, 1, 1), (5, 1, 1), (0, 0, 0))
    at_b = _result("moon3", 2, (1, 1, -5), (1, 1, 5), (0, 0, 0))
    found = compare(options, at_a, at_b)
    assert [c.seats for c in found] == [(0,), (1,), (2,)]
    assert [c.seats_b for c in found] == [(2,), (0,), (1,)]
    assert [c.score for c in found] == [(10, 0), (0, 0), (0, 0)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**63 - 1), st.integers(0, 20),
       st.integers(0, 2**32))
def test_a_deal_played_the_same_at_both_tables_scores_nothing(game, seed, number, play):
    options, a, b = _tables(game, seed, number)
    actions = _random_hand(a, random.Random(play))
    for action in actions:
        b.apply(_reseated(action, 1, options.seats))
    assert b.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert all(c.score == (0, 0) for c in compare(options, a.results[0], b.results[0]))
    assert first_difference(actions, b.log[0].actions, options.seats) is None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**63 - 1), st.integers(0, 20),
       st.integers(0, 2**32), st.integers(0, 2**32))
def test_swapping_the_tables_mirrors_the_score(game, seed, number, play_a, play_b):
    options, a, b = _tables(game, seed, number)
    _random_hand(a, random.Random(play_a))
    _random_hand(b, random.Random(play_b))
    forward = compare(options, a.results[0], b.results[0])
    backward = {c.seats: c for c in compare(options, b.results[0], a.results[0], turn=-1)}
    for c in forward:
        mirror = backward[tuple(sorted(c.seats_b))]
        assert sorted(mirror.seats_b) == sorted(c.seats)
        assert mirror.score == (-c.score[0], -c.score[1])


def test_the_first_difference_names_the_action_and_reads_b_in_a_seats() -> None:
    n = 4
    a = [Bid(1, 30), Pass(2), Pass(3), Pass(0)]
    b = [Bid(0, 30), Pass(1), Bid(2, 31)]
    assert first_difference(a, b, n) == (2, Pass(3), Bid(2, 31))
    assert first_difference(a, [Bid(0, 30)], n) == (1, Pass(2), None)
