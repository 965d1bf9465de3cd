"""Made or set, score changes and the game's winner (rules/README.md section 7, and 9.2)."""

from __future__ import annotations

from collections.abc import Sequence

from .bidding import MARK, MOON, marks_of
from .options import Options, Scoring

__all__ = ["units_of", "unit_of", "hand_made", "hand_score", "game_winner"]


_SIDES = ((0, 2), (1, 3))
_PLAYERS = ((0,), (1,), (2,))


def units_of(options: Options) -> tuple[tuple[int, ...], ...]:
    """The scoring units: each player in Moon for three, each side otherwise."""
    return _PLAYERS if options.game == "moon3" else _SIDES


def unit_of(options: Options, seat: int) -> tuple[int, ...]:
    return _PLAYERS[seat] if options.game == "moon3" else _SIDES[seat % 2]


def hand_made(
    options: Options,
    bidder: int,
    bid: int,
    nello: bool,
    tricks_won: Sequence[int],
    points: Sequence[int],
) -> bool:
    side = unit_of(options, bidder)
    if options.game != "texas42":
        need = 7 if bid == MOON else bid
        return sum(map(tricks_won.__getitem__, side)) >= need
    if nello:
        return tricks_won[bidder] == 0
    return sum(map(points.__getitem__, side)) >= min(bid, MARK)


def hand_score(
    options: Options, bidder: int, bid: int, made: bool, tricks_won: Sequence[int]
) -> list[int]:
    """What each seat's total changes by."""
    game = options.game
    three = game == "moon3"
    delta = [0, 0, 0] if three else [0, 0, 0, 0]
    side: tuple[int, ...] = _PLAYERS[bidder] if three else _SIDES[bidder % 2]
    if game == "texas42" or options.scoring == Scoring.MARKS:
        marks = marks_of(bid) if game == "texas42" else 1
        if made:
            for s in side:
                delta[s] = marks
        else:
            for s in range(len(delta)):
                if s not in side:
                    delta[s] = marks
        return delta
    # Points: every other player or side scores its tricks; the bidder the bid, or when
    # four play and make a bid short of the moon, the side's tricks.
    for s in range(len(delta)):
        if s not in side:
            delta[s] = tricks_won[s] if three else tricks_won[s] + tricks_won[(s + 2) % 4]
    if made:
        gain = bid if (bid == MOON or three) else tricks_won[side[0]] + tricks_won[side[1]]
    else:
        gain = -bid
    for s in side:
        delta[s] = gain
    return delta


def game_winner(
    options: Options,
    totals: Sequence[int],
    bidder: int | None,
    bid: int | None,
    made: bool | None,
) -> tuple[int, ...] | None:
    """The winning seats after a hand, or None while the game goes on (7.5 and 9.2)."""
    instant = options.moon_instant and bid == MOON and bidder is not None and options.is_moon
    if not instant and max(totals) < options.target:
        return None  # the usual case, answered at once
    units = units_of(options)

    def total(unit: tuple[int, ...]) -> int:
        return totals[unit[0]]

    if instant and bidder is not None:  # (instant implies a bidder: said for the type checker)
        side = unit_of(options, bidder)
        if made:
            return side
        others = [u for u in units if u != side]
        best = max(total(u) for u in others)
        leaders = [u for u in others if total(u) == best]
        if len(leaders) == 1:
            return leaders[0]
        return unit_of(options, (bidder + 1) % options.seats)
    over = [u for u in units if total(u) >= options.target]
    if not over:
        return None
    if len(over) == 1:
        return over[0]
    if bidder is not None and made and unit_of(options, bidder) in over:
        return unit_of(options, bidder)
    best = max(total(u) for u in over)
    leaders = [u for u in over if total(u) == best]
    return leaders[0] if len(leaders) == 1 else None
