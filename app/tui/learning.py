"""Learn to play, in the app: the list of lessons and puzzles, a lesson at the table, a hand
puzzle; a lesson over goes back to the list, which offers the next one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..play.lesson_progress import read_progress
from ..play.lessons import Lesson, all_lessons

__all__ = ["Learning", "Lesson"]

if TYPE_CHECKING:
    from ..play.glyphs import Glyphs
    from .flow import Flow


class Learning:
    """What the app does to teach (mixed into ``Moon42App``)."""

    glyphs: Glyphs
    flow: Flow | None
    pace: float | None

    def show_lessons(self: Any, game: str | None = None) -> None:
        """The list of lessons and puzzles, the next lesson (of ``game``) chosen."""
        # Imported here for start-up time: only learning to play loads them.
        from ..play.puzzles import puzzle_games
        from .screens.lessons import LessonsScreen

        progress = read_progress()
        if progress.problem:
            self.notify(progress.problem, severity="warning", timeout=8)
        self.push_screen(LessonsScreen(all_lessons(), progress.done, puzzle_games(),
                                       self.glyphs, game), self._chosen)

    def _chosen(self: Any, choice: str | None) -> None:
        if choice is None:
            if not self.screen_stack[1:]:  # opened from the command line: nothing below
                self.exit()
            return
        kind, _, name = choice.partition(":")
        if kind == "puzzle":
            self.show_puzzle(name)
            return
        lesson = next(lesson for lesson in all_lessons() if lesson.key == name)
        self.start_lesson(lesson)

    def start_lesson(self: Any, lesson: Lesson) -> None:
        """Play ``lesson`` at the table; once over (or left), the list again."""
        # Imported here for start-up time: only learning to play loads them.
        from .lesson_flow import LessonFlow

        self._leave_game()
        pace = 0.7 if self.pace is None else self.pace
        self.flow = LessonFlow(self, lesson, self.glyphs, self._lesson_over, pace=pace)
        self.push_screen(self.flow.table)
        self.flow.start()

    def _lesson_over(self: Any, how: str) -> None:
        def back() -> None:
            flow = self.flow
            self._leave_game()
            self.flow = None
            self.pop_screen()
            self.show_lessons(flow.lesson.game if flow is not None else None)

        self.call_later(back)

    def show_puzzle(self: Any, game: str) -> None:
        """A hand puzzle of ``game``: find the play."""
        # Imported here for start-up time: only learning to play loads them.
        from ..play.puzzles import pick_puzzle
        from .screens.puzzle import PuzzleScreen

        puzzle = pick_puzzle(game)
        if puzzle is None:
            self.notify(f"No puzzles of {game} are here.", severity="warning")
            if not self.screen_stack[1:]:
                self.exit()
            return
        self.push_screen(PuzzleScreen(puzzle, self.glyphs), self._puzzle_over)

    def _puzzle_over(self: Any, again: str | None) -> None:
        if again:
            self.show_puzzle(again)
        elif not self.screen_stack[1:]:
            self.exit()
