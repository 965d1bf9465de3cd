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
from moon42.rules.bidding import MOON, special_value
from moon42.rules.views import SeatView

from .. import contract_words as contracts
from ..glyphs import UNICODE, Glyphs
from ..hints import Hints
from ..messages import ActionChosen, ClaimRest, ExportRecord, PaceChanged, ShowScores, UndoMove
from ..offers import (
    bid_offers,
    legal_tiles,
    offer_label,
    ordered_hand,
    trump_offers,
)
from ..status import status_lines
from ..widgets.auction_board import AuctionBoard
from ..widgets.choices import Choice, ChoiceBar
from ..widgets.hand import HandView
from ..widgets.hand_log import Claimed, HandLog
from ..widgets.line import Line
from ..widgets.seat import SeatPanel
from ..widgets.tracker import Tracker
from ..widgets.trick import TrickPicture, TrickView
from ..words import bid_meaning
from .hand_log import HandLogScreen

__all__ = ["TableScreen"]


def marked_tiles(view: SeatView, tiles: tuple) -> tuple[frozenset, frozenset]:
    """The trumps in the hand (once named; Sevens and no trump have none) and, in Texas 42,
    the count tiles."""
    rules = view.trick_rules
    trumps = frozenset(t for t in tiles if rules is not None and not rules.sevens
                       and rules.is_trump[t])
    counts = frozenset() if view.options.is_moon else frozenset(t for t in tiles if t.count)
    return trumps, counts


def put(widget: Line, content: str | Text, layout: bool = False) -> None:
    """Update a line; it repaints only when its text changes (``Line.text`` is reactive).
    ``layout``: the line's height follows its text (the centre's title, one or two rows)."""
    if widget.text != content:
        widget.update(content)
        if layout:
            widget.refresh(layout=True)


class _Prompt:
    """The prompt line, left alone while it shows a refusal."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def update(self, text: str) -> None:
        if not self.screen.refused:
            prompt = self.screen.query_one("#prompt", Line)
            fit_prompt(prompt, text)
            put(prompt, text)
            prompt.set_class(False, "-refused")


def fit_prompt(prompt: Line, text: str) -> None:
    """A prompt too long for one row (a refusal's rule) takes two rather than be cut."""
    rows = 2 if len(text) > prompt.app.size.width - 2 else 1
    if prompt.styles.height is None or prompt.styles.height.value != rows:
        prompt.styles.height = rows

_DIGITS = [
    Binding(str(n), f"digit({n})", "Tile by number; a bid's digits; trump 0-6", show=False,
            id=f"digit-{n}")
    for n in range(10)
]


# From this size on, the hand log and the tile tracker stand beside the table.
SIDE_WIDTH, SIDE_HEIGHT = 120, 30


class TableScreen(Screen):
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
        self._offers: list = []
        self._keys_state: tuple = ()
        self.refused = False
        # Whether u may take a move back (the lobby's Undo setting; the flow sets it).
        self.undo_allowed = True
        self.claimed: Claimed | None = None  # where this hand was claimed (the flow sets it)
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
        yield Footer()

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
                self._redraw(new_turn)

    def refuse(self, reason: str) -> None:
        """Say why a key did nothing; it stays until the turn changes."""
        self.refused = True
        self.moon_pending = False
        if self.typed:  # digits typed before a refusal must not start the next bid
            self.typed = ""
            with suppress(NoMatches):
                self._update_meaning()
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
            self._update_meaning()

    def on_mount(self) -> None:
        if self.view is not None:
            self._redraw(True)

    # ----- drawing -------------------------------------------------------

    def _redraw(self, new_turn: bool) -> None:
        view = self.view
        assert view is not None
        me, n = view.seat, view.seats
        watching = not self.interactive
        status = Text(status_lines(view, self.glyphs, self.pace_text, watching), no_wrap=True,
                      overflow="ellipsis")
        put(self.query_one("#status", Line), status)
        top = self.query_one("#seat-top", SeatPanel)
        left = self.query_one("#seat-left", SeatPanel)
        right = self.query_one("#seat-right", SeatPanel)
        top.display = n == 4
        if n == 4:
            top.show(view, (me + 2) % 4, watching)
            right.show(view, (me + 3) % 4, watching)
        else:
            right.show(view, (me + 2) % 3, watching)
        left.show(view, (me + 1) % n, watching)
        self.query_one("#seat-me", SeatPanel).show(view, me)
        hand = self.query_one("#hand", HandView)
        tiles = ordered_hand(view) or self.other_hand
        hand.empty_text = self.no_hand
        legal = legal_tiles(view) if self.interactive else None
        hand.marked = frozenset(view.widow) if view.phase is Phase.WIDOW else frozenset()
        hand.trumps, hand.counts = marked_tiles(view, tiles)
        hand.tiles, hand.legal, hand.resting = tiles, legal, view.sitting_out == view.seat
        if legal is not None and (new_turn or hand.cursor is None or hand.cursor >= len(tiles)):
            hand.cursor = next((i for i, t in enumerate(tiles) if t in legal), 0)
        elif legal is None:
            hand.cursor = None
        self._draw_center(view, new_turn)
        self._draw_side(view)
        # The footer rebuilds itself on every refresh: only when the keys that apply change.
        keys_state = (view.phase, self._forced(view), view.face_down)
        if keys_state != self._keys_state:
            self._keys_state = keys_state
            self.refresh_bindings()

    def _draw_side(self, view: SeatView) -> None:
        side = self.query_one("#side")
        wide = self.app.size.width >= SIDE_WIDTH and self.app.size.height >= SIDE_HEIGHT
        if side.display != wide:
            side.display = wide
        if wide:
            self.query_one("#side-log", HandLog).show(view, self.claimed, not self.interactive)
            self.query_one("#side-tracker", Tracker).show(view)

    def on_resize(self) -> None:
        if self.view is not None:
            with suppress(NoMatches):
                self._draw_side(self.view)

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
        board = self.query_one("#board", AuctionBoard)
        board.display = kind == "bid"
        self._offers = []
        if kind == "bid":
            dealer = view.players[view.dealer]
            put(title, f"Bidding: {dealer} dealt. " + ("Your bid?" if mine else f"{who} bids..."),
                True)
            if mine:
                self._offers = bid_offers(view)
                self._set_choices(choices, [Choice(offer_label(a, view)) for a in self._offers],
                                  new_turn)
            prompt.update(contracts.bid_prompt(view, self.glyphs.arrows) if mine
                          else f"Waiting for {who} to bid.")
            board.show(view, self._offers, not self.interactive)
        elif kind == "trump":
            put(title, contracts.trump_title(view, mine), True)
            if mine:
                self._offers = trump_offers(view)
                items = [contracts.trump_choice(a.trump, view) for a in self._offers]
                # No trump is chosen for the player: Enter alone names nothing.
                self._set_choices(choices, items, new_turn, default=-1)
            prompt.update(f"Name trump: its key, or {self.glyphs.arrows} and Enter." if mine
                          else f"Waiting for {who} to name trump.")
        elif kind == "discard":
            widow = ", ".join(str(t) for t in view.widow)
            put(title, f"You took the widow ({widow}, marked *). Discard one tile." if mine
                         else f"{who} takes the widow and discards one tile...", True)
            prompt.update(f"Discard: its number, or {self.glyphs.arrows} and Enter." if mine
                          else f"Waiting for {who} to discard.")
        else:
            self._draw_trick(view, title, trick, prompt, mine, who)
        self._update_meaning()

    def _set_choices(self, bar: ChoiceBar, items: list[Choice], reset: bool, default: int = 0):
        bar.choices = tuple(items)
        if reset or bar.cursor >= len(items):
            bar.cursor = min(default, len(items) - 1)

    @staticmethod
    def _forced(view: SeatView) -> bool:
        """The human must bid (a forced bid): passing is not among the legal actions."""
        return (view.my_turn and view.to_act is not None and view.to_act.kind == "bid"
                and not any(isinstance(a, Pass) for a in view.legal))

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
        put(title, caption, True)
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
            if self.moon_pending:
                put(meaning, "Shoot the moon? Enter again bids it; any other key takes it back.",
                    True)
                return
            if self.typed:
                put(meaning, f"Typed: {self.typed}_  (Enter bids, Backspace erases)", True)
                return
            action = self._offers[bar.cursor] if self._offers else None
            if isinstance(action, Bid):
                put(meaning, bid_meaning(action.value, "bid", view.options), True)
            elif isinstance(action, Pass):
                put(meaning, bid_meaning(None, "pass", view.options), True)
            elif action is not None:
                contract = "plunge" if isinstance(action, Plunge) else "splash"
                value = special_value(contract, view.high_bid or 0)
                put(meaning, bid_meaning(value, contract, view.options), True)
        elif self._offers and bar.selected is not None:
            put(meaning, contracts.trump_meaning(view, self._offers[bar.cursor].trump), True)
        elif self._offers:
            put(meaning, contracts.trump_unchosen(view, self._offers), True)

    # ----- keys ----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # By phase, not by turn: the footer rebuilds on every change, so it changes rarely.
        phase = self.view.phase if self.view is not None else None
        if not self.interactive and action in ("move", "confirm", "pass_bid", "trump_key", "erase",
                                               "undo", "hint", "digit", "claim"):
            return False
        if action == "pass_bid":
            return phase is Phase.BIDDING and not (self.view and self._forced(self.view))
        if action == "erase":
            return phase is Phase.BIDDING
        if action == "trump_key":
            return phase is Phase.TRUMP and self._trump_key_offered(str(parameters[0]))
        face_down = self.view is not None and self.view.face_down
        if action in ("last_trick", "last_trick_down"):
            return phase is Phase.PLAY and face_down == (action == "last_trick_down")
        if action in ("undo", "undo_off"):
            return self.undo_allowed == (action == "undo")
        return True

    def _trump_key_offered(self, key: str) -> bool:
        """n is "no trump" in Moon and "follow me" in Texas 42; e only where Nello is played."""
        view = self.view
        if view is None:
            return key in ("d", "n")
        if key in ("n", "f"):
            return (key == "n") == view.options.is_moon
        if key == "e":
            return any(isinstance(a, NameTrump) and a.trump is Trump.NELLO for a in view.legal)
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

    def _typing(self) -> bool:
        """While a bid is being typed, a letter is not a command: say how to finish it."""
        if self.typed and self.view is not None and self.view.my_turn:
            typed = self.typed
            self.refuse(f"you are typing a bid ({typed}): Enter bids it, Backspace erases.")
            self.typed = typed  # the bid being typed stays: this refusal is about the key
            self._update_meaning()
            return True
        return False

    def on_key(self, event) -> None:
        if self.moon_pending and event.key not in ("enter", "space"):
            self.moon_pending = False
            self._update_meaning()

    def action_confirm(self) -> None:
        kind = self._my_kind()
        if kind in ("play", "discard"):
            hand = self.query_one("#hand", HandView)
            if hand.cursor is not None:
                self._tile_at(hand.cursor, kind)
        elif kind == "bid" and self.typed:
            value = int(self.typed)
            if self._ask_moon(value):
                return
            self.typed = ""
            self._update_meaning()
            self._choose(Bid(self.view.seat, value))
        elif kind in ("bid", "trump") and self._offers:
            chosen = self.query_one("#choices", ChoiceBar).selected
            if chosen is None:
                self.refuse(f"choose a trump first: its key, or {self.glyphs.arrows} and Enter.")
                return
            action = self._offers[chosen]
            if isinstance(action, Bid) and self._ask_moon(action.value):
                return
            self._choose(action)

    def _ask_moon(self, value: int) -> bool:
        """A moon bid needs a second Enter; True while it waits for it."""
        if not (self.view.options.is_moon and value == MOON) or self.moon_pending:
            self.moon_pending = False
            return False
        self.moon_pending = True
        self._update_meaning()
        return True

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
            trump = Trump.SEVENS if number == 7 else None if number > 6 else Trump.of_number(number)
            if trump is not None and any(getattr(a, "trump", None) is trump
                                         for a in self.view.legal):
                self._choose(NameTrump(self.view.seat, trump))
            elif trump is Trump.SEVENS:
                self.refuse("Sevens is not played in this game (a house rule of the lobby).")
            else:
                sevens = any(getattr(a, "trump", None) is Trump.SEVENS for a in self.view.legal)
                more = ", and 7 for Sevens" if sevens else ""
                self.refuse(f"there is no trump {number}: numbers run 0 to 6{more}.")
        elif kind == "bid":
            self.typed = (self.typed + str(number))[-3:]
            self._update_meaning()

    def action_erase(self) -> None:
        self.moon_pending = False
        self.typed = self.typed[:-1]
        self._update_meaning()

    def action_pass_bid(self) -> None:
        if self._typing():
            return
        if self._my_kind() == "bid":
            self._choose(Pass(self.view.seat))

    def action_trump_key(self, key: str) -> None:
        if self._my_kind() == "trump":
            trump = {"d": Trump.DOUBLES, "e": Trump.NELLO}.get(key, Trump.NO_TRUMP)  # n, f
            self._choose(NameTrump(self.view.seat, trump))

    def action_last_trick(self) -> None:
        if self._typing():
            return
        view = self.view
        if view is None or not view.tricks:
            self.refuse("no trick has been taken yet this hand.")
        elif view.face_down and not self.showing_last:
            self.refuse("tricks are stacked face down in an 84 hand: remember them!")
        else:
            self.showing_last = not self.showing_last
            self._redraw(False)

    action_last_trick_down = action_last_trick

    def action_hand_log(self, kind: str) -> None:
        if not self._typing() and self.view is not None:
            self.app.push_screen(HandLogScreen(lambda: (self.view, self.claimed), kind,
                                               watching=not self.interactive))

    def action_undo_off(self) -> None:
        self.refuse("undo is off for this game (the lobby's Undo setting, or --no-undo).")

    def action_scores(self) -> None:
        if not self._typing():
            self.post_message(ShowScores())

    def action_pace(self, step: int) -> None:
        self.post_message(PaceChanged(step))

    def action_hint(self) -> None:
        if not self._typing():
            self.hints.ask()

    def action_claim(self) -> None:
        if not self._typing():
            self.post_message(ClaimRest())

    def action_undo(self) -> None:
        if not self._typing():
            self.post_message(UndoMove())

    def action_export(self) -> None:
        if not self._typing():
            self.post_message(ExportRecord())
