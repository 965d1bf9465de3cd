"""The chat's input at a shared table does not take the game's keys: closed, a letter is
the game's (p passes); open, every letter goes into the line, and Enter sends it; the same
on the hand's summary and the scoreboard, where a player waits between hands.  A
spectator's keys, and the dealt hand a table may show them once a hand is over."""

from __future__ import annotations

import asyncio

import pytest

from moon42.app.play.seats import Sitter
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.scoreboard import ScoreboardScreen
from moon42.app.tui.screens.shared_table import SharedTableScreen, SpectatorTableScreen
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.app.tui.widgets.hand import HandView

from .helpers import screen_text
from .test_tables_snapshots import server  # noqa: F401 (the fixture: Cat sits at table 1)

pytestmark = pytest.mark.slow  # the app and a tables server

PATIENCE = 120.0


async def _until(pilot, check, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not check():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.05)


async def _sit_at_table_one(pilot) -> None:
    """Ann, in the lobby, sits at table 1, closes the seat's code's notice and waits for
    the table."""
    app = pilot.app
    await pilot.press("t")
    await _until(pilot, lambda: getattr(app.screen, "listing", None), "the list")
    await pilot.press("1", "enter")
    await _until(pilot, lambda: "Enter plays on" in str(app.screen.query("Static")
                                                         .nodes[-1].render()),
                 "the seat's code")
    await pilot.press("enter")
    await _until(pilot, lambda: isinstance(app.screen, SharedTableScreen)
                 and app.screen.view is not None, "ann's seat")


def test_chat_keys_and_game_keys_at_a_seat(server) -> None:  # noqa: F811
    table = server.server.tables.get(1)

    async def main() -> None:
        app = Moon42App()
        async with app.run_test(size=(80, 24)) as pilot:
            await _sit_at_table_one(pilot)
            await _until(pilot, lambda: app.screen.view.my_turn, "ann's bid")
            screen = app.screen
            bids = len(screen.view.bids)
            await pilot.press("slash", *"pass", "space", "p", "enter")
            await _until(pilot, lambda: [line.text for line in table.chat.lines]
                         == ["pass p"], "the line at the server")
            await _until(pilot, lambda: screen.chat.lines, "the line back on screen")
            assert screen.chat.lines[-1].plain == "Ann?: pass p"  # a guest's name
            assert len(screen.view.bids) == bids  # the p and the Enter were the line's
            await pilot.press("slash", "x", "escape")  # Esc closes without sending
            assert not screen.chat.is_open and len(table.chat.lines) == 1
            await pilot.press("p")  # closed: p passes
            await _until(pilot, lambda: len(screen.view.bids) > bids, "ann's pass")
            entry = screen.view.bids[bids]
            assert (entry.seat, entry.contract) == (screen.view.seat, "pass")
            await pilot.press("slash", *"/mute cat", "enter")
            await _until(pilot, lambda: any("You will not see cat's lines" in line.plain
                                            for line in screen.chat.lines), "the mute")

    asyncio.run(main())


async def _play_the_hand(running, number: int) -> None:
    """In the server's thread: everyone at table ``number`` plays their first legal move,
    players and bots alike, until the hand is over."""
    table = running.server.tables.get(number)
    for _ in range(200):
        if table.bot_step() is None:
            turn = table.game.to_act
            if turn is None:
                return
            seat = table.seats[turn.seat]
            who = Sitter(seat.player or "", seat.name, seat.session, seat.by_key)
            table.act(who, table.game.view(turn.seat).legal[0])


def _last_row(app: Moon42App) -> str:
    """The screen's last row (its key line), or "" before it is drawn."""
    return (screen_text(app).splitlines() or [""])[-1]


async def _cat_says(running, text: str) -> None:
    running.server.tables.get(1).say(Sitter("guest-cat", "Cat", "cat-token", by_key=False),
                                     text)


def test_chat_on_the_hands_summary_and_the_scoreboard(server) -> None:  # noqa: F811
    table = server.server.tables.get(1)

    async def main() -> None:
        app = Moon42App()
        async with app.run_test(size=(80, 24)) as pilot:
            await _sit_at_table_one(pilot)
            seat = app.screen
            server.call(_play_the_hand(server, 1))
            await _until(pilot, lambda: isinstance(app.screen, HandSummaryScreen),
                         "the hand's summary")
            summary = app.screen
            await _until(pilot, lambda: "Next hand" in _last_row(app),
                         "it drawn, with its key line")
            rows = screen_text(app).splitlines()
            # The chat's row between the prompt and the key line, at 80x24.
            assert rows[-3].strip() == "Press Enter for the next hand."
            assert rows[-2].strip() == "Table chat: / to say something."
            await pilot.press("slash", *"good hand", "enter")  # Enter sends: no next hand
            await _until(pilot, lambda: [line.text for line in table.chat.lines]
                         == ["good hand"], "the line at the server")
            assert app.screen is summary and not table.ready
            server.call(_cat_says(server, "thanks"))
            await _until(pilot, lambda: "Cat: thanks" in screen_text(app), "Cat's line")
            assert seat.chat.lines[-1].plain == "Cat: thanks"  # the table's pane has it too
            await pilot.press("enter")  # the chat closed: Enter is the summary's again
            await _until(pilot, lambda: app.screen is seat, "the table again")
            await _until(pilot, lambda: table.ready, "ann ready for the next hand")

            await pilot.press("s")
            await _until(pilot, lambda: isinstance(app.screen, ScoreboardScreen),
                         "the scoreboard")
            await _until(pilot, lambda: "Close" in _last_row(app),
                         "its key line")
            assert screen_text(app).splitlines()[-2].strip() == "Cat: thanks"  # right above
            await pilot.press("slash", *"scores", "enter")
            await _until(pilot, lambda: len(table.chat.lines) == 3, "the line at the server")
            assert table.chat.lines[-1].text == "scores"
            assert isinstance(app.screen, ScoreboardScreen)  # s went into the line
            await pilot.press("escape")
            await _until(pilot, lambda: app.screen is seat, "the table again")

    asyncio.run(main())


def test_a_spectator_turns_seats_and_stops_watching(server) -> None:  # noqa: F811
    async def main() -> None:
        app = Moon42App()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            await _until(pilot, lambda: getattr(app.screen, "listing", None), "the list")
            await pilot.press("w", "1", "enter")
            await _until(pilot, lambda: isinstance(app.screen, SpectatorTableScreen)
                         and app.screen.view is not None, "the table, watched")
            screen = app.screen
            assert screen.view.seat == 0 and screen.view.hand == ()
            # Every key a spectator has fits the key line at 80 columns ("? Help" was cut).
            key_line = screen_text(app).splitlines()[-1].rstrip()
            assert "v Next seat" in key_line and key_line.endswith("? Help"), key_line
            assert "j: sit in an empty seat" in screen_text(app)
            await pilot.press("v")
            await _until(pilot, lambda: screen.view.seat == 1, "the next seat's side")
            await pilot.press("escape")
            await _until(pilot, lambda: not isinstance(app.screen, SpectatorTableScreen)
                         and "stopped watching" in app.screen.news, "the list again")
            assert not server.server.tables.get(1).spectators

    asyncio.run(main())


def test_a_spectator_is_shown_a_seats_dealt_hand_after_it_where_the_table_allows(
        server) -> None:  # noqa: F811
    cat = Sitter("guest-cat", "Cat", "cat-token", by_key=False)

    async def play_the_hand() -> None:  # in the server's thread: Cat and the bots play
        table = server.server.tables.get(2)
        for _ in range(200):
            if table.bot_step() is None:
                if table.game.to_act is None:
                    return
                table.act(cat, table.game.view(0).legal[0])

    async def main() -> None:
        app = Moon42App()
        async with app.run_test(size=(80, 24)) as pilot:
            server.call(opened_with_reveal(server, cat))
            await pilot.press("t")
            await _until(pilot, lambda: len(getattr(app.screen, "listing", ())) == 2,
                         "the two tables")
            await pilot.press("w", "2", "enter")
            await _until(pilot, lambda: isinstance(app.screen, SpectatorTableScreen)
                         and app.screen.view is not None, "the table, watched")
            screen = app.screen
            hand = screen.query_one(HandView)
            assert hand.tiles == ()
            assert hand.empty_text.startswith("Hands are hidden from spectators.")
            server.call(play_the_hand())
            await _until(pilot, lambda: len(hand.tiles) == 7, "the dealt hand")
            dealt = server.server.tables.get(2).game.log[0].deal[0]
            assert set(hand.tiles) == set(dealt) and hand.legal is None
            assert "Cat's hand as dealt" in str(screen.query_one("#message").render())

    asyncio.run(main())


async def opened_with_reveal(running, cat: Sitter) -> None:
    table = running.server.tables.open("moon3", {"forced_bid": True}, seed=4, reveal=True)
    table.take(cat, lambda message: None)
