"""An independent reference implementation of ``moon42 check``.

Written only from rules/README.md and rules/RECORDS.md, without importing anything from
``rules/`` or ``app/``, so that a differential test can compare the two on generated
records. It favours plain, readable code over speed.

``check_record(doc)`` takes a parsed JSON value and returns ``(exit_code, document_or_None)``:
0 and the document for a legal record, 1 and the document (with ``error``) for a record that
breaks the rules, 2 and None for a file that is not a record. ``check_text(text)`` does the
same for raw text, after the limits of rules/RECORDS.md. ``Match`` is the replay state
machine; the record generator uses it too.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

FORMAT = "moon42/1"
SEATS = {"moon3": 3, "moon4": 4, "texas42": 4}
KINDS = ("bid", "discard", "trump", "play")

Tile = tuple[int, int]  # (high, low)

FULL_SET: list[Tile] = [(a, b) for a in range(6, -1, -1) for b in range(a, -1, -1)]
MOON22_SET: list[Tile] = [t for t in FULL_SET if not (t[1] == 0 and t[0] != 0)]
MOON21_SET: list[Tile] = [t for t in MOON22_SET if t != (0, 0)]

TILE_PATTERN = re.compile(r"([0-6])-([0-6])")
ONE_MARK = 42

# rules/RECORDS.md, "Limits"
MOST_BYTES = 3 * 1024 * 1024
MOST_DEPTH = 32
MOST_NUMBER_CHARACTERS = 32
INTEGERS = range(-(2**63), 2**63)
MOST_TARGET = 10_000
SEVEN_MARKS = 7 * ONE_MARK


class FormError(Exception):
    """The file is not a record (exit 2)."""


# ----------------------------------------------------------------------------------------------
# Small helpers


def tile_name(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def parse_tile(value: Any) -> Tile:
    if not isinstance(value, str):
        raise FormError(f"a tile must be a string, not {value!r}")
    match = TILE_PATTERN.fullmatch(value)
    if match is None:
        raise FormError(f"malformed tile {value!r}")
    a, b = int(match.group(1)), int(match.group(2))
    return (max(a, b), min(a, b))


def whole_number(value: Any) -> int | None:
    """The int a JSON value stands for when it is a whole number (5.0 counts as 5), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def carries(tile: Tile, number: int) -> bool:
    return tile[0] == number or tile[1] == number


def other_number(tile: Tile, number: int) -> int:
    return tile[1] if tile[0] == number else tile[0]


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def count_of(tile: Tile) -> int:
    pips = tile[0] + tile[1]
    if pips == 10:  # 6-4 and 5-5
        return 10
    if pips == 5:  # 5-0, 4-1, 3-2
        return 5
    return 0


def marks_of(bid: int) -> int:
    """Texas 42: how many marks a bid is worth (30 to 42: one; 42 x k: k)."""
    return max(1, bid // ONE_MARK)


# ----------------------------------------------------------------------------------------------
# Options

BOOL = "bool"
MOON = ("moon3", "moon4")
BOTH = ("moon3", "moon4", "texas42")
TEXAS = ("texas42",)

OPTION_SPECS: dict[str, tuple[tuple[str, ...], Any]] = {
    "forced_bid": (BOTH, BOOL),
    "target": (BOTH, "target"),
    "doubles_trump": (BOTH, BOOL),
    "no_trump": (BOTH, BOOL),
    "no_trump_doubles": (BOTH, ("high", "low", "own")),
    "min_bid": (MOON, (3, 4, 5)),
    "scoring": (MOON, ("points", "marks")),
    "moon_instant": (MOON, BOOL),
    "remove_double_blank": (("moon3",), BOOL),
    "trump_before_widow": (("moon3",), BOOL),
    "play_out": (TEXAS, BOOL),
    "mark_raises": (TEXAS, ("none", "one")),
    "nello": (TEXAS, BOOL),
    "nello_doubles": (TEXAS, ("high", "low", "own")),
    "sevens": (TEXAS, BOOL),
    "plunge": (TEXAS, BOOL),
    "splash": (TEXAS, BOOL),
}

DEFAULTS: dict[str, Any] = {
    "forced_bid": False,
    "doubles_trump": True,
    "no_trump": True,
    "no_trump_doubles": "high",
    "min_bid": 4,
    "scoring": "points",
    "moon_instant": False,
    "remove_double_blank": False,
    "trump_before_widow": False,
    "play_out": False,
    "mark_raises": "none",
    "nello": False,
    "nello_doubles": "high",
    "sevens": False,
    "plunge": False,
    "splash": False,
}


def option_value(name: str, value: Any) -> Any:
    """The validated value of one option, or FormError."""
    kind = OPTION_SPECS[name][1]
    if kind == BOOL:
        if not isinstance(value, bool):
            raise FormError(f"option {name} must be true or false")
        return value
    if kind == "target":
        number = whole_number(value)
        if number is None or not 1 <= number <= MOST_TARGET:
            raise FormError("target must be a whole number from 1 to 10,000")
        return number
    if name == "min_bid":
        number = whole_number(value)
        if number not in kind:
            raise FormError("min_bid must be 3, 4 or 5")
        return number
    if not isinstance(value, str) or value not in kind:
        raise FormError(f"option {name} has a bad value {value!r}")
    return value


def options_of(game: str, given: dict[str, Any]) -> dict[str, Any]:
    options = {name: value for name, value in DEFAULTS.items() if game in OPTION_SPECS[name][0]}
    for name, value in given.items():
        if name not in OPTION_SPECS:
            raise FormError(f"unknown option {name!r}")
        if game not in OPTION_SPECS[name][0]:
            raise FormError(f"option {name!r} does not fit {game}")
        options[name] = option_value(name, value)
    if "target" not in options:
        if game == "texas42" or options["scoring"] == "marks":
            options["target"] = 7
        else:
            options["target"] = 21
    return options


def tile_set(game: str, options: dict[str, Any]) -> list[Tile]:
    if game != "moon3":
        return FULL_SET
    return MOON21_SET if options["remove_double_blank"] else MOON22_SET


# ----------------------------------------------------------------------------------------------
# Reading the record (everything here is a question of form: exit 2)


@dataclass
class Action:
    seat: int
    kind: str
    value: Any  # bid: int | "pass" | "plunge" | "splash"; discard/play: Tile; trump: str


@dataclass
class HandRecord:
    dealer: int
    deal: list[list[Tile]]
    widow: list[Tile]
    actions: list[Action]


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    hands: list[HandRecord]


def read_action(entry: Any, game: str) -> Action:
    if not isinstance(entry, dict):
        raise FormError("an action must be an object")
    named = [kind for kind in KINDS if kind in entry]
    if len(named) != 1:
        raise FormError("an action must name exactly one kind")
    seat = whole_number(entry.get("seat"))
    if seat is None:
        raise FormError("an action's seat must be a whole number")
    kind = named[0]
    value = entry[kind]
    if kind == "bid":
        number = whole_number(value)
        if number is not None:
            value = number
        elif value == "pass" or (game == "texas42" and value in ("plunge", "splash")):
            pass
        else:
            raise FormError(f"bad bid {value!r}")
    elif kind in ("discard", "play"):
        value = parse_tile(value)
    elif not isinstance(value, str):
        raise FormError("a trump must be a string")
    return Action(seat, kind, value)


def read_hand(entry: Any, game: str, tiles: list[Tile]) -> HandRecord:
    if not isinstance(entry, dict):
        raise FormError("a hand must be an object")
    dealer = whole_number(entry.get("dealer"))
    if dealer is None:
        raise FormError("dealer must be a whole number")
    seats = SEATS[game]
    deal = entry.get("deal")
    if not isinstance(deal, list) or len(deal) != seats:
        raise FormError("deal must list every seat's tiles")
    hands = []
    for holding in deal:
        if not isinstance(holding, list) or len(holding) != 7:
            raise FormError("every seat gets seven tiles")
        hands.append([parse_tile(t) for t in holding])
    # null stands for a member left out, as the project reads it (and records written by
    # other tools do).
    widow_value = entry.get("widow")
    widow_value = [] if widow_value is None else widow_value
    if not isinstance(widow_value, list):
        raise FormError("widow must be a list")
    widow = [parse_tile(t) for t in widow_value]
    everything = [t for holding in hands for t in holding] + widow
    if sorted(everything) != sorted(tiles):
        raise FormError("the deal is not the set the game uses")
    actions_value = entry.get("actions")
    actions_value = [] if actions_value is None else actions_value
    if not isinstance(actions_value, list):
        raise FormError("actions must be a list")
    actions = [read_action(a, game) for a in actions_value]
    return HandRecord(dealer, hands, widow, actions)


def read_record(doc: Any) -> Record:
    if not isinstance(doc, dict):
        raise FormError("a record is a JSON object")
    if doc.get("format") != FORMAT or not isinstance(doc.get("format"), str):
        raise FormError("wrong format")
    game = doc.get("game")
    if not isinstance(game, str) or game not in SEATS:
        raise FormError("wrong game")
    given = doc.get("options")
    given = {} if given is None else given
    if not isinstance(given, dict):
        raise FormError("options must be an object")
    options = options_of(game, given)
    hands_value = doc.get("hands")
    if not isinstance(hands_value, list):
        raise FormError("hands must be a list")
    tiles = tile_set(game, options)
    return Record(game, options, [read_hand(h, game, tiles) for h in hands_value])


# ----------------------------------------------------------------------------------------------
# Trick rules


@dataclass(frozen=True)
class TrickRules:
    """How tiles follow and rank under one trump (rules/README.md 5, 6, 9.1, 9.4, 9.5)."""

    trump: str  # "0".."6", "doubles", "none", "nello", "sevens"
    doubles_mode: str  # "high" / "low" / "own", used when there is no trump

    @property
    def trump_number(self) -> int | None:
        return int(self.trump) if self.trump.isdigit() else None

    @property
    def sevens(self) -> bool:
        return self.trump == "sevens"

    def is_trump(self, tile: Tile) -> bool:
        if self.trump_number is not None:
            return carries(tile, self.trump_number)
        if self.trump == "doubles":
            return is_double(tile)
        return False

    @property
    def doubles_own(self) -> bool:
        return self.trump in ("none", "nello") and self.doubles_mode == "own"

    def led_suit(self, tile: Tile) -> str | int:
        """'trump', 'doubles' (the eighth suit of 9.1 'own') or a number suit."""
        if self.is_trump(tile):
            return "trump"
        if is_double(tile) and self.doubles_own:
            return "doubles"
        return tile[0]

    def follows(self, tile: Tile, suit: str | int) -> bool:
        if suit == "trump":
            return self.is_trump(tile)
        if suit == "doubles":
            return is_double(tile)
        if self.is_trump(tile):
            return False
        if is_double(tile) and self.doubles_own:
            return False
        return carries(tile, suit)

    def rank(self, tile: Tile, suit: str | int) -> int:
        """Higher wins; only called for tiles that follow ``suit``."""
        if suit == "trump" and self.trump == "doubles":
            return tile[0]
        if suit == "doubles":
            return tile[0]
        number = self.trump_number if suit == "trump" else suit
        assert isinstance(number, int)
        if is_double(tile):
            if suit != "trump" and self.trump in ("none", "nello") and self.doubles_mode == "low":
                return -1
            return 10
        return other_number(tile, number)

    def winner_index(self, tiles: list[Tile]) -> int:
        if self.sevens:
            best = 0
            for index, tile in enumerate(tiles):
                if distance(tile) < distance(tiles[best]):
                    best = index
            return best
        trumps = [i for i, t in enumerate(tiles) if self.is_trump(t)]
        if trumps:
            return max(trumps, key=lambda i: self.rank(tiles[i], "trump"))
        suit = self.led_suit(tiles[0])
        followers = [i for i, t in enumerate(tiles) if self.follows(t, suit)]
        return max(followers, key=lambda i: self.rank(tiles[i], suit))


def distance(tile: Tile) -> int:
    return abs(tile[0] + tile[1] - 7)


# ----------------------------------------------------------------------------------------------
# The game as it is replayed


@dataclass
class Trick:
    leader: int
    plays: list[tuple[int, Tile]] = field(default_factory=list)
    winner: int | None = None


class Hand:
    """One deal: bidding, widow, trump, the tricks, and its result."""

    def __init__(self, match: Match, dealer: int, deal: list[list[Tile]], widow: list[Tile]):
        self.match = match
        self.game = match.game
        self.options = match.options
        self.seats = match.seats
        self.dealer = dealer
        self.holdings: list[list[Tile]] = [list(h) for h in deal]
        self.deal_doubles = [sum(1 for t in h if is_double(t)) for h in deal]
        self.widow = list(widow)
        self.phase = "bid"
        self.turns = 0  # bidding turns taken
        self.high: int | None = None
        self.bidder: int | None = None
        self.contract: str | None = None  # "bid" / "plunge" / "splash" of the high bid
        self.trump: str | None = None
        self.discarded = False
        self.rules: TrickRules | None = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * self.seats
        self.points = [0] * self.seats
        self.complete = False
        self.thrown_in = False
        self.made: bool | None = None
        self.score = [0] * self.seats

    # -- who is who -------------------------------------------------------------------------

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.seats == 4 else None

    def side(self, seat: int) -> list[int]:
        mate = self.partner(seat)
        return [seat] if mate is None else sorted([seat, mate])

    @property
    def declarer(self) -> int | None:
        """Who names trump and leads: the bidder, or their partner after a Plunge or Splash."""
        if self.bidder is None:
            return None
        if self.contract in ("plunge", "splash"):
            return self.partner(self.bidder)
        return self.bidder

    @property
    def sitting_out(self) -> int | None:
        if self.trump == "nello" and self.bidder is not None:
            return self.partner(self.bidder)
        return None

    @property
    def has_widow(self) -> bool:
        return len(self.widow) > 0

    # -- bidding ------------------------------------------------------------------------------

    def bid_turn(self) -> int:
        return (self.dealer + 1 + self.turns) % self.seats

    def forced(self) -> bool:
        """The dealer, last to bid, after every other player passed (option forced_bid)."""
        return self.options["forced_bid"] and self.turns == self.seats - 1 and self.high is None

    def special_value(self, kind: str) -> int:
        base = 4 * ONE_MARK if kind == "plunge" else 3 * ONE_MARK
        if self.high is None:
            return base
        return max(base, (marks_of(self.high) + 1) * ONE_MARK)

    def bid_value(self, seat: int, value: Any) -> tuple[int | None, str | None]:
        """(value, contract) of a legal bid, or (None, reason)."""
        if value == "pass":
            if self.forced():
                return None, "the dealer may not pass when everyone else passed"
            return None, None
        if self.game != "texas42":
            if not isinstance(value, int):
                return None, "not a Moon bid"
            if not (self.options["min_bid"] <= value <= 7 or value == 21):
                return None, f"bid {value} is out of range"
            if self.high is not None and value <= self.high:
                return None, f"bid {value} is not higher than {self.high}"
            return value, "bid"
        if value in ("plunge", "splash"):
            if not self.options[value]:
                return None, f"{value} is not allowed"
            needed = 4 if value == "plunge" else 3
            if self.deal_doubles[seat] < needed:
                return None, f"{value} needs {needed} doubles"
            return self.special_value(value), value
        assert isinstance(value, int)
        if self.high is not None and value <= self.high:
            return None, f"bid {value} is not higher than {self.high}"
        if 30 <= value <= 42 or value == 84:
            return value, "bid"
        if (
            self.options["mark_raises"] == "one"
            and self.high is not None
            and self.high >= 84
            and value == self.high + ONE_MARK
            and value <= SEVEN_MARKS
        ):
            return value, "bid"
        return None, f"bid {value} is out of range"

    def ends_bidding_at_once(self, value: int) -> bool:
        if self.game != "texas42":
            return value == 21
        o = self.options
        if o["mark_raises"] == "none" and not o["plunge"] and not o["splash"]:
            return value == 84
        return value >= SEVEN_MARKS

    def apply_bid(self, seat: int, value: Any) -> str | None:
        if value == "pass":
            if self.forced():
                return "the dealer may not pass when everyone else passed"
            self.turns += 1
        else:
            amount, why = self.bid_value(seat, value)
            if amount is None:
                return why or "illegal bid"
            self.high, self.bidder, self.contract = amount, seat, why
            self.turns += 1
            if self.ends_bidding_at_once(amount):
                self.end_bidding()
                return None
        if self.turns == self.seats:
            self.end_bidding()
        return None

    def end_bidding(self) -> None:
        if self.bidder is None:
            self.thrown_in = True
            self.phase = "over"
            self.complete = True
            return
        if self.has_widow and not self.options.get("trump_before_widow", False):
            self.phase = "discard"
        else:
            self.phase = "trump"

    # -- widow and trump ------------------------------------------------------------------------

    def offered_trumps(self) -> list[str]:
        numbers = range(7)
        if self.game == "moon3" and self.options["remove_double_blank"]:
            numbers = range(1, 7)
        offered = [str(n) for n in numbers]
        if self.options["doubles_trump"]:
            offered.append("doubles")
        if self.options["no_trump"]:
            offered.append("none")
        if self.game == "texas42" and self.contract == "bid" and (self.high or 0) >= ONE_MARK:
            if self.options["nello"]:
                offered.append("nello")
            if self.options["sevens"]:
                offered.append("sevens")
        return offered

    def apply_trump(self, value: str) -> str | None:
        if value not in self.offered_trumps():
            return f"trump {value!r} is not offered"
        self.trump = value
        mode_name = "nello_doubles" if value == "nello" else "no_trump_doubles"
        self.rules = TrickRules(value, self.options[mode_name])
        if self.has_widow and not self.discarded:
            self.phase = "discard"
        else:
            self.start_play()
        return None

    def apply_discard(self, tile: Tile) -> str | None:
        assert self.bidder is not None
        holding = self.holdings[self.bidder] + self.widow
        if tile not in holding:
            return f"the bidder does not hold {tile_name(tile)}"
        holding.remove(tile)
        self.holdings[self.bidder] = holding
        self.discarded = True
        if self.trump is None:
            self.phase = "trump"
        else:
            self.start_play()
        return None

    # -- play ---------------------------------------------------------------------------------

    def start_play(self) -> None:
        self.phase = "play"
        assert self.declarer is not None
        self.tricks.append(Trick(self.declarer))

    def trick_size(self) -> int:
        return 3 if self.sitting_out is not None else self.seats

    def play_turn(self) -> int:
        trick = self.tricks[-1]
        seat = trick.leader
        for _ in trick.plays:
            seat = (seat + 1) % self.seats
            if seat == self.sitting_out:
                seat = (seat + 1) % self.seats
        return seat

    def playable(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` may play now (assuming it is their turn)."""
        assert self.rules is not None
        holding = self.holdings[seat]
        if self.rules.sevens:
            closest = min(distance(t) for t in holding)
            return [t for t in holding if distance(t) == closest]
        trick = self.tricks[-1]
        if not trick.plays:
            return list(holding)
        suit = self.rules.led_suit(trick.plays[0][1])
        following = [t for t in holding if self.rules.follows(t, suit)]
        return following or list(holding)

    def apply_play(self, seat: int, tile: Tile) -> str | None:
        assert self.rules is not None
        if tile not in self.holdings[seat]:
            return f"seat {seat} does not hold {tile_name(tile)}"
        if tile not in self.playable(seat):
            return f"seat {seat} may not play {tile_name(tile)} here"
        self.holdings[seat].remove(tile)
        trick = self.tricks[-1]
        trick.plays.append((seat, tile))
        if len(trick.plays) < self.trick_size():
            return None
        tiles = [t for _, t in trick.plays]
        winner = trick.plays[self.rules.winner_index(tiles)][0]
        trick.winner = winner
        self.tricks_won[winner] += 1
        counts = sum(count_of(t) for t in tiles) if self.game == "texas42" else 0
        self.points[winner] += 1 + counts
        if self.hand_is_over():
            self.finish()
        else:
            self.tricks.append(Trick(winner))
        return None

    def side_total(self, values: list[int], seat: int) -> int:
        return sum(values[s] for s in self.side(seat))

    def need(self) -> int:
        assert self.high is not None
        return min(self.high, ONE_MARK)

    def hand_is_over(self) -> bool:
        done = len(self.tricks)
        if done == 7:
            return True
        if self.game != "texas42" or self.options["play_out"]:
            return False
        assert self.bidder is not None
        if self.trump == "nello":
            return self.tricks_won[self.bidder] > 0
        ours = self.side_total(self.points, self.bidder)
        theirs = sum(self.points) - ours
        return ours >= self.need() or theirs > ONE_MARK - self.need()

    def finish(self) -> None:
        assert self.bidder is not None and self.high is not None
        self.phase = "over"
        self.complete = True
        bidder, bid = self.bidder, self.high
        ours_seats = self.side(bidder)
        others = [s for s in range(self.seats) if s not in ours_seats]
        score = [0] * self.seats
        if self.game == "texas42":
            if self.trump == "nello":
                made = self.tricks_won[bidder] == 0
            else:
                made = self.side_total(self.points, bidder) >= self.need()
            marks = marks_of(bid)
            for s in ours_seats if made else others:
                score[s] = marks
        else:
            tricks = self.side_total(self.tricks_won, bidder)
            made = tricks >= (7 if bid == 21 else bid)
            if self.options["scoring"] == "marks":
                for s in ours_seats if made else others:
                    score[s] = 1
            elif self.seats == 3:
                score = list(self.tricks_won)
                score[bidder] = bid if made else -bid
            else:
                their_tricks = sum(self.tricks_won[s] for s in others)
                gain = (21 if bid == 21 else tricks) if made else -bid
                for s in ours_seats:
                    score[s] = gain
                for s in others:
                    score[s] = their_tricks
        self.made = made
        self.score = score

    # -- who acts -----------------------------------------------------------------------------

    def to_act(self) -> tuple[int, str] | None:
        if self.phase == "bid":
            return self.bid_turn(), "bid"
        if self.phase == "discard":
            assert self.bidder is not None
            return self.bidder, "discard"
        if self.phase == "trump":
            assert self.declarer is not None
            return self.declarer, "trump"
        if self.phase == "play":
            return self.play_turn(), "play"
        return None

    def apply(self, action: Action) -> str | None:
        """None when the action is legal (and applied), else why it breaks the rules."""
        if self.complete:
            return "the hand is over"
        if not 0 <= action.seat < self.seats:
            return f"seat {action.seat} is not a seat of the game"
        turn = self.to_act()
        assert turn is not None
        if (action.seat, action.kind) != turn:
            return f"it is seat {turn[0]}'s turn ({turn[1]}), not seat {action.seat}'s"
        if action.kind == "bid":
            return self.apply_bid(action.seat, action.value)
        if action.kind == "trump":
            return self.apply_trump(action.value)
        if action.kind == "discard":
            return self.apply_discard(action.value)
        return self.apply_play(action.seat, action.value)

    def legal_actions(self) -> list[Action]:
        """Every legal action now (bids from a finite list of candidates)."""
        turn = self.to_act()
        if turn is None:
            return []
        seat, kind = turn
        if kind == "bid":
            found = [] if self.forced() else [Action(seat, "bid", "pass")]
            if self.game == "texas42":
                candidates: list[Any] = [*range(30, 43), *range(84, SEVEN_MARKS + 1, ONE_MARK)]
                candidates += ["plunge", "splash"]
            else:
                candidates = [*range(self.options["min_bid"], 8), 21]
            for value in candidates:
                if self.bid_value(seat, value)[0] is not None:
                    found.append(Action(seat, "bid", value))
            return found
        if kind == "trump":
            return [Action(seat, "trump", t) for t in self.offered_trumps()]
        if kind == "discard":
            return [Action(seat, "discard", t) for t in self.holdings[seat] + self.widow]
        return [Action(seat, "play", t) for t in self.playable(seat)]

    # -- the check document ---------------------------------------------------------------------

    def document(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "bidder": None if self.thrown_in else self.bidder,
            "bid": None if self.thrown_in else self.high,
            "trump": self.trump,
            "tricks": [
                {
                    "leader": t.leader,
                    "plays": [tile_name(tile) for _, tile in t.plays],
                    "winner": t.winner,
                }
                for t in self.tricks
                if t.plays
            ],
            "tricks_won": list(self.tricks_won),
            "points": list(self.points),
            "made": self.made,
            "score": list(self.score),
            "complete": self.complete,
        }


class Match:
    """A whole game: its hands, the running scores and the winner."""

    def __init__(self, game: str, options: dict[str, Any]):
        self.game = game
        self.options = options
        self.seats = SEATS[game]
        self.hands: list[Hand] = []
        self.scores = [0] * self.seats
        self.winner: int | list[int] | None = None

    @property
    def current(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    @property
    def game_over(self) -> bool:
        return self.winner is not None

    def expected_dealer(self, deal: list[list[Tile]]) -> int | None:
        """The dealer this hand must have, or None when any seat may deal."""
        if self.hands:
            return (self.hands[-1].dealer + 1) % self.seats
        if self.game == "texas42":
            holder = next(s for s, h in enumerate(deal) if (1, 0) in h)
            return (holder - 1) % self.seats
        return None

    def start_hand(self, dealer: int, deal: list[list[Tile]], widow: list[Tile]) -> str | None:
        if self.game_over:
            return "the game is over"
        if self.current is not None and not self.current.complete:
            return "the previous hand is not finished"
        if not 0 <= dealer < self.seats:
            return f"dealer {dealer} is not a seat of the game"
        expected = self.expected_dealer(deal)
        if expected is not None and dealer != expected:
            return f"the dealer must be seat {expected}"
        self.hands.append(Hand(self, dealer, deal, widow))
        return None

    def apply(self, action: Action) -> str | None:
        hand = self.current
        assert hand is not None
        if self.game_over:
            return "the game is over"
        was_complete = hand.complete
        fault = hand.apply(action)
        if fault is None and hand.complete and not was_complete:
            self.after_hand(hand)
        return fault

    def units(self) -> list[list[int]]:
        return [[0, 2], [1, 3]] if self.seats == 4 else [[s] for s in range(self.seats)]

    def after_hand(self, hand: Hand) -> None:
        for seat in range(self.seats):
            self.scores[seat] += hand.score[seat]
        if (
            self.game != "texas42"
            and self.options["moon_instant"]
            and not hand.thrown_in
            and hand.high == 21
        ):
            assert hand.bidder is not None
            if hand.made:
                self.winner = self.winner_of(hand.side(hand.bidder))
            elif self.seats == 4:
                self.winner = self.winner_of(hand.side((hand.bidder + 1) % 4))
            else:
                left, right = (hand.bidder + 1) % 3, (hand.bidder + 2) % 3
                self.winner = right if self.scores[right] > self.scores[left] else left
            return
        target = self.options["target"]
        reached = [u for u in self.units() if self.scores[u[0]] >= target]
        if not reached:
            return
        if len(reached) == 1:
            self.winner = self.winner_of(reached[0])
            return
        if hand.bidder is not None and not hand.thrown_in and hand.made:
            bidding_unit = hand.side(hand.bidder)
            if bidding_unit in reached:
                self.winner = self.winner_of(bidding_unit)
                return
        best = max(self.scores[u[0]] for u in reached)
        leaders = [u for u in reached if self.scores[u[0]] == best]
        if len(leaders) == 1:
            self.winner = self.winner_of(leaders[0])

    def winner_of(self, unit: list[int]) -> int | list[int]:
        return unit[0] if self.seats == 3 else sorted(unit)

    def to_act(self) -> dict[str, Any] | None:
        if self.game_over or self.current is None:
            return None
        turn = self.current.to_act()
        return None if turn is None else {"seat": turn[0], "kind": turn[1]}

    def document(self) -> dict[str, Any]:
        return {
            "ok": True,
            "hands": [h.document() for h in self.hands],
            "scores": list(self.scores),
            "winner": self.winner,
            "to_act": self.to_act(),
        }


# ----------------------------------------------------------------------------------------------
# check


def replay(record: Record) -> tuple[Match, tuple[int, int | None, str] | None]:
    match = Match(record.game, record.options)
    for number, hand in enumerate(record.hands):
        fault = match.start_hand(hand.dealer, hand.deal, hand.widow)
        if fault is not None:
            return match, (number, None, fault)
        for index, action in enumerate(hand.actions):
            fault = match.apply(action)
            if fault is not None:
                return match, (number, index, fault)
    return match, None


def check_record(doc: Any) -> tuple[int, dict[str, Any] | None]:
    try:
        record = read_record(doc)
    except FormError:
        return 2, None
    match, fault = replay(record)
    document = match.document()
    if fault is None:
        return 0, document
    document["ok"] = False
    document["error"] = {"hand": fault[0], "action": fault[1], "message": fault[2]}
    return 1, document


def _members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise FormError("a member named twice")
    return dict(pairs)


def _number(text: str, kind: type) -> Any:
    if len(text) > MOST_NUMBER_CHARACTERS:
        raise FormError("a number written too long")
    value = kind(text)
    if kind is int and value not in INTEGERS:
        raise FormError("an integer out of range")
    return value


def _not_a_number(text: str) -> Any:
    raise FormError(f"{text} is not JSON")


def depth(value: Any) -> int:
    """How deep arrays and objects nest in ``value`` (a number or string: 0)."""
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


def check_text(text: str | bytes) -> tuple[int, dict[str, Any] | None]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    if len(data) > MOST_BYTES:
        return 2, None
    try:
        doc = json.loads(data.decode("utf-8"), object_pairs_hook=_members,
                         parse_int=lambda t: _number(t, int),
                         parse_float=lambda t: _number(t, float), parse_constant=_not_a_number)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, FormError):
        return 2, None
    if depth(doc) > MOST_DEPTH:
        return 2, None
    return check_record(doc)
