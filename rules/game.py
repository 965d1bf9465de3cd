"""The game as a state machine: deal, bid, widow, trump, play, score, and again.

``Game`` owns the only mutable state.  Callers ask ``to_act`` and
``legal_actions()``, ``apply()`` an action and get the events it caused (or a
``RuleError`` naming the broken rule), and read a seat's ``view()``, which the game
builds itself: it alone knows its hidden tiles.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from . import bidding
from .actions import (
    CHUNK_PLAYS,
    DISCARDS,
    Action,
    Bid,
    Discard,
    NameTrump,
    Pass,
    Play,
    Plunge,
    Splash,
    Turn,
    plays_of,
)
from .dealing import HandLog, Shuffler
from .errors import RuleError
from .events import (
    BiddingWon,
    BidMade,
    Discarded,
    Event,
    GameWon,
    HandDealt,
    HandScored,
    Passed,
    ThrownIn,
    TilePlayed,
    TrickWon,
    TrumpNamed,
    WidowTaken,
)
from .options import Options, options_for
from .phase import Phase
from .results import HandResult, Trick
from .scoring import game_winner, hand_made, hand_score
from .tiles import COUNT, FULL_SET, MOON21_SET, MOON22_SET, TILES, Tile, mask_of, tiles_of_mask
from .trump import TRUMP_SUIT, TrickRules, Trump, suit_name
from .views import BidEntry, SeatView

__all__ = ["Game", "Phase", "HandLog"]


_KIND_OF_PHASE = {
    Phase.BIDDING: "bid",
    Phase.WIDOW: "discard",
    Phase.TRUMP: "trump",
    Phase.PLAY: "play",
}
_KIND_OF_ACTION = {
    Bid: "bid",
    Pass: "bid",
    Plunge: "bid",
    Splash: "bid",
    Discard: "discard",
    NameTrump: "trump",
    Play: "play",
}
_TURNS = {
    phase: tuple(Turn(s, kind) for s in range(4)) if (kind := _KIND_OF_PHASE.get(phase)) else ()
    for phase in Phase
}
# Enum members as module constants: reading ``Phase.PLAY`` goes through the
# enum class's __getattr__ hook, which costs as much as a dozen plain reads.
_BIDDING, _WIDOW, _TRUMP, _PLAY, _HAND_OVER, _GAME_OVER = Phase
_NELLO = Trump.NELLO
_DOUBLES = Trump.DOUBLES
_NO_TRUMP = Trump.NO_TRUMP
_SEVENS = Trump.SEVENS
_tuple_new = tuple.__new__
_object_new = object.__new__
_BIT = tuple(1 << t for t in range(28))
# The legal bids, by what they depend on: few enough to keep them all.
_BIDS: dict[tuple[object, ...], tuple[Action, ...]] = {}
_NUMBER_TRUMPS = tuple(Trump.of_number(n) for n in range(7))
_TILE_PLAYED = tuple(tuple(TilePlayed(s, t) for t in TILES) for s in range(4))
# A trick's (seat, tile) pairs, made once: _PAIRS[seat][tile].
_PAIRS = tuple(tuple((s, t) for t in TILES) for s in range(4))
_DISTANCE = tuple(abs(t.pips - 7) for t in TILES)
_DOUBLES_MASK = mask_of(t for t in TILES if t.is_double)


# Events are immutable values and most take few distinct values (a seat, a bid, a
# trump): each is made once and handed out again, as TilePlayed is above.
_EVENTS: dict[tuple[object, ...], Event] = {}


def _event(kind: Callable[..., Event], *fields: object) -> Event:
    key = (kind, *fields)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = kind(*fields)
    return event


@cache
def _seating(seats: int, sitting_out: int | None) -> tuple[int, ...]:
    """Who plays after each seat, skipping a Nello partner."""
    after = []
    for s in range(seats):
        nxt = (s + 1) % seats
        after.append((nxt + 1) % seats if nxt == sitting_out else nxt)
    return tuple(after)


class Game:
    """One game of Moon for three, Moon for four or Texas 42."""

    # Slots, not an instance dict: with this many attributes a dict loses
    # CPython's fast attribute access, and the engine reads them on every play.
    __slots__ = (
        "options",
        "seed",
        "seats",
        "players",
        "tile_set",
        "_shuffler",
        "scores",
        "results",
        "log",
        "winner",
        "phase",
        "dealer",
        "_top_bid",
        "_play_out",
        "_trick_points",
        "_uses_marks",
        "_trump_actions",
        "_offered",
        "_bid_rules",
        "_actions",
        "_hands",
        "_widow",
        "_discard",
        "_bids",
        "_high",
        "_bidder",
        "_contract",
        "_declarer",
        "_trump",
        "_rules",
        "_sevens",
        "_suits_play",
        "_power",
        "_sitting_out",
        "_tricks",
        "_trick_plays",
        "_follow",
        "_follow_lead",
        "_leader",
        "_tricks_won",
        "_points",
        "_legal",
        "_next_seat",
        "_trick_size",
        "_to_act",
    )

    def __init__(
        self, options: Options, seed: int | None = None, players: list[str] | None = None
    ) -> None:
        self.options = options
        self.seed = random.randrange(2**63) if seed is None else seed
        self.seats = n = options.seats
        self.players = tuple(players) if players else tuple(f"Seat {s}" for s in range(n))
        if options.game == "moon3":
            self.tile_set = MOON21_SET if options.remove_double_blank else MOON22_SET
        else:
            self.tile_set = FULL_SET
        self._shuffler = Shuffler(self.tile_set, n, self.seed)
        self.scores = [0] * n
        self.results: list[HandResult] = []
        self.log: list[HandLog] = []
        self.winner: tuple[int, ...] | None = None
        self.phase = Phase.HAND_OVER
        self._actions: list[Action] = []
        self._clear_hand([0] * n, (), 0)
        self._follow_lead: tuple[int, ...] = ()  # the trick rules' tables, once trump is named
        self._power: tuple[tuple[int, ...], ...] = ()
        self._to_act = 0
        self._legal: tuple[Action, ...] | None = ()
        self._top_bid = bidding.top_bid(options)
        self._play_out = options.is_moon or options.play_out
        self._trick_points = not options.is_moon
        self._uses_marks = options.uses_marks
        # Legal trumps depend on few things: made once per game and kept, as the trumps
        # offered (by contract and whether a mark was bid) and as the seat's actions.
        self._offered: dict[tuple[str, bool], tuple[Trump, ...]] = {}
        self._trump_actions: dict[tuple[int, str, int], tuple[Action, ...]] = {}
        self._bid_rules = (options.game, options.min_bid, options.mark_raises)

    @classmethod
    def new(
        cls,
        game: str,
        options: Options | dict[str, Any] | None = None,
        seed: int | None = None,
        players: list[str] | None = None,
    ) -> Game:
        """A new game with its first hand dealt from the seed."""
        if not isinstance(options, Options):
            options = options_for(game, options or {})
        new = cls(options, seed, players)
        new.next_hand()
        return new

    # ----- dealing -------------------------------------------------------

    def shuffled_deal(self, hand: int) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
        """The deal the seed gives for hand number ``hand``: seven tiles a seat, and the widow."""
        return self._shuffler.deal(hand)

    def due_dealer(self, deal: Iterable[Iterable[Tile]]) -> int:
        """Who must deal the next hand (rules/README.md 2): left of the last dealer, or the
        first one."""
        return self._due_dealer([mask_of(tiles) for tiles in deal])

    def _due_dealer(self, masks: Sequence[int]) -> int:  # (the deal as one bitmask a seat)
        if self.log:
            return (self.log[-1].dealer + 1) % self.seats
        if self.options.is_moon:
            return random.Random(self.seed).randrange(self.seats)
        holder = next(s for s in range(4) if masks[s] & _BIT[1])  # who holds 1-0
        return (holder - 1) % 4

    def next_hand(self) -> list[Event]:
        """Deal the next hand from the seed."""
        if self.phase is not _HAND_OVER:  # start_hand() says why not
            deal, widow = self.shuffled_deal(len(self.log))
            return self.start_hand(deal, widow, None)
        # Straight from the shuffle's bitmasks: the deal is known sorted, and
        # turned into tiles only if someone reads it.
        masks, widow = self._shuffler.masks(len(self.log))
        dealer = self._due_dealer(masks)
        return self._begin(HandLog(dealer, None, widow, masks), list(masks))

    def start_hand(
        self, deal: Sequence[Iterable[Tile]], widow: Iterable[Tile], dealer: int | None
    ) -> list[Event]:
        """Start a hand with the given tiles; ``dealer`` None means the one due."""
        if self.phase is _GAME_OVER:
            raise RuleError("game over", "the game is over; no more hands are dealt")
        if self.phase is not _HAND_OVER:
            raise RuleError(
                "hand order", f"hand {len(self.log)} is not finished; a new hand cannot start"
            )
        n = self.seats
        if dealer is None:
            dealer = self.due_dealer(deal)
        elif not (0 <= dealer < n):
            raise RuleError("dealer", f"dealer {dealer} is not a seat of this game")
        elif (self.log or not self.options.is_moon) and dealer != self.due_dealer(deal):
            due = self.due_dealer(deal)
            why = (
                "the deal passes to the left"
                if self.log
                else "in Texas 42 the first bid goes to the holder of 1-0"
            )
            raise RuleError("dealer", f"seat {due} must deal this hand, not seat {dealer}: {why}")
        log = HandLog(dealer, tuple(map(tuple, deal)), tuple(widow))
        return self._begin(log, [sum(map(_BIT.__getitem__, h)) for h in deal])

    def _begin(self, log: HandLog, hands: list[int]) -> list[Event]:
        self.log.append(log)
        self._actions = log.actions
        self._clear_hand(hands, log.widow, log.dealer)
        self._legal = None
        self.phase = _BIDDING
        self._to_act = (log.dealer + 1) % self.seats
        return [_event(HandDealt, len(self.log) - 1, log.dealer)]

    def _clear_hand(self, hands: list[int], widow: tuple[Tile, ...], dealer: int) -> None:
        """A hand's state before its first bid (before the first deal: nothing dealt)."""
        n = self.seats
        self.dealer = dealer
        self._hands = hands
        self._widow = widow
        self._discard: Tile | None = None
        self._bids: list[tuple[int, int | None, str]] = []
        self._high = 0
        self._bidder: int | None = None
        self._contract = "bid"
        self._declarer: int | None = None
        self._trump: Trump | None = None
        self._rules: TrickRules | None = None
        self._sevens = False
        self._sitting_out: int | None = None
        self._tricks: list[Trick] = []
        self._trick_plays: list[tuple[int, Tile]] = []
        self._follow = -1  # the tiles that follow the led suit; all tiles before the lead
        self._leader: int | None = None
        self._tricks_won = [0] * n
        self._points = [0] * n
        self._next_seat = _seating(n, None)
        self._trick_size = n
        self._suits_play = False

    # ----- asking --------------------------------------------------------

    @property
    def hand_number(self) -> int:
        return len(self.log) - 1

    @property
    def to_act(self) -> Turn | None:
        turns = _TURNS[self.phase]
        return turns[self._to_act] if turns else None

    @property
    def seat_to_act(self) -> int:
        """The seat whose turn it is, for a caller that knows a hand is in progress; a
        RuleError between hands and once the game is over."""
        turns = _TURNS[self.phase]
        if not turns:
            raise RuleError("turn", f"nobody is to act: the {self.phase.value} phase")
        return self._to_act

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take now (empty between hands)."""
        legal = self._legal
        if legal is None:
            if self._suits_play:  # in the play, and not Sevens
                # The hot path, inlined: the seat's tiles of the led suit, or all of them.
                seat = self._to_act
                hand = self._hands[seat]
                mask = hand & self._follow or hand
                c0, c1, c2 = CHUNK_PLAYS[seat]  # as plays_of() does
                legal = self._legal = c0[mask & 1023] + c1[mask >> 10 & 1023] + c2[mask >> 20]
            else:
                legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        seat, phase = self._to_act, self.phase
        if phase is _PLAY:
            return plays_of(seat, self._playable(seat))
        if phase is _BIDDING:
            return self._legal_bids(seat)
        if phase is _WIDOW:
            return tuple(DISCARDS[seat][t] for t in tiles_of_mask(self._hands[seat]))
        if phase is _TRUMP:
            key = (seat, self._contract, self._high)
            trumps = self._trump_actions.get(key)
            if trumps is None:
                trumps = tuple(NameTrump(seat, t) for t in self.offered_trumps())
                self._trump_actions[key] = trumps
            return trumps
        return ()

    def _playable(self, seat: int) -> int:
        hand = self._hands[seat]
        rules = self._rules
        assert rules is not None, "a play before trump is named"
        if rules.sevens:
            best = min(_DISTANCE[t] for t in tiles_of_mask(hand))
            return mask_of(t for t in tiles_of_mask(hand) if _DISTANCE[t] == best)
        return hand & self._follow or hand

    def _legal_bids(self, seat: int) -> tuple[Action, ...]:
        options = self.options
        doubles = (self._hands[seat] & _DOUBLES_MASK).bit_count()
        plunge = options.plunge and doubles >= bidding.PLUNGE_DOUBLES
        splash = options.splash and doubles >= bidding.SPLASH_DOUBLES
        key = (self._bid_rules, seat, self._high, self._must_bid(), plunge, splash)
        bids = _BIDS.get(key)
        if bids is None:
            out: list[Action] = [] if key[3] else [Pass(seat)]
            out.extend(Bid(seat, v) for v in bidding.bid_values(options, self._high))
            if plunge and bidding.special_value("plunge", self._high) <= bidding.MAX_BID:
                out.append(Plunge(seat))
            if splash and bidding.special_value("splash", self._high) <= bidding.MAX_BID:
                out.append(Splash(seat))
            bids = _BIDS[key] = tuple(out)
        return bids

    def _must_bid(self) -> bool:
        return (
            self.options.forced_bid and self._bidder is None and len(self._bids) == self.seats - 1
        )

    def offered_trumps(self) -> list[Trump]:
        """What the declarer may name now (rules/README.md 5, 9.1, 9.4, 9.5)."""
        options = self.options
        zero_offered = self.tile_set is not MOON21_SET
        out = list(_NUMBER_TRUMPS if zero_offered else _NUMBER_TRUMPS[1:])
        if options.doubles_trump:
            out.append(_DOUBLES)
        if options.no_trump:
            out.append(_NO_TRUMP)
        if not options.is_moon and self._contract == "bid" and self._high >= bidding.MARK:
            if options.nello:
                out.append(_NELLO)
            if options.sevens:
                out.append(_SEVENS)
        return out

    # ----- acting --------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and return what happened, or raise RuleError."""
        if type(action) is Play and self.phase is _PLAY and (seat := action.seat) == self._to_act:
            # The hot path, inlined: a legal tile joins the trick.
            tile = action.tile
            hands = self._hands
            hand = hands[seat]
            # What legal_actions() offers: the tiles of the led suit, or all of them.
            playable = self._playable(seat) if self._sevens else hand & self._follow or hand
            if not playable >> tile & 1:
                raise self._refusal(seat, tile, playable)
            self._legal = None
            self._actions.append(action)
            hands[seat] = hand ^ (1 << tile)
            plays = self._trick_plays
            if not plays:
                self._follow = self._follow_lead[tile]
            plays.append(_PAIRS[seat][tile])
            if len(plays) < self._trick_size:
                self._to_act = self._next_seat[seat]
                return [_TILE_PLAYED[seat][tile]]
            return self._close_trick(_TILE_PLAYED[seat][tile])
        phase = self.phase
        if phase is _HAND_OVER:
            raise RuleError("hand over", "the hand is over; no more actions are allowed")
        if phase is _GAME_OVER:
            raise RuleError("game over", "the game is over; no more actions are allowed")
        kind = _KIND_OF_ACTION.get(type(action))
        if kind is None:
            raise TypeError(f"not an action: {action!r}")
        seat = action.seat
        expected = _KIND_OF_PHASE[phase]
        if type(seat) is not int or not (0 <= seat < self.seats):
            raise RuleError("seats", f"seat {seat} is not a seat of this game")
        if seat != self._to_act:
            raise RuleError(
                "turn", f"seat {seat} acts out of turn: seat {self._to_act} is to {expected}"
            )
        if kind != expected:
            raise RuleError("turn", f"seat {seat} cannot {kind} now: it is to {expected}")
        self._legal = None
        if kind == "bid":
            events = self._bid(seat, action)
        elif type(action) is Discard:
            events = self._discard_tile(seat, action.tile)
        elif type(action) is NameTrump:
            events = self._name_trump(seat, action.trump)
        else:  # a play in turn took the path above, and one out of turn was refused
            raise AssertionError(f"{action!r} reached the bidding, widow or trump")
        self._actions.append(action)
        return events

    def _bid(self, seat: int, action: Action) -> list[Event]:
        options = self.options
        if type(action) is Pass:
            if self._must_bid():
                raise RuleError(
                    "forced bid", f"seat {seat} must bid: everyone else has passed (forced bid)"
                )
            self._bids.append((seat, None, "pass"))
            events: list[Event] = [_event(Passed, seat)]
        else:
            if type(action) is Bid:
                value = action.value
                bidding.check_bid(options, self._high, value)
                contract = "bid"
            else:
                contract = "plunge" if type(action) is Plunge else "splash"
                self._check_special(seat, contract)
                value = bidding.special_value(contract, self._high)
            self._high, self._bidder, self._contract = value, seat, contract
            self._bids.append((seat, value, contract))
            events = [_event(BidMade, seat, value, contract)]
        if len(self._bids) < self.seats and self._high < self._top_bid:
            self._to_act = (seat + 1) % self.seats
            return events
        return events + self._end_bidding()

    def _check_special(self, seat: int, contract: str) -> None:
        options = self.options
        if options.is_moon or not getattr(options, contract):
            raise RuleError(contract, f"{contract.capitalize()} is not played at this table")
        need = bidding.PLUNGE_DOUBLES if contract == "plunge" else bidding.SPLASH_DOUBLES
        held = (self._hands[seat] & _DOUBLES_MASK).bit_count()
        if held < need:
            raise RuleError(
                contract,
                f"seat {seat} cannot bid {contract.capitalize()}: it needs {need} doubles and"
                f" holds {held}",
            )
        if bidding.special_value(contract, self._high) > bidding.MAX_BID:
            raise RuleError(contract, f"a {contract.capitalize()} cannot top {self._high}")

    def _end_bidding(self) -> list[Event]:
        bidder = self._bidder
        if bidder is None:
            return [_event(ThrownIn, self.dealer)] + self._finish_hand()
        events: list[Event] = [_event(BiddingWon, bidder, self._high, self._contract)]
        self._declarer = bidder
        if self._contract != "bid":
            self._declarer = (bidder + 2) % 4
        if self._widow and not self.options.trump_before_widow:
            events += self._take_widow()
        else:
            self.phase = _TRUMP
            self._to_act = self._declarer
        return events

    def _take_widow(self) -> list[Event]:
        bidder = self._bidder
        assert bidder is not None, "the widow before the auction is won"
        self._hands[bidder] |= mask_of(self._widow)
        self.phase = _WIDOW
        self._to_act = bidder
        return [_event(WidowTaken, bidder)]

    def _discard_tile(self, seat: int, tile: Tile) -> list[Event]:
        if not self._hands[seat] >> tile & 1:
            raise RuleError("hold", f"seat {seat} cannot discard {tile}: it does not hold it")
        self._hands[seat] &= ~(1 << tile)
        self._discard = TILES[tile]
        if self._trump is None:
            self.phase = _TRUMP
        else:
            self._start_play()
        return [_event(Discarded, seat)]

    def _name_trump(self, seat: int, trump: Trump) -> list[Event]:
        # What is offered depends on the contract and on a mark bid only: kept per game.
        key = (self._contract, self._high >= bidding.MARK)
        offered = self._offered.get(key)
        if offered is None:
            offered = self._offered[key] = tuple(self.offered_trumps())
        if trump not in offered:
            names = ", ".join(t.value for t in offered)
            raise RuleError(
                "trump", f"trump {trump.value} is not offered here: choose one of {names}"
            )
        self._trump = trump
        if trump is _NELLO:
            self._sitting_out = (seat + 2) % 4
            self._trick_size = 3
        self._next_seat = _seating(self.seats, self._sitting_out)
        self._rules = rules = self.options.trick_rules_for(trump)
        self._follow_lead = rules.follow_lead
        self._sevens = rules.sevens
        self._power = rules.power_lead
        events: list[Event] = [_event(TrumpNamed, seat, trump)]
        if self._widow and self._discard is None:
            return events + self._take_widow()
        self._start_play()
        return events

    def _start_play(self) -> None:
        declarer = self._declarer
        assert declarer is not None, "the play before the auction is won"
        self.phase = _PLAY
        self._suits_play = not self._sevens
        self._to_act = self._leader = declarer

    def _refusal(self, seat: int, tile: Tile, playable: int) -> RuleError:
        if not self._hands[seat] >> tile & 1:
            return RuleError("hold", f"seat {seat} cannot play {TILES[tile]}: it does not hold it")
        held = ", ".join(str(t) for t in sorted(tiles_of_mask(playable), reverse=True))
        rules = self._rules
        assert rules is not None, "a play before trump is named"
        if rules.sevens:
            return RuleError(
                "sevens", f"seat {seat} must play a tile closest to seven: it holds {held}"
            )
        suit = rules.led_suit[self._trick_plays[0][1]]
        name = "trump" if suit == TRUMP_SUIT else f"the {suit_name(suit)}"
        return RuleError("follow suit", f"seat {seat} must follow {name}: it holds {held}")

    def _close_trick(self, played: TilePlayed) -> list[Event]:
        plays = tuple(self._trick_plays)
        leader = self._leader
        # Plain loops over the three or four plays: cheaper than max() or sum() over a map.
        power = self._power[plays[0][1]]
        best = -1
        for seat, tile in plays:
            if power[tile] > best:  # strictly: the first of equals wins
                best, winner = power[tile], seat
        points = 1  # one trick is one point in Moon; in Texas 42 its count is added
        if self._trick_points:
            for _, tile in plays:
                points += COUNT[tile]
        tricks = self._tricks
        # tuple.__new__ builds the named tuples without their Python-level __new__.
        tricks.append(_tuple_new(Trick, (leader, plays, winner)))
        self._tricks_won[winner] += 1
        self._points[winner] += points
        self._trick_plays = []
        self._follow = -1
        self._to_act = self._leader = winner
        events: list[Event] = [
            played,
            _tuple_new(TrickWon, (winner, len(tricks) - 1, plays, points)),
        ]
        if len(tricks) == 7 or (not self._play_out and self._outcome_certain(winner)):
            events += self._finish_hand()
        return events

    def _outcome_certain(self, last_winner: int) -> bool:
        """Texas 42's early end (rules/README.md 7.3, 9.4)."""
        bidder = self._bidder
        assert bidder is not None, "tricks played with no bidder"
        if self._trump is _NELLO:
            return last_winner == bidder
        need = min(self._high, bidding.MARK)
        points = self._points  # Texas 42 is always two sides of two
        ours = points[bidder] + points[(bidder + 2) % 4]
        theirs = points[(bidder + 1) % 4] + points[(bidder + 3) % 4]
        return ours >= need or theirs > bidding.MARK - need

    def _finish_hand(self) -> list[Event]:
        options = self.options
        bidder = self._bidder
        n = self.seats
        if bidder is None:
            made, delta, bid = None, [0] * n, None
        else:
            bid = self._high
            nello = self._trump is _NELLO
            made = hand_made(options, bidder, bid, nello, self._tricks_won, self._points)
            delta = hand_score(options, bidder, bid, made, self._tricks_won)
        for s in range(n):
            self.scores[s] += delta[s]
        # Positional arguments: keyword matching costs more than the 13 fields' setting.
        result = HandResult(
            len(self.log) - 1,  # hand
            self.dealer,
            bidder,
            bid,
            self._contract if bidder is not None else None,
            self._trump,
            made,
            tuple(self._tricks_won),
            tuple(self._points),
            tuple(delta),  # score
            tuple(self.scores),  # totals
            self._uses_marks,
            tuple(self._tricks),
        )
        self.results.append(result)
        events: list[Event] = [HandScored(result)]
        self.winner = game_winner(options, self.scores, bidder, bid, made)
        if self.winner is None:
            self.phase = _HAND_OVER
            self._suits_play = False
        else:
            self.phase = _GAME_OVER
            self._suits_play = False
            events.append(GameWon(self.winner))
        return events

    # ----- reading the hand in progress ------------------------------------

    def current_trick(self) -> Trick | None:
        leader = self._leader
        if not self._trick_plays or leader is None:
            return None
        return Trick(leader, tuple(self._trick_plays), None)

    def hand_in_progress(self) -> bool:
        return self.phase in _KIND_OF_PHASE

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (rules/README.md 8): its own tiles, the widow and discard only
        for the bidder once it has taken them, and everything public."""
        if not (0 <= seat < self.seats):
            raise ValueError(f"seat {seat} is not a seat of this game")
        turn = self.to_act
        bidder = self._bidder
        sees_widow = seat == bidder and self.phase is not _BIDDING
        widow_known = sees_widow and (self._discard is not None or self.phase is _WIDOW)
        return SeatView(
            seat=seat,
            options=self.options,
            players=self.players,
            hand_number=self.hand_number,
            dealer=self.dealer,
            phase=self.phase,
            to_act=turn,
            legal=self.legal_actions() if turn is not None and turn.seat == seat else (),
            hand=tuple(reversed(tiles_of_mask(self._hands[seat]))),
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            bids=tuple(BidEntry(s, v, c) for s, v, c in self._bids),
            high_bid=self._high or None,
            bidder=bidder,
            contract=self._contract if bidder is not None else None,
            declarer=self._declarer,
            trump=self._trump,
            widow=self._widow if widow_known else (),
            discard=self._discard if sees_widow else None,
            sitting_out=self._sitting_out,
            tricks=tuple(self._tricks),
            current_trick=self.current_trick(),
            tricks_won=tuple(self._tricks_won),
            points=tuple(self._points),
            scores=tuple(self.scores),
            results=tuple(self.results),
            winner=self.winner,
        )

    # ----- copying --------------------------------------------------------

    def clone(self) -> Game:
        """A copy that plays on by itself, exactly as this game would: the lists are copied
        (scores, results, the log and its actions, the hands, bids, tricks); what nothing
        changes in place (numbers, tuples, tiles, the options, the shuffle, the trick rules)
        is shared.  Far cheaper than replaying the record."""
        twin: Game = _object_new(Game)
        twin.__setstate__(self.__getstate__())
        return twin

    def __getstate__(self) -> tuple[object, ...]:
        """The game's state with every list copied (for ``clone`` and ``copy.copy``)."""
        log = [hand.copy() for hand in self.log]
        return (
            self.options,
            self.seed,
            self.seats,
            self.players,
            self.tile_set,
            self._shuffler,
            self.scores.copy(),
            self.results.copy(),
            log,
            log[-1].actions if log else [],
            self.winner,
            self.phase,
            self.dealer,
            self._top_bid,
            self._play_out,
            self._trick_points,
            self._uses_marks,
            self._offered.copy(),
            self._trump_actions.copy(),
            self._bid_rules,
            self._hands.copy(),
            self._widow,
            self._discard,
            self._bids.copy(),
            self._high,
            self._bidder,
            self._contract,
            self._declarer,
            self._trump,
            self._rules,
            self._sevens,
            self._suits_play,
            self._power,
            self._sitting_out,
            self._tricks.copy(),
            self._trick_plays.copy(),
            self._follow,
            self._follow_lead,
            self._leader,
            self._tricks_won.copy(),
            self._points.copy(),
            self._legal,
            self._next_seat,
            self._trick_size,
            self._to_act,
        )

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        """Takes a state ``__getstate__`` made (its lists then belong to this game)."""
        # In __getstate__'s order, in one unpacking (as fast as copying slot by slot).
        # These methods stay last in the class: the type checker takes each slot's type
        # from its first assignment, which must be __init__'s or _clear_hand's.
        (
            self.options,
            self.seed,
            self.seats,
            self.players,
            self.tile_set,
            self._shuffler,
            self.scores,
            self.results,
            self.log,
            self._actions,
            self.winner,
            self.phase,
            self.dealer,
            self._top_bid,
            self._play_out,
            self._trick_points,
            self._uses_marks,
            self._offered,
            self._trump_actions,
            self._bid_rules,
            self._hands,
            self._widow,
            self._discard,
            self._bids,
            self._high,
            self._bidder,
            self._contract,
            self._declarer,
            self._trump,
            self._rules,
            self._sevens,
            self._suits_play,
            self._power,
            self._sitting_out,
            self._tricks,
            self._trick_plays,
            self._follow,
            self._follow_lead,
            self._leader,
            self._tricks_won,
            self._points,
            self._legal,
            self._next_seat,
            self._trick_size,
            self._to_act,
        ) = state
