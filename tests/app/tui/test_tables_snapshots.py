"""Pictures of the shared tables (server mode): the list of tables, and a seat at one.

A real tables server runs in a thread of its own, on a Unix socket in the test's folder;
its bots are slow enough never to move while the picture is taken.
"""

from __future__ import annotations

import asyncio
import threading

import pytest
from textual.pilot import Pilot

from moon42.app.play.config import GameConfig, save_last
from moon42.app.play.seats import Sitter
from moon42.app.server.accounts.identity import Identity
from moon42.app.server.tables.hub import Tables
from moon42.app.server.tables.protocol import TableServer
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.shared_table import SeatCodeNotice, SharedTableScreen
from moon42.app.tui.screens.tables import TablesScreen

from .helpers import wait_for

pytestmark = pytest.mark.slow  # pictures of the app


class ServerThread:
    def __init__(self, path) -> None:
        self.loop = asyncio.new_event_loop()
        self.server = TableServer(path, Tables(pace=1000, grace=1000, codes=lambda: "123456"))
        self.server.admit("ann-token", Identity("guest-ann", "Ann", by_key=False))
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.server.start())

    def call(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    def stop(self) -> None:
        self.call(self.server.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def _opened(tables: Tables) -> None:
    table = tables.open("moon3", {}, seed=3)
    table.take(Sitter("guest-cat", "Cat", "cat-token", by_key=False), lambda message: None)


@pytest.fixture
def server(tmp_path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "tables.sock"
    monkeypatch.setenv("MOON42_TABLES_SOCKET", str(path))
    monkeypatch.setenv("MOON42_TABLES_TOKEN", "ann-token")
    save_last(GameConfig(game="moon3", seed=7))
    running = ServerThread(path)
    running.call(_opened(running.server.tables))
    yield running
    running.stop()


async def _until(pilot: Pilot, check) -> None:
    await wait_for(pilot, check, "the screen", step=0.05)
    await pilot.pause(0.1)


async def _tables(pilot: Pilot) -> None:
    await pilot.press("t")
    await _until(pilot, lambda: isinstance(pilot.app.screen, TablesScreen)
                 and pilot.app.screen.listing)


async def _told_the_code(pilot: Pilot) -> None:
    await _tables(pilot)
    await pilot.press("1", "enter")
    await _until(pilot, lambda: isinstance(pilot.app.screen, SeatCodeNotice))


async def _seated(pilot: Pilot) -> None:
    await _told_the_code(pilot)
    await pilot.press("enter")
    await _until(pilot, lambda: isinstance(pilot.app.screen, SharedTableScreen)
                 and pilot.app.screen.view is not None)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_shared_tables_list(snap_compare, server, size) -> None:
    assert snap_compare(Moon42App(), terminal_size=size, run_before=_tables)


def test_shared_table_seat(snap_compare, server) -> None:
    assert snap_compare(Moon42App(), terminal_size=(80, 24), run_before=_seated)


def test_a_guest_is_told_the_seat_code(snap_compare, server) -> None:
    assert snap_compare(Moon42App(), terminal_size=(80, 24), run_before=_told_the_code)


async def _gathering(pilot: Pilot) -> None:
    from moon42.app.tui.screens.gathering import GatheringScreen

    await _tables(pilot)
    await pilot.press("o")  # a table of the lobby's game, gathering its players
    await _until(pilot, lambda: isinstance(pilot.app.screen, SeatCodeNotice))
    await pilot.press("enter")
    await _until(pilot, lambda: isinstance(pilot.app.screen, GatheringScreen))


def test_shared_table_gathering(snap_compare, server) -> None:
    assert snap_compare(Moon42App(), terminal_size=(80, 24), run_before=_gathering)
