"""Players of habits (``ai.search.habits``): the solver's seats of habits play as ``basic``
does, and the reading of plays tells such a player from another."""

from __future__ import annotations

import random

import pytest

from moon42.ai.basic import BasicBot
from moon42.ai.forced_auction import skip_auction
from moon42.ai.normal import NormalBot
from moon42.ai.search import Solver
from moon42.ai.search.inference import Reading
from moon42.rules import Game, Phase, Trump
from moon42.rules.tiles import mask_of

from .search_helpers import play_randomly, start_play, true_position

CASES = [
    ("texas42", None),
    ("texas42", Trump.DOUBLES),
    ("texas42", Trump.NO_TRUMP),
    ("moon3", None),
    ("moon4", None),
]


def _positions(game_name: str, trump: Trump | None, count: int):
    """Games in play after a few random tiles (Texas 42 played out to the last trick)."""
    rng = random.Random(f"habits:{game_name}:{trump}")
    options = {"play_out": True} if game_name == "texas42" else None
    seed = 0
    while count:
        seed += 1
        game = start_play(game_name, seed, trump, options)
        if game is None or game.view(0).trump in (Trump.NELLO, Trump.SEVENS):
            continue
        if not play_randomly(game, rng, rng.choice((7, 5, 3)), rng.randrange(4)):
            continue
        count -= 1
        yield game


@pytest.mark.parametrize(("game_name", "trump"), CASES)
def test_seats_of_habits_play_the_hand_out_as_basic_does(game_name, trump) -> None:
    """Every seat of habits: one line, and its credit is what four ``basic`` bots make."""
    for game in _positions(game_name, trump, 12):
        position = true_position(game)
        value = Solver(position, habits=(1 << game.seats) - 1).value(position)
        bots = [BasicBot() for _ in range(game.seats)]
        line = position
        while game.phase is Phase.PLAY:
            seat = game.to_act.seat
            action = bots[seat].play(game.view(seat))
            game.apply(action)
            line = line.after(action.tile)
        assert not any(line.hands)  # played to the last trick
        assert value == line.taken - position.taken


@pytest.mark.parametrize(("game_name", "trump"), CASES)
def test_opponents_of_habits_only_give_the_other_side_more(game_name, trump) -> None:
    """A side facing seats of habits keeps at least what it keeps against best play."""
    for game in _positions(game_name, trump, 8):
        position = true_position(game)
        best_play = Solver(position).value(position)
        minimisers = ((1 << game.seats) - 1) & ~position.maximisers
        assert Solver(position, habits=minimisers).value(position) >= best_play
        assert Solver(position, habits=position.maximisers).value(position) <= best_play


def _chances(bot_of_seat, seeds: range, prior: float = 0.5):
    """For every play of seat 0 after the first trick: each opponent's chance of playing by
    habits in the true layout."""
    out = []
    for seed in seeds:
        game = Game.new("texas42", options={"play_out": True}, seed=seed)
        skip_auction(game)
        bots = [bot_of_seat(s, seed) for s in range(4)]
        seat = game.to_act.seat
        game.apply(bots[seat].trump(game.view(seat)))
        while game.phase is Phase.PLAY:
            seat = game.to_act.seat
            view = game.view(seat)
            if seat == 0 and len(view.played) >= 4:
                hands = [mask_of(game.view(s).hand) for s in range(4)]
                chances = Reading(view, prior).chances(hands)
                out.append((chances[1], chances[3]))
            game.apply(bots[seat].play(view))
    return out


def test_basic_opponents_are_soon_read_as_players_of_habits() -> None:
    chances = _chances(lambda s, seed: BasicBot(), range(12))
    assert len(chances) > 50
    assert all(c >= 0.5 for pair in chances for c in pair)  # their plays always fit
    late = chances[len(chances) // 2 :]
    assert sum(c > 0.9 for pair in late for c in pair) > len(late)  # most are sure of it


def test_opponents_of_other_habits_are_read_as_such() -> None:
    """``normal`` trumps in and feeds count: once it has, the habits no longer fit it."""
    chances = _chances(lambda s, seed: NormalBot(seed * 4 + s), range(12))
    assert sum(c == 0 for pair in chances for c in pair) > len(chances)


def test_no_prior_reads_no_habits() -> None:
    assert all(c == 0 for pair in _chances(lambda s, seed: BasicBot(), range(3), 0.0) for c in pair)
