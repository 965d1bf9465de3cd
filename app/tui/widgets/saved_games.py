"""The lobby's saved games: one row each (number, when, game, hand, score), and news of a
save that had to be put aside.  A row resumes its game (Enter), shows it read-only (v) or
abandons it (d: its record stays in records/)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ...play.saves import SAVES_LIMIT, SavedGame, SavedGames, when_text

__all__ = ["SavedGameRow", "SavedGamesBox", "SaveNews", "saved_games_title"]


class SavedGameRow(Widget, can_focus=True):
    """One saved game; its keys post ``Chosen`` for the lobby to act on."""

    DEFAULT_CSS = """
    SavedGameRow { height: 1; }
    SavedGameRow:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("enter", "choose('resume')", "Resume", key_display="⏎", id="saved-resume"),
        Binding("v", "choose('view')", "View", id="saved-view"),
        Binding("d,delete", "choose('delete')", "Delete", key_display="d", id="saved-delete"),
    ]

    @dataclass
    class Chosen(Message):
        """``what`` is "resume", "view" or "delete"."""

        saved: SavedGame
        what: str

    def __init__(self, number: int, saved: SavedGame) -> None:
        super().__init__()
        self.number, self.saved = number, saved

    @property
    def help_text(self) -> str:
        where = (f"Open {self.saved.open_in.where()}: v shows it read-only."
                 if self.saved.open_in is not None else
                 "Enter resumes this game; v shows it read-only;")
        return (f"{where} d deletes it from the saved games (its record stays in records/). "
                f"moon42 play --resume {self.number} resumes it too.")

    def render(self) -> Text:
        focused = self.has_focus
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{'> ' if focused else '  '}{self.number:>2}  ", "bold" if focused else "")
        text.append(f"{when_text(self.saved.saved_at):<16}", "dim" if not focused else "")
        if self.saved.open_in is not None:
            text.append("[open elsewhere] ", "bold")
        text.append(self.saved.title, "reverse" if focused else "")
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_choose(self, what: str) -> None:
        self.post_message(self.Chosen(self.saved, what))


def saved_games_title(saved: SavedGames) -> Static:
    """The line over the list: how many, and the keys."""
    count = len(saved.games)
    full = ", the most kept" if saved.full else ""
    return Static(f"Saved games ({count} of {SAVES_LIMIT}{full}): r resumes the latest, "
                  "Up picks one", id="saved-title", markup=False)


class SavedGamesBox(VerticalScroll, inherit_bindings=False, can_focus=False):
    """The list, a few rows high; it scrolls to the row that has the focus."""

    DEFAULT_CSS = """
    SavedGamesBox { height: auto; max-height: 5; padding: 0 1; }
    """

    def __init__(self, saved: SavedGames) -> None:
        super().__init__(id="saved-games")
        self.saved = saved

    def compose(self) -> ComposeResult:
        for number, saved in enumerate(self.saved.games, start=1):
            yield SavedGameRow(number, saved)


class SaveNews(Static):
    """Why a save was put aside, and where it was kept."""

    DEFAULT_CSS = """
    SaveNews { height: auto; max-height: 3; padding: 0 1; color: $text-warning; }
    """

    def __init__(self, news: tuple[str, ...]) -> None:
        super().__init__(" ".join(news), markup=False, id="save-news")
