"""The bidding box's lower part on a tall table: the auction seat by seat, what the hand
holds for its best trump, and the bids open to the player with what each contracts to.

Built from the seat's view alone. The parts go in as the box has rows for them, the most
useful first (the auction, then the bids open, then the hand): at 80x24 the box has no
rows to spare and shows none; at 120x40 it shows all three.
"""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.widget import Widget

from moon42.rules import Bid, Pass, Plunge, Splash, Trump
from moon42.rules.actions import Action
from moon42.rules.bidding import MARK, MOON, marks_of
from moon42.rules.views import SeatView

from ...play.words import bid_text, trump_text
from ..text.offers import offer_label, trumps_held
from ..text.reasons import hand_claims

__all__ = ["AuctionBoard", "board_parts", "board_text"]

Part = list[tuple[str, str]]  # (text, style) lines


def _who(view: SeatView, seat: int, watching: bool = False) -> str:
    return "You" if seat == view.seat and not watching else view.players[seat]


def auction_part(view: SeatView, watching: bool = False) -> Part:
    """Every seat in bidding order (the dealer's left first): its bid, or still to bid;
    ``watching`` (a spectator, a game of bots): every seat by its name."""
    said = {entry.seat: entry for entry in view.bids}
    width = max(len(_who(view, s, watching)) for s in range(view.seats))
    lines: Part = [("The auction", "bold")]
    for k in range(1, view.seats + 1):
        seat = (view.dealer + k) % view.seats
        entry = said.get(seat)
        if entry is not None:
            what = "pass" if entry.value is None else bid_text(entry.value, entry.contract,
                                                               view.options)
        elif view.to_act is not None and view.to_act.seat == seat:
            what = "to bid now"
        else:
            what = "to bid"
        if seat == view.dealer:
            what += " (dealer)"
        style = "bold" if entry is None and view.to_act and view.to_act.seat == seat else ""
        lines.append((f"  {_who(view, seat, watching):<{width}}  {what}", style))
    if view.high_bid is not None and view.bidder is not None:
        high = bid_text(view.high_bid, view.contract or "bid", view.options)
        lines.append((f"  High bid: {high} by {_who(view, view.bidder, watching)}", ""))
    return lines


def _best_trump(view: SeatView) -> Trump:
    """The suit (or the doubles) the hand holds most of; the higher number on a tie."""
    candidates = [Trump.of_number(n) for n in range(6, -1, -1)] + [Trump.DOUBLES]
    return max(candidates, key=lambda t: trumps_held(view, t) or 0)


def hand_part(view: SeatView, width: int) -> Part:
    """What the hand holds for its best trump, in the words a hint uses."""
    trump = _best_trump(view)
    facts = ", ".join(claim.words for claim in hand_claims(view, trump))
    lines: Part = [(f"Your hand, {trump_text(trump, view.options)} as trump", "bold")]
    lines += [(line, "") for line in textwrap.wrap(f"{facts[:1].upper()}{facts[1:]}.",
                                                   max(10, width - 2), initial_indent="  ",
                                                   subsequent_indent="  ")]
    return lines


def _short_meaning(action: Action, view: SeatView) -> str:
    """What a bid contracts to, in a few words."""
    if isinstance(action, Pass):
        return "let another seat bid"
    if isinstance(action, Plunge | Splash):
        doubles = 4 if isinstance(action, Plunge) else 3
        return f"{doubles}+ doubles; partner names trump; every trick"
    assert isinstance(action, Bid)
    if view.options.is_moon:
        return "all 7 tricks: 21 points" if action.value == MOON else (
            "that many tricks or more")
    if action.value >= MARK:
        marks = marks_of(action.value)
        return f"every trick, {marks} mark{'s' * (marks > 1)}" if action.value > MARK else (
            "all 42 points")
    return "that many points or more"


def bids_part(view: SeatView, offers: list[Action], width: int) -> Part:
    """The bids open to the player, a run of bids meaning alike on one line."""
    rows: list[tuple[str, str]] = []  # (label, meaning)
    run: list[str] = []
    for action in offers:
        label, meaning = offer_label(action, view), _short_meaning(action, view)
        if rows and meaning == rows[-1][1] and isinstance(action, Bid) and run:
            run.append(label)
            rows[-1] = (f"{run[0]}-{run[-1]}", meaning)
            continue
        run = [label] if isinstance(action, Bid) else []
        rows.append((label, meaning))
    # A long label ("84 (2 marks)") pushes its own meaning along rather than every one.
    label_width = min(6, max(len(label) for label, _ in rows))
    lines: Part = [("Bids open to you", "bold")]
    for label, meaning in rows:
        if 2 + max(label_width, len(label)) + 2 + len(meaning) <= width:
            lines.append((f"  {label:<{label_width}}  {meaning}", ""))
        else:  # too narrow for one row: the meaning under its bid
            lines.append((f"  {label}", ""))
            lines += [(line, "dim") for line in textwrap.wrap(
                meaning, max(10, width - 4), initial_indent="    ", subsequent_indent="    ")]
    return lines


def board_parts(view: SeatView, offers: list[Action], width: int,
                watching: bool = False) -> list[Part]:
    """The parts that apply now, the most useful first; ``watching``, no hand part (a
    spectator has no hand, and a game of bots is nobody's)."""
    parts = [auction_part(view, watching)]
    if offers:
        parts.append(bids_part(view, offers, width))
    if view.hand and not watching:
        parts.append(hand_part(view, width))
    return parts


def board_text(view: SeatView, offers: list[Action], width: int, height: int,
               watching: bool = False) -> Text:
    """As many parts as ``height`` rows hold (a blank row between two), in reading order:
    the auction, the hand, then the bids."""
    parts = board_parts(view, offers, width, watching)
    chosen: list[int] = []
    used = 0
    for i, part in enumerate(parts):
        need = len(part) + (1 if chosen else 0)
        if used + need <= height:
            chosen.append(i)
            used += need
    order = sorted(chosen, key=lambda i: {0: 0, len(parts) - 1: 1}.get(i, 2))
    lines: Part = []
    for i in order:
        if lines:
            lines.append(("", ""))
        lines += parts[i]
    text = Text(no_wrap=True, overflow="ellipsis")
    for k, (line, style) in enumerate(lines):
        if k:
            text.append("\n")
        if len(line) > width:  # a player's long name: cut, never wrapped into the next part
            line = line[: max(0, width - 1)] + "…"
        text.append(line, style or None)
    return text


class AuctionBoard(Widget):
    """The board under the bidding box's choices (its height is what the box has left)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: SeatView | None = None
        self.offers: list[Action] = []
        self.watching = False

    def show(self, view: SeatView, offers: list[Action], watching: bool = False) -> None:
        self.view, self.offers, self.watching = view, list(offers), watching
        self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> Text:
        if self.view is None:
            return Text("")
        return board_text(self.view, self.offers, self.size.width, self.size.height,
                          self.watching)
