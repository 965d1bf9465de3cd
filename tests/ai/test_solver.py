"""The solver: the same answers as a plain minimax, and the engine's rules move by move."""

from __future__ import annotations

import random

import pytest

from moon42.ai.search import OutOfBudget, Position, Solver
from moon42.rules import Phase, Trump
from moon42.rules.tiles import mask_of

from .search_helpers import play_randomly, start_play, true_position

CASES = [
    ("moon3", None),
    ("moon4", None),
    ("texas42", None),
    ("moon3", Trump.DOUBLES),
    ("moon4", Trump.NO_TRUMP),
    ("texas42", Trump.DOUBLES),
    ("texas42", Trump.NO_TRUMP),
    ("texas42", Trump.NELLO),
    ("texas42", Trump.SEVENS),
]
ENDGAMES_PER_CASE = 50


def minimax(position: Position) -> int:
    """The credit still to come, by trying every line: no pruning, no table."""
    if not any(position.hands):
        return 0
    legal = position.legal_mask()
    values = []
    for t in range(28):
        if legal >> t & 1:
            child = position.after(t)
            values.append(child.taken - position.taken + minimax(child))
    return max(values) if position.maximisers >> position.to_play & 1 else min(values)


def _endgames(game_name: str, trump: Trump | None, count: int):
    rng = random.Random(f"{game_name}:{trump}")
    seed = 0
    while count:
        seed += 1
        options = {"no_trump_doubles": rng.choice(("high", "low", "own"))}
        if game_name == "texas42":
            options["nello_doubles"] = rng.choice(("high", "low", "own"))
        game = start_play(game_name, seed, trump, options)
        if game is None:
            continue
        if not play_randomly(game, rng, rng.choice((2, 3)), rng.randrange(4)):
            continue
        count -= 1
        yield game


@pytest.mark.parametrize(("game_name", "trump"), CASES)
def test_solver_agrees_with_minimax(game_name: str, trump: Trump | None) -> None:
    for game in _endgames(game_name, trump, ENDGAMES_PER_CASE):
        position = true_position(game)
        expected = minimax(position)
        solver = Solver(position)
        assert solver.value(position) == expected
        assert solver.reaches(position, expected)
        assert not solver.reaches(position, expected + 1)
        for tile, value in solver.move_values(position).items():
            child = position.after(tile)
            assert value == child.taken - position.taken + minimax(child)
        tile, value = solver.best_move(position)
        assert value == expected
        assert position.legal_mask() >> tile & 1


@pytest.mark.parametrize(("game_name", "trump"), CASES)
def test_positions_follow_the_engine(game_name: str, trump: Trump | None) -> None:
    """Random lines in the engine and in positions: same legal tiles, same trick winners."""
    rng = random.Random(f"lines:{game_name}:{trump}")
    lines = 0
    for seed in range(1, 60):
        game = start_play(game_name, seed, trump)
        if game is None:
            continue
        position = true_position(game)
        while game.phase is Phase.PLAY:
            legal = mask_of(a.tile for a in game.legal_actions())
            assert position.legal_mask() == legal
            assert position.to_play == game.to_act.seat
            tile = rng.choice(game.legal_actions()).tile
            tricks = len(game.view(0).tricks)
            game.apply(game.legal_actions()[0].__class__(game.to_act.seat, tile))
            position = position.after(tile)
            view = game.view(0)
            if len(view.tricks) > tricks:
                assert position.leader == view.tricks[-1].winner
                assert not position.trick
                if game.phase is Phase.PLAY:
                    assert position == true_position(game)
        lines += 1
    assert lines >= 10


def test_solver_on_a_full_texas_deal_keeps_its_promise() -> None:
    """From the first trick: the value found is what best play against best play gets."""
    game = start_play("texas42", 7, Trump.of_number(6))
    position = true_position(game)
    solver = Solver(position)
    value = solver.value(position)
    assert solver.reaches(position, value)
    assert not solver.reaches(position, value + 1)
    tile, kept = solver.best_move(position)
    assert kept == value


def test_a_node_budget_stops_the_search() -> None:
    game = start_play("texas42", 7, Trump.of_number(6))
    position = true_position(game)
    with pytest.raises(OutOfBudget):
        Solver(position, budget=5).value(position)


def test_equivalent_tiles_pruning_keeps_the_values() -> None:
    """Searching one of equivalent tiles gives the values of searching them all.

    Longer endgames than the minimax test (four or five tricks left), every legal tile's
    value compared, in every contract; the pruning must save nodes, or this proves nothing.
    """
    saved = 0
    for game_name, trump in CASES:
        rng = random.Random(f"equivalents:{game_name}:{trump}")
        checked = 0
        seed = 0
        while checked < 20:
            seed += 1
            game = start_play(game_name, seed, trump)
            if game is None or not play_randomly(game, rng, rng.choice((4, 5)), rng.randrange(4)):
                continue
            position = true_position(game)
            pruned, full = Solver(position), Solver(position, equivalents=False)
            assert pruned.move_values(position) == full.move_values(position)
            saved += full.nodes - pruned.nodes
            checked += 1
    assert saved > 0
