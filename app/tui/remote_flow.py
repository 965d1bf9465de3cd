"""A shared table on the player's screen: the server's views in, the player's moves out.

``RemoteFlow`` does for a seat at a server's shared table what ``Flow`` does for a game of
one's own: it draws the ``TableScreen`` from the seat's view, says what happened, shows
each hand's summary and the game's end.  The game itself is in the server (``table``);
every view comes from there, so the screen never holds another seat's tiles.

A spectator's flow (``watching``) draws the table from a spectator's view, which holds no
hand at all, on a ``SpectatorTableScreen``: no move is theirs; they may turn to another
seat's side, take an empty seat, or stop watching.  Players and spectators alike have the
table's chat under the game (``ChatPane``; ``/`` opens its input), and on the screens
where they wait between hands: the hand's summary and the scoreboard.  Every pane shows
the one ``ChatLog`` of the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moon42.rules.events import HandDealt

from ..play.review_subject import from_message
from ..play.view_codec import decode, encode
from .club_flow import ClubFlow
from .flow import TableFlow
from .screens.replay import review_screen
from .screens.shared_table import (
    SeatCodeNotice,
    SharedGameOver,
    SharedSummary,
    SharedTableScreen,
    SpectatorTableScreen,
    WatchedSummary,
)
from .screens.summary import HandSummaryScreen
from .widgets.chat import ChatLog

__all__ = ["RemoteFlow"]


class RemoteFlow(ClubFlow, TableFlow):
    """One seat at a shared table, drawn from the views the server sends."""

    def __init__(self, app, glyphs, send: Callable[[dict[str, Any]], Any],
                 on_leave: Callable[[], Any], watching: bool = False,
                 table_number: int = 0) -> None:
        super().__init__(app, glyphs)
        self.send, self.on_leave = send, on_leave
        self.watching, self.table_number = watching, table_number
        self.seat_code = ""  # a guest's seat's code, once the server has told it
        self.chat_log = ChatLog()  # the table's chat, shown by each of its screens' panes
        self.table = SpectatorTableScreen(self, glyphs) if watching \
            else SharedTableScreen(self, glyphs)
        self.human: int | None = None
        self.pace = 1.0
        self._summary: HandSummaryScreen | None = None
        self._club_setup()
        # The record of the game the table sends its players once a hand is over (for the
        # hand's review): only then, and never to a spectator.
        self.finished: object = None

    # ----- Flow's surface ------------------------------------------------

    def start(self) -> None:
        """Nothing to drive: the server moves the game."""

    def act(self, action) -> None:
        if self.view is not None and self.view.my_turn and not self.watching:
            self.send({"op": "act", "action": encode(action)})

    def claim(self) -> None:
        """Claim the rest of the hand: the server checks it and plays it out, or says why
        not."""
        self.send({"op": "claim"})

    def hurry(self) -> None:
        """The bots' pace is the table's."""

    def change_pace(self, step: int) -> None:
        self.table.note("The table sets the bots' pace for everyone at it.")

    def leave(self) -> None:
        self.send({"op": "leave"})

    def say(self, text: str) -> None:
        """A chat line, or a /command of the chat's."""
        command, _, rest = text.strip().partition(" ")
        if command in ("/mute", "/unmute") and rest.strip():
            self.send({"op": command[1:], "name": rest.strip()})
        elif command.startswith("/"):
            self.chat_log.note("The chat's commands: /mute NAME, /unmute NAME.")
        else:
            self.send({"op": "say", "text": text})

    def turn_seat(self) -> None:
        """A spectator watches from the next seat's side."""
        if self.view is not None:
            self.send({"op": "turn", "seat": (self.view.seat + 1) % self.view.seats})

    def sit_down(self) -> None:
        """A spectator takes an empty seat at the table they watch."""
        self.send({"op": "join", "table": self.table_number})

    def told_seat_code(self, code: str) -> None:
        """The server has said the seat's code (a guest's seat; "" for a key's)."""
        if code and code != self.seat_code:
            self.app.push_screen(SeatCodeNotice(code))
        self.seat_code = code

    def code_note(self) -> str:
        return (f"Seat code {self.seat_code} (key c): if you drop, sign in with the same name "
                "and give it.")

    # ----- the server's messages -----------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if self.club_receive(message):
            return
        if kind == "view":
            before = self.table.other_hand
            self._revealed(message.get("revealed"))
            self.human = decode(message["view"]).seat
            self.pace = float(message.get("pace", 1.0))
            if any(isinstance(event, HandDealt) for event in decode(message["events"])):
                self.finished = None  # a hand is played: no record until it is over
                self._close_summary()
            if not self.watching and "record" in message:  # sent once a finished hand
                self.finished = message["record"]
            super().receive(message)
            self.timed_note_expired()
            if self.table.other_hand and not before and self.table.is_mounted:
                assert self.view is not None
                name = self.view.players[int(message["revealed"]["seat"])]
                self.table.note(f"{name}'s hand as dealt (shown to spectators once a hand "
                                "is over).")
        elif kind == "chat":
            self.chat_log.add(str(message["name"]), str(message["text"]),
                              message.get("watching") is True)
        elif kind == "chat-note":
            self.chat_log.note(str(message["text"]))
        else:
            super().receive(message)

    def _status(self) -> str:
        return f"{self.pace:g}s, shared table"

    def _hand_over(self, events) -> None:
        assert self.view is not None
        summary = WatchedSummary if self.watching else SharedSummary
        self._summary = summary(self, self.view.results[-1], self.view, self.glyphs,
                                **self._review())
        self.app.push_screen(self._summary, self._summary_seen)

    def _review(self) -> dict[str, Any]:
        """The summary's review: the player's own decisions in the hand just over, from the
        record the table sent; a spectator's summary offers none."""
        if self.watching:
            return {"no_review": "Spectators get no review: each player reviews only their "
                    "own decisions, once the hand is over."}
        subject = from_message(self.finished, self.human)
        if subject is None:
            return {"no_review": "The table sent no record of this hand: no review."}
        glyphs = self.glyphs
        return {"review": lambda: review_screen(subject, glyphs)}

    def review_last(self) -> str:
        """From the game-over screen: the review of the game's last hand, opened; or why
        there is none."""
        review = self._review()
        if "review" not in review:
            return str(review["no_review"])
        self.app.push_screen(review["review"]())
        return ""

    def _game_over(self, events) -> None:
        assert self.view is not None
        if self.in_match:  # a deal of a match that reached the target: the deal's end
            self._hand_over(events)
            return
        self._close_summary()
        self.app.push_screen(SharedGameOver(self, self.view, self.glyphs),
                             self._game_over_chosen)

    def _revealed(self, shown: dict[str, Any] | None) -> None:
        """A spectator's screen: the hand a table shows once the hand is over, or whose
        hand is hidden."""
        if not self.watching:
            return
        self.table.other_hand = decode(shown["tiles"]) if shown else ()
        self.table.no_hand = "Hands are hidden from spectators. j: sit in an empty seat."

    def _summary_seen(self, _: None) -> None:
        self._summary = None
        if not self.watching:  # a spectator's summary holds up nobody
            self.send({"op": "next"})

    def _close_summary(self) -> None:
        summary, self._summary = self._summary, None
        if summary is not None:
            summary.action_next_hand()  # with its review, if one is open

    def _game_over_chosen(self, choice: str | None) -> None:
        if choice == "quit":
            self.app.exit()
        elif choice == "again":
            self.play_again()
        elif choice == "lobby":
            self.leave()
