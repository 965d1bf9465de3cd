"""The table: seats around, the trick (or the auction, or trump) in the middle, your hand below.

The flow calls ``show`` with a fresh view after every event; keys become actions
posted as ``ActionChosen`` messages, which the flow applies (or refuses, through
``refuse``).
"""

from __future__ import annotations

from contextlib import suppress

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer

from moon42.rules import Bid, Discard, NameTrump, Pass, Phase, Play, Plunge, Trick, Trump
from moon42.rules.actions import Action
from moon42.rules.bidding import special_value
from moon42.rules.views import SeatView

from .. import contract_words as contracts
from ..glyphs import UNICODE, Glyphs
from ..hints import Hints
from ..messages import ActionChosen, ExportRecord, PaceChanged, ShowScores, UndoMove
from ..offers import (
    bid_offers,
    legal_tiles,
    offer_label,
    ordered_hand,
    trump_offers,
    trumps_held,
)
from ..status import status_lines
from ..widgets.choices import Choice, ChoiceBar
from ..widgets.hand import HandView
from ..widgets.line import Line
from ..widgets.seat import SeatPanel
from ..widgets.trick import TrickPicture, TrickView
from ..words import bid_meaning

__all__ = ["TableScreen"]


def put(widget: Line, content: str | Text) -> None:
    """Update a line; it repaints only when its text changes (``Line.text`` is reactive)."""
    widget.update(content)


class _Prompt:
    """The prompt line, left alone while it shows a refusal."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def update(self, text: str) -> None:
        if not self.screen.refused:
            prompt = self.screen.query_one("#prompt", Line)
            put(prompt, text)
            prompt.set_class(False, "-refused")

_DIGITS = [
    Binding(str(n), f"digit({n})", "Tile by number; a bid's digits; trump 0-6", show=False,
            id=f"digit-{n}")
    for n in range(10)
]


class TableScreen(Screen):
    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", key_display="←→", id="left"),
        Binding("right,l", "move(1)", "Move", key_display="←→", show=False, id="right"),
        Binding("enter,space", "confirm", "Choose", key_display="⏎", id="confirm"),
        Binding("p", "pass_bid", "Pass", id="pass"),
        Binding("d", "trump_key('d')", "Doubles", id="doubles"),
        Binding("n", "trump_key('n')", "No trump", id="no-trump"),
        Binding("backspace", "erase", "Erase bid", show=False, id="erase"),
        Binding("t", "last_trick", "Last trick", id="last-trick"),
        Binding("s", "scores", "Scores", id="scores"),
        Binding("a", "hint", "Hint", id="hint"),
        Binding("u,ctrl+z", "undo", "Take back your last move", show=False, id="undo"),
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
        self._offers: list = []
        self._keys_state: tuple = ()
        self.refused = False
        self.hints = Hints(self)

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
            yield SeatPanel(g, id="seat-right")
        yield SeatPanel(g, inline=True, id="seat-me")
        yield HandView(g, id="hand")
        yield Line(id="prompt")
        yield Line(id="message")
        yield Footer()

    # ----- what the flow calls -------------------------------------------

    def show(self, view: SeatView, won_trick: Trick | None = None, pace: str = "") -> None:
        """Draw the table from ``view``; ``won_trick`` is a trick just taken, still on show."""
        new_turn = self.view is None or self.view.legal != view.legal
        self.view, self.won_trick, self.pace_text = view, won_trick, pace
        if new_turn:
            self.typed = ""
            self.showing_last = False
            self.refused = False
        if self.is_mounted:
            # NoMatches: the screen is being taken down (the app is closing): nothing to draw.
            with suppress(NoMatches):
                self._redraw(new_turn)

    def refuse(self, reason: str) -> None:
        """Say why a key did nothing; it stays until the turn changes."""
        self.refused = True
        prompt = self.query_one("#prompt", Line)
        put(prompt, f"{self.glyphs.set} Refused: {reason[:1].upper()}{reason[1:]}")
        prompt.set_class(True, "-refused")

    def note(self, text: str) -> None:
        """What just happened at the table."""
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
            self._update_meaning()

    def on_mount(self) -> None:
        if self.view is not None:
            self._redraw(True)

    # ----- drawing -------------------------------------------------------

    def _redraw(self, new_turn: bool) -> None:
        view = self.view
        assert view is not None
        me, n = view.seat, view.seats
        status = Text(status_lines(view, self.glyphs, self.pace_text), no_wrap=True,
                      overflow="ellipsis")
        put(self.query_one("#status", Line), status)
        top = self.query_one("#seat-top", SeatPanel)
        left = self.query_one("#seat-left", SeatPanel)
        right = self.query_one("#seat-right", SeatPanel)
        top.display = n == 4
        if n == 4:
            top.show(view, (me + 2) % 4)
            right.show(view, (me + 3) % 4)
        else:
            right.show(view, (me + 2) % 3)
        left.show(view, (me + 1) % n)
        self.query_one("#seat-me", SeatPanel).show(view, me)
        hand = self.query_one("#hand", HandView)
        tiles = ordered_hand(view)
        legal = legal_tiles(view) if self.interactive else None
        hand.marked = frozenset(view.widow) if view.phase is Phase.WIDOW else frozenset()
        hand.tiles, hand.legal, hand.resting = tiles, legal, view.sitting_out == view.seat
        if legal is not None and (new_turn or hand.cursor is None or hand.cursor >= len(tiles)):
            hand.cursor = next((i for i, t in enumerate(tiles) if t in legal), 0)
        elif legal is None:
            hand.cursor = None
        self._draw_center(view, new_turn)
        # The footer rebuilds itself on every refresh: only when the keys that apply change.
        keys_state = (view.phase,)
        if keys_state != self._keys_state:
            self._keys_state = keys_state
            self.refresh_bindings()

    def _draw_center(self, view: SeatView, new_turn: bool) -> None:
        title = self.query_one("#center-title", Line)
        trick = self.query_one("#trick", TrickView)
        choices = self.query_one("#choices", ChoiceBar)
        meaning = self.query_one("#meaning", Line)
        prompt = _Prompt(self)
        mine = view.my_turn and self.interactive
        kind = view.to_act.kind if view.to_act else None
        who = view.players[view.to_act.seat] if view.to_act else ""
        trick.display = view.phase in (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER)
        choices.display = mine and kind in ("bid", "trump")
        meaning.display = choices.display
        self._offers = []
        if kind == "bid":
            dealer = view.players[view.dealer]
            put(title, f"Bidding: {dealer} dealt. " + ("Your bid?" if mine else f"{who} bids..."))
            if mine:
                self._offers = bid_offers(view)
                self._set_choices(choices, [Choice(offer_label(a, view)) for a in self._offers],
                                  new_turn)
            prompt.update(contracts.bid_prompt(view, self.glyphs.arrows) if mine
                          else f"Waiting for {who} to bid.")
        elif kind == "trump":
            put(title, contracts.trump_title(view, mine))
            if mine:
                self._offers = trump_offers(view)
                items = [contracts.trump_choice(a.trump, view) for a in self._offers]
                held = [trumps_held(view, a.trump) or 0 for a in self._offers]
                self._set_choices(choices, items, new_turn, default=held.index(max(held)))
            prompt.update(f"Name trump: its key, or {self.glyphs.arrows} and Enter." if mine
                          else f"Waiting for {who} to name trump.")
        elif kind == "discard":
            widow = ", ".join(str(t) for t in view.widow)
            put(title, f"You took the widow ({widow}, marked *). Discard one tile." if mine
                         else f"{who} takes the widow and discards one tile...")
            prompt.update(f"Discard: its number, or {self.glyphs.arrows} and Enter." if mine
                          else f"Waiting for {who} to discard.")
        else:
            self._draw_trick(view, title, trick, prompt, mine, who)
        self._update_meaning()

    def _set_choices(self, bar: ChoiceBar, items: list[Choice], reset: bool, default: int = 0):
        bar.choices = tuple(items)
        if reset or bar.cursor >= len(items):
            bar.cursor = min(default, len(items) - 1)

    def _draw_trick(self, view, title, trick, prompt, mine: bool, who: str) -> None:
        names = view.players
        shown: Trick | None = view.current_trick or self.won_trick
        caption = ""
        if self.showing_last and view.tricks:
            shown = view.tricks[-1]
            caption = f"Last trick, won by {names[shown.winner]} (t closes)."
        elif shown is not None and shown.winner is not None:
            caption = f"{names[shown.winner]} won trick {len(view.tricks)}."
        elif view.phase is Phase.PLAY:
            caption = f"Trick {len(view.tricks) + 1}." + contracts.play_caption(view)
        trick.picture = TrickPicture(
            me=view.seat,
            seats=view.seats,
            names=tuple(names),
            plays=shown.plays if shown else (),
            winner=shown.winner if shown else None,
            to_play=view.to_act.seat if view.to_act and not self.showing_last else None,
            sitting_out=view.sitting_out,
        )
        put(title, caption)
        if view.phase is not Phase.PLAY:
            prompt.update("The hand is over.")
        elif mine:
            how = f"a tile's number, or {self.glyphs.arrows} and Enter"
            prompt.update(contracts.play_prompt(view, how))
        else:
            prompt.update(contracts.waiting_prompt(view, who))

    def _update_meaning(self) -> None:
        view = self.view
        bar = self.query_one("#choices", ChoiceBar)
        meaning = self.query_one("#meaning", Line)
        if view is None or not meaning.display:
            return
        if view.to_act and view.to_act.kind == "bid":
            if self.typed:
                put(meaning, f"Typed: {self.typed}_  (Enter bids, Backspace erases)")
                return
            action = self._offers[bar.cursor] if self._offers else None
            if isinstance(action, Bid):
                put(meaning, bid_meaning(action.value, "bid", view.options))
            elif isinstance(action, Pass):
                put(meaning, bid_meaning(None, "pass", view.options))
            elif action is not None:
                contract = "plunge" if isinstance(action, Plunge) else "splash"
                value = special_value(contract, view.high_bid or 0)
                put(meaning, bid_meaning(value, contract, view.options))
        elif self._offers:
            put(meaning, contracts.trump_meaning(view, self._offers[bar.cursor].trump))

    # ----- keys ----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # By phase, not by turn: the footer rebuilds on every change, so it changes rarely.
        phase = self.view.phase if self.view is not None else None
        if not self.interactive and action in ("move", "confirm", "pass_bid", "trump_key", "erase",
                                               "undo"):
            return False
        if action in ("pass_bid", "erase"):
            return phase is Phase.BIDDING
        if action == "trump_key":
            return phase is Phase.TRUMP
        if action == "last_trick":
            return phase is Phase.PLAY
        return True

    def _my_kind(self) -> str | None:
        view = self.view
        if view is None or not self.interactive:
            return None
        if not view.my_turn:
            who = view.players[view.to_act.seat] if view.to_act else "nobody"
            self.refuse(f"wait: it is {who}'s turn." if view.to_act else "wait for the next hand.")
            return None
        return view.to_act.kind

    def _choose(self, action) -> None:
        self.post_message(ActionChosen(action))

    def action_move(self, step: int) -> None:
        kind = self.view.to_act.kind if self.view and self.view.my_turn else None
        if kind in ("bid", "trump"):
            self.typed = ""
            self.query_one("#choices", ChoiceBar).move(step)
            self._update_meaning()
        elif kind in ("play", "discard"):
            hand = self.query_one("#hand", HandView)
            if hand.tiles:
                hand.cursor = ((hand.cursor or 0) + step) % len(hand.tiles)

    def action_confirm(self) -> None:
        kind = self._my_kind()
        if kind in ("play", "discard"):
            hand = self.query_one("#hand", HandView)
            if hand.cursor is not None:
                self._tile_at(hand.cursor, kind)
        elif kind == "bid" and self.typed:
            value = int(self.typed)
            self.typed = ""
            self._update_meaning()
            self._choose(Bid(self.view.seat, value))
        elif kind in ("bid", "trump") and self._offers:
            self._choose(self._offers[self.query_one("#choices", ChoiceBar).cursor])

    def _tile_at(self, index: int, kind: str) -> None:
        tiles = self.query_one("#hand", HandView).tiles
        if not 0 <= index < len(tiles):
            self.refuse(f"you hold {len(tiles)} tiles: press 1 to {len(tiles)}.")
            return
        make = Play if kind == "play" else Discard
        self._choose(make(self.view.seat, tiles[index]))

    def action_digit(self, number: int) -> None:
        kind = self._my_kind()
        if kind in ("play", "discard"):
            self._tile_at(number - 1, kind)
        elif kind == "trump":
            if number > 6:
                self.refuse(f"there is no trump {number}: numbers run 0 to 6.")
            else:
                self._choose(NameTrump(self.view.seat, Trump.of_number(number)))
        elif kind == "bid":
            self.typed = (self.typed + str(number))[-3:]
            self._update_meaning()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self._update_meaning()

    def action_pass_bid(self) -> None:
        if self._my_kind() == "bid":
            self._choose(Pass(self.view.seat))

    def action_trump_key(self, key: str) -> None:
        if self._my_kind() == "trump":
            trump = Trump.DOUBLES if key == "d" else Trump.NO_TRUMP
            self._choose(NameTrump(self.view.seat, trump))

    def action_last_trick(self) -> None:
        view = self.view
        if view is None or not view.tricks:
            self.refuse("no trick has been taken yet this hand.")
        elif view.face_down and not self.showing_last:
            self.refuse("tricks are stacked face down in an 84 hand: remember them!")
        else:
            self.showing_last = not self.showing_last
            self._redraw(False)

    def action_scores(self) -> None:
        self.post_message(ShowScores())

    def action_pace(self, step: int) -> None:
        self.post_message(PaceChanged(step))

    def action_hint(self) -> None:
        self.hints.ask()

    def action_undo(self) -> None:
        self.post_message(UndoMove())

    def action_export(self) -> None:
        self.post_message(ExportRecord())
