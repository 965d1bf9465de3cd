"""The opponent pool: plain players of other styles, to measure a bot against more than one.

A bot tuned against one opponent learns that opponent's habits.  These players each keep
habits of their own, as people do, and are of different strengths:

- ``cheap`` wins each trick as cheaply as it can: it leads the cheapest tile nothing left
  can top, follows with the lowest tile that takes the trick, and trumps in with its lowest
  trump that wins;
- ``smear`` gives its count to its partner: on a trick its partner is winning it plays the
  tile with the most count it may (in Moon, its highest tile), and it takes what it can
  with its highest tile;
- ``hoard`` keeps its trumps to the end: it never leads one, nor trumps in, while it holds
  another tile, and leads its highest plain tile;
- ``doubles-first`` leads its doubles first, highest first, and trumps in only when the
  trick holds count (in Moon, always);

and ``normal`` and ``noisy-expert`` (``noisy_expert``) beside them.  None of them is
offered in the lobby (``registry``): they are yardsticks, not company.  They have no
randomness; the seed is accepted and ignored.

Bid, trump and discard: ``cheap`` and ``smear`` as ``normal`` (which values its hand);
``hoard`` and ``doubles-first`` as ``basic`` (which counts its trumps and doubles), but
``doubles-first`` names doubles as trump with three of them.  Nello and Sevens, wherever
a table plays them, are played as ``normal`` plays them.
"""

from __future__ import annotations

from moon42.rules.actions import Action, NameTrump
from moon42.rules.tiles import Tile, mask_of
from moon42.rules.trump import TRUMP_SUIT, Trump
from moon42.rules.views import SeatView

from .basic import BasicBot
from .facts.knowledge import Knowledge
from .plain_play import PlainPlayer, count_of, is_boss, plain_tiles, strength

__all__ = ["CheapBot", "DoublesFirstBot", "HoardBot", "SmearBot"]

DOUBLES_TRUMP = 3  # doubles-first names doubles as trump with this many doubles


class _Trick:
    """The trick a seat follows to: the suit led, the tile on top and whose side holds it."""

    def __init__(self, view: SeatView) -> None:
        rules = view.play_rules
        trick = view.current_trick
        assert trick is not None, "following with no trick led"
        self.suit = rules.led_suit[trick.plays[0][1]]
        self.power = rules.power[self.suit]
        winner, self.top = trick.plays[rules.winner_index(trick.tiles)]
        self.ours = view.partner is not None and winner == view.partner
        self.count = sum(t.count for t in trick.tiles) if not view.options.is_moon else 0

    def beats(self, t: Tile) -> bool:
        return self.power[t] > self.power[self.top]


class _PlainPlayer(PlainPlayer[_Trick]):
    """Plays a hand by ``lead`` and ``follow`` (to a trick led); the rest as its base does."""

    def read_trick(self, view: SeatView) -> _Trick:
        return _Trick(view)


class CheapBot(_PlainPlayer):
    """Wins each trick as cheaply as it can; leads its cheapest sure winner, else low."""

    description = "Wins every trick as cheaply as it can."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        know = Knowledge.of(view)
        bosses = [t for t in tiles if is_boss(rules, know, t)]
        if bosses:
            return min(bosses, key=lambda t: (strength(rules, t), -count_of(view, t)))
        rest = plain_tiles(rules, tiles) or tiles
        return min(rest, key=lambda t: (count_of(view, t), strength(rules, t)))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        low = lambda t: (count_of(view, t), trick.power[t], t.pips)  # noqa: E731
        if not trick.ours:
            winners = [t for t in tiles if trick.beats(t)]
            if winners:
                return min(winners, key=lambda t: (trick.power[t], t.pips))
        rest = plain_tiles(rules, tiles) or tiles
        return min(rest, key=low)


class SmearBot(_PlainPlayer):
    """Smears its count on its partner's tricks and takes tricks with its highest tile."""

    description = "Gives its count to its partner's tricks."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        bidding_side = view.bidder is not None and view.bidder in (view.seat, view.partner)
        trumps = [t for t in tiles if rules.is_trump[t]]
        if bidding_side and trumps:
            return max(trumps, key=lambda t: strength(rules, t))
        know = Knowledge.of(view)
        bosses = [t for t in plain_tiles(rules, tiles) if is_boss(rules, know, t)]
        if bosses:
            return max(bosses, key=lambda t: (count_of(view, t), strength(rules, t)))
        return max(plain_tiles(rules, tiles) or tiles, key=lambda t: strength(rules, t))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        if trick.ours:
            plain = plain_tiles(rules, tiles) if trick.suit != TRUMP_SUIT else tiles
            return max(plain or tiles, key=lambda t: (count_of(view, t), strength(rules, t)))
        winners = [t for t in tiles if trick.beats(t)]
        if winners:
            return max(winners, key=lambda t: (trick.power[t], t.pips))
        rest = plain_tiles(rules, tiles) or tiles
        return min(rest, key=lambda t: (count_of(view, t), trick.power[t], t.pips))


class _BasicCalls(_PlainPlayer):
    """Bids, names trump and discards as ``basic`` does."""

    calls = BasicBot


class HoardBot(_BasicCalls):
    """Keeps its trumps: never leads one or trumps in while it holds another tile."""

    description = "Keeps its trumps to the end."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        plain = plain_tiles(rules, tiles)
        if plain:
            return max(plain, key=lambda t: strength(rules, t))
        return min(tiles, key=lambda t: strength(rules, t))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        rest = plain_tiles(rules, tiles) or tiles
        return min(rest, key=lambda t: (trick.power[t], count_of(view, t), t.pips))


class DoublesFirstBot(_BasicCalls):
    """Leads its doubles first; trumps in only for count."""

    description = "Leads its doubles first."

    def trump(self, view: SeatView) -> Action:
        named = {a.trump: a for a in view.legal if type(a) is NameTrump}
        doubles = sum(1 for t in view.hand if t.is_double)
        if doubles >= DOUBLES_TRUMP and Trump.DOUBLES in named:
            return named[Trump.DOUBLES]
        return self._calls.trump(view)

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        doubles = [t for t in tiles if t.is_double]
        if doubles:
            return max(doubles, key=lambda t: (t.high, strength(rules, t)))
        return max(tiles, key=lambda t: strength(rules, t))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        suited = mask_of(tiles) & rules.follow_mask[trick.suit]
        if not trick.ours:
            winners = [t for t in tiles if trick.beats(t)]
            wanted = suited or trick.count or view.options.is_moon
            if winners and wanted:
                return max(winners, key=lambda t: (trick.power[t], t.pips))
        rest = plain_tiles(rules, tiles) or tiles
        return min(rest, key=lambda t: (trick.power[t], count_of(view, t), t.pips))
