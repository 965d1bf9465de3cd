"""The score line over the table names the target in the game's unit, one or many."""

from __future__ import annotations

import pytest

from moon42.app.play.glyphs import UNICODE
from moon42.app.tui.text.status import status_lines
from moon42.rules import Game


@pytest.mark.parametrize(("game", "target", "said"), [
    ("texas42", 1, "(to 1 mark)"),
    ("texas42", 7, "(to 7 marks)"),
    ("moon3", 1, "(to 1 point)"),
    ("moon3", 21, "(to 21 points)"),
])
def test_the_target_is_said_in_its_unit(game: str, target: int, said: str) -> None:
    view = Game.new(game, options={"target": target}, seed=1).view(0)
    assert said in status_lines(view, UNICODE).splitlines()[1]
