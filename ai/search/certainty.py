"""Proofs that a contract's outcome is certain, for one seat that cannot see the others' tiles.

A figure of 100% (or 0%) may only be shown when it is so in every way the tiles the seat
cannot see may lie, not only in the layouts a simulation happened to deal.  Two questions,
each over *worlds*: every layout of the unseen tiles that fits what the seat knows (as
``Position``s that share everything the seat sees: its own tiles, the trick, the credit
taken so far).

- ``sure``: does the seat's side get what it plays for (the bid made, or set) whatever the
  unseen tiles and whatever everybody else plays?  The seat chooses its tiles knowing only
  what it sees, so the search is over what it sees (an AND-OR search): at its turn, one
  tile must work in every world still possible; at another seat's turn, every tile that
  seat may hold and play must leave a position that still works, in the worlds where it
  holds that tile.  A partner counts as anybody else (it is not asked to help), so a
  proof holds for any partner.  Before searching, every world is solved with all hands
  open: one in which the side fails even then is a quick "not sure".  While the seat has
  the lead, its *sure tricks* may settle it at once (``sure_credit``): the trumps it leads
  that no unseen trump can beat, and once every unseen trump is drawn, the tiles nothing
  unseen can beat in their suit.
- ``hopeless``: does the other side stop the seat's side in every world when it plays
  correctly?  Each world is solved with every hand open.  (A side that knows only its own
  tiles may not find the play that stops it; a hint says "against correct play".)

Both give up (None) when the caller's ``out_of_time()`` says so (a ``Budget``: the
solver's work and the positions looked at in each world are counted as search effort).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

from moon42.rules.tiles import COUNT
from moon42.rules.trump import TrickRules

from . import effort
from .position import Position
from .solver import Solver

__all__ = ["sure", "hopeless", "sure_credit", "sure_lead", "WORLD_EFFORT"]

WORLD_EFFORT = 5  # ``effort`` units for a position looked at in one world (measured)


class _OutOfTime(Exception):  # noqa: N818 - an event, not an error
    pass


def _never() -> bool:
    return False


def _ours(position: Position, seat: int) -> bool:
    return bool(position.maximisers >> seat & 1)


def _settled(position: Position, ours: bool) -> bool | None:
    """True when the seat's side has what it plays for, False when it cannot any more."""
    reached = position.taken >= position.goal
    beyond = position.taken + position.value_left < position.goal
    if ours:
        return True if reached else False if beyond else None
    return False if reached else True if beyond else None


def _open_handed_ok(position: Position, ours: bool) -> bool:
    """With every hand open, does the seat's side get what it plays for?"""
    made = Solver(position).reaches(position, position.goal - position.taken)
    return made if ours else not made


def hopeless(
    worlds: Sequence[Position], seat: int, out_of_time: Callable[[], bool] = _never
) -> bool | None:
    """In every world, the other side, playing correctly, stops ``seat``'s side: True
    proven, False not, None when ``out_of_time()`` said so first."""
    ours = _ours(worlds[0], seat)
    for w in worlds:
        if _open_handed_ok(w, ours):
            return False
        if out_of_time():
            return None
    return True


def sure(
    worlds: Sequence[Position], seat: int, out_of_time: Callable[[], bool] = _never
) -> bool | None:
    """``seat``'s side gets what it plays for whatever the unseen tiles and every other
    seat's play: True proven, False not (some world or some play can stop it), None when
    ``out_of_time()`` said so first."""
    if not worlds:
        return None
    ours = _ours(worlds[0], seat)
    for w in worlds:
        if not _open_handed_ok(w, ours):
            return False
        if out_of_time():
            return None
    search = _Search(seat, ours, out_of_time)
    try:
        return search.works(tuple(worlds))
    except _OutOfTime:
        return None


def sure_credit(rules: TrickRules, counts: bool, hand: int, unseen: int) -> int:
    """The credit a seat holding ``hand`` takes for certain by leading, whoever holds the
    ``unseen`` tiles: its trumps that no unseen trump beats, then (once no trump can be
    left out) its tiles that nothing unseen beats in their suit.  Each wins its trick and
    keeps the lead; a trick is worth at least the tile's own count.  (Not for Nello, whose
    credit is tricks lost, nor Sevens, which decides tricks otherwise.)"""
    out_trumps = [t for t in range(28) if unseen >> t & 1 and rules.is_trump[t]]
    mine = sorted((t for t in range(28) if hand >> t & 1 and rules.is_trump[t]),
                  key=lambda t: -_power(rules, t))
    top_out = max((_power(rules, t) for t in out_trumps), default=-1)
    credit = led = 0
    for t in mine:
        if _power(rules, t) <= top_out:
            break
        credit += 1 + (COUNT[t] if counts else 0)
        led += 1
    # Each trump led takes a trump from every seat that holds one: after as many leads as
    # there are trumps out, none is left, whoever held them.
    if led < len(out_trumps):
        return credit  # a trump may still be out: it could take any other tile
    for t in range(28):
        if hand >> t & 1 and not rules.is_trump[t] and _unbeaten_in_suit(rules, t, unseen):
            credit += 1 + (COUNT[t] if counts else 0)
    return credit


def _unbeaten_in_suit(rules: TrickRules, tile: int, unseen: int) -> bool:
    """No ``unseen`` tile of the suit ``tile`` leads beats it."""
    suit = rules.led_suit[tile]
    power = rules.power[suit]
    return not any(unseen >> u & 1 and rules.follow_mask[suit] >> u & 1
                   and power[u] > power[tile] for u in range(28))


def sure_lead(rules: TrickRules, hand: int, unseen: int, tile: int) -> bool:
    """Is leading ``tile`` a step of ``sure_credit``'s plan: it wins its trick whoever holds
    the ``unseen`` tiles, and the sure tricks left add up to at least what the plan counted
    less this trick?  A trump that no unseen trump beats (each trump led takes one from
    every seat that holds one, so the trumps left to lead still draw the rest); once no
    trump is out, a tile that nothing unseen beats in its suit.  So a seat whose sure
    tricks reach its goal keeps them, after such a lead, to the end of the hand."""
    if not hand >> tile & 1:
        return False
    out_trumps = [t for t in range(28) if unseen >> t & 1 and rules.is_trump[t]]
    if rules.is_trump[tile]:
        return all(_power(rules, tile) > _power(rules, t) for t in out_trumps)
    return not out_trumps and _unbeaten_in_suit(rules, tile, unseen)


class _Search:
    def __init__(self, seat: int, ours: bool, out_of_time: Callable[[], bool]) -> None:
        self.seat = seat
        self.ours = ours
        self.out_of_time = out_of_time
        self.memo: dict[tuple, bool] = {}

    def works(self, worlds: tuple[Position, ...]) -> bool:
        first = worlds[0]
        settled = _settled(first, self.ours)
        if settled is not None:
            return settled
        key = (first.leader, first.trick, first.taken, frozenset(w.hands for w in worlds))
        known = self.memo.get(key)
        if known is not None:
            return known
        effort.spend(len(worlds) * WORLD_EFFORT)
        if self.out_of_time():
            raise _OutOfTime
        answer = self._mine(worlds) if first.to_play == self.seat else self._theirs(worlds)
        self.memo[key] = answer
        return answer

    def _mine(self, worlds: tuple[Position, ...]) -> bool:
        first = worlds[0]
        if not first.trick and not first.rules.sevens and first.maximisers == first.credit:
            unseen = 0
            for w in worlds:
                for s, h in enumerate(w.hands):
                    if s != self.seat:
                        unseen |= h
            credit = sure_credit(first.rules, first.counts, first.hands[self.seat], unseen)
            if credit and (
                first.taken + credit >= first.goal
                if self.ours
                else first.taken + first.value_left - credit < first.goal
            ):
                return True
        legal = first.legal_mask()  # the seat's own tiles and the trick: alike in every world
        return any(self.works(tuple(w.after(t) for w in worlds)) for t in _high_first(first, legal))

    def _theirs(self, worlds: tuple[Position, ...]) -> bool:
        by_tile: dict[int, list[Position]] = defaultdict(list)
        for w in worlds:
            mask = w.legal_mask()
            while mask:
                low = mask & -mask
                t = low.bit_length() - 1
                by_tile[t].append(w.after(t))
                mask ^= low
        first = worlds[0]
        tiles = _high_first(first, sum(1 << t for t in by_tile))
        return all(self.works(tuple(by_tile[t])) for t in tiles)


def _power(rules: TrickRules, t: int) -> int:
    """A tile's strength when led."""
    return rules.power[rules.led_suit[t]][t]


def _high_first(position: Position, mask: int) -> list[int]:
    rules = position.rules
    if position.trick:
        power = rules.power[rules.led_suit[position.trick[0]]]
    else:
        power = None
    tiles = [t for t in range(28) if mask >> t & 1]
    if power is None:
        return sorted(tiles, key=lambda t: -_power(rules, t))
    return sorted(tiles, key=lambda t: -power[t])
