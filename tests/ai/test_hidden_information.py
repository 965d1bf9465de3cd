"""``basic`` decides from what its seat knows: moving the tiles it cannot see changes nothing."""

from __future__ import annotations

import random

import pytest

from moon42.ai.basic import BasicBot

from .hidden_tiles import compare_decisions, positions

POSITIONS_PER_GAME = 80


@pytest.mark.parametrize("game_name", ["moon3", "moon4", "texas42"])
def test_basic_decides_alike_whatever_the_hidden_tiles(game_name: str) -> None:
    compared, kinds = compare_decisions(
        positions(game_name, BasicBot, POSITIONS_PER_GAME), BasicBot, random.Random(1)
    )
    assert compared >= POSITIONS_PER_GAME // 2
    assert {"bid", "trump", "play"} <= kinds
    if game_name == "moon3":
        assert "discard" in kinds
