"""What a hand review is of: a game's record up to a finished hand, the hand and the seat.

The review itself (``moon42.ai.review``) replays the record; the app's review screen asks it
for one seat's decisions in one hand.  A game of one's own gives its record at each hand's
summary (``from_game``); a shared table sends each seated player the record of the game
once a hand is over, and only then (``finished_record``): every hand in it is finished, and
its seed, which would tell the deals to come, is left out.  What a client is sent is checked
before it is used (``from_message``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from moon42.rules import Game, Phase, RecordError
from moon42.rules.record import ParsedRecord, game_to_record, parse_record

if TYPE_CHECKING:  # the review loads the search: not at start-up
    from moon42.ai.review_figures import HandReview

__all__ = ["ReviewSubject", "human_seat", "finished_record", "from_game", "from_record",
           "from_message", "cut_at_hand", "MAX_HANDS", "MAX_ACTIONS"]

MAX_HANDS = 1000  # hands a record sent by a table may hold
MAX_ACTIONS = 80  # actions a hand may hold (bids, trump, a discard, 28 plays: far fewer)


def human_seat(players: Sequence[str] | None) -> int:
    """The seat named "You" (the app's player in a game of one's own), else 0."""
    names = list(players or ())
    return names.index("You") if "You" in names else 0


@dataclass
class ReviewSubject:
    """Seat ``seat``'s decisions in hand ``hand`` (from 0) of ``record`` (parsed), its last
    hand; ``found``: the review once made, kept so that it is made once."""

    record: ParsedRecord
    doc: dict[str, Any]  # the record as a document (the replay of its moments is made of it)
    hand: int
    seat: int
    mine: bool = False  # the seat is the player's own (the review says "your")
    found: HandReview | None = field(default=None, compare=False)

    @property
    def seat_name(self) -> str:
        players = self.record.players or ()
        return players[self.seat] if self.seat < len(players) else f"Seat {self.seat}"

    @property
    def whose(self) -> str:
        """``your``, or the seat's name with 's."""
        return "your" if self.mine else f"{self.seat_name}'s"


def finished_record(game: Game) -> dict[str, Any] | None:
    """The game's record while its last hand is over (every hand in it finished), without
    the seed; None while a hand is being played."""
    if game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER) or not game.log:
        return None
    doc = game_to_record(game)
    doc.pop("seed", None)
    return doc


def _subject(doc: dict[str, Any], hand: int, seat: int,
             mine: bool = True) -> ReviewSubject | None:
    try:
        record = parse_record(doc)
    except RecordError:
        return None
    if not 0 <= hand < len(record.hands) or not 0 <= seat < record.options.seats:
        return None
    players = record.players or ()
    mine = mine or (seat < len(players) and players[seat] == "You")
    return ReviewSubject(record, doc, hand, seat, mine)


def from_game(game: Game, seat: int) -> ReviewSubject | None:
    """The hand just over in a game of one's own, for ``seat``; None while one is played."""
    doc = finished_record(game)
    if doc is None:
        return None
    return _subject(doc, len(doc["hands"]) - 1, seat)


def cut_at_hand(doc: dict[str, Any], hand: int) -> dict[str, Any]:
    """``doc`` with its hands up to ``hand`` (from 0), the last one whole."""
    cut = dict(doc)
    cut["hands"] = list(doc["hands"][: hand + 1])
    return cut


def from_record(doc: dict[str, Any], hand: int, seat: int) -> ReviewSubject | None:
    """Hand ``hand`` (from 0) of a record document, for ``seat``; None if it has none."""
    hands = doc.get("hands")
    if not isinstance(hands, list) or not 0 <= hand < len(hands):
        return None
    return _subject(cut_at_hand(doc, hand), hand, seat, mine=False)


def from_message(value: object, seat: int | None) -> ReviewSubject | None:
    """The record a shared table sent a seated player at a hand's end, its last hand for
    ``seat``; None if there is none, or it is not a record of a sane size."""
    if seat is None or not isinstance(value, dict):
        return None
    hands = value.get("hands")
    if not isinstance(hands, list) or not 0 < len(hands) <= MAX_HANDS:
        return None
    if any(not isinstance(h, dict) or not isinstance(h.get("actions"), list)
           or len(h["actions"]) > MAX_ACTIONS for h in hands):
        return None
    return _subject(value, len(hands) - 1, seat)
