"""The hand review (``ai.review``): double-dummy figures against brute force, a bad play
named, the omniscient bot's plays costing nothing, a broken record reviewed up to its fault."""

from __future__ import annotations

import copy
import random

import pytest

from moon42.ai.omniscient import OmniscientBot
from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.ai.review import Kind, Settings, review_hand
from moon42.ai.review_dd import play_figures
from moon42.ai.review_figures import ViewFigure
from moon42.ai.review_words import view_text
from moon42.ai.search.solver import Solver
from moon42.rules import Game, Phase, Trump
from moon42.rules.actions import Play
from moon42.rules.record import game_to_record, parse_record
from moon42.rules.tiles import COUNT, mask_of, parse_tile

from .search_helpers import play_randomly, start_play, true_position

DD_ONLY = Settings(view=False)


# ----- an independent double-dummy: minimax over the engine's own moves ------------------


def _side(game: Game, seat: int) -> set[int]:
    """The seats on ``seat``'s side this hand (Moon for three: the bidder, or the others)."""
    view = game.view(seat)
    if game.options.partnerships:
        return {s for s in range(4) if s % 2 == seat % 2}
    return {view.bidder} if seat == view.bidder else set(range(3)) - {view.bidder}


def _taken(game: Game, side: set[int], tricks: bool) -> int:
    view = game.view(0)
    if game.results and game.results[-1].hand == game.hand_number:
        result = game.results[-1]
        won, points = result.tricks_won, result.points
    else:
        won, points = view.tricks_won, view.points
    return sum((won if tricks else points)[s] for s in side)


def _minimax(game: Game, side: set[int], tricks: bool, fewer: bool) -> int:
    """The side's final take with everyone at their best: the side maximises it (minimises
    it where ``fewer``), the others do the opposite.  Each move on a copy of the game."""
    if game.phase is not Phase.PLAY:
        return _taken(game, side, tricks)
    mine = game.to_act.seat in side
    outcomes = []
    for action in game.legal_actions():
        after = copy.deepcopy(game)
        after.apply(action)
        outcomes.append(_minimax(after, side, tricks, fewer))
    return max(outcomes) if mine != fewer else min(outcomes)


def _brute_force(game: Game) -> dict[str, int]:
    """Every legal tile of the seat to play, with its side's take from the start of the
    trick in play to the end of the hand."""
    seat = game.to_act.seat
    side = _side(game, seat)
    trump = game.view(seat).trump
    tricks = game.options.is_moon or trump in (Trump.NELLO, Trump.SEVENS)
    fewer = trump is Trump.NELLO
    before = _taken(game, side, tricks)
    out = {}
    for action in game.legal_actions():
        after = copy.deepcopy(game)
        after.apply(action)
        out[str(action.tile)] = _minimax(after, side, tricks, fewer) - before
    return out


def _endings(game_name: str, count: int):
    """Hands with three tricks left (and up to three tiles of the next played), all trumps."""
    rng = random.Random(f"endings:{game_name}")
    made = 0
    seed = 0
    while made < count:
        seed += 1
        options = {"play_out": True} if game_name == "texas42" else {}
        game = start_play(game_name, seed, None, options)
        if game is None or not play_randomly(game, rng, 3, rng.randrange(4)):
            continue
        made += 1
        yield game


@pytest.mark.parametrize("game_name", ["texas42", "moon3", "moon4"])
def test_double_dummy_figures_agree_with_brute_force_on_small_endings(game_name: str) -> None:
    trumps = set()
    for game in _endings(game_name, 5):
        seat = game.to_act.seat
        view = game.view(seat)
        trumps.add(view.trump)
        hands = [mask_of(game.view(s).hand) for s in range(game.seats)]
        figures = play_figures(view, hands)
        assert {str(t): v for t, v in figures.values.items()} == _brute_force(game)
    assert len(trumps) > 2  # several trumps met (Nello and Sevens among Texas 42's)


# ----- whole hands: the omniscient bot, and a deliberately bad play ----------------------


def _play_hand(game: Game, choose=None) -> None:
    """``basic`` bids and names trump, the omniscient bot plays; ``choose(game)`` may put a
    play of its own first (None: leave it to the bot)."""
    callers = [make_bot("basic", s) for s in range(game.seats)]
    players = [OmniscientBot(s, budget=None, layouts=4, call_budget=None)
               for s in range(game.seats)]
    while game.to_act is not None:
        seat = game.to_act.seat
        view = game.view(seat)
        if view.to_act.kind != "play":
            game.apply(decide(callers[seat], view))
            continue
        action = choose(game) if choose is not None else None
        if action is None:
            players[seat].see(game)
            action = decide(players[seat], view)
        game.apply(action)


@pytest.mark.parametrize("game_name,seed", [("texas42", 1), ("moon3", 2), ("moon4", 3)])
def test_every_play_of_the_omniscient_bot_costs_nothing(game_name: str, seed: int) -> None:
    game = Game.new(game_name, seed=seed)
    while not game.results or game.results[-1].bidder is None:
        if game.results:
            game.next_hand()
        _play_hand(game)
    record = parse_record(game_to_record(game))
    hand = len(record.hands) - 1
    plays = 0
    for seat in range(game.seats):
        review = review_hand(record, hand, seat, DD_ONLY)
        for decision in review.decisions:
            if decision.kind is Kind.PLAY:
                plays += 1
                assert decision.lost == 0, decision
                assert decision.done in decision.dd.best
    assert plays >= 4 * game.seats


def _throw_the_six_four(game: Game):
    """Seat 0, last to a trick an opponent holds and the 6-4 cannot take, with a low tile
    that follows: it throws the 6-4 there (once)."""
    view = game.view(game.to_act.seat)
    trick = view.current_trick
    six_four = parse_tile("6-4")
    if view.seat != 0 or trick is None or len(trick.plays) != 3 or view.trump is None:
        return None
    legal = {a.tile for a in view.legal}
    if six_four not in legal or any(t == six_four for t in view.played):
        return None
    rules = view.trick_rules
    suit = rules.led_suit[trick.plays[0][1]]
    power = rules.power[suit]
    top_seat, top = max(trick.plays, key=lambda p: power[p[1]])
    low = [t for t in legal if t != six_four and not COUNT[t] and power[t] < power[top]]
    if top_seat % 2 == 0 or power[six_four] > power[top] or not low:
        return None
    # Only where the 6-4 could be kept for the side (by the solver, every hand in view).
    position = true_position(game)
    values = Solver(position).move_values(position)
    sign = 1 if position.maximisers & 1 else -1
    if sign * (values[int(six_four)] - max(values[int(t)] for t in low)) >= 0:
        return None
    return Play(0, six_four)


def _hand_with_the_six_four_thrown(seed: int) -> tuple[Game, list[int]]:
    """A Texas 42 hand played by the omniscient bot, but for seat 0 throwing the 6-4 once
    where ``_throw_the_six_four`` finds the spot; the trick it did it in (none: no spot)."""
    game = Game.new("texas42", options={"play_out": True}, seed=seed)
    thrown: list[int] = []

    def choose(g: Game):
        action = None if thrown else _throw_the_six_four(g)
        if action is not None:
            thrown.append(len(g.view(0).tricks) + 1)
        return action

    _play_hand(game, choose)
    return game, thrown


def test_the_review_names_a_thrown_count_tile_as_the_costliest_decision() -> None:
    game, thrown = _hand_with_the_six_four_thrown(39)  # the first seed from 1 with the spot
    assert thrown
    record = parse_record(game_to_record(game))
    review = review_hand(record, 0, 0, DD_ONLY)
    worst = review.costly[0]
    assert (worst.kind, worst.trick, str(worst.done)) == (Kind.PLAY, thrown[0], "6-4")
    assert worst.lost >= 10
    assert all(d.lost == 0 for d in review.decisions if d is not worst)
    assert worst.verdict.startswith(f"Trick {thrown[0]}: 6-4 gave up its 10 count; ")
    assert "(every hand known)" in worst.verdict


def test_a_record_that_breaks_a_rule_is_reviewed_up_to_the_broken_action() -> None:
    game = Game.new("moon4", seed=5)
    _play_hand(game)
    document = game_to_record(game)
    actions = document["hands"][0]["actions"]
    plays = [i for i, a in enumerate(actions) if a.get("seat") == 0 and "play" in a]
    # Seat 0's fourth play: a tile seat 1 was dealt.
    actions[plays[3]] = {"seat": 0, "play": document["hands"][0]["deal"][1][0]}
    review = review_hand(parse_record(document), 0, 0, DD_ONLY)
    assert review.broken is not None
    assert [d.trick for d in review.decisions if d.kind is Kind.PLAY] == [1, 2, 3]


def test_a_hand_the_record_does_not_hold_has_no_review() -> None:
    game = Game.new("moon3", seed=5)
    record = parse_record(game_to_record(game))
    assert review_hand(record, 3, 0, DD_ONLY) is None


def test_the_view_figures_are_the_experts_for_what_was_done_and_for_its_choice() -> None:
    game, _ = _hand_with_the_six_four_thrown(39)
    record = parse_record(game_to_record(game))
    settings = Settings(play_budget=None, call_budget=None, layouts=8)
    review = review_hand(record, 0, 0, settings)
    plays = [d for d in review.decisions if d.kind is Kind.PLAY and len(d.dd.values) > 1]
    assert plays
    for d in plays:
        assert d.expert is not None and d.expert.tile in d.dd.values
        assert 0.0 <= d.view_done.chance <= 1.0 and 0.0 <= d.view_expert.chance <= 1.0
        if d.expert.tile == d.done:
            assert d.view_done == d.view_expert
        assert d.layouts > 0
    bids = [d for d in review.decisions if d.kind is Kind.BID]
    assert len(bids) == 1 and bids[0].expert is not None


def test_a_view_figure_is_about_unless_proven() -> None:
    assert view_text(ViewFigure(1.0)) == "about 99%"
    assert view_text(ViewFigure(0.0)) == "about 1%"
    assert view_text(ViewFigure(1.0, certain="always")).startswith("100%")
    assert view_text(ViewFigure(0.0, certain="never")) == "0% if the others play correctly"
    assert view_text(ViewFigure(0.4, by_habit=0.7, credit=21.04), "points") == (
        "about 40% against best play, 70% if they play by habit, 21.0 points on average")
    assert view_text(ViewFigure(None)) is None
