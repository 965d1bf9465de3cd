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


SHARED = "0.2s, shared table"
NAMES = ["annabel?", "bob?", "Bot C", "Bot D"]


def _score_line(width: int | None, pace: str = SHARED) -> str:
    view = Game.new("texas42", seed=1, players=NAMES).view(0)
    return status_lines(view, UNICODE, pace, width=width).splitlines()[1]


def test_the_bots_words_give_way_on_a_narrow_screen_and_the_score_stays() -> None:
    whole = _score_line(None)
    assert whole.endswith("bots 0.2s, shared table") and len(whole) > 80
    at_80 = _score_line(80)
    assert len(at_80) <= 80 and at_80.endswith("(to 7 marks) · bots 0.2s")
    narrow = _score_line(len(whole) - len(" · bots 0.2s, shared table"))
    assert narrow.endswith("(to 7 marks)") and "bots" not in narrow
    assert _score_line(120) == whole


def test_a_local_level_and_pace_are_shortened_to_the_level() -> None:
    line = _score_line(len(_score_line(None, "")) + len(" · bots normal"), "normal, 0.6s")
    assert line.endswith("· bots normal")
