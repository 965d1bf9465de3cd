"""The hand so far, as one seat may know it: the auction, the trump, every trick.

Built from a seat's view alone (RULES.md 8), so it cannot show a tile the seat may not know;
while a bid of 84 or more is played the earlier tricks lie face down (RULES.md 7.3) and the
log says only who took them.
"""

from __future__ import annotations

from rich.text import Text

from moon42.rules import Phase, Trick
from moon42.rules.views import SeatView

from ...play.claiming import Claimed
from ...play.words import bid_text, trump_text
from ..text.contract_words import for_partner
from .line import Line, hanging

__all__ = ["HandLog", "log_lines", "log_text"]


def _who(view: SeatView, seat: int, watching: bool = False) -> str:
    """``watching``: nobody at the table is "you" (a spectator, a game the bots play)."""
    return "You" if seat == view.seat and not watching else view.players[seat]


def _auction(view: SeatView, watching: bool) -> list[tuple[str, str]]:
    dealer = _who(view, view.dealer, watching)
    said = []
    for entry in view.bids:
        what = "pass" if entry.value is None else bid_text(entry.value, entry.contract,
                                                           view.options)
        said.append(f"{_who(view, entry.seat, watching)} {what}")
    lines = [(f"Auction ({dealer} dealt)", "bold")]
    lines.append(("  " + (", ".join(said) if said else "no bid yet"), ""))
    if view.bidder is not None and view.high_bid is not None and view.phase is not Phase.BIDDING:
        won = bid_text(view.high_bid, view.contract or "bid", view.options)
        lines.append((f"  {_who(view, view.bidder, watching)} won the bid at {won}", ""))
    if view.discard is not None:  # the bidder's view alone holds the widow and the discard
        widow = ", ".join(str(t) for t in view.widow)
        took = f"the widow ({widow})" if widow else "the widow"
        who = _who(view, view.seat, watching)
        lines.append((f"  {who} took {took} and laid {view.discard} aside", ""))
    elif view.bidder is not None and view.options.game == "moon3" and view.trump is not None:
        lines.append((f"  {_who(view, view.bidder, watching)} took the widow", "dim"))
    if view.trump is not None and view.declarer is not None:
        named = trump_text(view.trump, view.options)
        by = _who(view, view.declarer, watching)
        extra = f" for {_who(view, view.bidder, watching)}'s {view.contract}" if (
            for_partner(view) and view.bidder is not None) else ""
        lines.append((f"  Trump: {named} (named by {by}{extra})", ""))
        if view.sitting_out is not None:
            lines.append((f"  {_who(view, view.sitting_out, watching)} sits out (Nello)", "dim"))
    return lines


def _trick_line(view: SeatView, number: int, trick: Trick,
                watching: bool) -> tuple[str, str]:
    plays = ", ".join(f"{_who(view, seat, watching)} {tile}" for seat, tile in trick.plays)
    line = f"{number}. {plays}"
    if trick.winner is not None:
        line += f": {_who(view, trick.winner, watching)}"
        count = sum(tile.count for tile in trick.tiles)
        if not view.options.is_moon and count:
            line += f" (+{count} count)"
    return line, "" if trick.winner is not None else "bold"


# The turns of a hand the table played for a player out of time: (seat, what the bot did).
PlayedFor = tuple[tuple[int, str], ...]


def _played_for(view: SeatView, seat: int, what: str, watching: bool) -> str:
    who = _who(view, seat, watching)
    whose, them = ("your", "you") if who == "You" else ("their", "them")
    return f"{who} took too long: {whose} bot {what} for {them}"


def log_lines(view: SeatView, claimed: Claimed | None = None,
              watching: bool = False, played_for: PlayedFor = ()) -> list[tuple[str, str]]:
    """(text, style) lines: the auction, then one line a trick (the one on the table last);
    ``claimed``: where a claim was made this hand, marked before that trick; ``played_for``:
    the turns of this hand the table played for a player whose time ran out, said last."""
    if claimed is not None and claimed.hand != view.hand_number:
        claimed = None
    lines = _auction(view, watching)
    said = [(f"  {_played_for(view, seat, what, watching)}", "dim")
            for seat, what in played_for if seat < view.seats]
    if not view.tricks and view.current_trick is None:
        return lines + said
    lines.append(("Tricks (who played what: who took it)", "bold"))
    for number, trick in enumerate(view.tricks, 1):
        if claimed is not None and number == claimed.trick:
            who = _who(view, claimed.seat, watching)
            lines.append((f"{who} claimed the rest: played out", "bold"))
        if view.face_down:
            # An 84 hand: the earlier tricks lie face down; the table remembers who took them.
            assert trick.winner is not None
            lines.append((f"{number}. face down: {_who(view, trick.winner, watching)}", "dim"))
        else:
            lines.append(_trick_line(view, number, trick, watching))
    if view.current_trick is not None:
        lines.append(_trick_line(view, len(view.tricks) + 1, view.current_trick, watching))
    return lines + said


def log_text(view: SeatView, claimed: Claimed | None = None, width: int | None = None,
             watching: bool = False, played_for: PlayedFor = ()) -> Text:
    """The log; with ``width``, each line too long for it goes on under itself (a trick's
    count was cut at the end of a line beside the table); ``watching``: a spectator's or a
    watched game's log, which names every seat."""
    text = Text()
    rows = 0
    for line, style in log_lines(view, claimed, watching, played_for):
        for row in hanging(line, width, 3) if width else [line]:
            if rows:
                text.append("\n")
            text.append(row, style or None)
            rows += 1
    return text


class HandLog(Line):
    """The log beside the table (a big terminal); ``show`` with each new view."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[SeatView, Claimed | None, bool, PlayedFor] | None = None

    def show(self, view: SeatView, claimed: Claimed | None = None,
             watching: bool = False, played_for: PlayedFor = ()) -> None:
        self._shown = (view, claimed, watching, played_for)
        self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> Text:
        if self._shown is None:
            return Text("")
        view, claimed, watching, played_for = self._shown
        return log_text(view, claimed, max(20, self.size.width), watching, played_for)
