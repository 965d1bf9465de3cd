"""Pictures of a spectator at a shared table (server mode), with the table's chat.

A real tables server runs in a thread of its own, on a Unix socket in the test's folder;
its bots are slow enough never to move while the picture is taken.  Cat plays; Dan
watches and talks; the app is Ann's, who watches too.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from moon42.app.play.config import GameConfig, save_last
from moon42.app.play.seats import Sitter
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.shared_table import SpectatorTableScreen

from .test_tables_snapshots import ServerThread, _tables, _until

pytestmark = pytest.mark.slow  # pictures of the app

CAT = Sitter("guest-cat", "Cat", "cat-token", by_key=False)
DAN = Sitter("guest-dan", "Dan", "dan-token", by_key=False)


async def _opened(running: ServerThread, game: str) -> None:
    table = running.server.tables.open(game, {}, seed=3)
    table.take(CAT, lambda message: None)
    table.watch(DAN, lambda message: None)
    table.say(CAT, "good luck all")
    table.say(DAN, "\x1b[2J[bold]hello[/] from the rail \x07")
    table.say(CAT, "thanks Dan")


@pytest.fixture(params=["moon3", "texas42"])
def server(request, tmp_path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "tables.sock"
    monkeypatch.setenv("MOON42_TABLES_SOCKET", str(path))
    monkeypatch.setenv("MOON42_TABLES_TOKEN", "ann-token")
    save_last(GameConfig(game=request.param, seed=7))
    running = ServerThread(path)
    running.call(_opened(running, request.param))
    yield running
    running.stop()


async def _watching(pilot: Pilot) -> None:
    await _tables(pilot)
    await pilot.press("w", "1", "enter")
    await _until(pilot, lambda: isinstance(pilot.app.screen, SpectatorTableScreen)
                 and pilot.app.screen.view is not None
                 and len(pilot.app.screen.chat.lines) == 3)


async def _typing(pilot: Pilot) -> None:
    await _watching(pilot)
    await pilot.press("slash", *"nice", "space", *"bid")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_a_spectators_table_and_chat(snap_compare, server, size) -> None:
    assert snap_compare(Moon42App(), terminal_size=size, run_before=_watching)


def test_a_spectator_typing_a_chat_line(snap_compare, server) -> None:
    assert snap_compare(Moon42App(), terminal_size=(80, 24), run_before=_typing)
