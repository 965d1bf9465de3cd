"""Pictures of the hand review at 80x24: the review of hand 1 of a worked Texas 42 record,
and the costliest moment opened in the replay, in ASCII.  The review is seeded (its
figures rest on work, not on the clock), so the pictures do not change from run to run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from moon42.app.tui.replay.positions import Replay
from moon42.app.tui.replay_viewer import ReplayApp
from moon42.app.tui.screens.review import ReviewScreen

from .helpers import wait_for

pytestmark = pytest.mark.slow  # pictures of the app

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


def replay_app(ascii_only: bool = False) -> ReplayApp:
    doc = json.loads((EXAMPLES / "07-texas42-full-game.json").read_text())
    return ReplayApp(Replay.from_doc(doc), ascii_only=ascii_only)


def reviewed(*then: str):
    """Review hand 1 (v), wait for it, then press ``then``."""

    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        await pilot.press("right", "v")
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        await wait_for(pilot, lambda: screen.shown, "the review")
        await pilot.press(*then)
        await pilot.pause()

    return run_before


def test_review_texas42(snap_compare) -> None:
    assert snap_compare(replay_app(), terminal_size=(80, 24), run_before=reviewed())


def test_review_moment_ascii(snap_compare) -> None:
    assert snap_compare(replay_app(ascii_only=True), terminal_size=(80, 24),
                        run_before=reviewed("enter"))
