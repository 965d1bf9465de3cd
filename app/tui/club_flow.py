"""A club table's life on a player's screen, beside the game itself (``RemoteFlow``).

The table gathering its players is drawn on a ``GatheringScreen`` over the table until the
first hand is dealt; between games the game-over screen offers another game at the same
seats (``n``), the record of the game just played (``r`` replays it, ``p`` plays one of its
deals again alone: the server wrote it into this player's ``records/``).  The move clock:
when the player's turn is timed, its last seconds are counted down on the table's note
line; a turn played for someone is said on every screen; a player away (timed out turns
running) is told so, and the next key they press brings them back.  At a duplicate match's
table (``play.club_match``) each deal ends with the comparison of both tables
(``MatchScreen``), read before the next deal; the last one is the match's result.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from textual.timer import Timer

from moon42.rules import Phase

from ..play.move_clock import COUNTDOWN
from ..play.paths import records_dir
from ..play.records import DamagedSave, read_doc
from ..play.view_codec import decode
from .screens.gathering import GatheringScreen
from .screens.match_result import MatchScreen

__all__ = ["ClubFlow"]

# The most lines, and the longest, of a match's comparison taken from the server.
_MATCH_LINES, _MATCH_LINE = 200, 300

# A record's file name as the server names it (``table_records.record_name``).
_RECORD_NAME = re.compile(r"[A-Za-z0-9_.-]{1,200}\.json")


class ClubFlow:
    """The club table's part of the remote flow (mixed into ``RemoteFlow``)."""

    app: Any
    table: Any
    chat_log: Any
    watching: bool
    view: Any
    human: int | None
    send: Callable[[dict[str, Any]], Any]
    on_leave: Callable[[], Any]

    def _club_setup(self) -> None:
        self.gathering: GatheringScreen | None = None
        self.again: dict[str, Any] | None = None  # the table's offer of another game
        self.record_file = ""  # the game just over, in this player's records/
        self.away = False
        self._deadline: float | None = None  # when the player's turn runs out
        self._ticker: Timer | None = None
        self.in_match = False  # a duplicate match's table: a deal's end is no game's end
        # The chat's lines saying a turn ran out, each with the hand and the tricks done.
        self._timed_notes: list[tuple[Any, int, int]] = []
        self._match_screen: MatchScreen | None = None

    def club_receive(self, message: dict[str, Any]) -> bool:
        """A message of the club table's (True), or one for the game (False)."""
        kind = message.get("type")
        if kind == "gathering":
            self._gathers(message)
        elif kind == "timed-out":
            # Said once, in the chat's lines (every screen at the table shows the last),
            # where the bot's move that follows does not overwrite it as it would the
            # table's message line; the hand log says it too.  It is news until the next
            # trick is over (``timed_note_expired``), then taken out of the chat's lines.
            line = self.chat_log.note(str(message.get("text", ""))[:300])
            view = self.view
            self._timed_notes.append((line, -1 if view is None else view.hand_number,
                                      0 if view is None else len(view.tricks)))
        elif kind == "recorded":
            name = message.get("file")
            self.record_file = name if isinstance(name, str) and \
                _RECORD_NAME.fullmatch(name) else ""
        elif kind == "error" and self.gathering is not None and self.gathering.is_current:
            self.gathering.say(str(message.get("message", ""))[:300])
        elif kind == "match-deal":
            self._match_deal(message)
        elif kind == "view":
            self.in_match = message.get("match") in ("A", "B")
            self._dealt()
            if self.in_match:
                self._match_dealt(message)
                if message.get("match_wait") is True and self.table.is_mounted:
                    self.table.note("The deal is over here; the other table is still "
                                    "playing it. Its comparison follows.")
            self._new_game(message)
            self._timed(message)
            return False
        else:
            return False
        return True

    # ----- gathering -----------------------------------------------------

    def _gathers(self, message: dict[str, Any]) -> None:
        if message.get("again") and self.gathering is None and self._over_shown():
            self.again = message  # the game-over screen offers it (n)
            return
        if self.gathering is not None:
            self.gathering.show(message)
            return
        self.gathering = GatheringScreen(self, message, self.watching)
        self.app.push_screen(self.gathering)

    def _over_shown(self) -> bool:
        return bool(getattr(self, "_over", False))

    def _dealt(self) -> None:
        """A view: the game is on; a new game starts afresh."""
        screen, self.gathering = self.gathering, None
        if screen is None:
            return
        self.again = None
        self._over, self._summed_up = False, -1  # (the table flow's: a new game)
        while screen in self.app.screen_stack:  # with any screen over it (an invitation)
            self.app.pop_screen()

    def _new_game(self, message: dict[str, Any]) -> None:
        """A game under way after this one's end was shown (started while this player,
        or a spectator, still looked at the end): back to the table."""
        if not self._over_shown() or decode(message["view"]).phase is Phase.GAME_OVER:
            return
        while self.app.screen is not self.table and self.table in self.app.screen_stack:
            self.app.pop_screen()
        self.again = None
        self._over, self._summed_up = False, -1

    def play_again(self) -> None:
        """From the game-over screen: ready for another game at the same seats."""
        offer = self.again or {}
        self.send({"op": "start"})
        if offer:
            self.gathering = GatheringScreen(self, offer, self.watching)
            self.app.push_screen(self.gathering)

    # ----- a duplicate match ----------------------------------------------

    def _match_deal(self, message: dict[str, Any]) -> None:
        """Both tables have played the deal: its comparison (or the match's result)."""
        lines = message.get("lines")
        if not isinstance(lines, list):
            return
        shown = [str(line)[:_MATCH_LINE] for line in lines[:_MATCH_LINES]]
        last = message.get("last") is True
        close = getattr(self, "_close_summary", None)
        if close is not None:
            close()
        old, self._match_screen = self._match_screen, None
        if old is not None and old.is_current:
            old.dismiss(None)
        prompt = ("Enter: back to the tables (you leave the match's table); q quits."
                  if last else "Enter: ready for the next deal (it is dealt when everyone "
                  "at both tables is).")
        screen = MatchScreen(str(message.get("title", "The match"))[:_MATCH_LINE], shown,
                             prompt, last)
        self._match_screen = screen
        self.app.push_screen(screen, self._match_read)

    def _match_dealt(self, message: dict[str, Any]) -> None:
        """A match's deal under way: each deal is a game of one hand, summed up anew."""
        if decode(message["view"]).phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            return
        self._over, self._summed_up = False, -1  # (the table flow's: a new deal)
        screen, self._match_screen = self._match_screen, None
        if screen is not None and screen.is_current:  # the next deal came meanwhile
            screen.dismiss(None)

    def _match_read(self, choice: str | None) -> None:
        self._match_screen = None
        if choice == "next":
            self.send({"op": "match-next"})
        elif choice == "lobby":
            self.send({"op": "match-next"})
            self.on_leave()
            self.send({"op": "leave"})
        elif choice == "quit":
            self.app.exit()

    # ----- the record of the game just over --------------------------------

    def game_record(self) -> dict[str, Any] | None:
        """The record the server wrote for this player, or None (with a note why)."""
        if not self.record_file:
            self.app.notify("This game's record has not been written (yet).")
            return None
        try:
            return read_doc(records_dir() / self.record_file)
        except DamagedSave as error:
            self.app.notify(f"This game's record cannot be read. {error}", severity="error")
            return None

    def replay(self) -> None:
        from .deal_again import open_replay  # for start-up time, as the app's

        record = self.game_record()
        if record is not None:
            open_replay(self.app, self.app.glyphs, record)

    def deal_again(self) -> None:
        """Play one of this game's deals again, alone: the shared table is left."""
        from .deal_again import pick_deal_again  # for start-up time, as the app's

        record = self.game_record()
        if record is None:
            return

        def leaving() -> None:
            self.on_leave()
            self.send({"op": "leave"})

        pick_deal_again(self.app, self.app.glyphs, record, before=leaving)

    # ----- the move clock ------------------------------------------------

    def timed_note_expired(self) -> None:
        """A turn run out is said in the chat's line until the trick after the one it was
        in is over, or the hand is (an 80-column screen shows only the last line, and one
        left there read as news hands later); the hand log keeps it."""
        view = self.view
        if view is None:
            return
        for note in list(self._timed_notes):
            line, hand, tricks = note
            if view.hand_number != hand or len(view.tricks) >= tricks + 2:
                self.chat_log.drop(line)
                self._timed_notes.remove(note)

    def _timed(self, message: dict[str, Any]) -> None:
        clock = message.get("clock")
        ok = isinstance(clock, int | float) and not isinstance(clock, bool) and \
            0 <= clock <= 86_400
        self._deadline = time.monotonic() + float(clock) if ok else None  # type: ignore[arg-type]
        if self._deadline is not None and self._ticker is None:
            self._ticker = self.app.set_interval(1.0, self._tick)
        away = message.get("away") is True
        if away and not self.away and self.table.is_mounted:
            self.table.note("You are away: a bot plays your turns. Press any key to play "
                            "again.")
        self.away = away

    def _tick(self) -> None:
        if self._deadline is None:
            return
        left = self._deadline - time.monotonic()
        if left <= 0:
            self._deadline = None
        elif left <= COUNTDOWN and self.table.is_mounted:
            self.table.note(f"{int(left) + 1} s left to move, then the table plays for you.")

    def pressed(self) -> None:
        """The player pressed a key: back, if they were away."""
        if self.away:
            self.away = False
            self.send({"op": "here"})
