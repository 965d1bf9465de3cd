"""Pictures of the replay viewer at 80x24: Texas 42 mid-trick, Moon for 3 with the widow laid
aside, and ASCII.  The worked records of tests/rules/examples are the games shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot

from moon42.app.tui.replay.positions import Replay
from moon42.app.tui.replay_viewer import ReplayApp

pytestmark = pytest.mark.slow  # pictures of the app

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


def replay_app(name: str, ascii_only: bool = False) -> ReplayApp:
    doc = json.loads((EXAMPLES / f"{name}.json").read_text())
    return ReplayApp(Replay.from_doc(doc), ascii_only=ascii_only)


def to_mid_trick(hand: int, plays: int):
    """Keys to the first position of ``hand`` with ``plays`` tiles in the second trick or
    later: the hand's number, then Right."""

    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        replay = pilot.app.screen.replay
        target = next(
            i for i, p in enumerate(replay.positions)
            if p.hand == hand and p.table.tricks and p.table.current_trick is not None
            and len(p.table.current_trick.plays) == plays
        )
        await pilot.press("g", *str(hand + 1), "enter")
        await pilot.press(*["right"] * (target - replay.index))
        assert replay.index == target
        await pilot.pause()

    return run_before


def test_replay_texas42_mid_trick(snap_compare) -> None:
    assert snap_compare(replay_app("07-texas42-full-game"), terminal_size=(80, 24),
                        run_before=to_mid_trick(1, 2))


def test_replay_moon3_widow(snap_compare) -> None:
    assert snap_compare(replay_app("02-moon3-full-game"), terminal_size=(80, 24),
                        run_before=to_mid_trick(0, 1))


def test_replay_ascii(snap_compare) -> None:
    assert snap_compare(replay_app("07-texas42-full-game", ascii_only=True),
                        terminal_size=(80, 24), run_before=to_mid_trick(1, 3))
