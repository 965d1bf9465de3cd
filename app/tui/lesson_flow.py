"""A lesson played at the table: the own table's flow (``Flow``) at a ``LessonTable``, with
the lesson's words shown between moves (the bots wait while they are read), a wrong move
refused with the lesson's words on why, and the lesson's end remembered."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from moon42.rules import RuleError
from moon42.rules.events import Event

from ..play.lesson_progress import mark_done
from ..play.lesson_table import LessonTable, WrongMove
from ..play.lessons import Lesson
from ..play.local import LocalConnection
from ..play.seats import TableError
from ..play.words import GAME_TITLES
from .flow import Flow
from .screens.lesson import LessonScreen
from .screens.summary import HandSummaryScreen

if TYPE_CHECKING:
    from textual.app import App

    from moon42.rules import Action

    from ..play.glyphs import Glyphs

__all__ = ["LessonFlow"]


class _LessonConnection(LocalConnection):
    """The player's moves to the lesson's table; a move the step does not ask for comes
    back as the lesson's words on why."""

    def act(self, action: Action) -> None:
        try:
            self.table.act(self.who, action)
        except WrongMove as wrong:
            self.receive({"type": "wrong", "message": str(wrong)})
        except RuleError as error:
            self.receive({"type": "refused", "message": error.message})
        except TableError as error:
            self.receive({"type": "error", "message": str(error)})


class LessonFlow(Flow):
    """Seat 0 of a lesson (see the module's docstring); ``on_over`` is called with "done"
    once the lesson is over, or "quit" if the player leaves it."""

    def __init__(self, app: App, lesson: Lesson, glyphs: Glyphs,
                 on_over: Callable[[str], Any], pace: float = 0.7) -> None:
        self.lesson = lesson
        self.words: list[tuple[str, str]] = []  # still to be shown: (title, text)
        self.showing = False
        self.last_words: tuple[str, str] | None = None
        self._said: set[tuple[int, int, str]] = set()
        local = LessonTable(lesson, pace, held=self.held)
        super().__init__(app, local.config, glyphs, on_over, local=local)
        self.table: LessonScreen
        self.table.went_on = self._next_words
        self.done = False

    @property
    def title(self) -> str:
        return f"{GAME_TITLES[self.lesson.game]}, lesson {self.lesson.number}: " \
               f"{self.lesson.title}"

    def held(self) -> bool:
        """The bots wait while the lesson speaks."""
        return super().held() or self.showing or bool(self.words)

    def _connect(self) -> LocalConnection:
        return _LessonConnection(self.local, self.receive)

    def _table_screen(self) -> LessonScreen:
        return LessonScreen(self, self.glyphs)

    # ----- starting ------------------------------------------------------

    def start(self) -> None:
        if self.lesson.intro:
            self.say(self.lesson.intro)
        super().start()

    # ----- the lesson's words --------------------------------------------

    def say(self, text: str, title: str | None = None) -> None:
        """Show ``text`` over the table, after whatever is being shown."""
        self.words.append((title or self.title, text))
        if not self.showing:
            self._next_words()

    def _next_words(self) -> None:
        if not self.words:
            self.showing = False
            return
        self.showing = True
        title, text = self.last_words = self.words.pop(0)
        self.table.show_words(title, text,
                              "Enter: end the lesson" if self.done else "Enter: go on")

    def read_again(self) -> None:
        if self.last_words is not None and not self.showing:
            self.say(self.last_words[1], self.last_words[0])

    def _due_words(self) -> None:
        """The words of the step just made (``after``) and of the step to come (``say``),
        each once, in one panel."""
        game = self.local.game
        hand = game.hand_number
        if hand >= len(self.lesson.hands) or not game.log:
            return
        steps = self.lesson.hands[hand].steps
        made = len(game.log[-1].actions)
        due = []
        if 0 < made <= len(steps) and steps[made - 1].after:
            due.append(((hand, made - 1, "after"), steps[made - 1].after))
        step = self.local.step()
        if step is not None and step.say:
            due.append(((hand, made, "say"), step.say))
        texts = [text for key, text in due if key not in self._said]
        self._said.update(key for key, _ in due)
        if texts:
            self.say("\n\n".join(texts))

    # ----- the table's messages ------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        if message.get("type") == "wrong":
            self.table.refuse("not the move this step asks for: try again.")
            self.say(f"{message['message']}\n\nTry again.", "Not that one")
            return
        super().receive(message)
        if message.get("type") == "view":
            self._due_words()

    # ----- the lesson's end ----------------------------------------------

    def _hand_over(self, events: list[Event]) -> None:
        if self.local.finished:
            self.waiting = None
            self._run(self._finish(events))
        else:
            super()._hand_over(events)

    def _game_over(self, events: list[Event]) -> None:
        self._hand_over(events)

    async def _until_room(self) -> None:
        await super()._until_room()
        while self.showing or self.words:
            await asyncio.sleep(0.05)

    async def _finish(self, events: list[Event]) -> None:
        """The last hand's summary, the lesson's last words, and the lesson remembered."""
        await self._pause_after(events)
        await self._until_room()
        view = self.view
        assert view is not None
        if view.results:
            self.waiting = "summary"
            await self.app.push_screen_wait(HandSummaryScreen(
                view.results[-1], view, self.glyphs, None, last=True))
        self.waiting = "lesson over"
        problem = mark_done(self.lesson.key)
        if problem:
            self.app.notify(problem, severity="warning", timeout=8)
        self.done = True
        self.say(self.lesson.end or "That is the end of this lesson.")
        await self._until_room()  # the last words read
        self.on_over("done")

