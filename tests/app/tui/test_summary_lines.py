"""The hand's summary fits an 80-column screen whatever the players are called: what was
needed goes under a long verdict, and the sides' count gives way to long names."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from moon42.ai.protocol import decide
from moon42.ai.random_bot import RandomBot
from moon42.app.play.config import NAME_LIMIT
from moon42.app.play.glyphs import UNICODE
from moon42.app.tui.screens.summary import need_line, summary_text
from moon42.app.tui.widgets.scoreboard import SCOREBOARD_WIDTH
from moon42.rules import Game
from tests.ai.helpers import random_options

LONG = ("Bartholomews", "Christophers", "Alexandrinas", "Maximilianus")
SHORT = ("You", "Ann", "Bob", "Cat")
MIXED = ("Bartholomews", "Ann", "Bob", "Cat")  # one side's names long, the other's short


def _first_hands(game_name: str, count: int):
    """The first hand of ``count`` random games (house rules drawn at random), as the
    summary sees it: the result and seat 0's view."""
    rng = random.Random(f"summary:{game_name}")
    for _ in range(count):
        game = Game.new(game_name, random_options(rng, game_name), seed=rng.randrange(2**32))
        bots = [RandomBot(rng.randrange(2**32)) for _ in range(game.seats)]
        while not game.view(0).results:
            game.apply(decide(bots[game.to_act.seat], game.view(game.to_act.seat)))
        view = game.view(0)
        yield view.results[-1], view


@pytest.mark.parametrize("game_name", ["moon3", "moon4", "texas42"])
def test_every_line_of_a_hand_s_summary_fits_80_columns(game_name) -> None:
    assert {len(n) for n in LONG} == {NAME_LIMIT}
    split = counted = 0
    for result, view in _first_hands(game_name, 60):
        for names in (LONG, SHORT, MIXED):
            seen = replace(view, players=names[:view.seats])
            lines = summary_text(result, seen, UNICODE).plain.splitlines()
            assert all(len(line) <= SCOREBOARD_WIDTH for line in lines), lines
            if result.thrown_in:
                continue
            # What was needed is said, on the verdict's line or under it.
            need = need_line(result, seen)
            assert f"({need})" in lines[2] or lines[3] == f"  {need}", lines
            split += lines[3] == f"  {need}"
            # Both sides' counts, or neither's: the lines read alike.
            counts = sum("in count)" in line for line in lines)
            assert counts in (0, 2), lines
            if game_name == "texas42" and names is SHORT:
                assert counts == 2, lines
                counted += 1
    assert split > 0  # long verdicts met, and put on two lines
    assert game_name != "texas42" or counted > 20
