"""The server's leaderboard, opened from the lobby of a served game (``b``).

The board is the server's (it reads every player's statistics); this screen shows the file
it keeps, one game kind's ranking at a time (``g`` goes to the next), with the partnerships
of each ranked player below it, and lets the player stay off it or come back on (``h``):
the choice is kept in their own data folder, and the server's next look at the board takes
it in.  Players are on the board unless they choose not to be.
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
from textual.widgets import Static

from ...play.paths import data_dir
from ...play.stats.board import REFRESH_SECONDS, choose, listed, read_board
from ...play.stats.ranked import COUNTED, GAME_KINDS
from ..widgets.steady_footer import SteadyFooter
from .history import HistoryScreen

__all__ = ["LeaderboardScreen"]

_SIGN_IN = {"key": "key", "secret": "secret", "guest": "guest"}
_KINDS = GAME_KINDS


def _percent(rate: Any) -> str:
    return f"{rate:.0%}" if isinstance(rate, (int, float)) else "-"


def _count(value: Any) -> str:
    return str(value) if isinstance(value, int) else "?"


def _number(value: Any) -> str:
    return f"{value:.1f}" if isinstance(value, (int, float)) else "?"


def _rows(ranking: Any) -> list[dict[str, Any]]:
    rows = ranking.get("rows") if isinstance(ranking, dict) else None
    return [row for row in rows if isinstance(row, dict)] if isinstance(rows, list) else []


def _table(rows: list[dict[str, Any]]) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold",
                      show_edge=False)
    for header, right in (("#", True), ("Player", False), ("Sign-in", False),
                          ("Rating", True), ("Mean ± dev", True), ("Games", True),
                          ("Won", True)):
        shown.add_column(header, justify="right" if right else "left", no_wrap=True,
                         overflow="ellipsis", max_width=None if right else 20)
    for row in rows:
        rank = row.get("rank")
        shown.add_row(str(rank) if isinstance(rank, int) else "-",
                      Text(str(row.get("name", "?"))[:32]),
                      _SIGN_IN.get(str(row.get("sign_in")), "?"), _number(row.get("rating")),
                      f"{_number(row.get('mu'))} ± {_number(row.get('sigma'))}",
                      _count(row.get("games")), _count(row.get("won")))
    return shown


def _partnerships(rows: list[dict[str, Any]]) -> RichTable | str:
    """Each player's partners: games played together and won."""
    shown = RichTable(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold",
                      show_edge=False, expand=True)
    shown.add_column("Player", no_wrap=True, overflow="ellipsis", max_width=20)
    shown.add_column("Partners: games played together, won", ratio=1)
    for row in rows:
        partners = row.get("partners")
        if not isinstance(partners, list) or not partners:
            continue
        said = [f"{str(p.get('name', '?'))[:32]} {_count(p.get('games'))}, "
                f"{_count(p.get('won'))} won" for p in partners if isinstance(p, dict)]
        shown.add_row(Text(str(row.get("name", "?"))[:32]), Text("; ".join(said)))
    return shown if shown.row_count else ""


def _updated(board: dict[str, Any]) -> str:
    try:
        when = datetime.fromisoformat(str(board.get("updated"))).astimezone()
    except ValueError:
        return "?"
    return when.strftime("%H:%M:%S")


class LeaderboardScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q,b", "close", "Close", key_display="Esc", id="board-close"),
        Binding("g", "next_kind", "Next game", id="board-kind"),
        Binding("h", "toggle_listed", "On/off the board", id="board-listed"),
        Binding("r", "reload", "Refresh", id="board-reload"),
        Binding("y", "history", "Your games", id="board-history"),
        Binding("down,j", "scroll(1)", "Scroll", key_display="↑↓", id="board-down"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False, id="board-up"),
        Binding("pagedown,space", "scroll(10)", "Page", show=False, id="board-page-down"),
        Binding("pageup", "scroll(-10)", "Page", show=False, id="board-page-up"),
    ]

    def __init__(self, board: Path | None = None, data_folder: Path | None = None) -> None:
        super().__init__()
        self.board = board or Path("")
        self.data_folder = data_folder or data_dir()
        self.kind = "moon3"  # the game whose ranking is shown
        self._chosen = False  # the first board read chooses it: the first game rated
        self._board: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static("Leaderboard", classes="title", id="board-title")
        with VerticalScroll(id="board-box"):
            yield Static(self._you(), id="board-you", markup=False)
            yield Static(id="board-kind", markup=False)
            yield Static(id="board-note", classes="board-note", markup=False)
            yield Static(id="board-table")
            yield Static(id="board-partners")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.action_reload()

    def _you(self) -> str:
        if listed(self.data_folder):
            return "You are on the board (h keeps you off it)."
        return "You are off the board: your games are not shown (h puts you back on it)."

    def action_reload(self) -> None:
        note = self.query_one("#board-note", Static)
        self._board = None
        try:
            self._board = read_board(self.board)
        except FileNotFoundError:
            note.update("The server has not made its board yet: try again in a moment (r).")
        except (OSError, ValueError) as error:
            note.update(f"The board cannot be read: {error}")
        if self._board is not None and not self._chosen:
            ratings = self._ratings()
            self.kind = next((kind for kind in _KINDS if _rows(ratings.get(kind))), "moon3")
            self._chosen = True
        self._show()

    def _ratings(self) -> dict[str, Any]:
        ratings = (self._board or {}).get("ratings")
        return ratings if isinstance(ratings, dict) else {}

    def _show(self) -> None:
        kind_line = self.query_one("#board-kind", Static)
        table = self.query_one("#board-table", Static)
        partners = self.query_one("#board-partners", Static)
        others = ", ".join(title for kind, title in _KINDS.items() if kind != self.kind)
        kind_line.update(f"{_KINDS[self.kind]} (g: {others})")
        board = self._board
        if board is None:
            table.update("")
            partners.update("")
            return
        rows = _rows(self._ratings().get(self.kind))
        least = board.get("min_games")
        self.query_one("#board-note", Static).update(
            f"Ranked by rating: the mean less 3 deviations of each player's skill, rated by "
            f"{board.get('model', '?')} from the games counted ({COUNTED}); a rank after "
            f"{_count(least)} rated games. Listed: {_count(board.get('listed'))}; staying "
            f"off the board: {_count(board.get('off'))}; updated {_updated(board)}.")
        table.update(_table(rows) if rows else
                     f"Nobody is rated at {_KINDS[self.kind]} yet: a player is once they "
                     "have finished a game that counts.")
        if self.kind == "moon3":
            partners.update("Moon for 3 is played each for their own: no partnerships.")
        else:
            partners.update(_partnerships(rows))

    def action_next_kind(self) -> None:
        kinds = list(_KINDS)
        self._chosen = True
        self.kind = kinds[(kinds.index(self.kind) + 1) % len(kinds)]
        self._show()
        self.query_one("#board-box", VerticalScroll).scroll_home(animate=False)

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

    def action_history(self) -> None:
        """The player's rated games and matches, each with its record."""
        self.app.push_screen(HistoryScreen())

    def action_close(self) -> None:
        self.dismiss(None)
