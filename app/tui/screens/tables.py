"""The shared tables of a server, in the lobby: open one, or sit down at one.

Only in server mode (``moon42 serve ssh`` sets the socket's path and the session's token
in the app's environment).  The screen holds the app's connection to the server's tables;
a seat's game is drawn by ``RemoteFlow`` on a table screen pushed over this one.  A guest's
seat taken from another session is taken back with its code, asked for by
``SeatCodeScreen``.  A table is chosen by its number, typed (of any length: numbers are
never used twice, so a server's tables soon pass 9) and then Enter, or by its row, picked
with the arrows and then Enter.  ``w`` watches the table chosen instead of sitting down (a
spectator's flow, drawn the same way); ``h`` says whether the tables one opens show
spectators a seat's hand once each hand is over.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from ...play.connection import TableClient
from ...play.difficulty import LEVELS
from ...play.gathering import DEFAULT_LEVEL
from ...play.served import NOT_SERVED
from ...play.words import GAME_TITLES

__all__ = ["SeatCodeScreen", "TablesScreen"]

# The digits a table's number may have (a server opens far fewer tables in its life).
NUMBER_DIGITS = 9


class SeatFlow(Protocol):
    """What this screen asks of the flow that draws a table it sits or watches at (the app
    makes one: ``Moon42App.remote_flow``)."""

    watching: bool
    table: Screen

    def told_seat_code(self, code: str) -> None: ...

    def receive(self, message: dict[str, Any]) -> None: ...


def table_line(entry: dict[str, Any]) -> str:
    """``3. Texas 42 to 7, forced bid; easy bots; waiting: ann, bob (2 free); private``."""
    waiting = entry.get("waiting") is True
    seats = ", ".join(s["name"] + ("" if s["connected"] or not s["human"] else " (away)")
                      for s in entry["seats"] if s["human"] or not waiting)
    title = GAME_TITLES.get(entry["game"], entry["game"])
    state = "waiting" if waiting else "over" if entry["over"] else f"hand {entry['hand']}"
    target = f" to {entry['target']}" if entry.get("target") else ""
    rules = "".join(f", {rule}" for rule in entry.get("rules") or [])
    level = f"; {entry['level']} bots" if entry.get("level") else ""
    free = int(entry.get("free") or 0)
    seats += f" ({free} free)" if free and waiting else ""
    watched = int(entry.get("spectators") or 0)
    extra = f"; {watched} watching" if watched else ""
    extra += "; hands shown after" if entry.get("reveal") else ""
    extra += "; private" if entry.get("private") else ""
    extra += "; full: w watches" if not free and waiting else ""
    return f"{entry['table']}. {title}{target}{rules}{level}; {state}: {seats}{extra}"


class SeatCodeScreen(ModalScreen[str | None]):
    """Asks for a seat's code; dismissed with the digits typed, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", key_display="esc", id="code-cancel")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Input(placeholder="000000", restrict=r"[0-9]*", max_length=6, id="seat-code")
            yield Static("Enter takes the seat; Esc goes back.")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TablesScreen(Screen):
    BINDINGS = [
        Binding("o", "open_table", "Open a table", id="open-table"),
        Binding("enter", "choose", "Sit", key_display="⏎", id="sit-table"),
        Binding("w", "watch", "Watch", id="watch-table"),
        Binding("h", "reveal", "Hands after", show=False, id="reveal-hands"),
        Binding("r", "refresh", "Refresh", id="refresh-tables"),
        Binding("escape", "back", "Lobby", key_display="esc", id="tables-lobby"),
        Binding("up", "row(-1)", "Row up", show=False, id="row-up"),
        Binding("down", "row(1)", "Row down", show=False, id="row-down"),
        Binding("backspace", "erase", "Erase a digit", show=False, id="erase-digit"),
        *[Binding(str(n), f"digit({n})", "Type a table's number", show=False,
                  id=f"table-digit-{n}") for n in range(10)],
    ]

    def __init__(self, game: str, options: dict[str, Any], bot_claims: bool = True,
                 level: str = DEFAULT_LEVEL) -> None:
        super().__init__()
        self.game, self.options = game, options
        self.level = level if level in LEVELS else DEFAULT_LEVEL  # the lobby's Difficulty
        self.bot_claims = bot_claims  # the lobby's "Bot claims", for a table opened here
        self.client: TableClient | None = None
        self.flow: SeatFlow | None = None
        self.listing: list[dict[str, Any]] = []
        self.held: int | None = None
        self.code_needed = False  # the held seat was taken from another session
        self._joining: int | None = None  # the table last asked for
        self.typed = ""  # the digits of a table's number, typed so far
        self.row: int | None = None  # the number of the table whose row is picked
        self.watch_next = False  # w was pressed: the table chosen next is watched
        self.reveal = False  # the tables one opens show spectators a hand after each hand
        self.news = "Connecting to the server's tables..."

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="tables"):
            yield Static("Shared tables", classes="title")
            yield Static("", id="tables-list", markup=False)
        yield Static("", id="tables-typed", markup=False)
        yield Static("", id="tables-news", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._draw()
        self.run_worker(self._listen(), group="tables", exclusive=True)
        self.set_interval(3.0, self.action_refresh)

    def _draw(self) -> None:
        if not self.is_mounted or not self.children:  # the app is closing
            return
        title = GAME_TITLES.get(self.game, self.game)
        lines = Text()
        for entry in self.listing:
            picked = entry["table"] == self.row
            lines.append(f"{self.app.glyphs.turn if picked else ' '} {table_line(entry)}\n",
                         style="reverse" if picked else "")
        if not self.listing:
            lines.append("No tables are open yet.\n")
        shown = "on" if self.reveal else "off"
        lines.append("\n".join([
            "", f"o opens a table of {title} with the lobby's house rules and Difficulty "
            f"({self.level}); it waits for players until you deal. To sit at a "
            "table (bots play the empty seats), type its number and Enter, or pick its row "
            "with the arrows and Enter; w and then a number or a row watches it.",
            "A seat is yours until you leave it: if you drop, a bot plays it until you "
            "come back.",
            f"h: spectators of the tables you open see one seat's hand after each "
            f"hand: {shown}.",
            "Names: ann signed in with a key, Zoë+ is a member (web page and secret), "
            "bob? a guest (a name nobody checked)."]))
        if self.held is not None:
            how = " and give its seat code" if self.code_needed else ""
            lines = Text(f"You hold a seat at table {self.held}: type {self.held}, Enter"
                         f"{how} to take it back.\n\n") + lines
        self.query_one("#tables-list", Static).update(lines)
        typed = self.query_one("#tables-typed", Static)
        typed.update(self._typing())
        typed.display = bool(self.typed or self.watch_next)
        self.query_one("#tables-news", Static).update(self.news)

    def _typing(self) -> str:
        """The number being typed, where it will take the player."""
        cursor = "_" if len(self.typed) < NUMBER_DIGITS else ""
        if self.watch_next:
            row = "" if self.typed else " (or the row picked)"
            return f"Watch table {self.typed}{cursor}  Enter watches it{row}; Esc: not now"
        return f"Table {self.typed}{cursor}  Enter sits you there, w watches it; Esc clears"

    def _send(self, request: dict[str, Any]) -> None:
        if self.client is not None:
            self.run_worker(self.client.send(request), group="tables-send")

    async def _listen(self) -> None:
        address = getattr(self.app, "served", NOT_SERVED).tables
        try:
            if address is None:
                raise OSError("this game was not started by a server with shared tables")
            self.client = await TableClient.connect(address.socket, address.token)
        except OSError as error:
            self.news = f"The server's tables cannot be reached: {error}"
            self._draw()
            return
        self.news = ""
        await self.client.send({"op": "list"})
        while (message := await self.client.receive()) is not None:
            self._receive(message)
        self.client = None
        self.news = "The server's tables have closed."
        self._leave_table()
        self._draw()

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "hello":
            self.held = message.get("held")
            self.row = self.held  # Enter takes it back
            self.code_needed = bool(message.get("code"))
        elif kind == "tables":
            self.listing = message["tables"]
            if self.row not in [entry["table"] for entry in self.listing]:
                self.row = None
        elif kind in ("seated", "view", "gathering") and self._new_flow(message):
            self._received_at_table(message)
            return
        elif kind == "left":
            self.news = str(message.get("reason", ""))
            self._leave_table()
            self._send({"op": "list"})
        elif self.flow is not None:
            self._received_at_table(message)
            return
        elif kind == "error":
            said = str(message["message"])
            self.news = said[:1].upper() + said[1:]
            table = self._joining or self.held
            if message.get("code") and table is not None:
                self._ask_code(table, self.news)
            elif message.get("table_code") and table is not None:
                self._ask_code(table, self.news, "table_code")
            elif "is full" in said and table is not None:
                self.news += f" w and {table}, Enter watches it."
        self._draw()

    def _new_flow(self, message: dict[str, Any]) -> bool:
        """A table to draw: a seat's, or a spectator's (a spectator who sits down leaves
        the spectator's screen for the seat's); False if it is already drawn."""
        watching = message.get("watching") is True
        if self.flow is not None and self.flow.watching == watching:
            return False
        if self.flow is not None:
            self._leave_table()
        # Watching gives up a seat held elsewhere (the server has done so).
        self.held = None if watching else message["table"]
        self.code_needed = False
        self.flow = self.app.remote_flow(self._send, self._left, watching=watching,
                                         table_number=int(message["table"]))
        self.app.push_screen(self.flow.table)
        return True

    def _received_at_table(self, message: dict[str, Any]) -> None:
        assert self.flow is not None
        if message.get("type") == "seated":
            self.flow.told_seat_code(str(message.get("code") or ""))
        else:
            self.flow.receive(message)

    def _ask_code(self, table: int, question: str, field: str = "code") -> None:
        def answer(code: str | None) -> None:
            if code:
                self._send({"op": "join", "table": table, field: code})

        self.app.push_screen(SeatCodeScreen(question), answer)

    def _left(self) -> None:
        self._leave_table()

    def _leave_table(self) -> None:
        """Back to this screen from the table (and whatever is over it)."""
        flow, self.flow = self.flow, None
        if flow is None:
            return
        self.held = None
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def action_refresh(self) -> None:
        if self.flow is None:
            self._send({"op": "list"})

    def action_open_table(self) -> None:
        self.watch_next, self.typed = False, ""
        self._send({"op": "open", "game": self.game, "options": self.options,
                    "bot_claims": self.bot_claims, "reveal": self.reveal, "gather": True,
                    "level": self.level})

    def action_digit(self, digit: int) -> None:
        if len(self.typed) < NUMBER_DIGITS:
            self.typed = (self.typed + str(digit)).lstrip("0")
        self.row, self.news = None, ""  # what is typed is the choice now
        self._draw()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self._draw()

    def action_row(self, step: int) -> None:
        """Pick the next row (or the one before); the first arrow picks an end."""
        numbers = [entry["table"] for entry in self.listing]
        if not numbers:
            return
        self.typed = ""
        if self.row in numbers:
            self.row = numbers[(numbers.index(self.row) + step) % len(numbers)]
        else:
            self.row = numbers[0 if step > 0 else -1]
        self._draw()

    def action_choose(self) -> None:
        """Sit at (or watch) the table whose number is typed, or whose row is picked."""
        number = int(self.typed) if self.typed else self.row
        if number is None:
            self.news = ("Type a table's number, or pick its row with the arrows, then "
                         "Enter." if self.listing else "No tables are open yet: o opens one.")
            self._draw()
            return
        self.typed = ""
        if self.watch_next:
            self.watch_next = False
            self._send({"op": "watch", "table": number})
        else:
            self._joining = number
            self._send({"op": "join", "table": number})
        self._draw()

    def action_watch(self) -> None:
        if self.typed:
            self.watch_next = True
            self.action_choose()
            return
        self.watch_next = True
        self._draw()

    async def action_back(self) -> None:
        """Esc: what is being typed goes first, then the lobby."""
        if self.typed or self.watch_next:
            self.typed, self.watch_next = "", False
            self._draw()
            return
        await self.action_lobby()

    def action_reveal(self) -> None:
        self.reveal = not self.reveal
        self._draw()

    async def action_lobby(self) -> None:
        if self.client is not None:
            await self.client.close()
        self.app.pop_screen()

    async def on_unmount(self) -> None:
        if self.client is not None:
            await asyncio.shield(self.client.close())
