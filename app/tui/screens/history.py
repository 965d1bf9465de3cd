"""The player's history: their rated games and matches (app/play/history.py), newest first.

Each row: when, the game, partners, opponents, the result, and the rating's change when
known.  Enter opens the row's record in the replay viewer (a match's: its first deal at the
player's table); ``m`` shows a match's comparison of every deal.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from moon42.rules.errors import RecordError

from ...play.match_record import MatchError, load_match
from ...play.match_words import match_lines
from ...play.paths import records_dir
from ...play.records import DamagedSave, read_doc
from ...play.stats.history import Entry, history
from ...play.stats.store import stats_path
from ..replay.positions import Replay
from ..widgets.steady_footer import SteadyFooter
from .match_result import MatchScreen
from .replay import ReplayScreen

__all__ = ["HistoryScreen"]


class HistoryScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "close", "Close", key_display="Esc", id="history-close"),
        Binding("m", "match", "Match's deals", id="history-match"),
    ]

    def __init__(self, stats: Path | None = None, records: Path | None = None) -> None:
        super().__init__()
        self.entries, self.note = history(stats or stats_path(), records or records_dir())

    def compose(self) -> ComposeResult:
        yield Static("Your games and matches", classes="title", id="history-title")
        yield Static(self._about(), id="history-note", markup=False)
        table: DataTable[str] = DataTable(id="history-table", cursor_type="row",
                                          zebra_stripes=True)
        table.add_columns("When (UTC)", "Game", "With", "Against", "Result", "Rating")
        for entry in self.entries:
            table.add_row(entry.when, entry.game, entry.partners, entry.opponents,
                          entry.result, entry.rating or "-")
        yield table
        yield SteadyFooter()

    def _about(self) -> str:
        if not self.entries:
            text = ("No rated games or matches yet: a finished game that counts, or a "
                    "match, is listed here.")
        else:
            games = sum(not e.match for e in self.entries)
            text = (f"Rated games: {games}; matches: {len(self.entries) - games}. Enter "
                    "replays the record (a match: its first deal at your table); m shows a "
                    "match's deals. Ratings are made again from all games: the board shows "
                    "yours now.")
        return f"{text} {self.note}".strip()

    def _picked(self) -> Entry | None:
        table = self.query_one("#history-table", DataTable)
        row = table.cursor_row
        return self.entries[row] if self.entries and 0 <= row < len(self.entries) else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_record()

    def open_record(self) -> None:
        entry = self._picked()
        if entry is None:
            return
        if entry.path is None:
            self.notify("This game's record is not in your records.")
            return
        try:
            doc = read_doc(entry.path)
        except DamagedSave as error:
            self.notify(f"The record cannot be read. {error}", severity="error")
            return
        if entry.match:
            try:
                load_match(entry.path)  # every deal replayed and checked first
            except MatchError as error:
                self.notify(f"The match's record cannot be read. {error}", severity="error")
                return
            extra = doc.get("moon42")
            table = extra.get("table") if isinstance(extra, dict) else "A"
            doc = doc["deals"][0]["B" if table == "B" else "A"]
        try:
            replay = Replay.from_doc(doc)
        except (RecordError, ValueError) as error:
            self.notify(f"The record cannot be replayed. {error}", severity="error")
            return
        self.app.push_screen(ReplayScreen(replay, self.app.glyphs, start="last hand"))

    def action_match(self) -> None:
        entry = self._picked()
        if entry is None or not entry.match or entry.path is None:
            self.notify("Pick a match's row to see its deals.")
            return
        try:
            match = load_match(entry.path)
        except MatchError as error:
            self.notify(f"The match's record cannot be read. {error}", severity="error")
            return
        self.app.push_screen(MatchScreen(f"{entry.game}, {entry.when}",
                                         match_lines(match.options, match.seed,
                                                     list(match.deals)),
                                         "Enter: back to your history.", last=False))

    def action_close(self) -> None:
        self.dismiss(None)
