"""What a seat knows about the hidden tiles: every tile played, and the suits each seat is out of.

Built only from a ``SeatView`` (rules/README.md 8), so a bot that decides from it cannot peek.
A seat that did not follow the suit led has shown it holds no tile of that suit; which
tiles follow which suit is the engine's own ``view.trick_rules`` (``led_suit`` and
``follow_mask``), never worked out again here.  The ``expert`` bot samples hidden layouts
from the same facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from moon42.rules.tiles import FULL_SET, MOON21_SET, MOON22_SET, Tile, mask_of
from moon42.rules.trump import TRUMP_SUIT, TrickRules
from moon42.rules.views import SeatView

__all__ = ["Knowledge", "tile_set_of", "voids_of"]


def tile_set_of(view: SeatView) -> tuple[Tile, ...]:
    """The tiles dealt in this game (rules/README.md 1)."""
    options = view.options
    if options.game != "moon3":
        return FULL_SET
    return MOON21_SET if options.remove_double_blank else MOON22_SET


def voids_of(view: SeatView) -> tuple[frozenset[int], ...]:
    """For every seat, the suits it has shown it is out of (none before trump, none in Sevens)."""
    rules = view.trick_rules
    voids: list[set[int]] = [set() for _ in range(view.seats)]
    if rules is None or rules.sevens:
        return tuple(frozenset(v) for v in voids)
    for trick in view.tricks_so_far:
        led = rules.led_suit[trick.plays[0][1]]
        follow = rules.follow_mask[led]
        for seat, tile in trick.plays[1:]:
            if not follow >> tile & 1:
                voids[seat].add(led)
    return tuple(frozenset(v) for v in voids)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The tiles ``seat`` cannot see, and which of them each other seat may still hold.

    Masks are bitmasks over tile ids.  ``unseen`` is every tile of the set that is neither
    in the seat's hand, nor played, nor (for the bidder) the discard: the other hands, plus
    the discard or widow when the seat cannot see them.  ``possible[s]`` is the part of
    ``unseen`` that seat ``s`` may hold given the suits it is out of (0 for the seat itself).
    """

    seat: int
    rules: TrickRules | None
    hand: int
    played: int
    unseen: int
    voids: tuple[frozenset[int], ...]
    possible: tuple[int, ...]
    hand_sizes: tuple[int, ...]

    @classmethod
    def of(cls, view: SeatView) -> Knowledge:
        rules = view.trick_rules
        hand = mask_of(view.hand)
        played = mask_of(view.played)
        seen = hand | played
        if view.discard is not None:
            seen |= 1 << view.discard
        unseen = mask_of(tile_set_of(view)) & ~seen
        voids = voids_of(view)
        possible = []
        for seat in range(view.seats):
            if seat == view.seat or view.hand_sizes[seat] == 0:
                possible.append(0)
                continue
            mask = unseen
            if rules is not None:
                for suit in voids[seat]:
                    mask &= ~rules.follow_mask[suit]
            possible.append(mask)
        return cls(view.seat, rules, hand, played, unseen, voids, tuple(possible), view.hand_sizes)

    def is_void(self, seat: int, suit: int) -> bool:
        """The seat has shown it is out of ``suit``, or cannot hold any tile of it."""
        if suit in self.voids[seat]:
            return True
        return self.rules is not None and not self.possible[seat] & self.rules.follow_mask[suit]

    def chance_of_any(self, seat: int, mask: int) -> float:
        """The chance that ``seat`` holds at least one tile of ``mask``.

        Its hand is taken as a random draw from the tiles it may hold: a good guess, not
        an exact one (the other seats' voids also shape it).
        """
        pool = self.possible[seat]
        wanted = (mask & pool).bit_count()
        if not wanted:
            return 0.0
        size = pool.bit_count()
        held = self.hand_sizes[seat]
        if held >= size:
            return 1.0
        if held <= 0:
            return 0.0
        return 1.0 - comb(size - wanted, held) / comb(size, held)

    def chance_to_beat(self, seat: int, suit: int, power: int) -> float:
        """The chance that ``seat``, playing to a trick of ``suit``, can top ``power``."""
        rules = self.rules
        if rules is None:
            return 0.0
        ranks = rules.power[suit]
        pool = self.possible[seat]
        followers = pool & rules.follow_mask[suit]
        above = _above(pool, ranks, power)
        higher_followers = self.chance_of_any(seat, followers & above)
        trumps = above & ~followers & rules.follow_mask[TRUMP_SUIT]
        if suit == TRUMP_SUIT or not trumps:
            return higher_followers
        if suit in self.voids[seat] or not followers:
            return self.chance_of_any(seat, trumps)
        void = 1.0 - self.chance_of_any(seat, followers)
        return higher_followers + void * self.chance_of_any(seat, trumps)


def _above(pool: int, ranks: tuple[int, ...], power: int) -> int:
    mask = 0
    rest = pool
    while rest:
        bit = rest & -rest
        if ranks[bit.bit_length() - 1] > power:
            mask |= bit
        rest ^= bit
    return mask
