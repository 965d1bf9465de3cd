"""Playing a hand by a few plain rules: what the opponent pool's players (``pool``) and the
outsiders (``outsiders``) have in common.  Each calls (bids, names trump, discards) as another
bot does, and plays by its own ``lead`` and ``follow``; a lone legal tile, Nello and Sevens
are played as ``normal`` plays them.  Also the few readings of a tile they share."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from moon42.rules.actions import Action, Play
from moon42.rules.tiles import Tile
from moon42.rules.trump import TrickRules, Trump
from moon42.rules.views import SeatView

from .facts.knowledge import Knowledge
from .normal import NormalBot
from .protocol import Strategy

__all__ = ["PlainPlayer", "count_of", "is_boss", "plain_tiles", "strength"]

TrickReading = TypeVar("TrickReading")


class PlainPlayer(Generic[TrickReading]):
    """Calls as ``calls`` does; plays by ``lead``, and by ``follow`` a trick led, which it
    reads with ``read_trick``."""

    description = ""
    calls: Callable[[int | None], Strategy] = NormalBot

    def __init__(self, seed: int | None = None) -> None:
        self._calls = type(self).calls(seed)

    def bid(self, view: SeatView) -> Action:
        return self._calls.bid(view)

    def trump(self, view: SeatView) -> Action:
        return self._calls.trump(view)

    def discard(self, view: SeatView) -> Action:
        return self._calls.discard(view)

    def play(self, view: SeatView) -> Action:
        plays = {a.tile: a for a in view.legal if type(a) is Play}
        if len(plays) == 1 or view.trump in (Trump.NELLO, Trump.SEVENS):
            return NormalBot().play(view)
        tiles = sorted(plays)
        if view.current_trick is None:
            return plays[self.lead(view, tiles)]
        return plays[self.follow(view, tiles, self.read_trick(view))]

    def read_trick(self, view: SeatView) -> TrickReading:
        raise NotImplementedError

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        raise NotImplementedError

    def follow(self, view: SeatView, tiles: list[Tile], trick: TrickReading) -> Tile:
        raise NotImplementedError


def strength(rules: TrickRules, t: Tile) -> tuple[int, int]:
    """A tile's strength in the suit it leads (trumps above all), then its pips."""
    return rules.power[rules.led_suit[t]][t], t.pips


def count_of(view: SeatView, t: Tile) -> int:
    """A tile's count where count is scored (not in Moon)."""
    return 0 if view.options.is_moon else t.count


def plain_tiles(rules: TrickRules, tiles: Sequence[Tile]) -> list[Tile]:
    return [t for t in tiles if not rules.is_trump[t]]


def is_boss(rules: TrickRules, know: Knowledge, t: Tile) -> bool:
    """No tile the seat cannot see tops ``t`` in the suit it leads (ruffs aside)."""
    suit = rules.led_suit[t]
    power = rules.power[suit]
    unseen = know.unseen & rules.follow_mask[suit]
    return not any(unseen >> u & 1 and power[u] > power[t] for u in range(28))
