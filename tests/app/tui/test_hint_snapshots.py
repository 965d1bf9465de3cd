"""Pictures of the difficulty row in the lobby and of hints at the table (fixed seeds).

Plain ``def`` tests: ``snap_compare`` runs the app itself; ``run_before`` drives it.
"""

from __future__ import annotations

import time

import pytest
from textual.pilot import Pilot

from moon42.app.play.config import GameConfig, save_last
from moon42.app.play.difficulty import bots_for
from moon42.app.tui.app import Moon42App
from moon42.rules import Phase

from .helpers import (
    PLAIN_BOT,
    name_trump_or_go_on,
    new_app,
    new_bot_or_plain,
    screen_text,
    settle,
)

pytestmark = pytest.mark.slow  # pictures of the app, each waiting on the expert's advice

HINT_DEADLINE = 60.0  # seconds: the expert thinks in a thread, on a busy machine too


@pytest.fixture(autouse=True)
def plain_bots_and_fixed_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)
    monkeypatch.setattr("moon42.app.tui.text.hints.HINT_SETTINGS",
                        {"budget": None, "call_budget": None, "layouts": 8})


async def _hint(pilot: Pilot) -> None:
    await pilot.press("a")
    deadline = time.monotonic() + HINT_DEADLINE
    while time.monotonic() < deadline:
        await pilot.pause(0.02)
        if "Enter plays it" in screen_text(pilot.app):
            return
    raise AssertionError("no hint came")


def test_lobby_difficulty(snap_compare) -> None:
    save_last(GameConfig(game="moon3", seed=7, bots=bots_for("hard", 3), difficulty="hard"))

    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(Moon42App(), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_hint_bid(snap_compare, size) -> None:
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await _hint(pilot)

    app = new_app("texas42", seed=5, bots=(PLAIN_BOT,) * 4)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_hint_play(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("3", "0", "enter")  # the plain bots pass: the bid is ours
        await settle(pilot)
        while pilot.app.flow.game.phase is not Phase.PLAY:
            await name_trump_or_go_on(pilot)
            await settle(pilot)
        await pilot.press("1")  # lead the first tile; then a hint for the second trick
        await settle(pilot)
        await _hint(pilot)

    app = new_app("texas42", seed=5, bots=(PLAIN_BOT,) * 4)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
