"""Learn to play: the lessons of each game (those finished marked), the next one chosen,
and a hand puzzle of each game; Enter opens the one chosen, Escape goes back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...play.glyphs import Glyphs
from ...play.lesson_progress import course_order
from ...play.lessons import Lesson
from ...play.words import GAME_TITLES
from ..widgets.steady_footer import SteadyFooter

__all__ = ["LessonsScreen"]

def _course(game: str) -> str:
    return "moon" if game.startswith("moon") else game


class LessonsScreen(ModalScreen[str | None]):
    """Dismissed with ``lesson:KEY``, ``puzzle:GAME`` or None (Escape)."""

    BINDINGS = [
        # priority: the list's own Enter (not in the footer) would otherwise hide this one.
        Binding("enter", "pick", "Open", key_display="⏎", id="lessons-pick", priority=True),
        Binding("escape,q", "cancel", "Back", key_display="Esc", id="lessons-cancel"),
    ]

    def __init__(self, lessons: list[Lesson], done: frozenset[str], puzzles: list[str],
                 glyphs: Glyphs, game: str | None = None) -> None:
        super().__init__()
        self.lessons, self.done, self.glyphs = course_order(lessons), done, glyphs
        self.puzzles, self.game = puzzles, game
        self.keys: list[str | None] = []

    def compose(self) -> ComposeResult:
        mark = "x" if self.glyphs.ascii else "✓"
        options: list[Option] = []
        heading = None
        for lesson in self.lessons:
            course = "Moon" if lesson.game.startswith("moon") else GAME_TITLES[lesson.game]
            if course != heading:
                heading = course
                options.append(Option(f"{course}", disabled=True))
                self.keys.append(None)
            done = mark if lesson.key in self.done else " "
            options.append(Option(f" {done} {lesson.number:2}  {lesson.title}"))
            self.keys.append(f"lesson:{lesson.key}")
        for game in self.puzzles:
            options.append(Option(f"  {GAME_TITLES[game]}: a hand puzzle (find the play)"))
            self.keys.append(f"puzzle:{game}")
        with Vertical(id="lessons-box"):
            yield Static(f"Learn to play: each lesson is a hand at the table ({mark}: finished)",
                         id="lessons-title")
            yield OptionList(*options, id="lessons-list")
        yield SteadyFooter()

    def on_mount(self) -> None:
        if self.glyphs.ascii:
            self.query_one("#lessons-box").styles.border = ("ascii", "blue")
        options = self.query_one(OptionList)
        options.highlighted = self._first_to_take()
        options.focus()

    def _first_to_take(self) -> int:
        """The next lesson not finished (of the course asked for, if any)."""
        by_key = {f"lesson:{lesson.key}": lesson for lesson in self.lessons}
        course = _course(self.game) if self.game else None
        rows = [(i, by_key[k]) for i, k in enumerate(self.keys) if k in by_key]
        for i, lesson in rows:
            if lesson.key not in self.done and course in (None, _course(lesson.game)):
                return i
        return rows[0][0] if rows else 0

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.dismiss(self.keys[message.option_index])

    def action_pick(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None and self.keys[index]:
            self.dismiss(self.keys[index])

    def action_cancel(self) -> None:
        self.dismiss(None)
