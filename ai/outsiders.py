"""Outsiders: opponents of their own styles, kept apart to tell strength from tuning.

A bot measured and tuned against the same opponents may learn their habits rather than the
game.  These were written before any measuring against them and are never used to
tune anything: no constant of another bot is chosen by its figures against them.  They are
not the opponent pool (``pool``, ``registry.DEFAULT_POOL``, which the expert is tuned
against), nor offered in the lobby; ``moon42 arena`` makes them by name (``OUTSIDERS``).
Each is of about ``basic``'s strength and sees only its seat's view.

- ``greedy`` takes every trick it can, its partner's too, and plays high: it leads its
  strongest tile (trumps first) and tops the trick with its highest winner; when it cannot
  win it throws its lowest tile (in Texas 42, the least count first).
- ``cautious`` plays low and saves its trumps: it leads its lowest plain tile (least count
  first), follows with its lowest tile, and trumps in (with its lowest trump) only when the
  trick is worth it: in Texas 42 an opponents' trick holding 10 count or more, in Moon an
  opponents' trick it plays last to.
- ``club`` keeps an everyday club player's rules of thumb: on the bidding side it draws
  trumps (its highest) while the opponents may hold one; then it leads a tile nothing
  unseen tops in its suit (count first), else its lowest plain tile.  On its partner's
  trick that no opponent still to play can top, it plays count (its plain tile with the
  most); else it wins cheaply (its lowest winner, trumping in only for count or in Moon);
  else it throws low.

- ``mixed`` keeps no style for long: each of its plays is made as ``greedy``, ``cautious``,
  ``club`` or ``basic`` would make it, one drawn at random play by play (from its seed and
  what it has seen), so an opponent that reads habits finds none that last.

Bids, trumps and the Moon-for-three discard: ``greedy`` and ``club`` as ``normal`` (which
values its hand), ``cautious`` and ``mixed`` as ``basic`` (which counts its trumps and
doubles).  Nello and Sevens are played as ``normal`` plays them (``mixed``: as the player
drawn).  Only ``mixed`` has randomness, from its seed; the others accept the seed and
ignore it, so a seed makes each play one way.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from moon42.rules.actions import Action
from moon42.rules.tiles import Tile
from moon42.rules.trump import TRUMP_SUIT
from moon42.rules.views import SeatView

from .basic import BasicBot
from .facts.knowledge import Knowledge
from .plain_play import PlainPlayer, count_of, is_boss, plain_tiles, strength
from .protocol import Strategy

__all__ = ["OUTSIDERS", "CautiousBot", "ClubBot", "GreedyBot", "MixedBot"]

WORTH_A_TRUMP = 10  # count on an opponents' trick for which cautious trumps in (Texas 42)


class _Spot:
    """The trick a seat plays to: the suit led, the power on top, who holds it, its count,
    and whether the seat plays last."""

    def __init__(self, view: SeatView) -> None:
        rules = view.play_rules
        trick = view.current_trick
        assert trick is not None, "a spot is read when a tile is led and others follow"
        self.suit = rules.led_suit[trick.plays[0][1]]
        self.power = rules.power[self.suit]
        self.winner, self.top = trick.plays[rules.winner_index(list(trick.tiles))]
        self.ours = self.winner == view.seat or (
            view.partner is not None and self.winner == view.partner)
        self.count = 0 if view.options.is_moon else sum(t.count for t in trick.tiles)
        self.last = len(trick.plays) == view.seats - 1
        self.to_play = [(view.seat + i) % view.seats
                        for i in range(1, view.seats - len(trick.plays))]

    def beats(self, t: Tile) -> bool:
        return self.power[t] > self.power[self.top]


class _Outsider(PlainPlayer[_Spot]):
    """Calls (bid, trump, discard) as its base bot; plays by ``lead`` and ``follow``."""

    def read_trick(self, view: SeatView) -> _Spot:
        return _Spot(view)


def _throw_low(view: SeatView, tiles: list[Tile], spot: _Spot) -> Tile:
    """The plain tile (a trump only when nothing else is left) with the least count, then
    the weakest."""
    rules = view.play_rules
    rest = plain_tiles(rules, tiles) if spot.suit != TRUMP_SUIT else tiles
    return min(rest or tiles, key=lambda t: (count_of(view, t), spot.power[t], strength(rules, t)))


class GreedyBot(_Outsider):
    """Takes every trick it can, its partner's too, with its highest tile."""

    description = "Takes every trick it can, and plays high."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        return max(tiles, key=lambda t: strength(rules, t))

    def follow(self, view: SeatView, tiles: list[Tile], spot: _Spot) -> Tile:
        winners = [t for t in tiles if spot.beats(t)]
        if winners:
            return max(winners, key=lambda t: (spot.power[t], t.pips))
        return _throw_low(view, tiles, spot)


class CautiousBot(_Outsider):
    """Plays low and saves its trumps for a trick worth them."""

    description = "Plays low and saves its trumps."
    calls = BasicBot

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        rest = plain_tiles(rules, tiles) or tiles
        return min(rest, key=lambda t: (count_of(view, t), strength(rules, t)))

    def follow(self, view: SeatView, tiles: list[Tile], spot: _Spot) -> Tile:
        rules = view.play_rules
        worth_it = not spot.ours and (
            spot.last if view.options.is_moon else spot.count >= WORTH_A_TRUMP)
        if worth_it and spot.suit != TRUMP_SUIT:
            ruffs = [t for t in tiles if rules.is_trump[t] and spot.beats(t)]
            if ruffs:
                return min(ruffs, key=lambda t: spot.power[t])
        return min(tiles, key=lambda t: (spot.power[t], count_of(view, t), t.pips))


class ClubBot(_Outsider):
    """An everyday club player: draws trumps, plays count on its partner's trick, wins
    cheaply, throws low."""

    description = "Draws trumps, plays count to its partner, wins cheaply, throws low."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        know = Knowledge.of(view)
        trumps = [t for t in tiles if rules.is_trump[t]]
        ours = view.bidder is not None and view.bidder in (view.seat, view.partner)
        theirs = [s for s in range(view.seats) if s not in (view.seat, view.partner)]
        out = any(know.possible[s] & rules.follow_mask[TRUMP_SUIT] for s in theirs)
        if ours and trumps and out:
            return max(trumps, key=lambda t: strength(rules, t))
        plain = plain_tiles(rules, tiles)
        bosses = [t for t in plain if is_boss(rules, know, t)]
        if bosses:
            return max(bosses, key=lambda t: (count_of(view, t), strength(rules, t)))
        return min(plain or tiles, key=lambda t: (count_of(view, t), strength(rules, t)))

    def follow(self, view: SeatView, tiles: list[Tile], spot: _Spot) -> Tile:
        rules = view.play_rules
        if spot.ours and self._holds(view, spot):
            rest = plain_tiles(rules, tiles) if spot.suit != TRUMP_SUIT else tiles
            return max(rest or tiles, key=lambda t: (count_of(view, t), -spot.power[t], -t.pips))
        if not spot.ours:
            winners = [t for t in tiles if spot.beats(t)]
            ruffing = spot.suit != TRUMP_SUIT and not rules.follows(tiles[0], spot.suit)
            if winners and (not ruffing or spot.count or view.options.is_moon):
                return min(winners, key=lambda t: (spot.power[t], t.pips))
        return _throw_low(view, tiles, spot)

    @staticmethod
    def _holds(view: SeatView, spot: _Spot) -> bool:
        """The partner's tile on top cannot be topped by an opponent still to play."""
        if spot.last:
            return True
        know = Knowledge.of(view)
        top = spot.power[spot.top]
        return all(know.chance_to_beat(s, spot.suit, top) == 0.0
                   for s in spot.to_play if s != view.partner)


class MixedBot(PlainPlayer[None]):
    """Each play made as greedy, cautious, club or basic would, drawn play by play."""

    description = "Plays each tile in the way of another player, drawn at random."
    calls = BasicBot

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.seed = seed if seed is not None else 0
        self._players: list[Strategy] = [GreedyBot(seed), CautiousBot(seed), ClubBot(seed),
                                         self._calls]

    def play(self, view: SeatView) -> Action:
        # From the seed and what the seat has seen only: the hidden tiles never change it.
        key = f"{self.seed}:{view.hand_number}:{view.seat}:{len(view.played)}"
        return random.Random(key).choice(self._players).play(view)


# Made by name (``registry``) for ``moon42 arena``; listed neither for players nor in the pool.
OUTSIDERS: dict[str, Callable[[int | None], Strategy]] = {
    "greedy": GreedyBot,
    "cautious": CautiousBot,
    "club": ClubBot,
    "mixed": MixedBot,
}
