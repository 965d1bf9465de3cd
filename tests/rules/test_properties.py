"""Property-based tests: random legal play over random seeds, games and options.

The trick winner, the tiles a player may play, made or set, the score of a hand, the early
end of Texas 42 and the game's winner are computed here again, straight from rules/README.md
(sections 5 to 7 and 9), without the engine's trick rules.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moon42.rules import Game, Phase, RuleError, Trump
from moon42.rules.actions import Bid, Discard, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.record import game_from_record, game_to_record
from tests.rules.support import known_tiles, tile_set, tiles_in

SETTINGS = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# ----- random options for each game (rules/RECORDS.md's option list) ----------------------------

_BOTH = {
    "forced_bid": st.booleans(),
    "doubles_trump": st.booleans(),
    "no_trump": st.booleans(),
    "no_trump_doubles": st.sampled_from(["high", "low", "own"]),
    "target": st.integers(1, 12),
}
_MOON = {
    "min_bid": st.sampled_from([3, 4, 5]),
    "scoring": st.sampled_from(["points", "marks"]),
    "moon_instant": st.booleans(),
}
_MOON3 = {"remove_double_blank": st.booleans(), "trump_before_widow": st.booleans()}
_TEXAS = {
    "play_out": st.booleans(),
    "mark_raises": st.sampled_from(["none", "one"]),
    "nello": st.booleans(),
    "nello_doubles": st.sampled_from(["high", "low", "own"]),
    "sevens": st.booleans(),
    "plunge": st.booleans(),
    "splash": st.booleans(),
}
OPTIONS = {
    "moon3": {**_BOTH, **_MOON, **_MOON3},
    "moon4": {**_BOTH, **_MOON},
    "texas42": {**_BOTH, **_TEXAS},
}


def options_of(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Any subset of the game's options, each with a valid value (missing: the default)."""
    return st.fixed_dictionaries({}, optional=OPTIONS[game])


_CONTRACTS = {"nello": True, "sevens": True, "plunge": True, "splash": True}


def _setup(kind: str) -> st.SearchStrategy[tuple[str, dict[str, Any], int]]:
    """("texas42+" is Texas 42 with the contracts of 9.4 to 9.6 allowed, so they are played
    often.)"""
    game = kind.rstrip("+")
    options = options_of(game)
    if kind.endswith("+"):
        options = options.map(lambda o: {**o, **_CONTRACTS})
    return st.tuples(st.just(game), options, st.integers(0, 2**32))


setups = st.sampled_from(["moon3", "moon4", "texas42", "texas42+"]).flatmap(_setup)

# ----- rules/README.md, again --------------------------------------------------------------------


def _numbers(t) -> tuple[int, int]:
    a, b = str(t).split("-")
    return int(a), int(b)


def _count(t) -> int:
    a, b = _numbers(t)
    if a + b == 5:
        return 5
    return 10 if (a, b) in ((6, 4), (5, 5)) else 0


@dataclass(frozen=True)
class Contract:
    trump: str  # "0".."6", "doubles", "none", "nello", "sevens"
    doubles: str  # how doubles behave without a trump: "high", "low", "own"

    def is_trump(self, t) -> bool:
        a, b = _numbers(t)
        if self.trump.isdigit():
            return int(self.trump) in (a, b)
        return self.trump == "doubles" and a == b

    @property
    def own_doubles(self) -> bool:
        return self.trump in ("none", "nello") and self.doubles == "own"

    def led_suit(self, t) -> int | str:
        a, b = _numbers(t)
        if self.is_trump(t):
            return "trump"
        if self.own_doubles and a == b:
            return "doubles"
        return a  # the higher number

    def follows(self, t, suit: int | str) -> bool:
        a, b = _numbers(t)
        if suit == "trump":
            return self.is_trump(t)
        if self.is_trump(t):
            return False
        if suit == "doubles":
            return a == b
        if a == b:
            return a == suit and not self.own_doubles
        return suit in (a, b)

    def rank(self, t, suit: int | str) -> int:
        a, b = _numbers(t)
        if self.is_trump(t):
            if self.trump.isdigit():
                n = int(self.trump)
                return 100 + (7 if a == b else (b if a == n else a))
            return 100 + a
        if suit == "doubles":
            return a
        if a == b:
            low = self.trump in ("none", "nello") and self.doubles == "low"
            return -1 if low else 10
        return b if a == suit else a

    def winner(self, tiles: list) -> int:
        """Index of the winning tile (rules/README.md 6, 9.1, 9.5)."""
        if self.trump == "sevens":
            distances = [abs(sum(_numbers(t)) - 7) for t in tiles]
            return distances.index(min(distances))
        suit = self.led_suit(tiles[0])
        trumps = [i for i, t in enumerate(tiles) if self.is_trump(t)]
        if trumps:
            return max(trumps, key=lambda i: self.rank(tiles[i], "trump"))
        following = [i for i, t in enumerate(tiles) if self.follows(t, suit)]
        return max(following, key=lambda i: self.rank(tiles[i], suit))

    def playable(self, hand, trick: list) -> set:
        hand = set(hand)
        if self.trump == "sevens":
            best = min(abs(sum(_numbers(t)) - 7) for t in hand)
            return {t for t in hand if abs(sum(_numbers(t)) - 7) == best}
        if not trick:
            return hand
        suit = self.led_suit(trick[0])
        return {t for t in hand if self.follows(t, suit)} or hand


def contract_of(options, trump: Trump) -> Contract:
    doubles = options.nello_doubles if trump is Trump.NELLO else options.no_trump_doubles
    return Contract(trump.value, doubles)


def units(options) -> list[tuple[int, ...]]:
    return [(0, 2), (1, 3)] if options.seats == 4 else [(0,), (1,), (2,)]


def unit_of(options, seat: int) -> tuple[int, ...]:
    return next(u for u in units(options) if seat in u)


def expected_outcome(options, result) -> tuple[bool | None, tuple[int, ...]]:
    """Made or set and each seat's change (rules/README.md 7.1 to 7.4, 9.3 to 9.6)."""
    n = options.seats
    if result.bidder is None:
        return None, (0,) * n
    side = unit_of(options, result.bidder)
    others = [u for u in units(options) if u != side]
    delta = [0] * n
    bid = result.bid
    if options.game != "texas42":
        taken = sum(result.tricks_won[s] for s in side)
        made = taken >= (7 if bid == 21 else bid)
        if options.scoring == "marks":
            for unit in [side] if made else others:
                for s in unit:
                    delta[s] += 1
            return made, tuple(delta)
        if made:
            gain = bid if (bid == 21 or n == 3) else taken
        else:
            gain = -bid
        for s in side:
            delta[s] += gain
        for unit in others:
            for s in unit:
                delta[s] += sum(result.tricks_won[x] for x in unit)
        return made, tuple(delta)
    if result.trump is Trump.NELLO:
        made = result.tricks_won[result.bidder] == 0
    else:
        made = sum(result.points[s] for s in side) >= min(bid, 42)
    marks = bid // 42 if bid >= 42 else 1
    for unit in [side] if made else others:
        for s in unit:
            delta[s] += marks
    return made, tuple(delta)


def expected_trick_count(options, result) -> int:
    """How many tricks the hand lasts (rules/README.md 6, 7.3, 9.4 to 9.6)."""
    if options.game != "texas42" or options.play_out:
        return 7
    side = unit_of(options, result.bidder)
    if result.trump is Trump.NELLO:
        for i, trick in enumerate(result.tricks):
            if trick.winner == result.bidder:
                return i + 1
        return 7
    need = min(result.bid, 42)
    ours = theirs = 0
    for i, trick in enumerate(result.tricks):
        points = 1 + sum(_count(t) for _, t in trick.plays)
        if trick.winner in side:
            ours += points
        else:
            theirs += points
        if ours >= need or theirs > 42 - need:
            return i + 1
    return 7


def expected_winner(options, totals, result) -> tuple[int, ...] | None:
    """rules/README.md 7.5 and 9.2."""
    all_units = units(options)

    def total(unit):
        return totals[unit[0]]

    bidder = result.bidder
    if (
        options.game != "texas42"
        and options.moon_instant
        and bidder is not None
        and result.bid == 21
    ):
        side = unit_of(options, bidder)
        if result.made:
            return side
        others = [u for u in all_units if u != side]
        best = max(total(u) for u in others)
        leaders = [u for u in others if total(u) == best]
        return leaders[0] if len(leaders) == 1 else unit_of(options, (bidder + 1) % options.seats)
    over = [u for u in all_units if total(u) >= options.target]
    if not over:
        return None
    if len(over) == 1:
        return over[0]
    if bidder is not None and result.made and unit_of(options, bidder) in over:
        return unit_of(options, bidder)
    best = max(total(u) for u in over)
    leaders = [u for u in over if total(u) == best]
    return leaders[0] if len(leaders) == 1 else None


# ----- random play ----------------------------------------------------------------------------


@dataclass
class Playthrough:
    game: Game
    rng: random.Random
    steps: list = field(default_factory=list)  # actions, and None for "deal the next hand"


def choose(g: Game, rng: random.Random):
    """A random legal action, leaning towards passes and the rarer contracts."""
    legal = g.legal_actions()
    passes = [a for a in legal if isinstance(a, Pass)]
    special = [
        a
        for a in legal
        if isinstance(a, Plunge | Splash)
        or (isinstance(a, NameTrump) and a.trump in (Trump.NELLO, Trump.SEVENS))
    ]
    if special and rng.random() < 0.5:
        return special[rng.randrange(len(special))]
    if passes and rng.random() < 0.45:
        return passes[0]  # so that low bids and throw-ins happen too
    one_mark = [a for a in legal if isinstance(a, Bid) and a.value == 42]
    if one_mark and rng.random() < 0.2:
        return one_mark[0]
    return legal[rng.randrange(len(legal))]


def play(game: str, options: dict, seed: int, hands: int, max_steps: int = 10_000, check=None):
    g = Game.new(game, options, seed=seed)
    run = Playthrough(g, random.Random(seed))
    for _ in range(max_steps):
        if g.phase is Phase.GAME_OVER:
            break
        if g.phase is Phase.HAND_OVER:
            if len(g.results) >= hands:
                break
            g.next_hand()
            run.steps.append(None)
            continue
        if check is not None:
            check(g, run.rng)
        action = choose(g, run.rng)
        g.apply(action)
        run.steps.append(action)
    return run


# ----- the properties ---------------------------------------------------------------------------


def _hand_facts(g: Game):
    hand = game_to_record(g)["hands"][-1]
    discards = [a["discard"] for a in hand["actions"] if "discard" in a]
    return hand, discards


def check_tiles_conserved(g: Game) -> None:
    hand, discards = _hand_facts(g)
    held = [str(t) for s in range(g.seats) for t in g.view(s).hand]
    played = [str(t) for t in g.view(0).played]
    taken = bool(discards) or g.phase is Phase.WIDOW
    rest = discards + ([] if taken else hand["widow"])
    everything = held + played + rest
    assert sorted(everything) == sorted(
        str(t) for t in tile_set(g.options.game, g.options.to_dict())
    )


def check_tricks(g: Game, tricks, declarer: int, sitting_out: int | None, contract) -> None:
    n = g.seats
    leader = declarer
    for trick in tricks:
        assert trick.leader == leader
        seats = [s for s, _ in trick.plays]
        order = [(leader + i) % n for i in range(n)]
        order = [s for s in order if s != sitting_out]
        assert seats[: len(order)] == order[: len(seats)]
        if trick.winner is not None:
            assert len(trick.plays) == (3 if sitting_out is not None else n)
            tiles = [t for _, t in trick.plays]
            assert trick.winner == seats[contract.winner(tiles)]
            leader = trick.winner


def check_step(g: Game, _rng: random.Random) -> None:
    check_tiles_conserved(g)
    view = g.view(g.to_act.seat)
    assert set(view.legal) == set(g.legal_actions())
    if g.phase is Phase.PLAY:
        contract = contract_of(g.options, view.trump)
        trick = [t for _, t in view.current_trick.plays] if view.current_trick else []
        expected = contract.playable(view.hand, trick)
        assert {a.tile for a in g.legal_actions()} == expected
        assert all(a.seat == view.seat for a in g.legal_actions())
        check_tricks(
            g,
            [*view.tricks, *([view.current_trick] if view.current_trick else [])],
            view.declarer,
            view.sitting_out,
            contract,
        )


def check_result(g: Game, result, totals_before) -> None:
    options = g.options
    n = g.seats
    if result.bidder is None:
        assert result.tricks == () and result.made is None
    else:
        contract = contract_of(options, result.trump)
        declarer = result.bidder if result.contract == "bid" else (result.bidder + 2) % 4
        sitting_out = (result.bidder + 2) % 4 if result.trump is Trump.NELLO else None
        check_tricks(g, result.tricks, declarer, sitting_out, contract)
        assert len(result.tricks) == expected_trick_count(options, result)
        won = [sum(1 for t in result.tricks if t.winner == s) for s in range(n)]
        assert list(result.tricks_won) == won
        if options.game == "texas42":
            points = [
                sum(1 + sum(_count(x) for _, x in t.plays) for t in result.tricks if t.winner == s)
                for s in range(n)
            ]
            if len(result.tricks) == 7 and result.trump is not Trump.NELLO:
                assert sum(points) == 42
        else:
            points = won
        assert list(result.points) == points
    made, delta = expected_outcome(options, result)
    assert result.made == made
    assert result.score == delta
    assert list(result.totals) == [b + d for b, d in zip(totals_before, delta, strict=True)]


@SETTINGS
@given(setups)
def test_random_play_keeps_the_rules(setup) -> None:
    game, options, seed = setup
    g = Game.new(game, options, seed=seed)
    rng = random.Random(seed)
    totals = [0] * g.seats
    for _ in range(4):
        while g.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            check_step(g, rng)
            g.apply(choose(g, rng))
        result = g.results[-1]
        check_result(g, result, totals)
        totals = list(result.totals)
        assert g.scores == totals
        assert [sum(r.score[s] for r in g.results) for s in range(g.seats)] == g.scores
        assert g.winner == expected_winner(g.options, g.scores, result)
        if g.phase is Phase.GAME_OVER:
            assert g.winner is not None and g.to_act is None
            break
        assert g.to_act is None and g.legal_actions() == ()
        g.next_hand()
        check_tiles_conserved(g)


_BID_VALUES = [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    20,
    21,
    22,
    29,
    30,
    35,
    41,
    42,
    43,
    83,
    84,
    85,
    126,
    168,
    210,
    252,
    294,
    336,
]


def illegal_actions(g: Game):
    """Actions the rules refuse now: everything not in legal_actions, and some more."""
    legal = set(g.legal_actions())
    turn = g.to_act
    seats = range(g.seats)
    candidates = []
    if turn is None:
        candidates += [Pass(s) for s in seats] + [Bid(s, 30) for s in seats]
        candidates += [Play(s, t) for s in seats for t in tile_set(g.options.game)[:3]]
        return candidates
    seat = turn.seat
    other = (seat + 1) % g.seats
    hand = g.view(seat).hand
    candidates += [Pass(other), Bid(other, 42)]
    candidates += [Play(other, t) for t in g.view(other).hand]
    candidates += [Play(seat, t) for t in tile_set(g.options.game)]
    candidates += [Discard(seat, t) for t in tile_set(g.options.game)]
    candidates += [NameTrump(seat, t) for t in Trump] + [NameTrump(other, Trump.SIXES)]
    candidates += [Bid(seat, v) for v in _BID_VALUES] + [Pass(seat), Plunge(seat), Splash(seat)]
    assert hand or turn.kind != "play"
    return [a for a in candidates if a not in legal]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups)
def test_illegal_actions_are_refused_and_change_nothing(setup) -> None:
    game, options, seed = setup
    checked = []
    looked_at: set[tuple[int, str]] = set()  # (hand, kind of turn) of the positions tried

    def check(g: Game, rng: random.Random) -> None:
        # The first turn of each kind in every hand, and about one turn in eight besides.
        first = (g.hand_number, g.to_act.kind) not in looked_at
        if rng.random() > 0.12 and not first:
            return
        looked_at.add((g.hand_number, g.to_act.kind))
        before = json.dumps(game_to_record(g))
        legal, turn = g.legal_actions(), g.to_act
        views = [g.view(s) for s in range(g.seats)]
        for action in illegal_actions(g):
            try:
                g.apply(action)
            except RuleError as error:
                assert error.message and error.rule
            else:
                raise AssertionError(f"{action} was accepted; legal: {legal}")
            checked.append(action)
        assert json.dumps(game_to_record(g)) == before
        assert g.legal_actions() == legal and g.to_act == turn
        assert [g.view(s) for s in range(g.seats)] == views

    run = play(game, options, seed, hands=3, check=check)
    g = run.game
    # Every hand played was tried at its first bid, and at its first play when it got there.
    assert {h for h, kind in looked_at if kind == "bid"} == set(range(len(g.log)))
    reached_play = {h for h, log in enumerate(g.log) if any(type(a) is Play for a in log.actions)}
    assert reached_play <= {h for h, kind in looked_at if kind == "play"}
    assert len(checked) >= 20 * len(looked_at)  # dozens of refusals at each position tried
    before = json.dumps(game_to_record(g))
    refused = illegal_actions(g)
    for action in refused:
        try:
            g.apply(action)
        except RuleError:
            continue
        raise AssertionError(f"{action} was accepted between hands")
    assert refused and json.dumps(game_to_record(g)) == before


def _rebuild(game: str, options: dict, seed: int, steps: list) -> Game:
    g = Game.new(game, options, seed=seed)
    for step in steps:
        if step is None:
            g.next_hand()
        else:
            g.apply(step)
    return g


@SETTINGS
@given(setups, st.integers(0, 120))
def test_records_round_trip_and_replays_are_identical(setup, stop: int) -> None:
    game, options, seed = setup
    run = play(game, options, seed, hands=3, max_steps=stop)
    g = run.game
    doc = game_to_record(g)
    text = json.dumps(doc)
    again = game_from_record(json.loads(text))
    assert game_to_record(again) == doc
    assert json.dumps(game_to_record(again)) == text
    assert again.to_act == g.to_act and again.phase == g.phase
    assert again.scores == g.scores and again.winner == g.winner
    assert all(again.view(s) == g.view(s) for s in range(g.seats))
    replayed = _rebuild(game, options, seed, run.steps)
    assert json.dumps(game_to_record(replayed)) == text
    assert replayed.results == g.results
    if g.phase is not Phase.GAME_OVER and g.to_act is not None:
        # The rebuilt game goes on exactly like the original.
        action = choose(g, random.Random(stop))
        g.apply(action)
        again.apply(action)
        assert game_to_record(again) == game_to_record(g)


@pytest.mark.slow  # every view of many random games
@SETTINGS
@given(setups)
def test_a_view_never_holds_a_tile_its_seat_may_not_know(setup) -> None:
    game, options, seed = setup

    def check(g: Game, _rng: random.Random) -> None:
        doc = game_to_record(g)
        for seat in range(g.seats):
            view = g.view(seat)
            own, allowed = known_tiles(g, seat, doc)
            assert set(view.hand) == own and len(view.hand) == len(own)
            bidder = view.bidder
            if seat != bidder:
                assert view.widow == () and view.discard is None
            seen = set(tiles_in(view))
            hidden = seen - allowed
            assert not hidden, f"seat {seat} sees {sorted(map(str, hidden))}"
            assert all(a.seat == seat for a in view.legal)

    play(game, options, seed, hands=2, check=check)
