"""A table: the one thing that plays a game, for the players sitting at it and bots in the
empty seats.  A game of one's own is a table with one player (``local``); a server's shared
table has several, each reaching it over the tables' socket.

A ``Table`` owns the ``Game``: the players' moves come in, the bots are asked off the event
loop, the hands are dealt on once the players have seen the summary, and every seat is sent
its view after every change (with the events that led to it).  A player who drops keeps
the seat (``seats``): the game waits for them ``grace`` seconds, then a bot plays for them
until they come back.  Every player is sent only their own seat's view.  Spectators watch
the table without a seat and are sent no hand (``spectators``); players and spectators talk
in the table's chat (``chat``).  A player holding only winners may claim the rest of the
hand, checked and played out as in a game of one's own (``play.claiming``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from moon42.ai.claims import Claim, check_claim
from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.rules import Action, Game, Options, Phase, RuleError
from moon42.rules.events import BiddingWon, Event, HandScored, TrickWon, TrumpNamed
from moon42.rules.views import SeatView

from .bot_pool import Decide, decide_in_thread
from .chat import DEFAULT_RATE, ChatError, RateLimit, TableChat, clean
from .claiming import bot_claim_of, claim_refusal, claimed_plays
from .difficulty import DEFAULT_BOT
from .gathering import DEFAULT_LEVEL, Gathering, Gathers, gathering_game
from .move_clock import AWAY_AFTER, MoveClock, played_for_words, timed_out
from .names import name_key
from .review_subject import finished_record
from .seats import (
    CODE_TRIES,
    CODE_WINDOW,
    Seat,
    SeatCodeNeeded,
    Send,
    Sitter,
    TableError,
    new_code,
)
from .spectators import DEFAULT_SPECTATORS, Spectator, revealed_hand, spectator_view
from .table_listing import listing_of
from .view_codec import encode

__all__ = ["Table", "pause_factor"]

log = logging.getLogger("moon42.tables")

# How long each kind of event stays on show before a bot moves, in units of the pace.
_PAUSE = {TrickWon: 2.0, TrumpNamed: 1.5, HandScored: 2.0, BiddingWon: 1.0}


def pause_factor(events: list[Event]) -> float:
    """How long ``events`` stay on show, in units of the pace (the longest of them)."""
    return max((_PAUSE.get(type(e), 1.0) for e in events), default=1.0)


class Table(Gathers):
    """One game shared by the players sitting at it."""

    def __init__(self, number: int, game: str, options: Options | dict | None = None,
                 seed: int | None = None, grace: float = 30.0, pace: float = 1.0,
                 summary_wait: float | None = 60.0, bot: str = DEFAULT_BOT,
                 clock: Callable[[], float] = time.monotonic, empty_close: float = 600.0,
                 on_close: Callable[[Table], None] | None = None,
                 codes: Callable[[], str] = new_code,
                 decide: Decide = decide_in_thread, bot_claims: bool = True,
                 reveal: bool = False, max_spectators: int = DEFAULT_SPECTATORS,
                 talk: RateLimit | None = None, chat: TableChat | None = None,
                 record: Callable[[Table, list[Event]], None] | None = None,
                 players: Sequence[str] | None = None, bots: dict[int, Any] | None = None,
                 game_state: Game | None = None,
                 held: Callable[[], bool] = lambda: False, gather: bool = False,
                 level: str = DEFAULT_LEVEL, move_clock: float = 0.0) -> None:
        """``players``: the seats' names while bots play them (else "Bot A", ...);
        ``bots``: the bots to play the seats (else ``bot`` at every seat); ``game_state``:
        a game to go on with (else a new one); ``summary_wait``: None waits for every
        player to have seen a hand's summary; ``held``: while true, no bot moves and no
        hand is dealt (the player's terminal is too small to show them); ``gather``: the
        table waits for players until its opener starts it (``gathering``), its bots at
        ``level``; ``move_clock``: seconds a connected player has for a turn (0: no end)."""
        self.number = number
        # Called with the table and the events after every change to the game (statistics,
        # saving): whatever follows the game without driving it.
        self.listeners: list[Callable[[Any, list[Event]], None]] = []
        if record is not None:
            self.listeners.append(record)
        # Called with the table and a seat whose player gets up (before the seat is empty).
        self.leaving: list[Callable[[Any, int], None]] = []
        self.bot_claims = bot_claims  # whether a bot on lead holding only winners claims
        # Where this hand was claimed, for every seat's hand log: (hand, trick, claimer).
        self.claimed: tuple[int, int, int] | None = None
        # Spectators: at most ``max_spectators``; ``reveal``: once a hand is over, each may
        # see the hand dealt to the seat they watch from.
        self.reveal, self.max_spectators = reveal, max_spectators
        self.spectators: dict[str, Spectator] = {}  # by the watching session
        self.talk = talk or RateLimit(DEFAULT_RATE, clock=clock)
        self.chat = chat or TableChat()
        self.decide = decide  # how the bots think (in the server: a pool of processes)
        self.codes = codes
        self.empty_close, self.on_close = empty_close, on_close
        self.grace, self.pace, self.summary_wait, self.clock = grace, pace, summary_wait, clock
        self.held = held
        self.gathering = Gathering(None, level) if gather else None
        self.move_clock = MoveClock(move_clock, clock)
        if gather:
            self.game = gathering_game(game, options, seed,
                                       None if players is None else list(players))
        else:
            self.game = game_state if game_state is not None else Game.new(
                game, options=options, seed=seed,
                players=None if players is None else list(players))
        n = self.game.seats
        names = list(players) if players is not None else \
            [f"Bot {chr(ord('A') + i)}" for i in range(n)]
        self.seats = [Seat(bot_name=names[i]) for i in range(n)]
        seed = self.game.seed
        self.bots = bots if bots is not None else \
            {i: make_bot(bot, seed=(seed * 7 + i) % 2**32) for i in range(n)}
        # Whether a bot waits the pace before every move (a shared table: a player may sit
        # down meanwhile), or only after a move or a claim (a game of one's own, where the
        # deal comes after the summary, and a move taken back after a key).
        self.pause_before_every_move = True
        # Seats a bot plays although their player is connected: a game the player watches.
        self.autoplayed: set[int] = set()
        # The turns of the hand being played that the move clock had the bots play: the
        # game and hand they belong to, and the hand log's line for each.
        self.played_for: tuple[Game | None, int, list[tuple[int, str]]] = (None, -1, [])
        self.moves = 0  # every action applied and every deal: a bot's decision is for one
        self.ready: set[int] = set()  # seats that have seen the hand's summary
        self.hand_over_at: float | None = None
        self.last_events: list[Event] = []
        self.closed = False
        self._changed = asyncio.Event()
        self._hurry = asyncio.Event()

    # ----- who sits where ------------------------------------------------

    def seat_of(self, who: Sitter) -> int | None:
        """The seat ``who`` holds: a key's, by the key; a guest's, from this session."""
        return next((i for i, s in enumerate(self.seats) if s.player == who.player
                     and (who.by_key or s.session == who.session)), None)

    def claim_of(self, who: Sitter) -> int | None:
        """A seat of a guest of ``who``'s name that another session of theirs took."""
        if who.by_key:
            return None
        return next((i for i, s in enumerate(self.seats) if s.player == who.player
                     and s.session != who.session), None)

    def take(self, who: Sitter, send: Send, seat: int | None = None,
             code: str | None = None, table_code: str | None = None) -> int:
        """Sit ``who`` down (or back down, in the seat they hold); the seat's number.

        ``SeatCodeNeeded`` when the seat is a guest's from another session and ``code``
        is not its code; ``TableCodeNeeded`` when the table is private, ``who`` is not
        invited and ``table_code`` is not its code."""
        self.may_sit(who, table_code)
        held = self.seat_of(who)
        claimed = self.claim_of(who) if held is None else None
        if held is not None or (claimed is not None and seat in (None, claimed)):
            mine = held if held is not None else claimed
            assert mine is not None
            if seat is not None and seat != mine:
                raise TableError(f"you already sit in seat {mine + 1} at this table.")
            if held is None:
                self._prove(self.seats[mine], mine, code)
            seat = mine
        elif seat is None:
            seat = next((i for i, s in enumerate(self.seats) if s.player is None), None)
            if seat is None:
                raise TableError(f"table {self.number} is full.")
        elif not 0 <= seat < len(self.seats):
            raise TableError(f"table {self.number} has seats 1 to {len(self.seats)}.")
        elif self.seats[seat].player is not None:
            raise TableError(f"seat {seat + 1} is taken by {self.seats[seat].name}.")
        chosen = self.seats[seat]
        if chosen.send is not None and chosen.send != send:
            chosen.send({"type": "left", "reason": "You sat down at this table elsewhere."})
        if chosen.player is None and not who.by_key:
            chosen.code = self.codes()
        chosen.player, chosen.name, chosen.send, chosen.dropped_at = \
            who.player, who.name, send, None
        chosen.record_told = None  # a new connection: the finished hand's record again
        chosen.session, chosen.by_key, chosen.wrong = who.session, who.by_key, []
        chosen.timeouts = 0
        self.seated_after(who)
        self.spectators.pop(who.session, None)  # a spectator who takes a seat
        self._tell_all([])
        self._tell_chat(send)
        self._poke()
        return seat

    def _prove(self, seat: Seat, number: int, code: str | None) -> None:
        """A guest's other session sits back down only with the seat's code."""
        now = self.clock()
        seat.wrong = [t for t in seat.wrong if t > now - CODE_WINDOW]
        if len(seat.wrong) >= CODE_TRIES:
            wait = seat.wrong[0] + CODE_WINDOW - now
            raise TableError(f"seat {number + 1} has had {CODE_TRIES} wrong codes; it takes "
                             f"none for {max(1, round(wait / 60))} minutes.")
        if code is None:
            raise SeatCodeNeeded(f"seat {number + 1} at table {self.number} was taken by "
                                 "another session: type its seat code to take it back.")
        if not hmac.compare_digest(code.encode(), seat.code.encode()):
            seat.wrong.append(now)
            raise SeatCodeNeeded(f"that is not the code of seat {number + 1}.")

    def code_of(self, who: Sitter) -> str:
        """The code of the seat ``who`` holds ("" for a key's seat, or none)."""
        seat = self.seat_of(who)
        return self.seats[seat].code if seat is not None else ""

    def drop(self, who: Sitter, send: Send | None = None) -> None:
        """The player's connection (``send``, or any) is gone: the seat waits ``grace``
        seconds for them."""
        seat = self.seat_of(who)
        if seat is None or self.seats[seat].send is None:
            return
        if send is None or self.seats[seat].send == send:
            self.seats[seat].send = None
            self.seats[seat].dropped_at = self.clock()
            self._tell_all([])
            self._poke()

    def leave(self, who: Sitter) -> None:
        """The player gets up: a bot has the seat from now on."""
        seat = self.seat_of(who)
        if seat is not None:
            for listener in self.leaving:
                listener(self, seat)
            self.seats[seat] = Seat(bot_name=self.seats[seat].bot_name)
            self.ready.discard(seat)
            self.left_from(seat)
            self._tell_all([])
            self._poke()

    def bot_plays(self, seat: int) -> bool:
        """An empty seat, a watched one, or a dropped player's once the grace has run out."""
        s = self.seats[seat]
        if s.player is None or seat in self.autoplayed or s.timeouts >= AWAY_AFTER \
                or self.move_clock.plays_for(self, seat):
            return True
        return s.send is None and s.dropped_at is not None and \
            self.clock() - s.dropped_at >= self.grace

    def gathers_now(self) -> bool:
        """Whether the table gathers players and no game is on (``gathering``)."""
        return self.gathering is not None and self.gathering.waiting

    def here(self, who: Sitter) -> None:
        """The player pressed a key: no longer away after running out of time."""
        seat = self.seat_of(who)
        if seat is not None and self.seats[seat].timeouts:
            self.seats[seat].timeouts = 0
            self._tell_all([])
            self._poke()

    def humans(self) -> list[int]:
        """The seats whose players are connected now."""
        return [i for i, s in enumerate(self.seats) if s.send is not None]

    def unattended(self) -> bool:
        """Nobody the game is for is connected: the table waits, then closes."""
        return not self.humans()

    # ----- what each seat sees -------------------------------------------

    def names(self) -> tuple[str, ...]:
        """Who sits where now, as every screen at the table shows it: a player whose
        connection has dropped is away from that moment, and once the grace is over the bot
        that plays for them says so (``bob (away, bot) plays 4-4``)."""
        return tuple(self._name(i) for i in range(len(self.seats)))

    def _name(self, seat: int) -> str:
        s = self.seats[seat]
        if s.player is not None and s.timeouts >= AWAY_AFTER:
            return f"{s.name} (away, bot)"
        if s.player is None or s.send is not None:
            return s.shown
        return f"{s.name} (away, bot)" if self.bot_plays(seat) else f"{s.name} (away)"

    def view(self, seat: int) -> SeatView:
        """The seat's view, with the names of who sits where now."""
        return replace(self.game.view(seat), players=self.names())

    def message_for(self, seat: int, events: list[Event]) -> dict[str, Any]:
        if self.gathers_now():
            return self.gathering_message(seat)
        turn = self.game.to_act
        left = self.move_clock.left(self) if turn is not None and turn.seat == seat else None
        message = {"type": "view", "table": self.number, "seat": seat,
                   "view": encode(self.view(seat)), "events": encode(events),
                   "bots": [i for i in range(len(self.seats)) if self.bot_plays(i)],
                   "pace": self.pace, "claimed": self._claimed_now(),
                   "clock": None if left is None else round(max(0.0, left), 1),
                   "away": self.seats[seat].timeouts >= AWAY_AFTER,
                   "played_for": self._played_for_now()}
        message.update(self.record_for_review(seat))
        return message

    def record_for_review(self, seat: int) -> dict[str, Any]:
        """For a seated player, once a hand is over (and only then): the game's record
        without its seed, for the hand's review (``review_subject``); sent once a hand to
        each connection (the views after it say nothing of it)."""
        told, before = (self.game, len(self.game.results)), self.seats[seat].record_told
        if before is not None and before[0] is told[0] and before[1] == told[1]:
            return {}
        doc = finished_record(self.game)
        if doc is None:
            return {}
        self.seats[seat].record_told = told
        return {"record": doc}

    def _played_for_now(self) -> list[tuple[int, str]]:
        game, hand, lines = self.played_for
        return list(lines) if game is self.game and hand == self.game.hand_number else []

    def _bot_apply(self, seat: int, action: Action) -> list[Event]:
        """A bot's move for ``seat``; one the move clock made it play goes in the hand log."""
        if self.move_clock.plays_for(self, seat):
            words = played_for_words(action, self.game.options)
            self.played_for = (self.game, self.game.hand_number,
                               self._played_for_now() + [(seat, words)])
        return self._apply(self.game.apply(action))

    def _claimed_now(self) -> list[int] | None:
        claimed = self.claimed
        return list(claimed) if claimed and claimed[0] == self.game.hand_number else None

    def _tell_all(self, events: list[Event]) -> None:
        for seat in self.humans():
            send = self.seats[seat].send
            assert send is not None
            send(self.message_for(seat, events))
        for spectator in list(self.spectators.values()):
            spectator.send(self.message_for_spectator(spectator, events))

    # ----- spectators ----------------------------------------------------

    def message_for_spectator(self, spectator: Spectator,
                              events: list[Event]) -> dict[str, Any]:
        """A spectator's view: no hand, no widow, no discard (``spectators``)."""
        if self.gathers_now():
            return {**self.gathering_message(None), "watching": True}
        shown = revealed_hand(self.game, spectator) if self.reveal else None
        return {"type": "view", "table": self.number, "seat": spectator.seat,
                "view": encode(spectator_view(self.game, spectator.seat, self.names())),
                "events": encode(events), "watching": True,
                "bots": [i for i in range(len(self.seats)) if self.bot_plays(i)],
                "pace": self.pace, "claimed": self._claimed_now(),
                "played_for": self._played_for_now(),
                "revealed": None if shown is None else
                {"seat": shown[0], "tiles": encode(shown[1])}}

    def watch(self, who: Sitter, send: Send, seat: int = 0) -> Spectator:
        """``who`` watches the table from ``seat``'s side (a session watches one table)."""
        if self.seat_of(who) is not None:
            raise TableError(f"you sit at table {self.number}: type its number and Enter "
                             "to take your seat.")
        if not 0 <= seat < len(self.seats):
            raise TableError(f"table {self.number} has seats 1 to {len(self.seats)}.")
        if self.max_spectators == 0:
            raise TableError("this server lets nobody watch its tables.")
        if who.session not in self.spectators and \
                len(self.spectators) >= self.max_spectators:
            raise TableError(f"table {self.number} has as many spectators as it takes "
                             f"({self.max_spectators}).")
        spectator = Spectator(who.player, who.name, who.session, send, seat)
        self.spectators[who.session] = spectator
        send(self.message_for_spectator(spectator, []))
        self._tell_chat(send, seated=False)
        return spectator

    def _tell_chat(self, send: Send, seated: bool = True) -> None:
        """The lines said here lately, to someone who has just come (to a player, not the
        spectators' lines held back until the hand is over)."""
        held = self.gathering.held if seated and self.gathering is not None else []
        for line in self.chat.lines:
            message = line.message(self.number)
            if message not in held:
                send(message)

    def spectator_of(self, who: Sitter) -> Spectator | None:
        return self.spectators.get(who.session)

    def turn_to(self, who: Sitter, seat: int) -> None:
        """A spectator watches from another seat's side."""
        spectator = self.spectator_of(who)
        if spectator is None:
            raise TableError("you are not watching this table.")
        spectator.seat = seat % len(self.seats)
        spectator.send(self.message_for_spectator(spectator, []))

    def unwatch(self, who: Sitter, send: Send | None = None) -> None:
        """The spectator leaves (or their connection, ``send``, is gone)."""
        spectator = self.spectators.get(who.session)
        if spectator is not None and (send is None or spectator.send == send):
            del self.spectators[who.session]

    # ----- table chat ----------------------------------------------------

    def say(self, who: Sitter, text: object) -> None:
        """A chat line from a player or a spectator of this table, to everyone at it;
        ``ChatError`` when it is not taken (too long, empty, too many too fast)."""
        watching = self.spectator_of(who) is not None
        if self.seat_of(who) is None and not watching:
            raise ChatError("you are not at this table.")
        if self.talk.rate == 0:
            raise ChatError("table chat is off on this server.")
        said = clean(text)
        wait = self.talk.wait(who.player)
        if wait > 0:
            raise ChatError(f"slow down: {self.talk.rate} lines in {self.talk.window:g} s at "
                            f"most; wait {max(1, round(wait))} s.")
        line = self.chat.add(who.player, who.name, said, watching)
        if watching and self.hushed():
            self.hold_line(line.message(self.number))
        else:
            self._tell_everyone(line.message(self.number))

    def tokens_named(self, name: str) -> set[str]:
        """The chat tokens of whoever goes by ``name`` here: at a seat, watching, or in
        the lines kept (case and the sign-in's mark ignored: ``names``)."""
        wanted = name_key(name)
        here = [s.player for s in self.seats if s.player is not None
                and name_key(s.name) == wanted]
        here += [s.player for s in self.spectators.values() if name_key(s.name) == wanted]
        return {self.chat.token(p) for p in here} | self.chat.senders_named(name)

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it (``table_listing``)."""
        return listing_of(self)

    # ----- moves ---------------------------------------------------------

    def act(self, who: Sitter, action: Action) -> list[Event]:
        """A player's move; ``RuleError`` when the rules refuse it, ``TableError`` when
        it is not theirs to make."""
        seat = self.seat_of(who)
        turn = self.game.to_act
        if seat is None:
            raise TableError("you have no seat at this table.")
        if turn is None or turn.seat != seat or getattr(action, "seat", None) != seat:
            raise TableError("it is not your turn.")
        if seat in self.autoplayed:
            raise TableError("a bot plays this seat: the game plays itself.")
        self.seats[seat].timeouts = 0
        return self._apply(self.game.apply(action))

    def claim(self, who: Sitter) -> str:
        """A player claims the rest of the hand: checked by the claims' rule and played out
        at once by its fixed rule; else why not ("" when the claim stands)."""
        seat = self.seat_of(who)
        if seat is None:
            raise TableError("you have no seat at this table.")
        claim = check_claim(self.game.view(seat))
        if not claim.accepted:
            return claim_refusal(claim)
        self._play_out(seat, claim)
        return ""

    def _play_out(self, claimer: int, claim: Claim) -> list[Event]:
        view = self.game.view(claimer)
        self.claimed = (view.hand_number, len(view.tricks) + 1, claimer)
        events = [e for played in claimed_plays(self.game, claimer, claim) for e in played]
        return self._apply(events)

    def _bot_claim(self, seat: int) -> Claim | None:
        turn = self.game.to_act
        if not self.bot_claims or turn is None or turn.kind != "play":
            return None
        return bot_claim_of(self.game.view(seat))

    def next_hand(self, who: Sitter) -> None:
        """The player has seen the hand's summary."""
        seat = self.seat_of(who)
        if seat is not None and self.game.phase is Phase.HAND_OVER:
            self.ready.add(seat)
            self._poke()

    def _apply(self, events: list[Event]) -> list[Event]:
        self.moves += 1
        self.last_events = events
        if self.game.phase is Phase.HAND_OVER:
            self.ready = set()
            self.hand_over_at = self.clock()
        if not self.hushed():
            self.release_lines()
        for listener in self.listeners:
            listener(self, events)
        self._tell_all(events)
        self._poke()
        if self.game.phase is Phase.GAME_OVER:
            self.gather_again()
        return events

    def take_back_to(self, game: Game) -> None:
        """Go on from ``game``, this game with moves taken back (undo): a bot thinking now
        is not heard, nothing waits to be paused after, the listeners hear of it with no
        events, and every seat is sent the game as it stands."""
        self.game = game
        self.moves += 1
        self.last_events = []
        self.claimed = None
        self.ready = set()
        for listener in self.listeners:
            listener(self, [])
        self._tell_all([])
        self._poke()

    def hurry(self) -> None:
        """The player pressed a key: the bots' next move comes now, not after the pause."""
        self._hurry.set()

    def deal_due(self) -> float | None:
        """In the summary: 0 when the next hand should be dealt, else seconds to wait."""
        if self.game.phase is not Phase.HAND_OVER:
            return None
        # A player away after running out of time is not waited for, unless everyone is.
        present = [s for s in self.humans() if self.seats[s].timeouts < AWAY_AFTER]
        waiting = [s for s in present or self.humans() if s not in self.ready]
        if not waiting:
            return 0.0
        if self.summary_wait is None:
            return float("inf")
        return max(0.0, (self.hand_over_at or 0.0) + self.summary_wait - self.clock())

    def bot_step(self) -> list[Event] | None:
        """The bot's move when a bot is to act (decided here, in this thread)."""
        turn = self.game.to_act
        if turn is None or not self.bot_plays(turn.seat):
            return None
        claim = self._bot_claim(turn.seat)
        if claim is not None:
            return self._play_out(turn.seat, claim)
        action = decide(self.bots[turn.seat], self.game.view(turn.seat))
        return self._bot_apply(turn.seat, action)

    def deal(self) -> list[Event]:
        events = self._apply(self.game.next_hand())
        if not self.pause_before_every_move:
            self.last_events = []
        return events

    # ----- the table's own task ------------------------------------------

    def _poke(self) -> None:
        self._changed.set()

    async def _wait(self, timeout: float | None) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    async def run(self) -> None:
        """Play the bots' seats and deal the hands, until the table is closed."""
        while not self.closed:
            self._changed.clear()
            game = self.game
            due = self.deal_due()
            turn = game.to_act
            if self.held():
                await self._wait(0.1)
            elif self.unattended():
                # No player is connected: the table waits, and closes if nobody comes back.
                await self._wait(self.empty_close)
                if self.unattended() and not self._changed.is_set():
                    self.close()
            elif self.gathers_now() or game.phase is Phase.GAME_OVER:
                await self._wait(None)
            elif due is not None:
                if due <= 0:
                    self.deal()
                else:
                    await self._wait(None if due == float("inf") else due)
            elif turn is not None and self.bot_plays(turn.seat):
                await self._bot_move()
            else:
                s = self.seats[turn.seat] if turn is not None else None
                left = None
                if s is not None and s.send is None and s.dropped_at is not None:
                    left = max(0.0, s.dropped_at + self.grace - self.clock())
                if self.clock_ran_out():
                    continue
                clock = self.move_clock.left(self)
                if clock is not None:
                    left = clock if left is None else min(left, clock)
                await self._wait(left)

    def clock_ran_out(self) -> bool:
        """If the connected player to act has run out of time, their bot is to play this
        turn (``move_clock``) and everyone is told: True."""
        turn, left = self.game.to_act, self.move_clock.left(self)
        if turn is None or left is None or left > 0:
            return False
        message = timed_out(self, turn.seat)
        log.info("table %d: %s", self.number, message["text"])
        self._tell_everyone(message)
        if self.seats[turn.seat].timeouts >= AWAY_AFTER:
            self._tell_all([])  # shown away on every screen
        return True

    def _tell_everyone(self, message: dict[str, Any]) -> None:
        """One message to every player and spectator at the table."""
        for seat in self.humans():
            send = self.seats[seat].send
            assert send is not None
            send(message)
        for spectator in list(self.spectators.values()):
            spectator.send(message)

    async def _bot_move(self) -> None:
        moves = self.moves
        factor = pause_factor(self.last_events)
        if self.pace > 0 and (self.last_events or self.pause_before_every_move):
            self._hurry.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._hurry.wait(), self.pace * factor)
            self.last_events = []  # paused after: a move taken back does not pause again
        while self.held() and not self.closed:
            await asyncio.sleep(0.1)
        turn = self.game.to_act
        if turn is None or not self.bot_plays(turn.seat) or self.closed or self.moves != moves:
            return
        claim = self._bot_claim(turn.seat)
        if claim is not None:
            self._play_out(turn.seat, claim)
            return
        view = self.game.view(turn.seat)
        action, self.bots[turn.seat] = await self.decide(self.bots[turn.seat], view)
        # The player may have come back (and moved) while the bot thought.
        if self.moves == moves and self.bot_plays(turn.seat) and not self.closed:
            try:
                self._bot_apply(turn.seat, action)
            except RuleError:  # a bot's mistake must not stop the table
                self.closed = True
                raise

    def close(self) -> None:
        self.closed = True
        for seat in self.humans():
            send = self.seats[seat].send
            assert send is not None
            send({"type": "left", "reason": "The table has closed."})
        for spectator in list(self.spectators.values()):
            spectator.send({"type": "left", "reason": "The table has closed."})
        self.spectators.clear()
        self._poke()
        if self.on_close is not None:
            self.on_close(self)
