"""The table drawn from a seat's view: the status lines, the seats, the hand, the centre (the
auction, trump, the discard or the trick), the prompt, and the log and tracker beside it.

Functions of the table screen (``screens.table.TableScreen``): they read its view and state
and update its widgets; the screen calls them after every event, on a resize, and as keys
move the choices.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text

from moon42.rules import Bid, Pass, Phase, Plunge, Trick
from moon42.rules.actions import Action
from moon42.rules.bidding import special_value
from moon42.rules.views import SeatView

from ...play.claiming import Claimed
from ...play.glyphs import Glyphs
from ...play.words import bid_meaning
from ..text import contract_words as contracts
from ..text.offers import (
    Choice,
    bid_offers,
    legal_tiles,
    offer_label,
    ordered_hand,
    trump_offers,
)
from ..text.status import status_lines
from ..widgets.auction_board import AuctionBoard
from ..widgets.choices import ChoiceBar
from ..widgets.hand import HandView
from ..widgets.hand_log import HandLog
from ..widgets.line import Line
from ..widgets.seat import SeatPanel
from ..widgets.tracker import Tracker
from ..widgets.trick import TrickPicture, TrickView

__all__ = ["DrawnTable", "draw_table", "draw_side", "draw_meaning", "marked_tiles", "put",
           "fit_prompt", "SIDE_WIDTH", "SIDE_HEIGHT"]

# From this size on, the hand log and the tile tracker stand beside the table.
SIDE_WIDTH, SIDE_HEIGHT = 120, 30


class DrawnTable(Protocol):
    """What drawing reads of the table screen (``screens.table.TableScreen``)."""

    view: SeatView | None
    won_trick: Trick | None
    showing_last: bool
    typed: str
    moon_pending: bool
    refused: bool
    interactive: bool
    glyphs: Glyphs
    pace_text: str
    claimed: Claimed | None
    other_hand: tuple
    no_hand: str

    @property
    def app(self) -> Any: ...

    def query_one(self, selector: str, expect_type: Any = None) -> Any: ...


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

    def __init__(self, screen: DrawnTable) -> None:
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


def _cut(line: Text, width: int) -> Text:
    line.truncate(width, overflow="ellipsis")
    return line


def draw_table(screen: DrawnTable, view: SeatView, new_turn: bool) -> list[Action]:
    """The status lines, the seats, the hand and the centre; ``new_turn``: the cursors start
    again.  Returns the bids or trumps the choices offer (none but on the human's turn)."""
    me, n = view.seat, view.seats
    watching = not screen.interactive
    # Each status line is cut to the width (Textual wraps a long one over the next).
    line_widget = screen.query_one("#status", Line)
    width = line_widget.size.width or screen.app.size.width
    status = Text("\n", no_wrap=True).join(
        _cut(Text(line), width) for line in status_lines(
            view, screen.glyphs, screen.pace_text, watching, screen.heading, width).split("\n"))
    put(line_widget, status)
    top = screen.query_one("#seat-top", SeatPanel)
    left = screen.query_one("#seat-left", SeatPanel)
    right = screen.query_one("#seat-right", SeatPanel)
    top.display = n == 4
    if n == 4:
        top.show(view, (me + 2) % 4, watching)
        right.show(view, (me + 3) % 4, watching)
    else:
        right.show(view, (me + 2) % 3, watching)
    left.show(view, (me + 1) % n, watching)
    screen.query_one("#seat-me", SeatPanel).show(view, me)
    hand = screen.query_one("#hand", HandView)
    tiles = ordered_hand(view) or screen.other_hand
    hand.empty_text = screen.no_hand
    legal = legal_tiles(view) if screen.interactive else None
    hand.marked = frozenset(view.widow) if view.phase is Phase.WIDOW else frozenset()
    hand.trumps, hand.counts = marked_tiles(view, tiles)
    hand.tiles, hand.legal, hand.resting = tiles, legal, view.sitting_out == view.seat
    if legal is not None and (new_turn or hand.cursor is None or hand.cursor >= len(tiles)):
        hand.cursor = next((i for i, t in enumerate(tiles) if t in legal), 0)
    elif legal is None:
        hand.cursor = None
    return _draw_center(screen, view, new_turn)


def draw_side(screen: DrawnTable, view: SeatView) -> None:
    """The hand log and the tile tracker beside the table, on a terminal big enough."""
    side = screen.query_one("#side")
    wide = screen.app.size.width >= SIDE_WIDTH and screen.app.size.height >= SIDE_HEIGHT
    if side.display != wide:
        side.display = wide
    if wide:
        screen.query_one("#side-log", HandLog).show(view, screen.claimed, not screen.interactive,
                                                    screen.played_for)
        screen.query_one("#side-tracker", Tracker).show(view)


def _draw_center(screen: DrawnTable, view: SeatView, new_turn: bool) -> list[Action]:
    title = screen.query_one("#center-title", Line)
    trick = screen.query_one("#trick", TrickView)
    choices = screen.query_one("#choices", ChoiceBar)
    meaning = screen.query_one("#meaning", Line)
    prompt = _Prompt(screen)
    mine = view.my_turn and screen.interactive
    kind = view.to_act.kind if view.to_act else None
    who = view.players[view.to_act.seat] if view.to_act else ""
    trick.display = view.phase in (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER)
    choices.display = mine and kind in ("bid", "trump")
    meaning.display = choices.display
    board = screen.query_one("#board", AuctionBoard)
    board.display = kind == "bid"
    offers: list[Action] = []
    if kind == "bid":
        dealer = view.players[view.dealer]
        put(title, f"Bidding: {dealer} dealt. " + ("Your bid?" if mine else f"{who} bids..."),
            True)
        if mine:
            offers = bid_offers(view)
            _set_choices(choices, [Choice(offer_label(a, view)) for a in offers], new_turn)
        prompt.update(bid_prompt(screen) if mine else f"Waiting for {who} to bid.")
        board.show(view, offers, not screen.interactive)
    elif kind == "trump":
        put(title, contracts.trump_title(view, mine), True)
        if mine:
            offers = trump_offers(view)
            items = [contracts.trump_choice(a.trump, view) for a in offers]
            # No trump is chosen for the player: Enter alone names nothing.
            _set_choices(choices, items, new_turn, default=-1)
        prompt.update(f"Name trump: its key, or {screen.glyphs.arrows} and Enter." if mine
                      else f"Waiting for {who} to name trump.")
    elif kind == "discard":
        widow = ", ".join(str(t) for t in view.widow)
        put(title, f"You took the widow ({widow}, marked *). Discard one tile." if mine
                     else f"{who} takes the widow and discards one tile...", True)
        prompt.update(f"Discard: its number, or {screen.glyphs.arrows} and Enter." if mine
                      else f"Waiting for {who} to discard.")
    else:
        _draw_trick(screen, view, title, trick, prompt, mine, who)
    return offers


def _set_choices(bar: ChoiceBar, items: list[Choice], reset: bool, default: int = 0):
    bar.choices = tuple(items)
    if reset or bar.cursor >= len(items):
        bar.cursor = min(default, len(items) - 1)


def _draw_trick(screen: DrawnTable, view: SeatView, title: Line, trick: TrickView,
                prompt: _Prompt, mine: bool, who: str) -> None:
    names = view.players
    shown: Trick | None = view.current_trick or screen.won_trick
    caption = ""
    if screen.showing_last and view.tricks:
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
        to_play=view.to_act.seat if view.to_act and not screen.showing_last else None,
        sitting_out=view.sitting_out,
    )
    put(title, caption, True)
    if view.phase is not Phase.PLAY:
        prompt.update("The hand is over.")
    elif mine:
        how = f"a tile's number, or {screen.glyphs.arrows} and Enter"
        prompt.update(contracts.play_prompt(view, how))
    else:
        prompt.update(contracts.waiting_prompt(view, who))


def bid_prompt(screen: DrawnTable) -> str:
    """The prompt at the human's bid: the digits typed so far, where the bid is asked."""
    assert screen.view is not None
    if screen.typed:
        return f"Your bid: {screen.typed}_  Enter bids it, Backspace erases."
    return contracts.bid_prompt(screen.view, screen.glyphs.arrows)


def draw_bid_prompt(screen: DrawnTable) -> None:
    """The prompt at the human's bid again, after a digit, Backspace or a move."""
    view = screen.view
    if view is not None and view.my_turn and view.to_act and view.to_act.kind == "bid":
        _Prompt(screen).update(bid_prompt(screen))


def draw_meaning(screen: DrawnTable, offers: list[Action]) -> None:
    """The line under the choices: what the bid or trump under the cursor means, the bid
    being typed, or the question a moon bid asks."""
    view = screen.view
    bar = screen.query_one("#choices", ChoiceBar)
    meaning = screen.query_one("#meaning", Line)
    if view is None or not meaning.display:
        return
    if view.to_act and view.to_act.kind == "bid":
        if screen.moon_pending:
            put(meaning, "Shoot the moon? Enter again bids it; any other key takes it back.",
                True)
            return
        if screen.typed:
            put(meaning, f"Typed: {screen.typed}_  (Enter bids, Backspace erases)", True)
            return
        action = offers[bar.cursor] if offers else None
        if isinstance(action, Bid):
            put(meaning, bid_meaning(action.value, "bid", view.options), True)
        elif isinstance(action, Pass):
            put(meaning, bid_meaning(None, "pass", view.options), True)
        elif action is not None:
            contract = "plunge" if isinstance(action, Plunge) else "splash"
            value = special_value(contract, view.high_bid or 0)
            put(meaning, bid_meaning(value, contract, view.options), True)
    elif offers and bar.selected is not None:
        put(meaning, contracts.trump_meaning(view, offers[bar.cursor].trump), True)
    elif offers:
        put(meaning, contracts.trump_unchosen(view, offers), True)
