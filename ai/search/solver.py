"""The perfect-information solver: alpha-beta over the tricks left, every hand in view.

The search answers one question, "can the maximisers still win ``need`` more credit?", by a
null-window, fail-soft alpha-beta (a maximiser needs one move that gets there, a minimiser
one that keeps them below).  The exact value is found MTD(f)-style, by a few of those tests
that close in on it.  What keeps it fast in pure Python:

- the state is a few ints: each seat's tiles as a bitmask, the tiles left, the leader;
- a transposition table at trick boundaries, keyed on (tiles left, leader): within one
  layout the tiles left say who holds what.  It keeps a lower and an upper bound on the
  credit still to come and the lead that last cut off;
- cuts on the credit still available: a test is decided as soon as ``need`` is reached or
  can no longer be (that is Texas 42's early end, and Nello's and Sevens' at once);
- move ordering: the lead that cut off here before, then the leads that cut off most often
  elsewhere (a history table), then strong leads; a follower tries to win the trick as
  cheaply as it can when it is going the wrong way, and plays low (count first when the
  trick is its side's) when it is going its way; the follower's tile that last cut off in
  the same spot (same tiles to choose from, same tile on top) is tried first (a killer);
- equivalent tiles: of two tiles in one hand that no tile left in another hand separates in
  any suit, and that carry the same count, only one is led (or played to a trick, when
  both beat the tile on top or neither does);
- tests from the most there is to win down, each at the bound the last one failed with
  (or, given a guess, next to the guess and then halving);
- the top trumps left, while one seat holds them, are sure tricks: a bound on both sides;
- the last trick is played out without a search.

Seats of habits: a seat given a style (``styles.Style``) plays, in each kind of spot where
its style keeps a rule, the tile that rule picks instead of having its replies searched, so
the answer is what a side gets against such a player.  A search with every seat of
``basic``'s habits (``styles.BASIC``) plays the hand out as ``basic`` would.

Following and winning come from the engine's ``TrickRules`` tables; ``test_solver`` checks
them against the engine move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from moon42.rules.tiles import COUNT, TILES
from moon42.rules.trump import TrickRules

from . import effort
from .position import DISTANCE_MASKS, Position
from .styles import BASIC, FOLLOW, LEAD, SHED, Rules, SeatStyles

__all__ = ["Solver", "OutOfBudget", "alike_tiles"]

NO_COUNT = (0,) * 28
INFINITE = 1 << 30
BUILD_EFFORT = 40  # a solver built for a layout (``effort`` units, the layout's dealing aside)
SEARCH_EFFORT = 3  # a search started, besides one for each trick it starts


class OutOfBudget(Exception):  # noqa: N818 - it is an event, not an error
    """The search used up its node budget before it had an answer."""


class Solver:
    """Solves positions of one layout; its table is shared by every search on that layout.

    Every position given must come from the same layout (the hands of the first one, less
    tiles played), since the table knows a state by the tiles left and the leader.
    ``budget``: the most nodes all searches together may visit (None: no limit).
    ``equivalents``: search one of equivalent tiles only (off: every tile, for tests).
    ``habits``: every seat's style (``SeatStyles``), or a bitmask of the seats that play by
    ``basic``'s habits (none in Sevens).
    """

    def __init__(
        self,
        position: Position,
        budget: int | None = None,
        equivalents: bool = True,
        habits: int | SeatStyles = 0,
    ) -> None:
        self.position = position
        self.styles = _styles_of(position, habits)
        self.table: dict[int, list[int]] = {}
        self.nodes = 0
        self.budget = budget if budget is not None else INFINITE
        rules = position.rules
        self._sevens = rules.sevens
        self._led_suit = rules.led_suit
        self._power = rules.power
        self._values = COUNT if position.counts else NO_COUNT
        # Leading order: trumps, then by strength in the suit the tile would lead.
        strength = [rules.power[rules.led_suit[t]][t] * 16 + COUNT[t] for t in range(28)]
        self._lead_order = tuple(sorted(range(28), key=lambda t: (-strength[t], t)))
        self._neighbours = _neighbours(rules) if equivalents else ({},) * 28
        self._search = self._build()
        effort.spend(BUILD_EFFORT)

    # ----- questions ------------------------------------------------------------------

    def reaches(self, position: Position, need: int) -> bool:
        """Can the maximisers win at least ``need`` more credit from ``position``?"""
        return self._search(position, need) >= need

    def value(self, position: Position, guess: int | None = None) -> int:
        """The credit the maximisers win from here on with best play on every side.

        Without a guess the tests come down from the most there is to win, each at the
        bound the last one failed with (MTD(f) from above): refuting a hopeless need is cheap
        and fills the table for the next test.  With a guess (a sibling's value, say), the
        tests go next to the guess first, then halve what is left.
        """
        low, high = 0, position.value_left
        if guess is None:
            # Each failed test says the value is at most what it found (fail-soft).
            while high > 0 and (g := self._search(position, high)) < high:
                high = g
            return high
        need = max(1, min(guess, high))
        passes = 0
        while low < high:
            g = self._search(position, need)
            if g >= need:
                low = g
            else:
                high = g
            passes += 1
            if passes == 1:
                need = low + 1 if g >= need else high
            else:
                need = (low + high + 1) // 2
        return low

    def move_values(
        self, position: Position, guess: int | None = None, tiles: list[int] | None = None
    ) -> dict[int, int]:
        """Every legal tile of the seat to play (or only ``tiles``), with the value of
        playing it.  Each tile's value is the guess for the next."""
        out: dict[int, int] = {}
        for t in _tiles(position.legal_mask()) if tiles is None else tiles:
            child = position.after(t)
            gained = child.taken - position.taken
            g = None if guess is None else guess - gained
            out[t] = gained + self.value(child, g)
            guess = out[t]
        return out

    def best_move(self, position: Position) -> tuple[int, int]:
        """The best tile for the seat to play and the value it keeps (ties: the lowest tile)."""
        values = self.move_values(position)
        maximiser = position.maximisers >> position.to_play & 1
        pick = max if maximiser else min
        best = pick(values.values())
        return min(t for t, v in values.items() if v == best), best

    # ----- the search ---------------------------------------------------------------------

    def _build(self) -> Callable[[Position, int], int]:
        """The search as closures over local tables: the fastest Python can do."""
        solver = self
        rules = self.position.rules
        hands: list[int] = []
        orders = self.position.orders
        maxi = self.position.maximisers
        credit = self.position.credit
        values = self._values
        led_suit = self._led_suit
        follow_mask = rules.follow_mask
        power = self._power
        lead_order = self._lead_order
        # Each seat's tiles in leading order, once: a node only filters its own few.
        own = [tuple(t for t in lead_order if hand >> t & 1) for hand in self.position.hands]
        table = self.table
        orderings: dict[int, tuple[list[int], bool]] = {}
        leads: dict[int, tuple[int, list[int], bool]] = {}
        history = [0] * 28  # how often (and how high in the tree) a lead has cut off
        sevens = self._sevens
        bands = DISTANCE_MASKS
        neighbours = self._neighbours
        trump_order = [t for t in lead_order if rules.is_trump[t]]
        alike = [sum(1 << u for u in near) for near in neighbours]
        base = 1
        styles = self.styles  # per seat: its rule in each spot, or None
        partnerships = len(self.position.hands) == 4
        # The spot of each seat's lead: on the bidding side (the maximisers) or defending.
        lead_spot = [LEAD + (not maxi >> s & 1) for s in range(len(self.position.hands))]
        playing = max(len(o) for o in orders)  # the seats in a trick (a Nello partner is out)
        final = playing - 1

        def distinct(
            tiles: list[int], hand: int, rem: int, pw: Sequence[int] | None = None, top: int = 0
        ) -> list[int]:
            """Drop tiles equivalent to one kept before them (same hand, nothing between).

            In a trick already led, both must also beat the tile on top, or neither.
            """
            others = rem & ~hand
            kept = []
            for t in tiles:
                if not alike[t] & hand:
                    kept.append(t)
                    continue
                for u in kept:
                    gap = neighbours[t].get(u)
                    if (
                        gap is not None
                        and not gap & others
                        and (pw is None or (pw[t] > top) == (pw[u] > top))
                    ):
                        break
                else:
                    kept.append(t)
            return kept

        def lead(leader: int, rem: int, left: int, need: int) -> int:
            if need <= 0:
                return 0
            if need > left:
                return left
            order = orders[leader]
            if rem.bit_count() == playing:
                # One trick left, every tile forced: play it out.
                first = hands[order[0]]
                t = first.bit_length() - 1
                pw = power[led_suit[t]]
                top, winner, worth = pw[t], leader, base + values[t]
                for seat in order[1:]:
                    t = hands[seat].bit_length() - 1
                    worth += values[t]
                    if pw[t] > top:
                        top, winner = pw[t], seat
                return worth if credit >> winner & 1 else 0
            solver.nodes += 1
            if solver.nodes > solver.budget:
                raise OutOfBudget
            key = rem << 2 | leader
            entry = table.get(key)
            if entry is None:
                entry = table[key] = [0, left, -1]
                # The top trumps left, while one seat holds them, each take a trick.
                holder, sure = -1, 0
                for t in trump_order:
                    if rem >> t & 1:
                        if holder < 0:
                            for holder in order:
                                if hands[holder] >> t & 1:
                                    break
                        elif not hands[holder] >> t & 1:
                            break
                        sure += base + values[t]
                if sure:
                    if credit >> holder & 1:
                        entry[0] = sure
                        if sure >= need:
                            return sure
                    else:
                        entry[1] = left - sure
                        if left - sure < need:
                            return left - sure
            else:
                if entry[0] >= need:
                    return entry[0]
                if entry[1] < need:
                    return entry[1]
            hand = hands[leader]
            # The seats' hands never share a tile, so a hand alone says whose it is.
            known = leads.get(hand)
            if known is None:
                legal = hand
                if sevens:
                    for band in bands:
                        if hand & band:
                            legal = hand & band
                            break
                tiles = [t for t in own[leader] if legal >> t & 1]
                known = leads[hand] = (legal, tiles, any(alike[t] & legal for t in tiles))
            legal, moves, pairs = known
            style = styles[leader]
            rule = style.rules[lead_spot[leader]] if style is not None else None
            if rule is not None:
                moves = [rule.pick(legal, 0, -1, rem & ~hand)]  # its rule's tile, alone
            else:
                if pairs:
                    moves = distinct(moves, hand, rem)
                if len(moves) > 1:
                    moves = sorted(moves, key=history.__getitem__, reverse=True)
                cut = entry[2]
                if cut >= 0 and legal >> cut & 1 and moves[0] != cut:
                    if cut in moves:
                        moves.remove(cut)
                    moves.insert(0, cut)
            is_max = maxi >> leader & 1
            best = -1 if is_max else INFINITE
            for t in moves:
                hands[leader] = hand ^ (1 << t)
                suit = led_suit[t]
                v = follow(
                    order, 1, suit, power[suit][t], leader, values[t], rem ^ (1 << t), left, need
                )
                hands[leader] = hand
                if is_max:
                    if v >= need:
                        if v > entry[0]:
                            entry[0] = v
                        entry[2] = t
                        history[t] += 1 << (rem.bit_count() >> 2)
                        return v
                    if v > best:
                        best = v
                else:
                    if v < need:
                        if v < entry[1]:
                            entry[1] = v
                        entry[2] = t
                        history[t] += 1 << (rem.bit_count() >> 2)
                        return v
                    if v < best:
                        best = v
            if best >= need:
                entry[0] = max(entry[0], best)
            else:
                entry[1] = min(entry[1], best)
            return best

        def follow_order(
            tiles: list[int], pw: Sequence[int], top: int, happy: bool, last: bool
        ) -> list[int]:
            """Going my way: low, count first.  Else win (cheaply if last), or shed low."""
            if len(tiles) < 2:
                return tiles
            if happy:
                tiles.reverse()
                tiles.sort(key=lambda t: (pw[t] > top, -values[t]))
                return tiles
            winners = [t for t in tiles if pw[t] > top]
            winners.reverse()
            losers = [t for t in reversed(tiles) if pw[t] <= top]
            losers.sort(key=lambda t: values[t])
            return winners + losers

        def follow(
            order: tuple[int, ...],
            k: int,
            suit: int,
            top: int,
            winner: int,
            points: int,
            rem: int,
            left: int,
            need: int,
        ) -> int:
            seat = order[k]
            pw = power[suit]
            hand = hands[seat]
            if sevens:
                legal = hand
                for band in bands:
                    if hand & band:
                        legal = hand & band
                        break
            else:
                legal = hand & follow_mask[suit] or hand
            is_max = maxi >> seat & 1
            last = k == final
            # Going my way: play low, count first if it is ours.  Otherwise win cheaply.
            happy = (credit >> winner & 1) == is_max
            style = styles[seat]
            rule = None
            if style is not None:
                suited = hand & follow_mask[suit]
                theirs = not (partnerships and (winner - seat) % 2 == 0)
                rule = style.rules[(FOLLOW if suited else SHED) + theirs]
            if rule is not None:
                known: tuple[list[int], bool] | None
                known = ([rule.pick(suited or hand, suit, top, 0)], False)  # its rule's tile
            else:
                memo = (((legal << 7 | top) << 4 | suit) << 1 | happy) << 1 | last
                known = orderings.get(memo)
                if known is None:
                    tiles = follow_order(
                        [t for t in own[seat] if legal >> t & 1], pw, top, happy, last
                    )
                    # Whether two of these tiles may ever play alike (worth a look each time).
                    pairs = any(alike[t] & legal for t in tiles)
                    known = orderings[memo] = (tiles, pairs)
            tiles, pairs = known
            if pairs:
                tiles = distinct(tiles, hand, rem, pw, top)
            best = -1 if is_max else INFINITE
            for t in tiles:
                p = pw[t]
                if last:
                    # The trick is over: the cuts of ``lead`` inlined, as most stop there.
                    worth = base + points + values[t]
                    rest = left - worth
                    if credit >> (seat if p > top else winner) & 1:
                        if need <= worth:
                            v = worth
                        elif need - worth > rest:
                            v = left
                        else:
                            hands[seat] = hand ^ (1 << t)
                            v = worth + lead(
                                seat if p > top else winner, rem ^ (1 << t), rest, need - worth
                            )
                            hands[seat] = hand
                    elif need > rest:
                        v = rest
                    else:
                        hands[seat] = hand ^ (1 << t)
                        v = lead(seat if p > top else winner, rem ^ (1 << t), rest, need)
                        hands[seat] = hand
                else:
                    hands[seat] = hand ^ (1 << t)
                    if p > top:
                        v = follow(
                            order,
                            k + 1,
                            suit,
                            p,
                            seat,
                            points + values[t],
                            rem ^ (1 << t),
                            left,
                            need,
                        )
                    else:
                        v = follow(
                            order,
                            k + 1,
                            suit,
                            top,
                            winner,
                            points + values[t],
                            rem ^ (1 << t),
                            left,
                            need,
                        )
                    hands[seat] = hand
                if is_max:
                    if v >= need:
                        break
                    if v > best:
                        best = v
                elif v < need:
                    break
                elif v < best:
                    best = v
            else:
                return best
            # A cut: this tile is tried first next time in the same spot (a killer move).  No
            # search still running over this list is changed: those further up the tree that
            # share the spot would need the same tiles, and this seat has played one since.
            first = known[0]
            if first[0] != t:
                first.remove(t)
                first.insert(0, t)
            return v

        spend = effort.spend

        def search(position: Position, need: int) -> int:
            before = solver.nodes
            try:
                return start(position, need)
            finally:
                spend(SEARCH_EFFORT + solver.nodes - before)

        def start(position: Position, need: int) -> int:
            hands[:] = position.hands
            rem = 0
            for h in hands:
                rem |= h
            left = position.value_left
            trick = position.trick
            if not trick:
                return lead(position.leader, rem, left, need)
            order = orders[position.leader]
            first = trick[0]
            pw = power[led_suit[first]]
            top, winner, points = -1, position.leader, 0
            for k, t in enumerate(trick):
                points += values[t]
                if pw[t] > top:
                    top, winner = pw[t], order[k]
            if need <= 0:
                return 0
            if need > left:
                return left
            return follow(order, len(trick), led_suit[first], top, winner, points, rem, left, need)

        return search


def alike_tiles(
    rules: TrickRules,
    tiles: list[int],
    hidden: int,
    power: Sequence[int] | None = None,
    top: int = -1,
) -> dict[int, list[int]]:
    """``tiles`` (one seat's legal plays) grouped by playing alike in every layout: no tile
    that another hand may hold (``hidden``) lies between two of a group in any suit, they
    carry the same count, and (on a trick led, ``power`` its suit's powers) both top the
    trick so far or neither does.  Each group under its lowest tile."""
    neighbours = _neighbours(rules)
    groups: dict[int, list[int]] = {}
    for t in sorted(tiles):
        for first, group in groups.items():
            gap = neighbours[t].get(first)
            if (
                gap is not None
                and not gap & hidden
                and (power is None or (power[t] > top) == (power[first] > top))
            ):
                group.append(t)
                break
        else:
            groups[t] = [t]
    return groups


def _styles_of(position: Position, habits: int | SeatStyles) -> tuple:
    """Every seat's style, or None; nobody keeps to rules in Sevens."""
    seats = len(position.hands)
    if position.rules.sevens or not habits:
        return (None,) * seats
    if isinstance(habits, int):
        basic = Rules.of(position.rules, position.counts).style(BASIC)
        return tuple(basic if habits >> s & 1 else None for s in range(seats))
    return tuple(habits[s] if s < len(habits) else None for s in range(seats))


def _tiles(mask: int) -> list[int]:
    return [t for t in range(28) if mask >> t & 1]


@cache  # one table for each TrickRules (the engine makes one per trump and doubles)
def _neighbours(rules: TrickRules) -> tuple[dict[int, int], ...]:
    """``_alike_tiles`` for ``rules``, worked out once for each trump and way of doubles."""
    key = (rules.trump, rules.doubles)
    known = _NEIGHBOURS.get(key)
    if known is None:
        known = _NEIGHBOURS[key] = _alike_tiles(rules)
    return known


_NEIGHBOURS: dict[tuple, tuple[dict[int, int], ...]] = {}


def _alike_tiles(rules: TrickRules) -> tuple[dict[int, int], ...]:
    """For each tile, the tiles it may be equivalent to, with the tiles that lie between.

    Two tiles are alike to a trick when they follow exactly the same suits and, in every
    suit they follow, no other tile ranks between them.  Those between are the ``gap``:
    when none of them is left in another hand, the two tiles play alike.  Count is
    checked here too (a tile with count is never alike to one without).
    """
    if rules.sevens:
        distance = [abs(TILES[t].pips - 7) for t in range(28)]
        out: list[dict[int, int]] = [dict() for _ in range(28)]
        for a in range(28):
            for b in range(28):
                if a != b and distance[a] == distance[b] and COUNT[a] == COUNT[b]:
                    out[a][b] = 0
        return tuple(out)
    suits_of = []
    for t in range(28):
        suits_of.append(frozenset(s for s in range(9) if rules.follow_mask[s] >> t & 1))
    out = [dict() for _ in range(28)]
    for a in range(28):
        for b in range(28):
            if a == b or suits_of[a] != suits_of[b] or COUNT[a] != COUNT[b]:
                continue
            if rules.is_trump[a] != rules.is_trump[b]:
                continue
            gap = 0
            for s in suits_of[a]:
                row = rules.power[s]
                low, high = sorted((row[a], row[b]))
                for c in range(28):
                    if low < row[c] < high:
                        gap |= 1 << c
            # Every tile's strength when led also matters: a tile may lead its own suit.
            out[a][b] = gap
    return tuple(out)
