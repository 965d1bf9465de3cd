"""Styles of play: the plain rules a player may keep to in each kind of spot, on bitmasks.

A player's choices fall into six kinds of *spot*: leading, on the bidding side or
defending; following suit, while its own side or the other is winning the trick; and
unable to follow (shedding or trumping in), again while its side or the other is winning.
In each spot many players keep to a plain rule: lead the top trump, or the doubles first,
or a sure winner; follow with the lowest tile, or win as cheaply as possible; smear count
on a partner's trick; trump in, or keep the trumps.  ``RULES`` lists, for every spot, the
rules this module knows.  Each is a lexicographic preference over a tile's plain features
(trump or not, double or not, count, strength, whether it takes the trick so far, whether
nothing left can top it), so one table of rules fits many players without being any one
player's.  ``basic`` keeps to the first rule of every spot (``BASIC``).

A ``Style`` is one seat's rule in each spot (None where it is not taken to keep to one),
and ``SeatStyles`` every seat's: the solver lets such a seat play its rule's tile in those
spots instead of searching its replies (``Solver(habits=)``).  ``inference.Reading`` says,
layout by layout, how likely each rule is for each opponent.

Strength is power in the suit (``TrickRules``), then pips, then the tile's index, so no two
tiles tie.  A lead's strength is its power in the suit it leads (trumps above all).
"""

from __future__ import annotations

from collections.abc import Sequence

from moon42.rules.tiles import COUNT, TILES
from moon42.rules.trump import TrickRules

__all__ = [
    "SPOTS",
    "LEAD",
    "FOLLOW",
    "SHED",
    "RULES",
    "BASIC",
    "Rule",
    "Rules",
    "Style",
    "SeatStyles",
    "spot_of",
]

# The spots: a lead (+1 when defending), a follow or a shed (+1 when the other side is
# winning the trick).
LEAD, FOLLOW, SHED = 0, 2, 4
SPOTS = ("lead (bidding side)", "lead (defending)", "follow (ours)", "follow (theirs)",
         "shed (ours)", "shed (theirs)")

# A rule: its name, the tiles it looks at first ("wins": those that take the trick so far;
# "boss": those nothing left in another hand tops in the suit they lead; None: every legal
# tile) and its preference among them, most important first; then, when there are none of
# those, its preference among every legal tile.  A preference is (feature, +1: more is
# better, -1: less is better), features: "trump", "double", "count", "rank" (strength) and
# "pips" (the lowest domino, as a player throws off junk).  The first rule of each spot is
# ``basic``'s.
_LOW = (("rank", -1),)
_HIGH = (("rank", 1),)
_NO_COUNT = (("count", -1), ("rank", -1))
_JUNK = (("trump", -1), ("count", -1), ("pips", -1))
_HIGH_PLAIN = (("trump", -1), ("rank", 1))
RULES: tuple[tuple[tuple[str, str | None, tuple, tuple], ...], ...] = (
    lead_rules := (
        ("top trump", None, (("trump", 1), ("rank", 1)), ()),
        ("high plain", None, _HIGH_PLAIN, ()),
        ("doubles", None, (("double", 1), ("rank", 1)), ()),
        ("low", None, _JUNK, ()),
        ("cheapest sure winner", "boss", _LOW, _JUNK),
        ("sure winner with count", "boss", (("count", 1), ("rank", 1)), _HIGH_PLAIN),
    ),
    lead_rules,
    (
        ("low", None, _LOW, ()),
        ("count", None, (("count", 1), ("rank", 1)), ()),
        ("high", None, _HIGH, ()),
        ("low, no count", None, _NO_COUNT, ()),
    ),
    (
        ("low", None, _LOW, ()),
        ("win cheaply", "wins", _LOW, _NO_COUNT),
        ("win high", "wins", _HIGH, _NO_COUNT),
        ("high", None, _HIGH, ()),
    ),
    (
        ("low", None, _LOW, ()),
        ("count", None, (("trump", -1), ("count", 1), ("rank", 1)), ()),
        ("junk", None, _JUNK, ()),
        ("lowest domino", None, (("trump", -1), ("pips", -1)), ()),
    ),
    (
        ("low, no count", None, _NO_COUNT, ()),
        ("junk", None, _JUNK, ()),
        ("trump in cheaply", "wins", _LOW, _JUNK),
        ("trump in high", "wins", _HIGH, _JUNK),
        ("lowest domino", None, (("trump", -1), ("pips", -1)), ()),
    ),
)
BASIC = (0, 0, 0, 0, 0, 0)  # ``basic``'s rule in every spot

_BIG = 1 << 12  # above any strength key below (power < 110, pips < 13, tile < 28)
_RANK_KEY = 32


def spot_of(lead: bool, suited: bool, defending_or_theirs: bool) -> int:
    """The spot of a play: a lead, a follow in suit or a shed; +1 as said in ``SPOTS``."""
    base = LEAD if lead else FOLLOW if suited else SHED
    return base + defending_or_theirs


class Rule:
    """One rule of one spot: ``pick`` chooses the tile from the tiles a seat may play.

    ``pick(legal, suit, top, others)``: ``suit`` led and ``top`` (the power on top of the
    trick) for a follow or a shed; ``others``: the tiles left in other hands (for leads).
    """

    __slots__ = ("name", "_first", "_keys", "_fallback", "_power", "_beaten_by")

    def __init__(self, rules: TrickRules, counts: bool, spot: int, rule: tuple) -> None:
        name, first, prefs, fallback = rule
        self.name = name
        self._first = first
        self._keys = _keys(rules, counts, spot, prefs)
        self._fallback = _keys(rules, counts, spot, fallback) if first else self._keys
        self._power = rules.power
        # For a lead: the tiles that top each tile in the suit it leads.
        self._beaten_by: tuple[int, ...] = ()  # (made for a "boss" rule only)
        if first == "boss":
            beaten = []
            for t in range(28):
                row = rules.power[rules.led_suit[t]]
                follow = rules.follow_mask[rules.led_suit[t]]
                beaten.append(sum(1 << u for u in range(28) if follow >> u & 1 and row[u] > row[t]))
            self._beaten_by = tuple(beaten)

    def pick(self, legal: int, suit: int = 0, top: int = -1, others: int = 0) -> int:
        keys = self._keys[suit]
        first = self._first
        if first is not None:
            chosen = 0
            rest = legal
            if first == "wins":
                power = self._power[suit]
                while rest:
                    low = rest & -rest
                    if power[low.bit_length() - 1] > top:
                        chosen |= low
                    rest ^= low
            else:
                beaten_by = self._beaten_by
                while rest:
                    low = rest & -rest
                    if not beaten_by[low.bit_length() - 1] & others:
                        chosen |= low
                    rest ^= low
            if chosen:
                legal = chosen
            else:
                keys = self._fallback[suit]
        best, best_key = -1, -1
        while legal:
            low = legal & -legal
            t = low.bit_length() - 1
            if keys[t] > best_key:
                best, best_key = t, keys[t]
            legal ^= low
        return best


def _keys(
    rules: TrickRules, counts: bool, spot: int, prefs: tuple[tuple[str, int], ...]
) -> list[tuple[int, ...]]:
    """For each suit led (a follow) or for every suit alike: each tile's key by ``prefs``,
    the higher the likelier picked."""
    count = COUNT if counts else (0,) * 28
    suits = list(range(9)) if spot in (FOLLOW, FOLLOW + 1) else [None]
    out = []
    for suit in suits:
        row = rules.power[suit] if suit is not None else None
        tile_keys = []
        for t in range(28):
            tile = TILES[t]
            power = row[t] if row is not None else rules.power[rules.led_suit[t]][t]
            values = {
                "trump": int(rules.is_trump[t]),
                "double": int(tile.is_double),
                "count": count[t],
                "rank": (power * _RANK_KEY + tile.pips) * _RANK_KEY + t,
                "pips": tile.pips,
            }
            key = 0
            for feature, sign in prefs:
                size = _BIG * _BIG if feature == "rank" else 16
                key = key * size + (values[feature] if sign > 0 else size - 1 - values[feature])
            # Ties (a preference without rank) go to the strongest tile.
            key = key * _BIG * _BIG + values["rank"]
            tile_keys.append(key)
        out.append(tuple(tile_keys))
    return out if len(out) > 1 else out * 9


class Rules:
    """Every rule of every spot for one trick's rules and scoring: ``spots[spot][i]``.

    ``Rules.of`` keeps one for each trump, way of treating doubles and scoring."""

    @staticmethod
    def of(rules: TrickRules, counts: bool) -> Rules:
        key = (rules.trump, rules.doubles, counts)
        made = _MADE.get(key)
        if made is None:
            made = _MADE[key] = Rules(rules, counts)
        return made

    def __init__(self, rules: TrickRules, counts: bool) -> None:
        self.rules = rules
        self.spots: tuple[tuple[Rule, ...], ...] = tuple(
            tuple(Rule(rules, counts, spot, rule) for rule in RULES[spot])
            for spot in range(len(SPOTS))
        )

    def style(self, picks: Sequence[int | None]) -> Style:
        """The style that keeps, in each spot, the rule of that index (None: no rule)."""
        return Style(tuple(None if i is None else self.spots[s][i] for s, i in enumerate(picks)))


_MADE: dict[tuple, Rules] = {}


class Style:
    """One seat's rule in each spot, or None where its replies are searched."""

    __slots__ = ("rules",)

    def __init__(self, rules: tuple[Rule | None, ...]) -> None:
        self.rules = rules

    def __bool__(self) -> bool:
        return any(r is not None for r in self.rules)

    def __repr__(self) -> str:
        names = [None if r is None else r.name for r in self.rules]
        return f"Style({names})"


class SeatStyles:
    """Every seat's style (None: searched everywhere).  ``styles & seats`` keeps only the
    styles of ``seats`` (a bitmask), so it reads like the bitmask of seats it replaces."""

    __slots__ = ("styles",)

    def __init__(self, styles: Sequence[Style | None]) -> None:
        self.styles = tuple(s if s else None for s in styles)

    def __and__(self, seats: int) -> SeatStyles:
        return SeatStyles([s if seats >> i & 1 else None for i, s in enumerate(self.styles)])

    def __bool__(self) -> bool:
        return any(s is not None for s in self.styles)

    def __len__(self) -> int:
        return len(self.styles)

    def __getitem__(self, seat: int) -> Style | None:
        return self.styles[seat]

    def __repr__(self) -> str:
        return f"SeatStyles({list(self.styles)})"
