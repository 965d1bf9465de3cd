"""What the table says about Texas 42's contracts: Plunge and Splash (the partner names trump),
Nello (the partner sits out) and Sevens (the tile closest to 7 pips must be played).

Pure functions of a seat's view, so the table screen only places their words.
"""

from __future__ import annotations

from moon42.rules import Pass, Play, Trump
from moon42.rules.bidding import marks_of
from moon42.rules.views import SeatView

from ...play.words import trump_text
from .offers import TRUMP_KEYS, Choice, trumps_held

__all__ = [
    "for_partner",
    "trump_title",
    "trump_meaning",
    "play_caption",
    "play_prompt",
    "waiting_prompt",
    "sevens_tiles",
    "named_for",
    "bid_prompt",
    "trump_choice",
    "trump_unchosen",
]


def for_partner(view: SeatView) -> bool:
    """Trump is named by the bidder's partner (after a Plunge or Splash)."""
    return view.declarer is not None and view.bidder is not None and view.declarer != view.bidder


def _contract_name(view: SeatView) -> str:
    return (view.contract or "bid").capitalize()


def trump_title(view: SeatView, mine: bool) -> str:
    """The centre's title while trump is named (after a Plunge or Splash: by whom, and why)."""
    who = view.players[view.to_act.seat] if view.to_act else ""
    if not for_partner(view):
        return "Name trump." if mine else f"{who} is naming trump..."
    bidder = view.bidder
    assert bidder is not None
    contract = _contract_name(view)
    if mine:
        marks = marks_of(view.high_bid or 0)
        return (f"{view.players[bidder]} bid {contract} ({marks} marks): you name trump and"
                f" lead; take all 7 tricks.")
    whose = "your" if bidder == view.seat else f"{view.players[bidder]}'s"
    return f"{who} names trump for {whose} {contract}..."


def trump_meaning(view: SeatView, trump: Trump) -> str:
    """One short line on what naming ``trump`` means for this hand."""
    if trump is Trump.NELLO:
        partner = view.players[(view.seat + 2) % 4]
        return f"Nello: lose every trick; {partner} sits out."
    if trump is Trump.SEVENS:
        return "Sevens: play closest to 7 pips and take every trick."
    name = trump_text(trump, view.options)
    held = trumps_held(view, trump)
    text = f"{name[:1].upper()}{name[1:]}: "
    if held is None:
        return text + "no trumps."
    return text + f"you would hold {held} trump{'s' * (held != 1)}."


def sevens_tiles(view: SeatView) -> str:
    """The tiles Sevens lets the human play now, with their pips ("6-1, 5-2: 7 pips")."""
    tiles = [a.tile for a in view.legal if isinstance(a, Play)]
    parts = []
    for pips in sorted({t.pips for t in tiles}):
        parts.append(", ".join(str(t) for t in tiles if t.pips == pips) + f" ({pips} pips)")
    return "; ".join(parts)


def play_caption(view: SeatView) -> str:
    """A word on the contract after the trick number ("" for an ordinary hand)."""
    if view.trump is Trump.SEVENS:
        return " Sevens: the tile closest to 7 pips wins."
    if view.trump is Trump.NELLO and view.bidder is not None:
        who = "you" if view.bidder == view.seat else view.players[view.bidder]
        if view.sitting_out == view.seat:
            return f" Nello: {who} must lose every trick; you sit out."
        out = view.players[view.sitting_out] if view.sitting_out is not None else "the partner"
        return f" Nello: {who} must lose every trick; {out} sits out."
    return ""


def play_prompt(view: SeatView, how: str) -> str:
    """The prompt at the human's turn to play; ``how`` says which keys choose a tile."""
    if view.trump is Trump.SEVENS:
        return f"Sevens, play closest to 7 pips: {sevens_tiles(view)}."
    lead = view.current_trick is None
    return f"{'Your lead' if lead else 'Your turn'}: {how}; [n] = playable."


def waiting_prompt(view: SeatView, who: str) -> str:
    """The prompt while someone else plays."""
    if view.sitting_out == view.seat:
        bidder = view.players[view.bidder] if view.bidder is not None else "your partner"
        return f"You sit out this hand (Nello): {bidder} plays alone. Your tiles stay face down."
    return f"{who} to play."


def named_for(view: SeatView) -> str:
    """" for your Plunge" when a partner has named trump for the bidder ("" otherwise)."""
    if not for_partner(view) or view.bidder is None:
        return ""
    whose = "your" if view.bidder == view.seat else f"{view.players[view.bidder]}'s"
    return f" for {whose} {_contract_name(view)}"


def bid_prompt(view: SeatView, arrows: str) -> str:
    """The prompt at the human's bid; with a forced bid, that passing is not allowed."""
    if not any(isinstance(a, Pass) for a in view.legal):
        return f"Everyone else passed: you must bid (forced bid). {arrows} and Enter, or type it."
    return f"Your bid: {arrows} and Enter, or type a number and Enter; p passes."


def trump_choice(trump: Trump, view: SeatView) -> Choice:
    """A trump on the choice bar: its key and name, and how many trumps it would give."""
    held = trumps_held(view, trump)
    label = trump_text(trump, view.options)
    if held is not None:
        label += f" ({held})"
    return Choice(label, TRUMP_KEYS.get(trump, ""))



def trump_unchosen(view: SeatView, offers: list) -> str:
    """Before a trump is chosen (nothing is chosen for the player): where the trumps are."""
    held = {a.trump: trumps_held(view, a.trump) for a in offers}
    counted = {t: n for t, n in held.items() if n is not None}
    if not counted:
        return "Nothing chosen yet: press a trump's key."
    most = max(counted.values())
    best = [trump_text(t, view.options) for t, n in counted.items() if n == most]
    return f"Nothing chosen yet. Most trumps: {' or '.join(best)} ({most})."
