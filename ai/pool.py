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

from collections.abc import Sequence

from moon42.rules.actions import Action, NameTrump, Play
from moon42.rules.tiles import Tile, mask_of
from moon42.rules.trump import TRUMP_SUIT, TrickRules, Trump
from moon42.rules.views import SeatView

from .basic import BasicBot
from .facts.knowledge import Knowledge
from .normal import NormalBot
from .protocol import Strategy

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


class _PlainPlayer:
    """Plays a hand by ``lead`` and ``follow`` (to a trick led); the rest as its base does."""

    description = ""

    def __init__(self, seed: int | None = None) -> None:
        self._calls: Strategy = NormalBot(seed)

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
        return plays[self.follow(view, tiles, _Trick(view))]

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        raise NotImplementedError

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        raise NotImplementedError


def _strength(rules: TrickRules, t: Tile) -> tuple[int, int]:
    """A tile's strength in the suit it leads (trumps above all), then its pips."""
    return rules.power[rules.led_suit[t]][t], t.pips


def _count(view: SeatView, t: Tile) -> int:
    return 0 if view.options.is_moon else t.count


def _plain(rules: TrickRules, tiles: Sequence[Tile]) -> list[Tile]:
    return [t for t in tiles if not rules.is_trump[t]]


def _is_boss(rules: TrickRules, know: Knowledge, t: Tile) -> bool:
    """Nothing the seat cannot see tops ``t`` in the suit it leads (ruffs aside)."""
    suit = rules.led_suit[t]
    power = rules.power[suit]
    unseen = know.unseen & rules.follow_mask[suit]
    return not any(unseen >> u & 1 and power[u] > power[t] for u in range(28))


class CheapBot(_PlainPlayer):
    """Wins each trick as cheaply as it can; leads its cheapest sure winner, else low."""

    description = "Wins every trick as cheaply as it can."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        know = Knowledge.of(view)
        bosses = [t for t in tiles if _is_boss(rules, know, t)]
        if bosses:
            return min(bosses, key=lambda t: (_strength(rules, t), -_count(view, t)))
        rest = _plain(rules, tiles) or tiles
        return min(rest, key=lambda t: (_count(view, t), _strength(rules, t)))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        low = lambda t: (_count(view, t), trick.power[t], t.pips)  # noqa: E731
        if not trick.ours:
            winners = [t for t in tiles if trick.beats(t)]
            if winners:
                return min(winners, key=lambda t: (trick.power[t], t.pips))
        rest = _plain(rules, tiles) or tiles
        return min(rest, key=low)


class SmearBot(_PlainPlayer):
    """Smears its count on its partner's tricks and takes tricks with its highest tile."""

    description = "Gives its count to its partner's tricks."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        bidding_side = view.bidder is not None and view.bidder in (view.seat, view.partner)
        trumps = [t for t in tiles if rules.is_trump[t]]
        if bidding_side and trumps:
            return max(trumps, key=lambda t: _strength(rules, t))
        know = Knowledge.of(view)
        bosses = [t for t in _plain(rules, tiles) if _is_boss(rules, know, t)]
        if bosses:
            return max(bosses, key=lambda t: (_count(view, t), _strength(rules, t)))
        return max(_plain(rules, tiles) or tiles, key=lambda t: _strength(rules, t))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        if trick.ours:
            plain = _plain(rules, tiles) if trick.suit != TRUMP_SUIT else tiles
            return max(plain or tiles, key=lambda t: (_count(view, t), _strength(rules, t)))
        winners = [t for t in tiles if trick.beats(t)]
        if winners:
            return max(winners, key=lambda t: (trick.power[t], t.pips))
        rest = _plain(rules, tiles) or tiles
        return min(rest, key=lambda t: (_count(view, t), trick.power[t], t.pips))


class _BasicCalls(_PlainPlayer):
    """Bids, names trump and discards as ``basic`` does."""

    def __init__(self, seed: int | None = None) -> None:
        self._calls = BasicBot(seed)


class HoardBot(_BasicCalls):
    """Keeps its trumps: never leads one or trumps in while it holds another tile."""

    description = "Keeps its trumps to the end."

    def lead(self, view: SeatView, tiles: list[Tile]) -> Tile:
        rules = view.play_rules
        plain = _plain(rules, tiles)
        if plain:
            return max(plain, key=lambda t: _strength(rules, t))
        return min(tiles, key=lambda t: _strength(rules, t))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        rest = _plain(rules, tiles) or tiles
        return min(rest, key=lambda t: (trick.power[t], _count(view, t), t.pips))


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
            return max(doubles, key=lambda t: (t.high, _strength(rules, t)))
        return max(tiles, key=lambda t: _strength(rules, t))

    def follow(self, view: SeatView, tiles: list[Tile], trick: _Trick) -> Tile:
        rules = view.play_rules
        suited = mask_of(tiles) & rules.follow_mask[trick.suit]
        if not trick.ours:
            winners = [t for t in tiles if trick.beats(t)]
            wanted = suited or trick.count or view.options.is_moon
            if winners and wanted:
                return max(winners, key=lambda t: (trick.power[t], t.pips))
        rest = _plain(rules, tiles) or tiles
        return min(rest, key=lambda t: (trick.power[t], _count(view, t), t.pips))
