"""A shared table's screens that open and close in the same moment: at a duplicate match,
the deal's summary and the match's result come together when the other table finished
first, and a deal's comparison closes as soon as the next deal comes.  However close
together the messages come, the app goes on to the screen the last one calls for (a
summary shown and closed at once was drawn as it was taken down, and the app stopped)."""

from __future__ import annotations

from typing import Any

import pytest

from moon42.app.play.view_codec import encode
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.match_result import MatchScreen
from moon42.rules import Game

from .helpers import at_a_shared_table, wait_for
from .test_shared_game_over import _game_over


def _view(game: Game) -> dict[str, Any]:
    return {"type": "view", "table": 12, "seat": 0, "match": "A",
            "view": encode(game.view(0)), "events": encode([]), "pace": 0.0}


def _compared(last: bool) -> dict[str, Any]:
    return {"type": "match-deal", "title": "Moon for 3 match, tables 12 (A) and 13 (B): " +
            ("the result" if last else "deal 1 of 2"), "last": last, "deal": 1 + last,
            "deals": 2, "lines": ["Deal 1", "Total over 1 deal"]}


@pytest.mark.parametrize("ticks", [0, 1, 2, 5])
async def test_the_deals_end_and_the_matchs_result_together(ticks) -> None:
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, lambda message: None)
        flow.receive(_view(_game_over()))  # the deal's summary opens ...
        for _ in range(ticks):
            await pilot.pause(0)
        flow.receive(_compared(last=True))  # ... and the result closes it
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen), "the result")
        await pilot.pause(0.3)
        assert app.is_running and isinstance(app.screen, MatchScreen)


@pytest.mark.parametrize("ticks", [0, 1, 2, 5])
async def test_a_comparison_and_the_next_deal_together(ticks) -> None:
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, lambda message: None)
        flow.receive(_view(_game_over()))
        flow.receive(_compared(last=False))
        for _ in range(ticks):
            await pilot.pause(0)
        flow.receive(_view(Game.new("moon3", seed=12)))  # the next deal: the table
        await wait_for(pilot, lambda: app.screen is flow.table, "the next deal")
        await pilot.pause(0.3)
        assert app.is_running and app.screen is flow.table
