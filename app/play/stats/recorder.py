"""Following a game into the statistics: every hand when it is scored, the winner at the end.

``StatsRecorder`` works from the rules engine alone (a ``Game`` and its events), so a test
or a tool can feed it any game.  ``record_stats`` is the app's hook: it makes a recorder
follow a game in progress as one of its listeners.

A game is keyed by a stable id, kept on the flow as ``flow.game_id``.  A game resumed from
a save is found in the database by its seed, players and scores, so it keeps its id and is
never counted twice; a game that starts with hands played elsewhere (a record, a deal
played again) counts only the hands played from then on.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from moon42.rules import Action, Bid, Game, Pass, Phase, Plunge, Splash
from moon42.rules.bidding import special_value
from moon42.rules.events import Event, GameWon, HandScored

from ..difficulty import config_level, counted_bot
from .store import GameFacts, HandFacts, StatsError, StatsStore, now_text

if TYPE_CHECKING:
    from ..following import GameInProgress

__all__ = ["StatsRecorder", "record_stats", "facts_of", "auction_of", "new_game_id"]


def new_game_id(game: Game) -> str:
    """``texas42-<seed>-<UTC start>-<random>``: unique even for two games of one seed."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    return f"{game.options.game}-{game.seed}-{stamp}-{secrets.token_hex(3)}"


def auction_of(actions: Iterable[Action]) -> tuple[tuple[int, int | None, str], ...]:
    """Every call of a hand's auction, (seat, value or None, contract), from its actions."""
    calls: list[tuple[int, int | None, str]] = []
    high = 0
    for action in actions:
        if isinstance(action, Pass):
            calls.append((action.seat, None, "pass"))
        elif isinstance(action, Bid):
            high = action.value
            calls.append((action.seat, high, "bid"))
        elif isinstance(action, Plunge | Splash):
            contract = "plunge" if isinstance(action, Plunge) else "splash"
            high = special_value(contract, high)
            calls.append((action.seat, high, contract))
    return tuple(calls)


def facts_of(game: Game, game_id: str, human: int | None, bots: Sequence[str | None],
             started: str, undo_used: bool = False, first_hand: int = 0,
             names: Sequence[str] | None = None) -> GameFacts:
    """The game as the database keeps it: setup, the scored hands from ``first_hand`` on,
    and the winner if any; ``names``: the players' names where the game's are not the ones
    shown (a shared table's)."""
    options = game.options

    def side(seat: int) -> int:
        return seat % 2 if options.partnerships else seat

    hands = []
    for result in game.results[first_hand:]:
        seats = tuple(
            (seat, side(seat), result.tricks_won[seat], result.points[seat],
             result.score[seat], result.totals[seat])
            for seat in range(game.seats)
        )
        hands.append(HandFacts(
            hand=result.hand,
            dealer=result.dealer,
            bidder=result.bidder,
            bid=result.bid,
            contract=result.contract,
            trump=None if result.trump is None else result.trump.value,
            made=result.made,
            seats=seats,
            bids=auction_of(game.log[result.hand].actions),
        ))
    winner = game.winner
    over = game.phase is Phase.GAME_OVER and winner is not None
    winners = tuple(winner) if over and winner is not None else None
    return GameFacts(
        id=game_id,
        game=options.game,
        seed=game.seed,
        options=options.to_dict(),
        players=tuple(names or game.players),
        bots=tuple(bots),
        human_seat=human,
        human_side=None if human is None else side(human),
        target=options.target,
        uses_marks=options.uses_marks,
        started=started,
        finished=now_text() if over else None,
        winners=winners,
        human_won=None if winners is None or human is None else human in winners,
        undo_used=undo_used,
        hands=tuple(hands),
        scored=len(game.results),
    )


class StatsRecorder:
    """Follows one game from when it is made, writing it whenever a hand is scored or the
    game is won.

    A game that comes with hands already scored is either one the database already holds
    (a resume: it goes on under its id) or new here (a record, a deal played again): then
    only the hands played from now on are counted.  ``game_id`` given (kept in a save)
    names the game outright.
    """

    def __init__(self, store: StatsStore, game: Game, human: int | None,
                 bots: Sequence[str | None], game_id: str | None = None,
                 names: Sequence[str] | None = None) -> None:
        self.store = store
        self.human = human
        self.bots = tuple(bots)
        self.names = tuple(names or game.players)
        self.started = now_text()
        self.game_id, self.first_hand = self._identify(game, game_id)

    def _identify(self, game: Game, game_id: str | None) -> tuple[str, int]:
        scored = len(game.results)
        if game_id is not None:
            first = self.store.first_hand(game_id) if scored else None
            return game_id, scored if first is None else first
        found = None
        if scored:
            found = self.store.find_unfinished(game.options.game, game.seed, self.names,
                                               [r.totals for r in game.results])
        return found or (new_game_id(game), scored)

    def follow(self, game: Game, events: Iterable[Event], undo_used: bool = False) -> bool:
        """Record the game if these events scored a hand or ended it; True if written."""
        if not any(isinstance(event, HandScored | GameWon) for event in events):
            return False
        facts = facts_of(game, self.game_id, self.human, self.bots, self.started, undo_used,
                         self.first_hand, self.names)
        self.store.write(facts)
        if facts.finished is not None:
            self.store.close()  # nothing more to write for this game
        return True


def record_stats(flow: GameInProgress, store: StatsStore | None = None) -> StatsRecorder | None:
    """Follow the flow's game into the statistics; sets ``flow.game_id``.

    A save that restores ``flow.game_id`` before or after this keeps the game's id.  A
    database that cannot be written is reported once and the game goes on.
    """
    game = flow.game
    human = flow.human
    level = config_level(flow.config)
    bots = [None if seat == human else counted_bot(level, flow.config.bot_of(seat))
            for seat in range(game.seats)]
    failed: list[str] = []

    def complain(error: Exception) -> None:
        reason = f"Statistics not saved: {error}"
        if reason not in failed:  # say it once, not after every hand
            failed.append(reason)
            flow.warn(reason)

    try:
        store = store or StatsStore()
    except OSError as error:  # no data folder to be had: play on, unrecorded
        complain(error)
        return None
    try:
        recorder = StatsRecorder(store, game, human, bots, flow.game_id)
    except StatsError as error:  # the database cannot be read: play on, unrecorded
        complain(error)
        return None
    flow.game_id = recorder.game_id

    def listen(flow: GameInProgress, events: list[Event]) -> None:
        recorder.game_id = flow.game_id or recorder.game_id
        try:
            recorder.follow(flow.game, events, flow.undo_used)
        except StatsError as error:
            complain(error)

    flow.listeners.append(listen)
    return recorder
