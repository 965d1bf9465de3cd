"""A table is chosen by a number of any length (typed, then Enter) or by its row (the
arrows, then Enter): to sit at it, to watch it, and to take a seat back.

Numbers are never used twice, so a server that has opened more than nine tables in its
life lists "12. ..." while 1 to 9 are long gone.  A real tables server runs in a thread
(``test_tables_snapshots``) with tables 1 to 11 opened and closed before these.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from moon42.app.play.seats import Sitter
from moon42.app.server.tables.hub import Tables
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.shared_table import SeatCodeNotice, SharedTableScreen
from moon42.app.tui.screens.tables import SeatCodeScreen, TablesScreen

from .helpers import wait_for
from .test_tables_snapshots import server  # noqa: F401 (the fixture)

ANN = Sitter("guest-ann", "Ann", "ann-token", by_key=False)


async def _opened_past_nine(tables: Tables) -> None:
    """Tables 2 to 11 come and go; 1 (the fixture's), 3 and 12 stay open, Cat at 12."""
    for _ in range(10):
        tables.open("moon3", {}, seed=3)
    for number in [n for n in list(tables.tables) if n not in (1, 3)]:
        tables.tables[number].close()
    tables.open("moon3", {}, seed=4).take(Sitter("guest-cat", "Cat", "cat-token", False),
                                          lambda message: None)


@pytest.fixture
def past_nine(server):  # noqa: F811 (the fixture of test_tables_snapshots)
    server.call(_opened_past_nine(server.server.tables))
    assert sorted(server.server.tables.tables) == [1, 3, 12]
    return server


async def _tables(pilot: Pilot) -> TablesScreen:
    await pilot.press("t")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TablesScreen)
                   and any(e["table"] == 12 for e in pilot.app.screen.listing), "the tables")
    return pilot.app.screen


def _typed(screen: TablesScreen) -> str:
    line = screen.query_one("#tables-typed", Static)
    return str(line.render()) if line.display else ""


def _listed(screen: TablesScreen) -> str:
    return str(screen.query_one("#tables-list", Static).render())


async def test_a_table_past_nine_is_joined_by_its_typed_number(past_nine) -> None:
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _tables(pilot)
        await pilot.press("1")
        assert "Table 1_" in _typed(screen)  # the digits show as they are typed
        await pilot.press("2")
        assert "Table 12_" in _typed(screen)
        assert not isinstance(pilot.app.screen, SeatCodeNotice)  # nothing until Enter
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, SeatCodeNotice),
                       "the seat's code")
        table = past_nine.server.tables.tables[12]
        assert table.seat_of(ANN) == 1  # Cat has seat 1; Ann sits in seat 2


async def test_backspace_and_esc_take_back_what_was_typed(past_nine) -> None:
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _tables(pilot)
        await pilot.press("1", "2", "4", "backspace")
        assert "Table 12_" in _typed(screen)
        await pilot.press("escape")
        assert _typed(screen) == "" and pilot.app.screen is screen  # Esc cleared, no more
        await pilot.press("enter")
        assert "Type a table's number" in str(screen.news)


async def test_a_table_past_nine_is_watched_by_its_number(past_nine) -> None:
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _tables(pilot)
        await pilot.press("w")
        assert "Watch table _" in _typed(screen)
        await pilot.press("1", "2")
        assert "Watch table 12_" in _typed(screen)
        await pilot.press("enter")
        table = past_nine.server.tables.tables[12]
        await wait_for(pilot, lambda: table.spectator_of(ANN) is not None, "Ann watching")
        assert table.seat_of(ANN) is None


async def test_a_row_picked_with_the_arrows_is_joined_with_enter(past_nine) -> None:
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _tables(pilot)
        await pilot.press("down")  # the first row: table 1
        assert "▶ 1. Moon" in _listed(screen)
        await pilot.press("down", "down")  # 3, then 12
        assert "▶ 12. Moon" in _listed(screen) and "▶ 1. Moon" not in _listed(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, SeatCodeNotice),
                       "the seat's code")
        assert past_nine.server.tables.tables[12].seat_of(ANN) == 1


async def _ann_held_twelve(tables: Tables) -> None:
    """Ann sat at table 12 from another session, which then dropped."""
    other = Sitter(ANN.player, ANN.name, "ann-old-token", by_key=False)
    table = tables.tables[12]
    table.take(other, lambda message: None)
    table.drop(other)


async def test_a_seat_at_a_table_past_nine_is_taken_back_by_number(past_nine) -> None:
    past_nine.call(_ann_held_twelve(past_nine.server.tables))
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _tables(pilot)
        await wait_for(pilot, lambda: screen.held == 12, "the seat held")
        assert "You hold a seat at table 12: type 12, Enter and give its seat code" \
            in _listed(screen)
        await pilot.press("1", "2", "enter")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, SeatCodeScreen),
                       "the seat code's question")
        await pilot.press(*"123456", "enter")
        await wait_for(pilot, lambda: any(isinstance(s, SharedTableScreen)
                                          for s in pilot.app.screen_stack), "the table")
        table = past_nine.server.tables.tables[12]
        assert table.seats[1].session == "ann-token"  # this session has the seat now
