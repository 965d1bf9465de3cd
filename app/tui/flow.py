"""A table on the player's screen: the one client of a table, for every game.

Every game is played by a table (``app/play/table.py``): a game of one's own by a
``LocalTable`` in this process, reached through a ``LocalConnection``; a server's shared
table over its socket.  A flow sits at one seat (or watches) and draws what the table sends:
the table screen from the seat's view after every change, what happened in words, each
hand's summary and the game's end; the player's keys go back as requests to the table.

``TableFlow`` is what all of that shares; ``Flow`` is a game of one's own (undo, the pace,
the only-tile setting, a game the bots play), ``RemoteFlow`` (``remote_flow.py``) a seat at
a shared table or a spectator (chat, the seat's code, leaving).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from moon42.rules import Action, Game, Phase, Play, Trick
from moon42.rules.events import (
    Discarded,
    Event,
    HandDealt,
    TilePlayed,
    TrickWon,
    TrumpNamed,
)
from moon42.rules.views import SeatView

from ..play.claiming import Claimed
from ..play.config import GameConfig
from ..play.difficulty import pace_text
from ..play.exports import CapReached
from ..play.files import shown
from ..play.following import Listener
from ..play.local import LocalConnection, LocalTable
from ..play.review_subject import from_game
from ..play.table import pause_factor
from ..play.view_codec import decode
from ..play.words import plain_refusal
from .screens.game_over import GameOverScreen
from .screens.own_table import OwnTableScreen
from .screens.replay import review_screen
from .screens.summary import HandSummaryScreen
from .screens.table import TableScreen
from .text.contract_words import named_for
from .text.narration import event_words

if TYPE_CHECKING:
    from textual.app import App

    from ..play.glyphs import Glyphs

__all__ = ["Flow", "TableFlow", "claimed_from", "only_tile", "table_notes"]


def only_tile(view: SeatView) -> Action | None:
    """The play, when the seat has exactly one tile it may play now (else None)."""
    legal = view.legal
    plays = [a for a in legal if isinstance(a, Play)]
    return plays[0] if len(plays) == 1 and len(legal) == 1 else None

# Seconds the only playable tile stays on show before it is played for the human.
ONLY_TILE_PAUSE = 0.8


def played_for_from(value: Any) -> tuple[tuple[int, str], ...]:
    """The turns the table played for a player out of time, for the hand log: (seat, what
    the bot did), at most ``MAX_PLAYED_FOR`` of them, each said in at most 60 characters;
    anything else, none."""
    if not isinstance(value, list) or len(value) > MAX_PLAYED_FOR:
        return ()
    return tuple((entry[0], entry[1][:60]) for entry in value
                 if isinstance(entry, list | tuple) and len(entry) == 2
                 and type(entry[0]) is int and 0 <= entry[0] < 4 and isinstance(entry[1], str))


# The most turns of a hand a table may play for its players (each seat's every turn).
MAX_PLAYED_FOR = 64


def claimed_from(value: Any) -> Claimed | None:
    """Where the table says this hand was claimed: (hand, trick, seat), or nothing."""
    if (isinstance(value, list) and len(value) == 3
            and all(isinstance(n, int) and 0 <= n < 10_000 for n in value)):
        return Claimed(*value)
    return None


class TableFlow:
    """One seat's table drawn from the table's messages (see the module's docstring)."""

    table: TableScreen
    human: int | None  # the seat whose player this is (None: nobody's, a game watched)
    watching = False  # a spectator: no seat is theirs, and the table's words say so

    def __init__(self, app: App, glyphs: Glyphs) -> None:
        self.app, self.glyphs = app, glyphs
        self.view: SeatView | None = None
        self.won_trick: Trick | None = None
        self._summed_up = -1  # the last hand whose summary was shown
        self._over = False

    def receive(self, message: dict[str, Any]) -> None:
        """A message from the table."""
        kind = message.get("type")
        if kind == "view":
            self.table.played_for = played_for_from(message.get("played_for"))
            self._follow(decode(message["view"]), decode(message["events"]),
                         claimed_from(message.get("claimed")))
        elif kind == "refused" and self.view is not None:
            self.table.refuse(plain_refusal(str(message["message"]), self.view))
        elif kind == "error":
            self.table.refuse(str(message["message"]))

    def _follow(self, view: SeatView, events: list[Event], claimed: Claimed | None) -> None:
        """Draw the table as it now stands, say what happened, and go on to the summary,
        the game's end or the player's turn."""
        self.view = view
        self.won_trick, notes = table_notes(events, view, self.human, self.won_trick)
        if claimed is not None and claimed != self.table.claimed:
            said = ("You show your hand and claim the rest: it is played out."
                    if claimed.seat == self.human and not self.watching else
                    f"{view.players[claimed.seat]} shows the hand and claims the rest: "
                    "it is played out.")
            notes = self._with_claim(notes, said)
        self.table.claimed = claimed
        self._show()
        if notes and self.table.is_mounted:
            self.table.note(" ".join(notes[-2:]))
        if view.phase is Phase.GAME_OVER:
            if not self._over:
                self._over = True
                self._game_over(events)
        elif view.phase is Phase.HAND_OVER:
            if self._summed_up != view.hand_number:
                self._summed_up = view.hand_number
                self._hand_over(events)
        else:
            self._playing(view)

    def _show(self) -> None:
        if self.view is not None:
            self.table.show(self.view, self.won_trick, self._status())

    # ----- what each kind of table does its own way ----------------------

    def _with_claim(self, notes: list[str], said: str) -> list[str]:
        """The notes once a claim has been played out (what led to it, then the claim)."""
        return [*notes, said]

    def _status(self) -> str:
        raise NotImplementedError

    def _hand_over(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _game_over(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _playing(self, view: SeatView) -> None:
        """The hand goes on (the player's turn, or someone else's)."""


class Flow(TableFlow):
    """Seat 0 of a game of one's own (or the view from it, in a game the bots play)."""

    def __init__(self, app: App, config: GameConfig, glyphs: Glyphs,
                 on_over: Callable[[str], Any], game: Game | None = None, seat: int = 0,
                 local: LocalTable | None = None) -> None:
        """``local``: the table to play at (a lesson's), else a new one for ``config``."""
        super().__init__(app, glyphs)
        self.config = config
        self.on_over = on_over
        self.local = local or LocalTable(config, game, held=self.held, seat=seat)
        self.connection = self._connect()
        self.me = seat
        self.human = self.local.human
        self.level = self.local.level
        self.table = self._table_screen()
        self.table.undo_allowed = config.allow_undo
        self.waiting: str | None = None
        self._hurry = asyncio.Event()

    def held(self) -> bool:
        """Whether the bots wait (the terminal is too small to show their moves)."""
        return bool(getattr(self.app, "too_small", False))

    def _connect(self) -> LocalConnection:
        return LocalConnection(self.local, self.receive)

    def _table_screen(self) -> OwnTableScreen:
        return OwnTableScreen(self, self.glyphs, interactive=self.human is not None)

    # ----- what follows the game reads of it (``app/play/following.py``) --

    @property
    def game(self) -> Game:
        return self.local.game

    @property
    def pace(self) -> float:
        return self.local.pace

    @property
    def listeners(self) -> list[Listener]:
        return self.local.listeners

    @property
    def undo_used(self) -> bool:
        return self.local.undo_used

    @undo_used.setter
    def undo_used(self, used: bool) -> None:
        self.local.undo_used = used

    @property
    def game_id(self) -> str | None:
        return self.local.game_id

    @game_id.setter
    def game_id(self, game_id: str | None) -> None:
        self.local.game_id = game_id

    def warn(self, text: str) -> None:
        self.app.notify(text, severity="warning", timeout=8)

    # ----- starting and stopping -----------------------------------------

    def start(self) -> None:
        """Sit down (the table sends its view at once) and let the table play, once the
        table screen is up: what the bots do before the player's first turn is told on it."""
        self.connection.sit_down()
        self.app.run_worker(self._play(), group="table", exclusive=True, name="table")

    async def _play(self) -> None:
        while not self.table.is_mounted:
            await asyncio.sleep(0.01)
        await self.local.run()

    def close(self) -> None:
        self.app.workers.cancel_group(self.app, "flow")
        self.local.close()

    # ----- the table's messages ------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        if message.get("type") == "warning":
            self.warn(str(message["text"]))
        else:
            super().receive(message)

    def _with_claim(self, notes: list[str], said: str) -> list[str]:
        return [said]  # the claim alone: the hand's last tricks went by in a moment

    def _status(self) -> str:
        return pace_text(self.level, self.pace)

    def _game_over(self, events: list[Event]) -> None:
        self.waiting = None  # at once: the worker that shows the end starts later
        self._run(self._end(events))

    def _hand_over(self, events: list[Event]) -> None:
        self.waiting = None  # at once: the worker that shows the summary starts later
        self._run(self._summary(events))

    def _playing(self, view: SeatView) -> None:
        if view.my_turn and self.human is not None:
            only = only_tile(view) if self.config.auto_play else None
            if only is not None:
                self.waiting = None
                self._run(self._play_only_tile(only))
            else:
                self.waiting = "human"
        else:
            self.waiting = None

    def _run(self, work) -> None:
        self.app.run_worker(work, group="flow", exclusive=True, name="flow")

    async def _summary(self, events: list[Event]) -> None:
        """The hand's summary, once its last trick has been seen; then the next hand."""
        self.waiting = None
        await self._pause_after(events)
        await self._until_room()
        assert self.view is not None
        self.waiting = "summary"
        auto = None if self.human is not None else 5 * self.pace
        await self.app.push_screen_wait(
            HandSummaryScreen(self.view.results[-1], self.view, self.glyphs, auto,
                              **self._review()))
        self.waiting = None
        self.won_trick = None
        self.connection.next_hand()

    async def _end(self, events: list[Event]) -> None:
        """The last hand's summary, as after every hand, then the game's end."""
        self.waiting = None
        await self._pause_after(events)
        await self._until_room()
        self._show()
        view = self.view
        assert view is not None
        if view.results:
            self.waiting = "summary"
            auto = None if self.human is not None else 5 * self.pace
            await self.app.push_screen_wait(HandSummaryScreen(
                view.results[-1], view, self.glyphs, auto, last=True, **self._review()))
        self.waiting = "game over"
        self.app.push_screen(GameOverScreen(view, self.glyphs), self.on_over)

    def _review(self) -> dict[str, Any]:
        """The summary's review of the hand just over: the player's decisions in it."""
        if self.human is None:
            return {"no_review": "A game the bots play has no review: it has no decision "
                    "of yours."}
        subject = from_game(self.game, self.human)
        if subject is None:
            return {}
        glyphs = self.glyphs
        return {"review": lambda: review_screen(subject, glyphs)}

    async def _play_only_tile(self, only: Action) -> None:
        """The lobby's "only tile" setting: show the one playable tile, then play it."""
        self.table.note(f"Only {only.tile} may be played: playing it for you.")
        await asyncio.sleep(ONLY_TILE_PAUSE)
        await self._until_room()
        self.connection.act(only)

    async def _until_room(self) -> None:
        while getattr(self.app, "too_small", False):
            await asyncio.sleep(0.1)

    async def _pause_after(self, events: list[Event]) -> None:
        if not events or self.pace <= 0:
            return
        factor = pause_factor(events)
        self._hurry.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._hurry.wait(), self.pace * factor)

    # ----- the player ----------------------------------------------------

    def act(self, action: Action) -> None:
        """The human's choice, to the table: applied, or refused with why."""
        if self.waiting == "human":
            self.connection.act(action)

    def claim(self) -> None:
        """The human claims the rest of the hand: played out at once, or refused with why."""
        if self.waiting != "human" or self.human is None:
            return
        refusal = self.connection.claim()
        if refusal:
            self.table.refuse(refusal)

    def undo(self) -> str:
        """Take the human's last move back; the note for the table."""
        if self.waiting in ("human", None):
            self.app.workers.cancel_group(self.app, "flow")
        return self.connection.undo()

    def hurry(self) -> None:
        self._hurry.set()
        self.connection.hurry()

    def change_pace(self, step: int) -> None:
        pace = self.connection.change_pace(step)
        self.table.note(f"Bots now take {pace:g} s a move.")

    def export(self) -> None:
        """The game's record, to the player's records/ (x), said on the table's message line:
        a notice would cover the hand, and wrap the path."""
        try:
            exported = self.app.exports.export(self.game, self.config, self.undo_used)
        except CapReached as full:
            self.table.note(str(full))
            return
        except OSError as error:
            self.app.notify(f"The record could not be written: {error}", severity="error")
            return
        path = exported.path
        if exported.fresh:
            self.table.note(f"Exported {path.name} to {shown(path.parent)}")
        else:
            self.table.note(f"Unchanged since exported to {path.name} in {shown(path.parent)}")


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
