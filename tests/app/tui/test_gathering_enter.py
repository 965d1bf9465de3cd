"""A table gathering its players: Enter deals for the opener and says "ready" for anyone
else (and for everyone when a game is played again); a match's other players wait for its
opener, so Enter is not offered to them."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Footer, Static

from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.gathering import GatheringScreen

from .helpers import at_a_shared_table, wait_for


def _gathering(seat: int, again: bool = False, match: dict[str, Any] | None = None
               ) -> dict[str, Any]:
    seats = [{"name": name, "human": True, "connected": True, "ready": False}
             for name in ("ann", "bob")] + [
        {"name": "(free)", "human": False, "connected": False, "ready": False}] * 2
    message = {"type": "gathering", "table": 3, "seat": seat, "game": "texas42",
               "options": {}, "seats": seats, "opener": 0, "level": "novice",
               "private": False, "code": "", "invited": [], "again": again,
               "games": int(again), "hush": False}
    if match is not None:
        message["match"] = match
    return message


def _match(starts: bool) -> dict[str, Any]:
    return {"table": "A" if starts else "B", "tables": [3, 4], "starts": starts,
            "deals": 4, "deal": 1, "started": False, "over": False}


@pytest.mark.parametrize(("message", "enter"), [
    (_gathering(0), "Start"),  # the opener deals
    (_gathering(1), "Ready"),
    (_gathering(0, again=True), "Ready"),  # again: the game starts when all are ready
    (_gathering(1, again=True), "Ready"),
    (_gathering(0, match=_match(starts=True)), "Start"),
    (_gathering(1, match=_match(starts=False)), None),  # waits for the match's opener
])
async def test_enter_says_what_it_does_for_this_player(message, enter) -> None:
    sent: list[dict[str, Any]] = []
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, sent.append, table=3)
        flow.receive(message)
        await wait_for(pilot, lambda: isinstance(app.screen, GatheringScreen), "gathering")
        await pilot.pause()
        keys = " ".join(str(key.render()) for key in app.screen.query_one(Footer).children)
        for label in ("Start", "Ready"):
            assert (label in keys) == (label == enter), keys
        await pilot.press("enter")
        await pilot.pause()
        assert sent == ([{"op": "start"}] if enter else [])
        news = str(app.screen.query_one("#gather-news", Static).render())
        assert news.startswith("Ready") == (enter == "Ready"), news
