"""Statistics: games played and won, made rate by bid, the last game's score, recent games.

Opened from the lobby.  The tables are the ones ``moon42 stats`` prints (app/play/stats/tables.py),
drawn as Rich tables; everything scrolls, so it fits 80x24.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...play.glyphs import UNICODE, Glyphs
from ...play.served import NOT_SERVED
from ...play.stats.report import summarise
from ...play.stats.store import StatsError, StatsStore
from ...play.stats.tables import Table, last_game_title, score_lines, tables_of
from ..widgets.steady_footer import SteadyFooter

__all__ = ["StatsScreen"]


class _Box(VerticalScroll, inherit_bindings=False):
    """The statistics, scrolled by the screen's keys."""


def _rich(table: Table) -> RichTable:
    shown = RichTable(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold",
                      show_edge=False)
    for index, header in enumerate(table.headers):
        shown.add_column(header, justify="right" if index in table.right else "left",
                         no_wrap=True, overflow="ellipsis")
    for row in table.rows:
        shown.add_row(*row)
    return shown


def _last_game(last: dict[str, Any], glyphs: Glyphs) -> Text:
    """Each side's total after every hand as a sparkline, all on one scale."""
    text = Text(last_game_title(last))
    for yours, side, sparkline, final in score_lines(last, glyphs):
        text.append(f"\n{glyphs.turn if yours else ' '} {side}  ")
        text.append(sparkline, style="bold")
        text.append(f"  {final}")
    return text


class StatsScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q,s", "close", "Close", key_display="Esc", id="close"),
        Binding("down,j", "scroll(1)", "Scroll", key_display="↑↓", id="scroll-down"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False, id="scroll-up"),
        Binding("pagedown,space", "scroll(10)", "Page", show=False, id="page-down"),
        Binding("pageup", "scroll(-10)", "Page", show=False, id="page-up"),
        Binding("b", "leaderboard", "Leaderboard", id="leaderboard"),
    ]


    def __init__(self, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        yield Static("Statistics", classes="title", id="stats-title")
        with _Box(id="stats-box"):
            yield from self._sections()
        yield SteadyFooter()

    def _sections(self) -> ComposeResult:
        try:
            with StatsStore() as store:
                summary = summarise(store)
        except (StatsError, OSError) as error:
            yield Static(f"The statistics cannot be read: {error}", id="stats-empty",
                         markup=False)
            return
        if not summary["games_recorded"]:
            yield Static(summary["message"], id="stats-empty", markup=False)
            return
        games, hands = summary["games_recorded"], summary["hands_recorded"]
        yield Static(f"{games} game{'s' * (games != 1)} and {hands} hand{'s' * (hands != 1)}"
                     " recorded.", classes="stats-note", markup=False)
        before, after = tables_of(summary, self.glyphs)
        for table in before:
            yield from self._table(table)
        if summary["last_game"] is not None:
            yield Static(_last_game(summary["last_game"], self.glyphs),
                         classes="stats-section", id="stats-last")
        for table in after:
            yield from self._table(table)

    def _table(self, table: Table) -> ComposeResult:
        yield Static(Text(table.title, style="bold"), classes="stats-section")
        yield Static(_rich(table))
        if table.note:
            yield Static(table.note, classes="stats-note", markup=False)

    def action_scroll(self, step: int) -> None:
        self.query_one("#stats-box", VerticalScroll).scroll_relative(y=step, animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leaderboard":  # only on a server (app/play/stats/board.py)
            return getattr(self.app, "served", NOT_SERVED).board is not None
        return True

    def action_leaderboard(self) -> None:
        from .leaderboard import LeaderboardScreen  # for start-up time: only on a server

        self.app.push_screen(LeaderboardScreen(getattr(self.app, "served", NOT_SERVED).board))

    def action_close(self) -> None:
        self.dismiss(None)
