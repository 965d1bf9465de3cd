"""A game of one's own: a table with one player at seat 0 and bots in the other seats (or
bots in every seat, for a game the player watches), reached in this process.

It is the same ``Table`` a server shares; what a game of one's own adds is its setup (the
lobby's ``GameConfig``: names, bots and their level, pace, claims), undo, a pace the player
may change, and the saving and statistics that follow it (``GameInProgress``).  The player's
app reaches it through a ``LocalConnection``: requests go straight to the table, and the
table's messages come back as they would over a server's socket.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moon42.ai.registry import make_bot
from moon42.rules import Action, Game, Phase, RuleError

from .bot_pool import Decide, decide_in_thread
from .chat import RateLimit
from .config import PACES, GameConfig
from .difficulty import bot_settings, config_level
from .seats import Send, Sitter, TableError
from .table import Table
from .undo import take_back

__all__ = ["LocalConnection", "LocalTable", "PLAYER"]

# The one player of a game of one's own.
PLAYER = Sitter(player="local", name="", session="local", by_key=True)


class LocalTable(Table):
    """A game of one's own, as a table (see the module's docstring)."""

    def __init__(self, config: GameConfig, game: Game | None = None,
                 held: Callable[[], bool] = lambda: False,
                 decide: Decide = decide_in_thread, seat: int = 0) -> None:
        if game is None:
            game = Game.new(config.game, options=config.options, seed=config.seed,
                            players=config.players())
        self.config = config
        # The player's seat, or the seat whose side they watch from (another than 0 in a
        # duplicate match's other table, to follow the player's own tiles there).
        self.seat = seat
        self.human: int | None = None if config.watch else seat
        self.level = config_level(config)
        seed = game.seed
        bots = {seat: make_bot(config.bot_of(seat), seed=(seed * 7 + seat) % 2**32,
                               **bot_settings(self.level, config.bot_of(seat)))
                for seat in range(game.seats) if seat != self.human}
        super().__init__(0, config.game, game_state=game, players=tuple(game.players),
                         bots=bots, pace=config.pace, summary_wait=None,
                         bot_claims=config.bot_claims, held=held, decide=decide,
                         grace=float("inf"), empty_close=float("inf"), max_spectators=0,
                         talk=RateLimit(0))
        self.pause_before_every_move = False
        if self.human is None:
            self.autoplayed.add(seat)  # the player watches from this seat's side
        # Whether the player took a move back in this game (``undo``; kept in the save).
        self.undo_used = False
        self.game_id: str | None = None  # the statistics' (``stats/recorder.py``)

    @property
    def waiting(self) -> str | None:
        """What the game waits for: "human", "summary", "game over", or None (the bots)."""
        if self.game.phase is Phase.GAME_OVER:
            return "game over"
        if self.game.phase is Phase.HAND_OVER:
            return "summary"
        turn = self.game.to_act
        return "human" if turn is not None and turn.seat == self.human else None

    def take_back_to(self, game: Game) -> None:
        self.undo_used = True
        super().take_back_to(game)

    def warn(self, text: str) -> None:
        """Something went wrong that does not stop the game (a save, the statistics)."""
        sitter = self.seats[self.seat]
        if sitter.send is not None:
            sitter.send({"type": "warning", "text": text})

    def change_pace(self, step: int) -> float:
        """The bots' pace a step slower (``step`` 1) or faster (-1); the new pace."""
        paces = list(PACES)
        index = min(range(len(paces)), key=lambda i: abs(paces[i] - self.pace))
        self.pace = paces[max(0, min(len(paces) - 1, index + step))]
        self._tell_all([])
        return self.pace


class LocalConnection:
    """The player's app's way to a game of its own: the same requests a shared table's
    socket carries, made by calling the table, and the table's messages handed to
    ``receive`` as they are sent."""

    def __init__(self, table: LocalTable, receive: Send) -> None:
        self.table, self.receive = table, receive
        self.who = Sitter(PLAYER.player, table.game.players[table.seat], PLAYER.session, True)

    def sit_down(self) -> None:
        """Take the player's seat: the table sends its view at once."""
        self.table.take(self.who, self.receive, seat=self.table.seat)

    def act(self, action: Action) -> None:
        try:
            self.table.act(self.who, action)
        except RuleError as error:
            self.receive({"type": "refused", "message": error.message})
        except TableError as error:
            self.receive({"type": "error", "message": str(error)})

    def claim(self) -> str:
        """Claim the rest of the hand: played out at once, or why not."""
        return self.table.claim(self.who)

    def next_hand(self) -> None:
        self.table.next_hand(self.who)

    def hurry(self) -> None:
        self.table.hurry()

    def change_pace(self, step: int) -> float:
        return self.table.change_pace(step)

    def undo(self) -> str:
        """Take the player's last move back; the note for the table."""
        return take_back(self.table)

    def leave(self) -> None:
        self.table.close()

    def summary(self) -> dict[str, Any]:
        return self.table.summary()
