"""Made or set, score changes and the game's winner (RULES.md section 7, and 9.2)."""

from __future__ import annotations

from .bidding import MARK, MOON, marks_of
from .options import Options

__all__ = ["units_of", "unit_of", "hand_made", "hand_score", "game_winner"]


_SIDES = ((0, 2), (1, 3))
_PLAYERS = ((0,), (1,), (2,))


def units_of(options: Options) -> tuple[tuple[int, ...], ...]:
    """The scoring units: each player in Moon for three, each side otherwise."""
    return _PLAYERS if options.game == "moon3" else _SIDES


def unit_of(options: Options, seat: int) -> tuple[int, ...]:
    return _PLAYERS[seat] if options.game == "moon3" else _SIDES[seat % 2]


def hand_made(
    options: Options, bidder: int, bid: int, nello: bool, tricks_won, points
) -> bool:
    side = unit_of(options, bidder)
    if options.is_moon:
        need = 7 if bid == MOON else bid
        return sum(tricks_won[s] for s in side) >= need
    if nello:
        return tricks_won[bidder] == 0
    return sum(points[s] for s in side) >= min(bid, MARK)


def hand_score(options: Options, bidder: int, bid: int, made: bool, tricks_won) -> list[int]:
    """What each seat's total changes by."""
    n = options.seats
    delta = [0] * n
    side = unit_of(options, bidder)
    others = [u for u in units_of(options) if u != side]
    if options.uses_marks:
        marks = 1 if options.is_moon else marks_of(bid)
        for unit in [side] if made else others:
            for s in unit:
                delta[s] += marks
        return delta
    if made:
        whole_bid = bid == MOON or not options.partnerships
        gain = bid if whole_bid else sum(tricks_won[s] for s in side)
    else:
        gain = -bid
    for s in side:
        delta[s] += gain
    for unit in others:
        taken = sum(tricks_won[s] for s in unit)
        for s in unit:
            delta[s] += taken
    return delta


def game_winner(
    options: Options, totals, bidder: int | None, bid: int | None, made: bool | None
) -> tuple[int, ...] | None:
    """The winning seats after a hand, or None while the game goes on (7.5 and 9.2)."""
    instant = options.moon_instant and bid == MOON and bidder is not None and options.is_moon
    if not instant and max(totals) < options.target:
        return None  # the usual case, answered at once
    units = units_of(options)

    def total(unit: tuple[int, ...]) -> int:
        return totals[unit[0]]

    if instant:
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
