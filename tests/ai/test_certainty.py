"""Proofs that an outcome is certain for a seat that cannot see the others' tiles."""

from __future__ import annotations

import random

import pytest

from moon42.ai.search.certainty import hopeless, sure, sure_credit, sure_lead
from moon42.ai.search.layouts import constraints_of, deal_constraints, enumerate_layouts
from moon42.ai.search.position import Position
from moon42.ai.search.solver import Solver
from moon42.rules import Bid, Discard, Game, Pass, Phase, Trump, tile
from moon42.rules.tiles import mask_of
from moon42.rules.trump import trick_rules

from .search_helpers import play_randomly, start_play

MOON_SEED = 7503359066106825397


def moon_for_three_after_the_discard() -> Game:
    """The issue's hand: the dealer bids the moon, discards 6-2 and holds 5-5 5-4 5-2 4-3
    3-3 3-1 2-2; whoever of the two others holds two of 6-3, 5-3 and 3-2 plays the low
    one under 3-3 and keeps the higher."""
    game = Game.new("moon3", seed=MOON_SEED)
    game.apply(Pass(1))
    game.apply(Pass(2))
    game.apply(Bid(0, 21))
    game.apply(Discard(0, tile(6, 2)))
    return game


def _worlds(view, trump: Trump, bid: int) -> list[Position]:
    layouts = enumerate_layouts(deal_constraints(view), 5000)
    return [Position.new_hand(view.options, trump, bid, view.seat, view.seat, h) for h in layouts]


def test_the_moon_that_cannot_be_made_is_proven_hopeless() -> None:
    view = moon_for_three_after_the_discard().view(0)
    assert view.hand == tuple(tile(a, b) for a, b in
                              ((5, 5), (5, 4), (5, 2), (4, 3), (3, 3), (3, 1), (2, 2)))
    for trump in (Trump.THREES, Trump.FIVES):
        worlds = _worlds(view, trump, 21)
        assert len(worlds) == 3432
        assert hopeless(worlds, 0)
        assert sure(worlds, 0) is False
    # A bid of four with the same hand is not hopeless: some layouts make it.
    assert not hopeless(_worlds(view, Trump.THREES, 4), 0)


def test_sure_tricks_count_the_trumps_nothing_beats_then_the_tops_once_trumps_are_drawn() -> None:
    rules = trick_rules(Trump.SIXES)
    full = mask_of(tile(a, b) for a in range(7) for b in range(a + 1))
    hand = mask_of([tile(6, 6), tile(6, 5), tile(6, 4), tile(5, 5), tile(4, 4), tile(3, 3),
                    tile(2, 2)])
    # Out: 6-3 6-2 6-1 6-0, four trumps, and the three top trumps cannot draw them all.
    assert sure_credit(rules, False, hand, full & ~hand) == 3
    # Without 6-0 (Moon for three's set) three leads draw every trump: all seven are sure.
    moon22 = full & ~mask_of(tile(n, 0) for n in range(1, 7))
    assert sure_credit(rules, False, hand, moon22 & ~hand) == 7
    # A trump above the hand's top one is out: nothing is sure.
    weaker = hand & ~mask_of([tile(6, 6)]) | mask_of([tile(6, 3)])
    assert sure_credit(rules, False, weaker, moon22 & ~weaker) == 0
    # In Texas 42 a sure trick is worth at least its own tile's count.
    assert sure_credit(trick_rules(Trump.FIVES), True, mask_of([tile(5, 5)]),
                       mask_of([tile(4, 1)])) == 11


def test_a_sure_lead_is_a_trump_nothing_beats_or_once_trumps_are_drawn_a_top() -> None:
    rules = trick_rules(Trump.SIXES)
    full = mask_of(tile(a, b) for a in range(7) for b in range(a + 1))
    hand = mask_of([tile(6, 6), tile(6, 5), tile(5, 5), tile(4, 4), tile(4, 3), tile(3, 3),
                    tile(2, 2)])
    unseen = full & ~hand & ~mask_of(tile(n, 0) for n in range(1, 7))  # 6-4 6-3 6-2 6-1 out
    assert [sure_lead(rules, hand, unseen, tile(6, n)) for n in (6, 5)] == [True, True]
    # While a trump is out, a top of another suit could be trumped.
    assert not sure_lead(rules, hand, unseen, tile(5, 5))
    assert not sure_lead(rules, hand, unseen, tile(4, 1))  # not in the hand
    drawn = unseen & ~mask_of(tile(6, n) for n in range(5))
    assert sure_lead(rules, hand, drawn, tile(5, 5)) and sure_lead(rules, hand, drawn, tile(4, 4))
    assert not sure_lead(rules, hand, drawn, tile(4, 3))  # 5-4 is out and beats it
    # A trump that an unseen trump beats is no step of the plan.
    assert not sure_lead(rules, hand & ~mask_of([tile(6, 6)]), unseen | mask_of([tile(6, 6)]),
                         tile(6, 5))


def _late_positions(count: int):
    """Random hands of every game a few tricks from the end, at some seat's turn."""
    rng = random.Random("certainty")
    found = 0
    while found < count:
        game_name = rng.choice(("moon3", "moon4", "texas42"))
        game = start_play(game_name, rng.randrange(10**6), None)
        if game is None or game.view(0).trump in (Trump.NELLO, Trump.SEVENS):
            continue
        if play_randomly(game, rng, rng.choice((2, 3)), rng.randrange(3)):
            found += 1
            yield game


def _rollout(real: Position, worlds: list[Position], seat: int, rng: random.Random) -> bool:
    """Play the hand out in the ``real`` layout: ``seat`` plays a tile that ``sure`` says
    still works in every world it cannot tell apart, the others at random.  Whether its
    side got what it plays for."""
    ours = bool(real.maximisers >> seat & 1)
    while real.tricks_left:
        mover = real.to_play
        if mover == seat:
            moves = [t for t in range(28) if real.legal_mask() >> t & 1
                     and sure([w.after(t) for w in worlds], seat)]
            assert moves, "a sure position has a tile that keeps it sure"
            t = rng.choice(moves)
        else:
            t = rng.choice([u for u in range(28) if real.legal_mask() >> u & 1])
            worlds = [w for w in worlds if w.legal_mask() >> t & 1]
        real, worlds = real.after(t), [w.after(t) for w in worlds]
    made = real.taken >= real.goal
    return made if ours else not made


@pytest.mark.slow
def test_a_sure_outcome_holds_whatever_the_layout_and_the_others_play() -> None:
    rng = random.Random(5)
    proven = 0
    for game in _late_positions(60):
        seat = game.to_act.seat
        view = game.view(seat)
        layouts = enumerate_layouts(constraints_of(view), 5000)
        worlds = [Position.of_view(view, h) for h in layouts]
        verdict = sure(worlds, seat)
        ours = bool(worlds[0].maximisers >> seat & 1)
        open_ok = [Solver(w).reaches(w, w.goal - w.taken) == ours for w in worlds]
        if hopeless(worlds, seat):
            assert verdict is False and not any(open_ok)
        if verdict:
            proven += 1
            assert all(open_ok)
            real = Position.of_view(view, [mask_of(game.view(s).hand) for s in range(game.seats)])
            for _ in range(3):
                assert _rollout(real, worlds, seat, rng)
    assert proven >= 5


@pytest.mark.parametrize("game_name", ["moon4", "texas42"])
def test_no_proof_is_tried_over_more_layouts_than_a_list_may_hold(game_name) -> None:
    game = start_play(game_name, 3, Trump.SIXES)
    assert game is not None and game.phase is Phase.PLAY
    assert enumerate_layouts(constraints_of(game.view(game.to_act.seat)), 5000) is None
