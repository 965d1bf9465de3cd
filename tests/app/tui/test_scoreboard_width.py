"""The hands' table fits an 80-column screen whatever the players are called: a side's long
name is cut in its heading (it is whole on the bars below)."""

from __future__ import annotations

import pytest

from moon42.app.play.glyphs import ASCII, UNICODE
from moon42.app.tui.widgets.scoreboard import SCOREBOARD_WIDTH, scoreboard_text
from moon42.rules import Game


@pytest.mark.parametrize("game", ["texas42", "moon4", "moon3"])
@pytest.mark.parametrize("glyphs", [UNICODE, ASCII])
def test_long_names_keep_the_hands_table_within_the_screen(game: str, glyphs) -> None:
    seats = 3 if game == "moon3" else 4
    players = [f"a-member-called-{n}-with-a-long-name+" for n in range(seats)]
    g = Game.new(game, seed=1, players=players)
    text = scoreboard_text(g.options, tuple(players), (), (0,) * seats, glyphs).plain
    head, total = text.splitlines()[:2]
    assert len(head) <= SCOREBOARD_WIDTH and len(total) <= SCOREBOARD_WIDTH
    assert ("." if glyphs is ASCII else "…") in head
    assert all(name in text for name in players)  # whole on the bars


def test_short_names_are_not_cut() -> None:
    players = ["You", "Ann", "Bob", "Cat"]
    g = Game.new("texas42", seed=1, players=players)
    head = scoreboard_text(g.options, tuple(players), (), (0,) * 4).plain.splitlines()[0]
    assert head.endswith("You & Bob Ann & Cat")
