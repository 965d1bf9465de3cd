"""A hand puzzle: the position at the table, from the seat to play; the player picks a tile
(the table's usual keys) and is told, in the hand review's words, whether it is the one that
keeps the most with every hand known, and in a hint's words what makes it so.  Enter then
shows another, Escape goes back."""

from __future__ import annotations

from dataclasses import replace

from moon42.ai.puzzles import Puzzle
from moon42.rules import Play
from moon42.rules.actions import Action
from moon42.rules.views import SeatView

from ...play.config import DEFAULT_NAMES
from ...play.glyphs import UNICODE, Glyphs
from ...play.puzzles import answer_words
from ...play.words import GAME_TITLES
from ..text.reasons import play_reason
from .lesson import LessonScreen

__all__ = ["PuzzleScreen"]


class _Asking:
    """The puzzle's side of the table screen (``OwnFlow``): a tile chosen is answered."""

    def __init__(self, screen: PuzzleScreen) -> None:
        self.screen = screen

    def act(self, action: Action) -> None:
        if isinstance(action, Play):
            self.screen.answered(action)

    def claim(self) -> None:
        self.screen.refuse("a puzzle asks for one tile: play it.")

    def undo(self) -> str:
        return ""

    def change_pace(self, step: int) -> None:
        return None

    def export(self) -> None:
        return None


class PuzzleScreen(LessonScreen):
    """Dismissed with the game for another puzzle of it, or None (Escape)."""

    def __init__(self, puzzle: Puzzle, glyphs: Glyphs = UNICODE) -> None:
        super().__init__(_Asking(self), glyphs)
        self.puzzle = puzzle
        self.done = False
        self.went_on = self._after_words
        view = puzzle.view
        self.title_text = f"{GAME_TITLES[view.options.game]}: a hand puzzle"
        self.show_words(self.title_text, _question(puzzle), "Enter: go on   Esc: back")

    def on_mount(self) -> None:
        self.show(_as_seen(self.puzzle), None, "a puzzle")
        super().on_mount()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("hint", "claim", "undo", "scores", "pace", "export", "go_on"):
            return False  # the hint would give the answer away; Escape goes back
        return super().check_action(action, parameters)

    def answered(self, play: Play) -> None:
        if self.done:
            return
        self.done = True
        words = answer_words(self.puzzle, play.tile) + _why(self.puzzle)
        self.show_words(self.title_text, words, "Enter: another puzzle   Esc: back")

    def _after_words(self) -> None:
        if self.done:
            self.dismiss(self.puzzle.view.options.game)

    def key_escape(self) -> None:
        self.dismiss(None)


def _as_seen(puzzle: Puzzle) -> SeatView:
    """The puzzle's position as the table shows it: the seat to play is You, the others
    named from its left as at every table."""
    view = puzzle.view
    names = tuple(DEFAULT_NAMES[(s - view.seat) % view.options.seats]
                  for s in range(view.options.seats))
    return replace(view, players=names)


def _why(puzzle: Puzzle) -> str:
    """What the seat could see that makes the answer the tile to play, in a hint's words
    ("" when no fact of it is worth saying)."""
    reason = "".join(play_reason(_as_seen(puzzle), puzzle.answer))
    return f" {puzzle.answer}: {reason}." if reason else ""


def _question(puzzle: Puzzle) -> str:
    view = puzzle.view
    unit = puzzle.unit
    return (f"Trick {len(view.tricks) + 1}, your play. One tile keeps at least "
            f"{puzzle.margin} {unit} more than any other, with every hand known, and what "
            "you can see is enough to find it: the tiles played, the trump, the bids. "
            "Press Enter, then play it.")
