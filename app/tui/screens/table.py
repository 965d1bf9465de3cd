"""The table: seats around, the trick (or the auction, or trump) in the middle, your hand below.

The flow calls ``show`` with a fresh view after every event; keys become actions
posted as ``ActionChosen`` messages, which the flow applies (or refuses, through
``refuse``).  The drawing is in ``table_drawing``, the keys' actions in ``table_keys``.
"""

from __future__ import annotations

from contextlib import suppress

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen

from moon42.rules import Discard, Play, Trick
from moon42.rules.actions import Action
from moon42.rules.views import SeatView

from ...play.claiming import Claimed
from ...play.glyphs import UNICODE, Glyphs
from ..text.hints import Hints
from ..widgets.auction_board import AuctionBoard
from ..widgets.choices import ChoiceBar
from ..widgets.hand import HandView
from ..widgets.hand_log import HandLog
from ..widgets.line import Line
from ..widgets.seat import SeatPanel
from ..widgets.steady_footer import SteadyFooter
from ..widgets.tracker import Tracker
from ..widgets.trick import TrickView
from .table_drawing import (
    draw_bid_prompt,
    draw_meaning,
    draw_side,
    draw_table,
    fit_prompt,
    put,
)
from .table_keys import TableKeys

__all__ = ["TableScreen"]

_DIGITS = [
    Binding(str(n), f"digit({n})", "Tile by number; a bid's digits; trump 0-6", show=False,
            id=f"digit-{n}")
    for n in range(10)
]


class TableScreen(TableKeys, Screen):
    BINDINGS = [
        # Not on the key line: the prompt over it says them at every turn, and 80 columns
        # hold the other keys only without them.
        Binding("left,h", "move(-1)", "Move", key_display="←→", show=False, id="left"),
        Binding("right,l", "move(1)", "Move", key_display="←→", show=False, id="right"),
        Binding("enter,space", "confirm", "Choose", key_display="⏎", show=False, id="confirm"),
        Binding("p", "pass_bid", "Pass", id="pass"),
        Binding("d", "trump_key('d')", "Doubles", show=False, id="doubles"),
        Binding("n", "trump_key('n')", "No trump", show=False, id="no-trump"),
        Binding("n", "trump_key('f')", "Follow me", show=False, id="follow-me"),
        Binding("e", "trump_key('e')", "Nello", show=False, id="nello"),
        Binding("backspace", "erase", "Erase bid", show=False, id="erase"),
        Binding("t", "last_trick", "Last trick", id="last-trick"),
        # The same keys where they only explain why not (an 84 hand, undo switched off).
        Binding("t", "last_trick_down", "Last trick", show=False, id="last-trick-down"),
        Binding("s", "scores", "Scores", id="scores"),
        Binding("o", "hand_log('log')", "Log", id="hand-log"),
        Binding("k", "hand_log('tracker')", "Tiles", id="tracker"),
        Binding("a", "hint", "Hint", id="hint"),
        Binding("w", "claim", "Claim the rest (only winners left)", show=False, id="claim"),
        Binding("u,ctrl+z", "undo", "Undo", key_display="u", id="undo"),
        Binding("u,ctrl+z", "undo_off", "Undo", key_display="u", show=False, id="undo-off"),
        Binding("x", "export", "Export the game's record", show=False, id="export"),
        Binding("minus", "pace(-1)", "Faster bots", key_display="-", show=False, id="faster"),
        Binding("plus,equals_sign", "pace(1)", "Slower bots", key_display="+", show=False,
                id="slower"),
        *_DIGITS,
    ]

    def __init__(self, glyphs: Glyphs = UNICODE, interactive: bool = True) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.interactive = interactive
        self.view: SeatView | None = None
        self.won_trick: Trick | None = None
        self.showing_last = False
        self.typed = ""
        self.pace_text = ""
        self.heading = ""  # what the first status line starts with, if not the game's name
        self._offers: list = []
        self.refused = False
        # Whether u may take a move back (the lobby's Undo setting; the flow sets it).
        self.undo_allowed = True
        self.claimed: Claimed | None = None  # where this hand was claimed (the flow sets it)
        # This hand's turns played for a player whose time ran out (the flow sets them).
        self.played_for: tuple[tuple[int, str], ...] = ()
        # A moon bid waits for a second Enter (RULES.md: it stakes the whole hand).
        self.moon_pending = False
        self.hints = Hints(self)
        # A spectator's screen (no hand of its own): the tiles shown instead (a seat's
        # dealt hand once the hand is over, where the table allows it), or what is said.
        self.other_hand: tuple = ()
        self.no_hand = "(no tiles)"

    def compose(self) -> ComposeResult:
        g = self.glyphs
        yield Line(id="status")
        yield SeatPanel(g, inline=True, id="seat-top")
        with Horizontal(id="middle"):
            yield SeatPanel(g, id="seat-left")
            with Vertical(id="center"):
                yield Line(id="center-title")
                yield TrickView(g, id="trick")
                yield ChoiceBar(id="choices")
                yield Line(id="meaning")
                yield AuctionBoard(id="board")
            yield SeatPanel(g, id="seat-right")
            with Vertical(id="side"):  # a big terminal: the log and the tracker beside
                yield HandLog(id="side-log")
                yield Tracker(id="side-tracker")
        yield SeatPanel(g, inline=True, id="seat-me")
        yield HandView(g, id="hand")
        yield Line(id="prompt")
        yield Line(id="message")
        yield SteadyFooter()

    # ----- what the flow calls -------------------------------------------

    def show(self, view: SeatView, won_trick: Trick | None = None, pace: str = "") -> None:
        """Draw the table from ``view``; ``won_trick`` is a trick just taken, still on show."""
        new_turn = self.view is None or self.view.legal != view.legal
        self.view, self.won_trick, self.pace_text = view, won_trick, pace
        if new_turn:
            self.typed = ""
            self.moon_pending = False
            self.showing_last = False
            self.refused = False
        if self.is_mounted:
            # NoMatches: the screen is being taken down (the app is closing): nothing to draw.
            with suppress(NoMatches):
                self.redraw(new_turn)

    def refuse(self, reason: str) -> None:
        """Say why a key did nothing; it stays until the turn changes."""
        self.refused = True
        self.moon_pending = False
        if self.typed:  # digits typed before a refusal must not start the next bid
            self.typed = ""
            with suppress(NoMatches):
                self.update_meaning()
        prompt = self.query_one("#prompt", Line)
        text = f"{self.glyphs.set} Refused: {reason[:1].upper()}{reason[1:]}"
        fit_prompt(prompt, text)
        put(prompt, text)
        prompt.set_class(True, "-refused")

    def note(self, text: str) -> None:
        """What just happened at the table."""
        # NoMatches: a bot's move can be told as the screen is taken down (the player quits).
        with suppress(NoMatches):
            put(self.query_one("#message", Line), text)

    # ----- what a hint calls ---------------------------------------------

    @property
    def offers(self) -> list:
        """The bids or trumps on offer now, in the order the choices show them."""
        return list(self._offers)

    @property
    def message_width(self) -> int:
        """How many characters a line under the hand holds."""
        return self.query_one("#message", Line).size.width or 78

    def show_hint(self, first: str, second: str) -> None:
        """A hint's two lines: ``first`` where the prompt is, ``second`` under it."""
        self.refused = False
        prompt = self.query_one("#prompt", Line)
        prompt.set_class(False, "-refused")
        put(prompt, first)
        self.note(second)

    def point_at(self, action: Action) -> None:
        """Put the hand's cursor on ``action``'s tile, or the choices' on the offer, so that
        Enter plays it."""
        if isinstance(action, Play | Discard):
            hand = self.query_one("#hand", HandView)
            if action.tile in hand.tiles:
                hand.cursor = hand.tiles.index(action.tile)
        elif action in self._offers:
            self.typed = ""
            self.query_one("#choices", ChoiceBar).cursor = self._offers.index(action)
            self.update_meaning()

    def on_mount(self) -> None:
        if self.view is not None:
            self.redraw(True)

    # ----- drawing -------------------------------------------------------

    def redraw(self, new_turn: bool) -> None:
        """Draw the whole table from ``view``; ``new_turn``: the cursors start again."""
        view = self.view
        assert view is not None
        self._offers = draw_table(self, view, new_turn)
        self.update_meaning()
        draw_side(self, view)
        self.refresh_keys(view)

    def update_meaning(self) -> None:
        """The line under the choices (``draw_meaning``), after a key moved or typed."""
        draw_meaning(self, self._offers)

    def update_typed(self) -> None:
        """After a digit, Backspace or a move at the bid: the line under the choices, and the
        prompt with the bid typed so far (over a refusal: the player has gone on)."""
        self.update_meaning()
        if self.typed:
            self.refused = False
        draw_bid_prompt(self)

    def on_resize(self) -> None:
        if self.view is not None:
            with suppress(NoMatches):
                draw_side(self, self.view)
