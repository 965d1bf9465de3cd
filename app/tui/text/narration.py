"""What just happened, in a player's words: one line per event, for the table and the replay.

``Bob passes`` but ``You pass``: the seat called "You" (the human at the table) is
addressed as such.  The table leaves a hand's and a game's outcome to its own screens
(``outcomes=False``); the replay viewer says them.
"""

from __future__ import annotations

from moon42.rules import Options, Tile
from moon42.rules.events import (
    BiddingWon,
    BidMade,
    Discarded,
    Event,
    GameWon,
    HandDealt,
    HandScored,
    Passed,
    ThrownIn,
    TilePlayed,
    TrickWon,
    TrumpNamed,
    WidowTaken,
)

from ...play.words import bid_text, trump_text

__all__ = ["says", "event_words"]


def says(names: tuple[str, ...] | list[str], seat: int, verb: str,
         human: int | None = None) -> str:
    """``Bob passes`` but ``You pass``: a seat called You is addressed as such (the human at
    the table, or the seat of that name in a replay or a watched game)."""
    name = names[seat]
    if name == "You":
        return f"You {verb}"
    return f"{name} {verb}{'es' if verb.endswith('ss') else 's'}"


def event_words(event: Event, names: tuple[str, ...] | list[str], options: Options, *,
                human: int | None = None, discarded: Tile | None = None,
                trump_for: str = "", outcomes: bool = True) -> str:
    """One event in words; ``""`` for events a player need not read about.

    ``discarded`` names the tile laid aside where the reader may see it (a replay);
    ``trump_for`` follows a named trump (", for Bob's Plunge").
    """

    def say(seat: int, verb: str) -> str:
        return says(names, seat, verb, human)

    match event:
        case BidMade(seat, value, contract):
            return f"{say(seat, 'bid')} {bid_text(value, contract, options)}."
        case Passed(seat):
            return f"{say(seat, 'pass')}."
        case ThrownIn():
            return "Everyone passed: the hand is thrown in."
        case BiddingWon(seat, value, contract):
            return f"{say(seat, 'win')} the bid at {bid_text(value, contract, options)}."
        case WidowTaken(seat):
            return f"{say(seat, 'take')} the widow."
        case Discarded(seat):
            tile = f" {discarded}" if discarded is not None else " a tile"
            return f"{say(seat, 'discard')}{tile}."
        case TrumpNamed(seat, trump):
            return f"{say(seat, 'name')} {trump_text(trump, options)}{trump_for}."
        case TilePlayed(seat, tile):
            return f"{say(seat, 'play')} {tile}."
        case TrickWon(seat, _, _, points):
            extra = f" ({points} point{'s' * (points != 1)})" if not options.is_moon else ""
            return f"{say(seat, 'take')} the trick{extra}."
        case HandDealt(hand, dealer):
            return f"Hand {hand + 1}: {say(dealer, 'deal')}."
        case HandScored(result) if outcomes:
            if result.thrown_in:
                return ""
            bidder = names[result.bidder]
            return f"{bidder} {'made the bid' if result.made else 'was set'}."
        case GameWon(seats) if outcomes:
            winners = " & ".join(names[s] for s in seats)
            return f"{winners} win{'s' * (len(seats) == 1)} the game!"
    return ""
