"""The hand review on screen: one seat's decisions in a finished hand, the costly first.

The review (``moon42.ai.review``) is made in a thread, a decision at a time, the screen
saying how far it has got; leaving the screen cancels it (it stops at its next decision),
so nothing waits for it.  Choosing a decision shows that moment in the replay viewer, the
better tile marked; Escape there comes back here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from moon42.rules.actions import NameTrump

from ...play.glyphs import UNICODE, Glyphs
from ...play.review_subject import ReviewSubject
from ..replay.positions import Mark, Replay
from ..text.hints import given_hint
from ..text.review_lines import (
    better_line,
    better_tile,
    count_line,
    decision_text,
    ordered,
    unit_for,
)
from ..widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from moon42.ai.review_figures import Decision, HandReview

__all__ = ["ReviewScreen", "OpenMoment"]

# How a review shows a moment: a replay screen of ``Replay`` at the ``Mark``.
OpenMoment = Callable[[Replay, Mark], Screen]


class _Cancelled(Exception):
    """The review's screen is gone: the review stops."""


class ReviewScreen(Screen[None]):
    """One seat's decisions in one hand, weighed; Enter shows one in the replay."""

    BINDINGS = [
        # Over the list's own Enter, so that the key line shows it.
        Binding("enter", "show", "Show in the replay", key_display="⏎", priority=True,
                id="review-show"),
        Binding("escape,q,v", "back", "Back", key_display="Esc", id="review-back"),
    ]

    def __init__(self, subject: ReviewSubject, glyphs: Glyphs = UNICODE,
                 open_moment: OpenMoment | None = None) -> None:
        super().__init__()
        self.subject, self.glyphs, self.open_moment = subject, glyphs, open_moment
        self.shown: list[Decision] = []
        self.progress = (0, 0)
        self._replay: Replay | None = None
        actions = subject.record.hands[subject.hand].actions
        trump = next((a.trump for a in actions if type(a) is NameTrump), None)
        self._unit = unit_for(subject.record.options, trump)

    def compose(self) -> ComposeResult:
        subject = self.subject
        yield Static(f"Hand {subject.hand + 1} reviewed: {subject.whose} decisions",
                     id="review-title")
        yield Static(self._working_text(), id="review-count")
        yield OptionList(id="review-list")
        yield SteadyFooter()

    def on_mount(self) -> None:
        if self.glyphs.ascii:
            self.query_one("#review-list").styles.border = ("ascii", "blue")
        self.query_one(OptionList).focus()
        found = self.subject.found
        if found is not None:
            self._show(found)
        else:
            self.run_worker(self._work, thread=True, group="review", name="review",
                            exit_on_error=False)

    # ----- the review, in a thread ----------------------------------------

    def _working_text(self) -> str:
        done, of = self.progress
        if not of:
            return "Reviewing the hand" + ("..." if self.glyphs.ascii else "…")
        return f"Reviewing: decision {min(done + 1, of)} of {of}"

    def _work(self) -> None:
        # Imported here for start-up time: the review loads the search and the expert.
        from moon42.ai.review import DEFAULT, moments_of, review_hand

        worker = get_current_worker()
        subject = self.subject

        def progress(done: int, of: int) -> None:
            if worker.is_cancelled:
                raise _Cancelled
            self.app.call_from_thread(self._progressed, done, of)

        walk = moments_of(subject.record, subject.hand, subject.seat)
        self.app.call_from_thread(self._progressed, 0, len(walk.moments))
        try:
            # Where a hint was asked, the review tells what it told.
            settings = replace(DEFAULT, hinted=given_hint)
            review = review_hand(subject.record, subject.hand, subject.seat,
                                 settings=settings, progress=progress)
        except _Cancelled:
            return
        except Exception as error:  # a review that fails must not end the game
            self.app.call_from_thread(self._failed, str(error))
            return
        if review is not None and not worker.is_cancelled:
            subject.found = review
            self.app.call_from_thread(self._show, review)

    def _progressed(self, done: int, of: int) -> None:
        self.progress = (done, of)
        if self.is_mounted and self.subject.found is None:
            self.query_one("#review-count", Static).update(self._working_text())

    def _failed(self, why: str) -> None:
        if self.is_mounted:
            self.query_one("#review-count", Static).update(f"No review this time ({why}).")

    def _show(self, review: HandReview) -> None:
        if not self.is_mounted:
            return
        self.shown = ordered(review)
        whose = self.subject.whose
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options([Option(decision_text(d, self._unit, whose)) for d in self.shown])
        if self.shown:
            listing.highlighted = 0
        line = count_line(review)
        if review.broken:
            line += f" The record breaks a rule here ({review.broken}): reviewed up to it."
        self.query_one("#review-count", Static).update(line)

    # ----- keys -----------------------------------------------------------

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self._open(message.option_index)

    def action_show(self) -> None:
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is not None:
            self._open(highlighted)

    def _open(self, index: int) -> None:
        if self.open_moment is None or not 0 <= index < len(self.shown):
            return
        decision = self.shown[index]
        replay = self._replay_of()
        replay.go(self.moment_index(replay, decision))
        mark = Mark(replay.index, decision.seat, better_tile(decision),
                    better_line(decision, self._unit) or "No better choice: this one kept "
                    "as much as any.")
        self.app.push_screen(self.open_moment(replay, mark))

    def _replay_of(self) -> Replay:
        if self._replay is None:
            self._replay = Replay(self.subject.record, face_up=True)
        return self._replay

    def moment_index(self, replay: Replay, decision: Decision) -> int:
        """The replay's position just before ``decision`` was made."""
        hand = self.subject.hand
        actions = self.subject.record.hands[hand].actions
        step = next((i for i, a in enumerate(actions) if a is decision.action), None)
        if step is None:
            step = next((i for i, a in enumerate(actions) if a == decision.action), 0)
        return replay.hand_starts[hand] + step

    def action_back(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)
