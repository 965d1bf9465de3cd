"""A game record as a replay: every position of the game, to step through.

A finished game is shown face up, every hand.  A game not over (a save, or a record cut
short) is shown only as its player, seat 0, saw it: the other seats' tiles and the widow stay
face down, so a second window cannot read the bots' hands while the first plays.

``Replay`` holds every seat's view after every step (a deal, or one action) of a record, so
stepping forward, back, or to any hand is a list look-up.  A hand's views are made when the
hand is first visited (by playing the record again up to it: milliseconds), so even a long
game opens at once.  Nothing here draws; the viewer
(``app/tui/screens/replay.py``) does.  ``record_to_deal`` cuts a record at a chosen hand's
deal, for playing that deal again.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, overload

from moon42.rules import Action, Game, Phase, RecordError, Tile
from moon42.rules.actions import Discard, Play
from moon42.rules.events import Event
from moon42.rules.options import Options
from moon42.rules.record import Fault, ParsedRecord, game_to_record, parse_record, replay
from moon42.rules.results import HandResult
from moon42.rules.views import SeatView

from ...play.config import clean_name
from ...play.record_files import DocumentError, UnreadableFile, read_record_file
from ..text.narration import event_words

__all__ = ["Mark", "Position", "Replay", "ReplayError", "load_replay", "describe", "record_to_deal",
           "APP_MEMBER"]


# The member of a record where the app keeps its own setup (bots, pace: app/play/saves.py).
APP_MEMBER = "moon42"


class ReplayError(Exception):
    """The file cannot be replayed; the message says why, for a person."""


@dataclass(frozen=True, slots=True)
class Position:
    """The game after one step: ``action`` None is the deal of hand ``hand``."""

    hand: int
    step: int  # actions of this hand taken so far
    action: Action | None
    events: tuple[Event, ...]
    # Every seat's view: together, every tile face up.  In a game not over, the seats other
    # than ``seen_by`` hold no tiles, widow or discard (their views keep the public facts).
    views: tuple[SeatView, ...]
    widow: tuple[Tile, ...]  # the widow as dealt, when face up (else empty)
    widow_size: int = 0  # tiles in the widow as dealt (0: the game has none)
    seen_by: int | None = None  # None: face up; else the only seat whose tiles are shown

    @property
    def table(self) -> SeatView:
        """The public facts (bids, trump, tricks, scores): seat 0's view holds them all."""
        return self.views[0]


@dataclass(frozen=True, slots=True)
class Mark:
    """A moment of a hand review shown in the replay: position ``index``, where ``seat``
    was to act; ``tile``: the better tile, marked in its hand; ``line``: what was better."""

    index: int
    seat: int
    tile: Tile | None
    line: str


def load_replay(path: str, command: str = "moon42 replay") -> Replay:
    """Read a record file (``-`` is standard input) as a replay; ReplayError says what is
    wrong, in the words ``moon42 check`` uses for a file that is not a record."""
    try:
        doc = read_record_file(path)
    except UnreadableFile as error:
        raise ReplayError(f"{command}: cannot read {path}: {error}") from None
    except DocumentError as error:
        raise ReplayError(f"{command}: {path} {error}") from None
    try:
        return Replay.from_doc(doc)
    except RecordError as error:
        raise ReplayError(f"{command}: {path} is not a game record: {error}") from None
    except ReplayError as error:
        raise ReplayError(f"{command}: {path}: {error}") from None


def _players(names: tuple[str, ...] | None, seats: int) -> list[str]:
    """One display name a seat: the record's, padded with "Seat N" where it has too few."""
    given = [clean_name(n) for n in (names or ())[:seats]]
    return [given[s] if s < len(given) and given[s] else f"Seat {s}" for s in range(seats)]


class Positions(Sequence[Position]):
    """The positions of a replay, in order; a hand's are worked out when first looked at."""

    def __init__(self, replay: Replay) -> None:
        self._replay = replay

    def __len__(self) -> int:
        return self._replay.length

    @overload
    def __getitem__(self, index: int) -> Position: ...

    @overload
    def __getitem__(self, index: slice) -> list[Position]: ...

    def __getitem__(self, index: int | slice) -> Position | list[Position]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        hand = bisect_right(self._replay.hand_starts, index) - 1
        return self._replay.hand_positions(hand)[index - self._replay.hand_starts[hand]]


class Replay:
    """Every position of a game, in order, and where each hand starts.

    Loading replays the record once without pictures; a hand's positions (every seat's view
    after each step) are made when the hand is first visited, by playing the record again up
    to it, a few milliseconds even late in a long game, and kept."""

    def __init__(self, record: ParsedRecord, face_up: bool = False) -> None:
        """``face_up``: every hand shown although the game is not over (a review's hands,
        every one of them finished)."""
        options = record.options
        # The rules decide once where (if anywhere) the record breaks them; only the legal
        # part is replayed.
        played, fault = replay(record)
        self.fault: Fault | None = fault  # where the record breaks the rules, if it does
        if not played.log:
            raise ReplayError("the record holds no deal to replay")
        self.options: Options = options
        self.players: tuple[str, ...] = tuple(_players(record.players, options.seats))
        self.seed = played.seed
        self._logs = played.log
        self._results = {result.hand: result for result in played.results}
        self.hand_starts: list[int] = []
        self.length = 0
        for log in played.log:
            self.hand_starts.append(self.length)
            self.length += 1 + len(log.actions)
        self._hands: dict[int, list[Position]] = {}
        self.positions = Positions(self)
        # The player's seat (the app seats its player at 0) while the game is not over.
        self.seen_by: int | None = None if face_up or played.phase is Phase.GAME_OVER else 0
        self.record: dict[str, Any] = game_to_record(played)
        self.record["players"] = list(self.players)
        self.index = 0

    @classmethod
    def from_doc(cls, doc: Any) -> Replay:
        """The replay of a record document; the app's own member (bots, pace) is kept."""
        replay = cls(parse_record(doc))
        setup = doc.get(APP_MEMBER)
        if isinstance(setup, dict):
            replay.record[APP_MEMBER] = setup
        return replay

    def hand_positions(self, hand: int) -> list[Position]:
        """The positions of ``hand``: its deal, then one after each of its actions."""
        kept = self._hands.get(hand)
        if kept is not None:
            return kept
        game = Game(self.options, seed=self.seed, players=list(self.players))
        for log in self._logs[:hand]:
            game.start_hand(log.deal, log.widow, log.dealer)
            for action in log.actions:
                game.apply(action)
        log = self._logs[hand]
        seen = self.seen_by
        widow = log.widow if seen is None else ()

        def position(step: int, action: Action | None, events: list[Event]) -> Position:
            views = tuple(self._as_seen(game.view(s)) for s in range(game.seats))
            return Position(hand, step, action, tuple(events), views, widow, len(log.widow),
                            seen)

        kept = [position(0, None, game.start_hand(log.deal, log.widow, log.dealer))]
        for step, action in enumerate(log.actions, 1):
            kept.append(position(step, action, game.apply(action)))
        self._hands[hand] = kept
        return kept

    def _as_seen(self, view: SeatView) -> SeatView:
        """``view`` as the replay may show it: whole when face up or the player's own."""
        if self.seen_by is None or view.seat == self.seen_by:
            return view
        return replace(view, hand=(), widow=(), discard=None, legal=())

    @property
    def face_up(self) -> bool:
        """Whether every hand is shown (the game is over)."""
        return self.seen_by is None

    # ----- where we are ----------------------------------------------------

    def __len__(self) -> int:
        return self.length

    @property
    def position(self) -> Position:
        return self.positions[self.index]

    @property
    def hands(self) -> int:
        return len(self.hand_starts)

    @property
    def hand(self) -> int:
        return self.position.hand

    def hand_length(self, hand: int) -> int:
        """How many actions the record holds for ``hand``."""
        end = self.hand_starts[hand + 1] if hand + 1 < self.hands else len(self.positions)
        return end - self.hand_starts[hand] - 1

    def result(self, hand: int) -> HandResult | None:
        """How ``hand`` ended, or None when the record stops before its end."""
        return self._results.get(hand)

    def hand_end(self, hand: int) -> Position:
        """The last position of ``hand``: its result and the scores after it."""
        end = self.hand_starts[hand + 1] if hand + 1 < self.hands else len(self.positions)
        return self.positions[end - 1]

    # ----- moving ----------------------------------------------------------

    def go(self, index: int) -> Position:
        self.index = max(0, min(len(self.positions) - 1, index))
        return self.position

    def step(self, steps: int = 1) -> Position:
        return self.go(self.index + steps)

    def first(self) -> Position:
        return self.go(0)

    def last(self) -> Position:
        return self.go(len(self.positions) - 1)

    def to_hand(self, hand: int) -> Position:
        """The deal of ``hand`` (counted from 0), kept within the record's hands."""
        return self.go(self.hand_starts[max(0, min(self.hands - 1, hand))])

    def next_hand(self) -> Position:
        return self.to_hand(self.hand + 1) if self.hand + 1 < self.hands else self.last()

    def previous_hand(self) -> Position:
        """Back to this hand's deal; from the deal itself, to the hand before."""
        if self.index != self.hand_starts[self.hand]:
            return self.to_hand(self.hand)
        return self.to_hand(self.hand - 1)

    # ----- the record behind it -----------------------------------------------

    def record_at(self, index: int) -> dict[str, Any]:
        """The record up to position ``index``: replayed, it gives that position's game."""
        position = self.positions[index]
        doc = dict(self.record)
        hands = [dict(h) for h in self.record["hands"][: position.hand + 1]]
        hands[-1]["actions"] = hands[-1]["actions"][: position.step]
        doc["hands"] = hands
        return doc


def record_to_deal(record: dict[str, Any], hand: int) -> dict[str, Any]:
    """The record cut at the deal of ``hand`` (counted from 0): the earlier hands whole, so
    the scores stand as they did then, and that hand's tiles and dealer with nothing played.
    A game read from it plays the deal again; later hands come from the record's seed."""
    doc = dict(record)
    hands = [dict(h) for h in record["hands"][: hand + 1]]
    hands[-1]["actions"] = []
    doc["hands"] = hands
    return doc


# ----- the step in words ---------------------------------------------------------


def describe(position: Position, names: tuple[str, ...], options: Options) -> str:
    """The step that led to ``position``, in a player's words."""
    action = position.action
    discarded = action.tile if isinstance(action, Discard) else None
    words = [event_words(e, names, options, discarded=discarded) for e in position.events]
    text = " ".join(w for w in words if w)
    if not text and isinstance(position.action, Play):
        text = f"{names[position.action.seat]} plays {position.action.tile}."
    return text
