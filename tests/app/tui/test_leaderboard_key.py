"""``b`` in the lobby (or on the statistics screen) of a served game opens the server's
leaderboard; elsewhere it does nothing (a game of one's own has no server and no board)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moon42.app.server.accounts.leaderboard import Leaderboard
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.leaderboard import LeaderboardScreen
from moon42.app.tui.screens.lobby import LobbyScreen

from .helpers import screen_text


async def test_b_opens_the_board_only_on_a_server(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    app = Moon42App(lobby=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "Board" not in screen_text(app).splitlines()[-1]

    keeper = Leaderboard(tmp_path / "server")
    (tmp_path / "server").mkdir()
    keeper.refresh()
    monkeypatch.setenv("MOON42_LEADERBOARD", str(keeper.path))
    app = Moon42App(lobby=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Off the lobby's key line (it is full at 80 columns on a server); the help says it.
        assert screen_text(app).splitlines()[-1].rstrip().endswith("? Help")
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
        shown = screen_text(app)
        assert "Nobody is rated at Moon for 3 yet" in shown and "You are on the board" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
