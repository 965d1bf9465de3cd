"""A lesson at the table: a game of one's own (``LocalTable``) whose hands the lesson deals,
whose bots make the lesson's moves while it has them (then play as the gentle bot), and
whose player's moves are checked against the move each step asks for: another move is
refused with the lesson's words on why, and may be tried again."""

from __future__ import annotations

from typing import Any

from moon42.ai.registry import make_bot
from moon42.rules import Action, Phase
from moon42.rules.events import Event
from moon42.rules.views import SeatView

from .config import GameConfig
from .lessons import PLAYER, Lesson, Step, deal_hand, lesson_game
from .local import LocalTable
from .seats import Sitter, TableError

__all__ = ["GENTLE_BOT", "LessonTable", "WrongMove"]

# The bot the lessons' hands are played out against: it plays fair and simple.
GENTLE_BOT = "basic"


class WrongMove(TableError):
    """The player's move is legal but not the one the lesson asks for: why not."""


class _LessonBot:
    """A bot seat of a lesson: the lesson's move while the hand has steps, then the
    gentle bot's."""

    def __init__(self, table: LessonTable, seed: int) -> None:
        self.table = table
        self.own = make_bot(GENTLE_BOT, seed=seed)

    def _move(self, view: SeatView, kind: str) -> Action:
        step = self.table.step()
        if step is not None and step.action in view.legal:
            return step.action
        move: Action = getattr(self.own, kind)(view)
        return move

    def bid(self, view: SeatView) -> Action:
        return self._move(view, "bid")

    def discard(self, view: SeatView) -> Action:
        return self._move(view, "discard")

    def trump(self, view: SeatView) -> Action:
        return self._move(view, "trump")

    def play(self, view: SeatView) -> Action:
        return self._move(view, "play")


def lesson_config(lesson: Lesson, pace: float) -> GameConfig:
    """A lesson's game as a game of one's own: no undo, no claims, gentle bots."""
    seats = 3 if lesson.game == "moon3" else 4
    return GameConfig(game=lesson.game, options=dict(lesson.options),
                      names=lesson.names[:seats], bots=(GENTLE_BOT,) * seats,
                      seed=lesson.seed, pace=pace, allow_undo=False, bot_claims=False)


class LessonTable(LocalTable):
    """The table of one lesson (see the module's docstring)."""

    def __init__(self, lesson: Lesson, pace: float, **table: Any) -> None:
        self.lesson = lesson
        super().__init__(lesson_config(lesson, pace), lesson_game(lesson), **table)
        for seat in self.bots:
            self.bots[seat] = _LessonBot(self, (lesson.seed * 7 + seat) % 2**32)

    def step(self) -> Step | None:
        """The lesson's step now: the move it has for this moment of the hand (None once
        the hand's steps are all made, or past the lesson's hands)."""
        hand = self.game.hand_number
        if hand >= len(self.lesson.hands) or self.game.phase is Phase.HAND_OVER:
            return None
        steps = self.lesson.hands[hand].steps
        made = len(self.game.log[-1].actions)
        return steps[made] if made < len(steps) else None

    @property
    def finished(self) -> bool:
        """The lesson's last hand is over (or the game)."""
        return self.game.phase is Phase.GAME_OVER or (
            self.game.phase is Phase.HAND_OVER
            and self.game.hand_number >= len(self.lesson.hands) - 1)

    def act(self, who: Sitter, action: Action) -> list[Event]:
        step = self.step()
        if step is not None and step.asked and action != step.action \
                and self.seat_of(who) == PLAYER and action in self.game.legal_actions():
            raise WrongMove(step.why_not(action))
        return super().act(who, action)

    def claim(self, who: Sitter) -> str:
        if self.step() is not None:
            return "not in the middle of a lesson's steps: play the move it asks for."
        return super().claim(who)

    def deal(self) -> list[Event]:
        """The next hand: the lesson's deal, or the seed's."""
        following = self.game.hand_number + 1
        if following < len(self.lesson.hands) and self.lesson.hands[following].deal:
            events = self._apply(deal_hand(self.game, self.lesson.hands[following]))
            self.last_events = []  # as a game of one's own deals: no pause before the bots
            return events
        return super().deal()
