"""A seat at the table: name, dealer, partner, turn, bid, and what it has taken."""

from __future__ import annotations

from rich.text import Text

from moon42.rules.views import SeatView

from ...play.glyphs import UNICODE, Glyphs
from ...play.words import bid_text
from .line import Line

__all__ = ["SeatPanel", "seat_lines"]


def seat_lines(view: SeatView, seat: int, glyphs: Glyphs,
               watching: bool = False) -> list[tuple[str, str]]:
    """(text, style) lines describing ``seat`` as ``view``'s seat sees it; ``watching``:
    nobody at the table is "you" (a game the bots play alone)."""
    name = view.players[seat]
    turn = view.to_act is not None and view.to_act.seat == seat
    head = f"{glyphs.turn} " if turn else "  "
    head += name
    if seat == view.dealer:
        head += f" {glyphs.dealer}dealer"
    lines = [(head, "bold reverse" if turn else "bold")]
    if view.partner is not None and seat == view.partner:
        said = f"partner of {view.players[view.seat]}" if watching else "your partner"
        lines.append((f"  {said}", "italic"))
    elif view.options.partnerships and seat != view.seat:
        lines.append(("  opponent", ""))
    entry = next((b for b in reversed(view.bids) if b.seat == seat), None)
    if seat == view.sitting_out:
        lines.append(("  sits out (Nello)", "dim"))
    if view.bidder == seat and view.phase.value not in ("bidding",):
        lines.append((f"  BIDDER: {bid_text(view.high_bid, view.contract or 'bid', view.options)}",
                      "bold"))
    elif entry is not None:
        said = bid_text(entry.value, entry.contract, view.options)
        lines.append((f"  bid {said}" if entry.value is not None else "  passed", ""))
    elif view.phase.value == "bidding":
        lines.append(("  (no bid yet)", "dim"))
    if view.trump is not None:
        taken = f"  tricks {view.tricks_won[seat]}"
        if not view.options.is_moon:
            taken += f", {view.points[seat]} pts"
        lines.append((taken, ""))
        down = ", face down" if seat == view.sitting_out else ""
        lines.append((f"  tiles {view.hand_sizes[seat]}{down}", "dim"))
    return lines


class SeatPanel(Line):
    """One seat's panel; ``inline`` joins the lines for a one-row panel."""

    def __init__(self, glyphs: Glyphs = UNICODE, inline: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.glyphs = glyphs
        self.inline = inline
        self._shown: Text | None = None

    def show(self, view: SeatView, seat: int, watching: bool = False) -> None:
        lines = seat_lines(view, seat, self.glyphs, watching)
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, (line, style) in enumerate(lines):
            if i:
                text.append(f" {self.glyphs.dot}" if self.inline else "\n")
            text.append(line.rstrip() if self.inline else line, style or None)
        if text != self._shown:  # an unchanged panel is not drawn again
            self._shown = text
            self.text = text
