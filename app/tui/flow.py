"""The one place the game moves: actions in, events out, to the screens, at a readable pace.

The flow owns the ``Game``.  Bots decide in a thread (the interface never waits on
them) inside one worker; the human's keys arrive as actions from the table screen.
After every step the table is redrawn from seat 0's view; after every hand the
summary is shown, and at the end the game-over screen.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from moon42.ai.claims import check_claim
from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.rules import Action, Game, Phase, Play, RuleError, Trick
from moon42.rules.events import (
    BiddingWon,
    Discarded,
    Event,
    HandDealt,
    HandScored,
    TilePlayed,
    TrickWon,
    TrumpNamed,
)
from moon42.rules.views import SeatView

from ..play.claiming import bot_claim, claim_refusal, play_out
from ..play.config import PACES, GameConfig
from ..play.difficulty import bot_settings, config_level, pace_text
from ..play.following import Listener
from ..play.words import plain_refusal
from .screens.game_over import GameOverScreen
from .screens.summary import HandSummaryScreen
from .screens.table import TableScreen
from .text.contract_words import named_for
from .text.narration import event_words

if TYPE_CHECKING:
    from textual.app import App

    from ..play.glyphs import Glyphs

__all__ = ["Flow", "only_tile", "table_notes"]


def only_tile(game: Game, seat: int) -> Action | None:
    """The play, when ``seat`` has exactly one tile it may play now (else None)."""
    legal = game.view(seat).legal
    plays = [a for a in legal if isinstance(a, Play)]
    return plays[0] if len(plays) == 1 and len(legal) == 1 else None

# Seconds the only playable tile stays on show before it is played for the human.
ONLY_TILE_PAUSE = 0.8

# How long each kind of event stays on screen, in units of the pace.
_PAUSE = {TrickWon: 2.0, TrumpNamed: 1.5, HandScored: 2.0, BiddingWon: 1.0}


class Flow:
    def __init__(self, app: App, config: GameConfig, glyphs: Glyphs,
                 on_over: Callable[[str], Any], game: Game | None = None) -> None:
        self.app, self.config, self.glyphs = app, config, glyphs
        self.on_over = on_over
        if game is None:
            game = Game.new(config.game, options=config.options, seed=config.seed,
                            players=config.players())
        self.game = game
        # Called with the flow and the events after every change to the game (saving,
        # statistics): whatever wants to follow the game without driving it.
        self.listeners: list[Listener] = []
        # Whether the human took a move back in this game (app/play/undo.py; kept in the save).
        self.undo_used = False
        self.game_id: str | None = None  # the statistics' (app/play/stats/recorder.py)
        self.me = 0
        self.human: int | None = None if config.watch else 0
        seed = self.game.seed
        self.level = config_level(config)
        self.bots = {
            seat: make_bot(config.bot_of(seat), seed=(seed * 7 + seat) % 2**32,
                           **bot_settings(self.level, config.bot_of(seat)))
            for seat in range(self.game.seats)
            if seat != self.human
        }
        self.pace = config.pace
        self.table = TableScreen(glyphs, interactive=self.human is not None)
        self.table.undo_allowed = config.allow_undo
        self.won_trick: Trick | None = None
        self.waiting: str | None = None
        self._hurry = asyncio.Event()
        self._last_events: list[Event] = []
        # Whether the finished game's last hand has had its summary (then comes the end).
        self._summed_up_last = False

    # ----- starting and driving ------------------------------------------

    def start(self) -> None:
        self._show()
        self._run()

    def _run(self) -> None:
        self.waiting = None
        self.app.run_worker(self._drive(), group="flow", exclusive=True, name="flow")

    def _view(self):
        return self.game.view(self.me)

    def _show(self) -> None:
        self.table.show(self._view(), self.won_trick, pace_text(self.level, self.pace))

    async def _drive(self) -> None:
        game = self.game
        await self._pause_after(self._last_events)
        while True:
            if game.phase is Phase.GAME_OVER:
                await self._until_room()
                self._show()
                if game.results and not self._summed_up_last:
                    # The last hand's summary first, as after every hand, then the end.
                    self._summed_up_last = True
                    self.waiting = "summary"
                    auto = None if self.human is not None else 5 * self.pace
                    await self.app.push_screen_wait(HandSummaryScreen(
                        game.results[-1], self._view(), self.glyphs, auto, last=True))
                self.waiting = "game over"
                self.app.push_screen(GameOverScreen(self._view(), self.glyphs), self.on_over)
                return
            if game.phase is Phase.HAND_OVER:
                await self._until_room()
                self.waiting = "summary"
                result = game.results[-1]
                auto = None if self.human is not None else 5 * self.pace
                await self.app.push_screen_wait(
                    HandSummaryScreen(result, self._view(), self.glyphs, auto)
                )
                self.waiting = None
                self.won_trick = None
                self._feed(game.next_hand())
                continue
            turn = game.to_act
            if turn is None:
                return
            if turn.seat == self.human:
                only = only_tile(game, turn.seat) if self.config.auto_play else None
                if only is not None:
                    await self._play_only_tile(only)
                    continue
                self.waiting = "human"
                self._show()
                return
            await self._until_room()
            claim = bot_claim(self, turn.seat) if turn.kind == "play" else None
            if claim is not None:
                play_out(self, turn.seat, claim)
                self.table.note(f"{game.players[turn.seat]} shows the hand and claims the rest:"
                                " it is played out.")
                await self._pause_after(self._last_events)
                continue
            view = game.view(turn.seat)
            action = await asyncio.to_thread(decide, self.bots[turn.seat], view)
            events = game.apply(action)
            self._feed(events)
            await self._pause_after(events)

    async def _play_only_tile(self, only: Action) -> None:
        """The lobby's "only tile" setting: show the one playable tile, then play it."""
        self._show()
        self.table.note(f"Only {only.tile} may be played: playing it for you.")
        await asyncio.sleep(ONLY_TILE_PAUSE)
        await self._until_room()
        events = self.game.apply(only)
        self._feed(events)
        await self._pause_after(events)

    async def _until_room(self) -> None:
        while getattr(self.app, "too_small", False):
            await asyncio.sleep(0.1)

    async def _pause_after(self, events: list[Event]) -> None:
        self._last_events = []
        if not events or self.pace <= 0:
            return
        factor = max((_PAUSE.get(type(e), 1.0) for e in events), default=1.0)
        self._hurry.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._hurry.wait(), self.pace * factor)

    # ----- the human -----------------------------------------------------

    def act(self, action: Action) -> None:
        """The human's choice: apply it, or tell the table why not."""
        if self.waiting != "human":
            return
        try:
            events = self.game.apply(action)
        except RuleError as error:
            self.table.refuse(plain_refusal(error.message, self._view()))
            return
        self._feed(events)
        self._last_events = events
        self._run()

    def claim(self) -> None:
        """The human claims the rest of the hand: played out at once, or refused with why."""
        if self.waiting != "human" or self.human is None:
            return
        claim = check_claim(self._view())
        if not claim.accepted:
            self.table.refuse(claim_refusal(claim))
            return
        play_out(self, self.human, claim)
        self.table.note("You show your hand and claim the rest: it is played out.")
        self._run()

    def feed(self, events: list[Event]) -> None:
        """Events from outside the flow's own steps (a claim played out)."""
        self._feed(events)
        self._last_events = events

    def hurry(self) -> None:
        self._hurry.set()

    def take_back_to(self, game: Game) -> None:
        """Go on from ``game``, this game with moves taken back (undo): the bots stop
        thinking, nothing waits to be paused after, the listeners hear of it with no events,
        the table is drawn again, and the human acts next."""
        self.app.workers.cancel_group(self.app, "flow")
        self.game = game
        self.won_trick = None
        self._last_events = []
        self.undo_used = True
        self.waiting = "human"
        for listener in self.listeners:
            listener(self, [])
        self._show()

    def warn(self, text: str) -> None:
        self.app.notify(text, severity="warning", timeout=8)

    def change_pace(self, step: int) -> None:
        paces = list(PACES)
        index = min(range(len(paces)), key=lambda i: abs(paces[i] - self.pace))
        self.pace = paces[max(0, min(len(paces) - 1, index + step))]
        self._show()
        self.table.note(f"Bots now take {self.pace:g} s a move.")

    # ----- events to the table -------------------------------------------

    def _feed(self, events: list[Event]) -> None:
        for listener in self.listeners:
            listener(self, events)
        notes = self._follow(events)
        self._show()
        if notes:
            self.table.note(" ".join(notes[-2:]))

    def _follow(self, events: list[Event]) -> list[str]:
        """Keep the last won trick on the table up to date; the events in words."""
        self.won_trick, notes = table_notes(events, self._view(), self.human, self.won_trick)
        return notes


def table_notes(events: list[Event], view: SeatView, human: int | None,
                won_trick: Trick | None) -> tuple[Trick | None, list[str]]:
    """What the table makes of ``events``, seen from ``view`` (the state after them): the
    trick to keep on show (the last one won, until the next tile or deal) and each event in
    words, said to ``human``'s seat."""
    notes = []
    for event in events:
        if isinstance(event, TilePlayed) and won_trick is not None:
            won_trick = None
        if isinstance(event, TrickWon):
            won_trick = Trick(event.plays[0][0], event.plays, event.seat)
        if isinstance(event, HandDealt):
            won_trick = None
        trump_for = named_for(view) if isinstance(event, TrumpNamed) else ""
        # The human knows the tile they laid aside; a bot's discard stays unseen.
        mine = isinstance(event, Discarded) and event.seat == human
        note = event_words(event, view.players, view.options, human=human,
                           trump_for=trump_for, outcomes=False,
                           discarded=view.discard if mine else None)
        if note:
            notes.append(note)
    return won_trick, notes
