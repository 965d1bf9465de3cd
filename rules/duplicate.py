"""Duplicate play: the same deals at two tables with the seats turned, each side scored
against the side that held the same tiles at the other table.

A match is a number of deals from one seed.  Deal ``k`` is the seed's hand ``k`` (the same
shuffle a game of that seed deals), and each deal is a game of one hand of its own, started
from those tiles.  Table A holds the deal as dealt; at table B every holding moves
``TURN`` seats to the right: B's seat ``s`` holds what A's seat ``s + TURN`` held, and the
dealer moves with the tiles, so every holding bids and leads in the same order at both
tables.  Partnerships are seats 0-2 and 1-3, so in Moon for 4 and Texas 42 the tiles a side
held at table A are held by the other pair of seats at table B: a side that sits in the same
seats at both tables holds each deal's other tiles there, and never sees a deal twice.  Moon
for 3 turns the same way: two tables of three, each player compared with the player who
held the same seven tiles at the other table (three comparisons a deal).

Nothing here reads files or draws: ``compare`` takes two hands' results, ``first_difference``
two hands' actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, action_to_record
from .game import Game
from .options import Options
from .results import HandResult
from .scoring import units_of
from .tiles import Tile

__all__ = ["TURN", "Deal", "match_deal", "turned", "deal_game", "Comparison", "compare",
           "measures", "first_difference", "seats_at_b", "totals", "MAX_DEALS"]

TURN = 1
MAX_DEALS = 64  # deals a match may have: a record of both tables stays well within the limits


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as one table holds it: each seat's tiles, the widow and the dealer."""

    number: int
    hands: tuple[tuple[Tile, ...], ...]
    widow: tuple[Tile, ...]
    dealer: int


def match_deal(options: Options, seed: int, number: int) -> Deal:
    """Deal ``number`` of the match of ``seed``, as table A holds it.

    The tiles are the seed's hand ``number``.  Texas 42's dealer is the seat to the right of
    the 1-0 (the rule of a first hand); Moon's is drawn from the seed and passes to the left
    each deal, as in a game."""
    game = Game(options, seed=seed)
    hands, widow = game.shuffled_deal(number)
    if options.is_moon:
        dealer = (random.Random(seed).randrange(options.seats) + number) % options.seats
    else:
        dealer = game.due_dealer(hands)
    return Deal(number, hands, widow, dealer)


def turned(deal: Deal, turn: int = TURN) -> Deal:
    """The deal as the other table holds it: seat ``s`` has seat ``s + turn``'s tiles, and
    the dealer is the seat that now holds the dealer's tiles."""
    n = len(deal.hands)
    hands = tuple(deal.hands[(s + turn) % n] for s in range(n))
    return Deal(deal.number, hands, deal.widow, (deal.dealer - turn) % n)


def seats_at_b(seats: Sequence[int], n: int, turn: int = TURN) -> tuple[int, ...]:
    """Where table A's ``seats``' tiles sit at table B."""
    return tuple((s - turn) % n for s in seats)


def deal_game(options: Options, deal: Deal, seed: int, players: list[str] | None = None) -> Game:
    """A game whose first hand is ``deal`` (its later hands, if any, come from ``seed``)."""
    game = Game(options, seed=seed, players=players)
    game.start_hand(deal.hands, deal.widow, deal.dealer)
    return game


def measures(options: Options) -> tuple[str, str]:
    """What a deal is scored by: the game's own score first (marks in Texas 42 and in Moon
    with marks, points in Moon), then what was taken (points in 42, tricks in Moon)."""
    if options.game == "texas42":
        return "marks", "points"
    return ("marks" if options.uses_marks else "points"), "tricks"


@dataclass(frozen=True, slots=True)
class Comparison:
    """One holding of a deal: table A's seats that held it, the seats that held the same
    tiles at table B, and what each table's holders made of it (score, then taken)."""

    seats: tuple[int, ...]
    seats_b: tuple[int, ...]
    at_a: tuple[int, int]
    at_b: tuple[int, int]

    @property
    def score(self) -> tuple[int, int]:
        """Table A's holders against table B's: positive when A did better."""
        return self.at_a[0] - self.at_b[0], self.at_a[1] - self.at_b[1]


def _made_of(options: Options, result: HandResult, seats: tuple[int, ...]) -> tuple[int, int]:
    taken = result.points if options.game == "texas42" else result.tricks_won
    return result.score[seats[0]], sum(taken[s] for s in seats)


def compare(options: Options, at_a: HandResult, at_b: HandResult,
            turn: int = TURN) -> tuple[Comparison, ...]:
    """Each holding's score at table A against table B (a side's, or a player's in Moon for
    three), in the order of the scoring units of table A."""
    n = options.seats
    found = []
    for seats in units_of(options):
        other = seats_at_b(seats, n, turn)
        found.append(Comparison(seats, other, _made_of(options, at_a, seats),
                                _made_of(options, at_b, other)))
    return tuple(found)


def first_difference(actions_a: Sequence[Action], actions_b: Sequence[Action], n: int,
                     turn: int = TURN) -> tuple[int, Action | None, Action | None] | None:
    """Where table B first did otherwise than table A (B's seats read as the A seats whose
    tiles they held): the action's index, A's action and B's (None past a table's end), or
    None when both tables did the same."""
    for i in range(max(len(actions_a), len(actions_b))):
        a = actions_a[i] if i < len(actions_a) else None
        b = actions_b[i] if i < len(actions_b) else None
        if a is None or b is None:
            return i, a, b
        b_record = action_to_record(b)
        b_record["seat"] = (b.seat + turn) % n
        if action_to_record(a) != b_record:
            return i, a, b
    return None


def totals(deals: Sequence[Sequence[Comparison]]) -> dict[tuple[int, ...], tuple[int, int]]:
    """Each holding's score over the deals compared (by table A's seats)."""
    summed: dict[tuple[int, ...], tuple[int, int]] = {}
    for deal in deals:
        for c in deal:
            first, second = summed.get(c.seats, (0, 0))
            summed[c.seats] = first + c.score[0], second + c.score[1]
    return summed
