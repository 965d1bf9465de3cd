"""The server's leaderboard, opened from the lobby of a served game (``b``).

The board is the server's (it reads every player's statistics); this screen shows the file
it keeps, and lets the player stay off it or come back on (``h``): the choice is kept in
their own data folder, and the server's next look at the board takes it in.  Players are
on the board unless they choose not to be.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...play.paths import data_dir
from ...play.stats.board import REFRESH_SECONDS, choose, listed, read_board
from ...play.stats.ranked import COUNTED

__all__ = ["LeaderboardScreen"]

_SIGN_IN = {"key": "key", "secret": "secret", "guest": "guest"}


def _percent(rate: Any) -> str:
    return f"{rate:.0%}" if isinstance(rate, (int, float)) else "-"


def _count(value: Any) -> str:
    return str(value) if isinstance(value, int) else "?"


def _table(players: list[Any]) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold",
                      show_edge=False)
    for header, right in (("#", True), ("Player", False), ("Sign-in", False),
                          ("Games", True), ("Won", True), ("Win %", True), ("Bids", True),
                          ("Made %", True)):
        shown.add_column(header, justify="right" if right else "left", no_wrap=True,
                         overflow="ellipsis", max_width=None if right else 20)
    for place, row in enumerate(players, 1):
        if not isinstance(row, dict):
            continue
        shown.add_row(str(place), Text(str(row.get("name", "?"))[:32]),
                      _SIGN_IN.get(str(row.get("sign_in")), "?"), _count(row.get("games")),
                      _count(row.get("won")), _percent(row.get("win_rate")),
                      _count(row.get("bids")), _percent(row.get("made_rate")))
    return shown


def _updated(board: dict[str, Any]) -> str:
    try:
        when = datetime.fromisoformat(str(board.get("updated"))).astimezone()
    except ValueError:
        return "?"
    return when.strftime("%H:%M:%S")


class LeaderboardScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q,b", "close", "Close", key_display="Esc", id="board-close"),
        Binding("h", "toggle_listed", "On/off the board", id="board-listed"),
        Binding("r", "reload", "Refresh", id="board-reload"),
        Binding("down,j", "scroll(1)", "Scroll", key_display="↑↓", id="board-down"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False, id="board-up"),
        Binding("pagedown,space", "scroll(10)", "Page", show=False, id="board-page-down"),
        Binding("pageup", "scroll(-10)", "Page", show=False, id="board-page-up"),
    ]


    def __init__(self, board: Path | None = None, data_folder: Path | None = None) -> None:
        super().__init__()
        self.board = board or Path("")
        self.data_folder = data_folder or data_dir()

    def compose(self) -> ComposeResult:
        yield Static("Leaderboard", classes="title", id="board-title")
        with VerticalScroll(id="board-box"):
            yield Static(self._you(), id="board-you", markup=False)
            yield Static(id="board-note", classes="board-note", markup=False)
            yield Static(id="board-table")
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def _you(self) -> str:
        if listed(self.data_folder):
            return "You are on the board (h keeps you off it)."
        return "You are off the board: your games are not shown (h puts you back on it)."

    def action_reload(self) -> None:
        note = self.query_one("#board-note", Static)
        table = self.query_one("#board-table", Static)
        try:
            board = read_board(self.board)
        except FileNotFoundError:
            note.update("The server has not made its board yet: try again in a moment (r).")
            table.update("")
            return
        except (OSError, ValueError) as error:
            note.update(f"The board cannot be read: {error}")
            table.update("")
            return
        players = board["players"]
        listed_count, off = board.get("listed"), board.get("off")
        note.update(f"Counted: {COUNTED}; made % is of the bids the player won in "
                    f"them. Listed: {_count(listed_count)}; staying off the board: "
                    f"{_count(off)}; updated {_updated(board)}.")
        table.update(_table(players) if players else
                     "Nobody is on the board yet: it lists players who have finished a game.")

    def action_toggle_listed(self) -> None:
        try:
            choose(self.data_folder, not listed(self.data_folder))
        except OSError as error:
            self.notify(f"Your choice cannot be kept: {error}", severity="error")
            return
        self.query_one("#board-you", Static).update(
            f"{self._you()} The board takes it in within {REFRESH_SECONDS} seconds (r "
            "reads it again).")

    def action_scroll(self, step: int) -> None:
        self.query_one("#board-box", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
