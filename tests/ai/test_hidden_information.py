"""``basic`` decides from what its seat knows: moving the tiles it cannot see changes nothing."""

from __future__ import annotations

import random

import pytest

from ai.basic import BasicBot
from ai.protocol import Strategy
from rules import Game
from rules.record import game_to_record
from rules.views import SeatView

from .helpers import play_hands, random_options
from .hidden_tiles import compare_decisions

POSITIONS_PER_GAME = 80


def _positions(game_name: str) -> list[tuple[dict, int]]:
    """(record, seat) pairs: games cut at a decision of a basic seat."""
    positions: list[tuple[dict, int]] = []
    rng = random.Random(game_name)

    def keep(game: Game, view: SeatView, bot: Strategy) -> None:
        # Every trump and discard (one a hand), a share of the many bids and plays.
        if view.to_act.kind in ("trump", "discard") or rng.random() < 0.12:
            positions.append((game_to_record(game), view.seat))

    seed = 0
    while len(positions) < POSITIONS_PER_GAME:
        options = random_options(random.Random(seed), game_name)
        game = Game.new(game_name, options=options, seed=seed)
        play_hands(game, [BasicBot() for _ in range(game.seats)], 2, keep)
        seed += 1
    return positions[:POSITIONS_PER_GAME]


@pytest.mark.parametrize("game_name", ["moon3", "moon4", "texas42"])
def test_basic_decides_alike_whatever_the_hidden_tiles(game_name: str) -> None:
    compared, kinds = compare_decisions(_positions(game_name), BasicBot, random.Random(1))
    assert compared >= POSITIONS_PER_GAME // 2
    assert {"bid", "trump", "play"} <= kinds
    if game_name == "moon3":
        assert "discard" in kinds
