"""The replay viewer: a recorded game step by step, every hand face up once the game is over
(before that, only as its player's seat saw it).

Seat 0 sits at the bottom, the others around the table as in a game; in Moon for 3 the
widow (and later the discard) takes the empty top place.  Keys step through the record,
jump between hands, show a hand's summary, and start a new game at a hand's deal
("play this deal again").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen

from moon42.rules import Phase

from ...play.config import GameConfig
from ...play.glyphs import UNICODE, Glyphs
from ...play.review_subject import ReviewSubject, from_record, human_seat
from ..replay.positions import Mark, Replay, describe
from ..replay.text import (
    auction_text,
    seat_lines,
    seat_tiles,
    shown_trick,
    status_text,
    tiles_in_rows,
    trick_caption,
    widow_line,
    widow_tiles,
)
from ..text.tile_art import compact_tile
from ..widgets.hand import HandView
from ..widgets.line import Line
from ..widgets.steady_footer import SteadyFooter
from ..widgets.trick import TrickPicture, TrickView
from .review import ReviewScreen
from .summary import HandSummaryScreen

__all__ = ["ReplayScreen", "ReplaySummaryScreen", "review_screen"]

_DIGITS = [
    Binding(str(n), f"digit({n})", "Go to hand", key_display="0-9", show=False,
            id=f"replay-digit-{n}")
    for n in range(10)
]


def _put(widget: Line, content: str | Text) -> None:
    """Update a line; it repaints only when its text changes (``Line.text`` is reactive)."""
    widget.update(content)


class ReplaySummaryScreen(HandSummaryScreen):
    """A hand's summary, opened from the replay: any of its keys goes back."""

    BINDINGS = [
        Binding("enter,space,escape,s,q", "next_hand", "Back to the replay", key_display="Esc",
                id="summary-back"),
    ]

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#summary-prompt").update("Press Escape to go back to the replay.")


class ReplayScreen(Screen[None]):
    @dataclass
    class PlayAgain(Message):
        """Play the deal of ``hand`` (from 0) of ``record`` again, against bots."""

        record: dict[str, Any]
        hand: int


    BINDINGS = [
        Binding("right,l", "step(1)", "Step", key_display="←→", id="replay-forward"),
        Binding("left,h", "step(-1)", "Step", key_display="h l", show=False,
                id="replay-back"),
        Binding("home", "first", "First or last step", key_display="Home", show=False,
                id="replay-first"),
        Binding("end", "last", "First or last step", key_display="End", show=False,
                id="replay-last"),
        Binding("right_square_bracket,pagedown", "next_hand", "Hand", key_display="[ ]",
                id="replay-next-hand"),
        Binding("left_square_bracket,pageup", "previous_hand", "Hand", key_display="PgUp PgDn",
                show=False, id="replay-previous-hand"),
        # Not on the key line (it is full at 80 columns): digits go to a hand as well.
        Binding("g", "go_to", "Go to", show=False, id="replay-go"),
        Binding("s", "summary", "Summary", id="replay-summary"),
        Binding("p", "play_again", "Play", id="replay-play"),
        Binding("v", "review", "Review", id="replay-review"),
        Binding("escape,q", "leave", "Leave", key_display="q", id="replay-leave"),
        Binding("enter", "enter", "Go (after digits)", show=False, id="replay-enter"),
        Binding("backspace", "erase", "Erase a digit", show=False, id="replay-erase"),
        *_DIGITS,
    ]

    def __init__(self, replay: Replay, glyphs: Glyphs = UNICODE, start: str = "first",
                 mark: Mark | None = None) -> None:
        super().__init__()
        self.replay, self.glyphs = replay, glyphs
        self.mark = mark  # a review's moment: the better tile marked there
        self._reviews: dict[tuple[int, int], ReviewSubject] = {}
        self.typed: str | None = None  # the hand number being typed, once g or a digit
        self.notice = ""
        if start == "last":
            replay.last()
        elif start == "last hand":
            replay.to_hand(replay.hands - 1)

    @property
    def config(self) -> GameConfig:
        """The game being replayed (the help screen shows its rules)."""
        return GameConfig(game=self.replay.options.game, options=self.replay.options.to_dict())

    def compose(self) -> ComposeResult:
        g = self.glyphs
        yield Line(id="replay-status")
        yield Line(id="top-line", classes="seat-line")
        yield HandView(g, id="top-tiles", classes="tiles")
        with Horizontal(id="replay-middle"):
            yield Line(id="left-seat", classes="side")
            with Vertical(id="replay-center"):
                yield Line(id="replay-caption")
                yield TrickView(g, id="replay-trick")
                yield Line(id="replay-auction")
            yield Line(id="right-seat", classes="side")
        yield HandView(g, id="bottom-tiles", classes="tiles")
        yield Line(id="bottom-line", classes="seat-line")
        yield Line(id="replay-said")
        yield Line(id="replay-note")
        yield SteadyFooter()

    def on_mount(self) -> None:
        if self.glyphs.ascii:
            self.query_one("#replay-center").styles.border = ("ascii", "blue")
        self._fit(self.app.size.height)
        self.redraw()

    def on_resize(self) -> None:
        self._fit(self.size.height)

    def _fit(self, height: int) -> None:
        """Dominoes with pips for the top and bottom hands when the terminal is tall."""
        tall = height >= 38
        for hand in self.query(".tiles").results(HandView):
            hand.styles.height = 6 if tall else 1

    # ----- drawing ---------------------------------------------------------

    def redraw(self) -> None:
        replay, g = self.replay, self.glyphs
        position = replay.position
        names = replay.players
        n = replay.options.seats
        _put(self.query_one("#replay-status", Line), status_text(replay, g))
        sides = {"left": 1, "right": 2 if n == 3 else 3}
        for where, seat in sides.items():
            _put(self.query_one(f"#{where}-seat", Line), self._side_panel(seat))
        top_line = self.query_one("#top-line", Line)
        top_tiles = self.query_one("#top-tiles", HandView)
        # A place whose tiles the game not over keeps face down says so in its line instead.
        top_tiles.empty_text = "(no tiles)" if position.seen_by in (None, 2) else ""
        if n == 3:
            _put(top_line, Text(widow_line(position, names), no_wrap=True, overflow="ellipsis",
                                style="italic"))
            top_tiles.tiles = widow_tiles(position)
        else:
            _put(top_line, self._inline(2))
            top_tiles.tiles = seat_tiles(position, 2)
            top_tiles.picked = top_tiles.marked = self._marked(2)
        bottom = self.query_one("#bottom-tiles", HandView)
        bottom.tiles = seat_tiles(position, 0)
        bottom.picked = bottom.marked = self._marked(0)
        _put(self.query_one("#bottom-line", Line), self._inline(0))
        self._draw_center()
        said = describe(position, names, replay.options)
        _put(self.query_one("#replay-said", Line), Text(said, overflow="ellipsis"))
        note, text = self.query_one("#replay-note", Line), self._note()
        # A long note (the rule a faulty record breaks) takes a second line rather than be cut.
        note.styles.height = 2 if len(text) > self.size.width - 2 else 1
        _put(note, Text(text, overflow="ellipsis", style="dim"))

    def _at_mark(self) -> Mark | None:
        mark = self.mark
        return mark if mark is not None and self.replay.index == mark.index else None

    def _marked(self, seat: int) -> frozenset:
        """The better tile, in ``seat``'s hand at the review's moment."""
        mark = self._at_mark()
        if mark is None or mark.seat != seat or mark.tile is None:
            return frozenset()
        return frozenset({mark.tile})

    def _inline(self, seat: int) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, (line, style) in enumerate(seat_lines(self.replay.position, seat,
                                                     self.replay.players, self.glyphs)):
            if i:
                text.append(f" {self.glyphs.dot} ")
            text.append(line, style or None)
        return text

    def _side_panel(self, seat: int) -> Text:
        position = self.replay.position
        text = Text(no_wrap=True, overflow="ellipsis")
        for line, style in seat_lines(position, seat, self.replay.players, self.glyphs):
            text.append(line + "\n", style or None)
        text.append("\n")
        rows = tiles_in_rows(seat_tiles(position, seat), 2)
        if rows:
            start = len(text)
            text.append("\n".join(rows))
            for tile in self._marked(seat):
                face = compact_tile(tile)
                at = text.plain.find(face, start)
                if at >= 0:
                    text.stylize("bold reverse", at, at + len(face))
        elif position.seen_by in (None, seat):
            text.append("(no tiles)")
        return text

    def _draw_center(self) -> None:
        position = self.replay.position
        view = position.table
        names = self.replay.players
        caption = self.query_one("#replay-caption", Line)
        trick_view = self.query_one("#replay-trick", TrickView)
        auction = self.query_one("#replay-auction", Line)
        thrown_in = view.bidder is None and view.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        playing = view.phase in (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER) and not thrown_in
        trick_view.display = playing
        auction.display = not playing
        if not playing:
            dealer = names[view.dealer]
            _put(caption, f"Bidding: {dealer} dealt." if view.phase is Phase.BIDDING
                 else "The bidding:")
            rows = max(1, auction.size.height - 2) if auction.size.height else 8
            _put(auction, auction_text(position, names, rows))
            return
        trick = shown_trick(position)
        trick_view.picture = TrickPicture(
            me=0,
            seats=view.seats,
            names=names,
            plays=trick.plays if trick else (),
            winner=trick.winner if trick else None,
            to_play=view.to_act.seat if view.to_act else None,
            sitting_out=view.sitting_out,
        )
        _put(caption, trick_caption(position, names, self.glyphs))

    def _note(self) -> str:
        replay = self.replay
        position = replay.position
        if self.typed is not None:
            return (f"Go to hand (1-{replay.hands}): {self.typed}_  "
                    "Enter goes, Escape cancels.")
        if self.notice:
            return self.notice
        mark = self._at_mark()
        if mark is not None:
            return mark.line + " Esc: back to the review."
        fault = replay.fault
        if fault is not None and replay.index == len(replay) - 1:
            where = f"hand {fault.hand + 1}"
            if fault.action is not None:
                where += f", action {fault.action + 1}"
            where += " (from 1; check counts from 0)"
            return f"The record stops here: {where} breaks the rules ({fault.message})."
        if not replay.face_up:
            name = replay.players[replay.seen_by or 0]
            who = "you" if name == "You" else name
            return f"The game is not over: shown as {who} saw it, the other hands face down."
        if position.table.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return "s: this hand's summary, v: its review, p: play this deal again, ] next hand."
        return ""

    # ----- keys ------------------------------------------------------------

    def _moved(self) -> None:
        self.notice = ""
        self.typed = None
        self.redraw()

    def action_step(self, steps: int) -> None:
        self.replay.step(steps)
        self._moved()

    def action_first(self) -> None:
        self.replay.first()
        self._moved()

    def action_last(self) -> None:
        self.replay.last()
        self._moved()

    def action_next_hand(self) -> None:
        self.replay.next_hand()
        self._moved()

    def action_previous_hand(self) -> None:
        self.replay.previous_hand()
        self._moved()

    def action_go_to(self) -> None:
        self.typed = ""
        self.redraw()

    def action_digit(self, digit: int) -> None:
        typed = (self.typed or "") + str(digit)
        self.typed = typed
        number = int(typed)
        # Jump as soon as no further digit could name a hand of the record.
        if number and number * 10 > self.replay.hands:
            self._go_to_hand(number)
        else:
            self.redraw()

    def action_erase(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]
            self.redraw()

    def action_enter(self) -> None:
        if self.typed:
            self._go_to_hand(int(self.typed))
        elif self.typed is not None:
            self.typed = None
            self.redraw()

    def _go_to_hand(self, number: int) -> None:
        hands = self.replay.hands
        if not 1 <= number <= hands:
            self.typed = None
            self.notice = f"There is no hand {number}: the record holds hands 1 to {hands}."
            self.redraw()
            return
        self.replay.to_hand(number - 1)
        self._moved()

    def action_summary(self) -> None:
        replay = self.replay
        hand = replay.hand
        result = replay.result(hand)
        if result is None:
            self.notice = f"Hand {hand + 1} is not finished in the record: it has no summary."
            self.redraw()
            return
        end = replay.hand_end(hand).table
        self.app.push_screen(ReplaySummaryScreen(result, end, self.glyphs))

    def action_play_again(self) -> None:
        if self.mark is not None:  # maybe in the middle of a game, or at a shared table
            self.notice = "A moment of a review: its deal is played again from the replay."
            self.redraw()
            return
        if not self.replay.face_up:  # the deal again would show the hands still in play
            self.notice = "The game is not over: its deals can be played again once it is."
            self.redraw()
            return
        self.post_message(self.PlayAgain(self.replay.record, self.replay.hand))

    def action_review(self) -> None:
        """The hand shown, reviewed for the record's player (the seat named You, else 0)."""
        replay = self.replay
        hand = replay.hand
        if self.mark is not None:
            self.notice = "This is a moment of a review: Escape goes back to it."
        elif replay.result(hand) is None:
            self.notice = f"Hand {hand + 1} is not finished in the record: it has no review."
        else:
            seat = human_seat(replay.players)
            subject = self._reviews.get((hand, seat))
            if subject is None:
                subject = from_record(replay.record, hand, seat)
            if subject is None:
                self.notice = f"Hand {hand + 1} cannot be reviewed."
            else:
                self._reviews[(hand, seat)] = subject
                self.app.push_screen(review_screen(subject, self.glyphs))
                return
        self.redraw()

    def action_leave(self) -> None:
        if self.typed is not None:
            self.typed = None
            self.redraw()
            return
        # Opened by ``moon42 replay``: leaving ends the app; from a game: back to it.
        if len(self.app.screen_stack) <= 2 and getattr(self.app, "flow", None) is None:
            self.app.exit()
        else:
            self.dismiss(None)


def review_screen(subject: ReviewSubject, glyphs: Glyphs) -> ReviewScreen:
    """The review of ``subject``, its moments shown in this viewer."""
    return ReviewScreen(subject, glyphs,
                        lambda replay, mark: ReplayScreen(replay, glyphs, mark=mark))
