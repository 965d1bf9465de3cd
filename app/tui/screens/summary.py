"""After each hand: who bid what, made or set, what each side took, and the running score."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from moon42.rules import HandResult, Trump
from moon42.rules.bidding import MARK, MOON
from moon42.rules.options import Options
from moon42.rules.scoring import unit_of, units_of
from moon42.rules.views import SeatView

from ...play.glyphs import UNICODE, Glyphs
from ...play.words import GAME_TITLES, bid_text, score_unit, trump_text
from ..widgets.scoreboard import SCOREBOARD_WIDTH, Scoreboard, unit_names
from ..widgets.steady_footer import SteadyFooter

__all__ = ["HandSummaryScreen", "summary_text", "hands_that_fit"]


def need_line(result: HandResult, view: SeatView) -> str:
    """What the bid needed, and what the bidder's side took."""
    side = unit_of(view.options, result.bidder)
    tricks = sum(result.tricks_won[s] for s in side)
    if result.trump is Trump.NELLO:
        return f"needed no trick, took {tricks}"
    if view.options.is_moon:
        need = 7 if result.bid == MOON else result.bid
        return f"needed {need} trick{'s' * (need != 1)}, took {tricks}"
    if result.bid >= MARK:
        return f"needed every trick, took {tricks} of {len(result.tricks)}"
    points = sum(result.points[s] for s in side)
    return f"needed {result.bid} points, took {points}"


def summary_text(result: HandResult, view: SeatView, glyphs: Glyphs) -> Text:
    options, names = view.options, view.players
    units = units_of(options)
    sides = unit_names(options, names)
    text = Text()
    text.append(f"{GAME_TITLES[view.game]}: hand {result.hand + 1} is over\n\n", "bold")
    if result.thrown_in:
        text.append("Everyone passed: the hand is thrown in and nobody scores.\n")
        return text
    bidder = names[result.bidder]
    bid = bid_text(result.bid, result.contract or "bid", options)
    trump = trump_text(result.trump, options)
    verdict = f"{glyphs.made} MADE" if result.made else f"{glyphs.set} SET"
    head = f"{bidder} bid {bid}, trump {trump}: "
    need = need_line(result, view)
    text.append(head)
    text.append(verdict, "bold reverse" if result.made else "bold underline")
    # What was needed goes under the verdict where the line would run past 80 columns.
    one_line = len(head) + len(verdict) + len(need) + 3 <= SCOREBOARD_WIDTH
    text.append(f" ({need})\n\n" if one_line else f"\n  {need}\n\n")
    width = max(len(s) for s in sides) + 1

    def side_lines(count: bool) -> list[str]:
        return [_side_line(result, options, side, unit, width, count)
                for side, unit in zip(sides, units, strict=True)]

    lines = side_lines(count=True)
    if any(len(line) > SCOREBOARD_WIDTH for line in lines):
        # Long names: every side's count is left to the log, so the lines still read alike.
        lines = side_lines(count=False)
    text.append("".join(f"{line}\n" for line in lines))
    return text


def _side_line(result: HandResult, options: Options, side: str, unit: tuple[int, ...],
               width: int, count: bool) -> str:
    """What a side took and scored (Texas 42: its points, and with ``count`` their count)."""
    tricks = sum(result.tricks_won[s] for s in unit)
    line = f"  {side + ':':<{width}} took {tricks} trick{'s' * (tricks != 1)}"
    if not options.is_moon:
        n = sum(result.points[s] for s in unit)
        line += f", {n} point{'s' * (n != 1)}" + (f" ({n - tricks} in count)" if count else "")
    change = result.score[unit[0]]
    line += f"   {change:+d} {score_unit(options, abs(change))}"
    return line + (" <- bidder" if result.bidder in unit else "")


def hands_that_fit(rows: int, view: SeatView) -> int:
    """How many hands the scoreboard may list in ``rows`` (with its heading, the "earlier
    hands" line, the totals and the target's bars), leaving the screen's padding, prompt and
    key line their rows; at least two."""
    bars = len(units_of(view.options)) * (2 if view.options.uses_marks else 1)
    return max(2, rows - 4 - (1 + 1 + 1 + 2 + bars) - 1)


# Opens the review of the hand just over (``screens.replay.review_screen``).
Review = Callable[[], Screen]


class HandSummaryScreen(Screen[None]):
    BINDINGS = [
        Binding("enter,space", "next_hand", "Next hand", key_display="⏎", id="next-hand"),
        # The same key where what comes next is not a hand (the prompt says what).
        Binding("enter,space", "go_on", "Go on", key_display="⏎", id="go-on"),
        Binding("escape", "leave", "Next hand", show=False, id="next-hand-esc"),
        Binding("v", "review", "Review", id="summary-review"),
        Binding("v", "no_review", "Review", show=False, id="summary-no-review"),
    ]

    def __init__(self, result: HandResult, view: SeatView, glyphs: Glyphs = UNICODE,
                 auto_seconds: float | None = None, last: bool = False,
                 prompt: str | None = None, review: Review | None = None,
                 no_review: str = "This hand has no review.") -> None:
        super().__init__()
        self.result, self.view, self.glyphs = result, view, glyphs
        self.auto_seconds = auto_seconds
        self.last = last  # the game's last hand: the final score comes next
        self.next_is_a_hand = prompt is None
        self.prompt = prompt or ("Press Enter for the final score." if last else
                                 "Press Enter for the next hand.")
        self.review = review  # the hand's review, if it has one for this player
        self.no_review = no_review  # why not, said when v is pressed

    def action_go_on(self) -> None:
        self.action_next_hand()

    def action_leave(self) -> None:
        self.action_next_hand()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="summary"):
            yield Static(summary_text(self.result, self.view, self.glyphs), id="summary-text")
            yield Scoreboard(id="scoreboard")
        yield Static(self.prompt, id="summary-prompt")
        yield SteadyFooter()

    def on_mount(self) -> None:
        view = self.view
        used = summary_text(self.result, view, self.glyphs).plain.count("\n") + 1
        fit = hands_that_fit(self.app.size.height - used - self.rows_beside(), view)
        try:
            scoreboard = self.query_one(Scoreboard)
        except NoMatches:  # mounted as the app closes (its widgets never came): nothing to do
            return
        scoreboard.show(view.options, view.players, view.results, view.scores, self.glyphs,
                        last=fit)
        if self.auto_seconds is not None:
            self.set_timer(max(0.01, self.auto_seconds), self.action_next_hand)

    def rows_beside(self) -> int:
        """Rows the screen gives to something besides the summary (a table's chat)."""
        return 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # v is on the key line only where there is a review; elsewhere it says why not.
        if action == "review":
            return self.review is not None
        if action == "no_review":
            return self.review is None
        if action in ("next_hand", "go_on"):
            return (action == "next_hand") == self.next_is_a_hand
        return True

    def action_review(self) -> None:
        if self.review is not None and self.is_active:
            self.app.push_screen(self.review())

    def action_no_review(self) -> None:
        self.query_one("#summary-prompt", Static).update(self.no_review)

    def action_next_hand(self) -> None:
        if self not in self.app.screen_stack:
            return
        # A review (or its replay) on top: the next hand does not wait for it.
        while not self.is_active:
            self.app.pop_screen()
        self.dismiss(None)
