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

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Static

from moon42.rules import Phase, Trick
from moon42.rules.events import HandDealt
from moon42.rules.views import SeatView

from ..play.chat import MESSAGE_LIMIT
from ..play.claiming import Claimed
from ..play.view_codec import decode, encode
from ..play.words import plain_refusal
from .flow import table_notes
from .screens.game_over import GameOverScreen
from .screens.messages import ActionChosen, ExportRecord, PaceChanged, ShowScores, UndoMove
from .screens.scoreboard import ScoreboardScreen
from .screens.summary import HandSummaryScreen
from .screens.table import TableScreen
from .widgets.chat import ChatLog, ChatPane, chat_rows

__all__ = ["RemoteFlow", "SeatCodeNotice", "SharedTableScreen", "SpectatorTableScreen"]

CHAT_HINT = "Table chat: / to say something."


def _chat_key(id: str) -> Binding:
    # Not on the key line: at 80 columns it is full; the chat pane says it.
    return Binding("slash", "chat", "Chat to the table", key_display="/", show=False, id=id)


class _ChatBeside:
    """A screen of a shared table with the table's chat above its key line: ``/`` opens
    the input (each screen binds it: ``_chat_key``), a line typed goes to the table."""

    flow: RemoteFlow
    chat: ChatPane
    app: Any

    def _with_chat(self, widgets: Iterable[Widget]) -> Iterator[Widget]:
        for widget in widgets:
            if isinstance(widget, Footer):
                yield self.chat
            yield widget

    def on_resize(self) -> None:
        if self.chat.is_mounted:
            self.chat.fit(self.app.size.height)

    def action_chat(self) -> None:
        self.chat.open()

    def on_chat_pane_said(self, message: ChatPane.Said) -> None:
        message.stop()
        self.flow.say(message.text)


class SharedTableScreen(_ChatBeside, TableScreen):
    """The table screen, its messages answered by the remote flow rather than the app."""

    # "Leave", not "Leave table": with t in play the key line is 80 columns to the letter.
    BINDINGS = [Binding("escape", "leave_table", "Leave", key_display="esc",
                        id="leave-table"),
                Binding("c", "seat_code", "Seat code", show=False, id="seat-code"),
                _chat_key("chat")]

    def __init__(self, flow: RemoteFlow, glyphs, interactive: bool = True) -> None:
        super().__init__(glyphs, interactive=interactive)
        self.flow = flow
        # No u on the key line (80 columns cut "? Help" with it): u only says why not.
        self.undo_allowed = False
        # Made here, not in compose: lines may come before the screen is drawn.
        self.chat = ChatPane(MESSAGE_LIMIT, CHAT_HINT, chat_log=flow.chat_log, id="chat")

    def compose(self) -> ComposeResult:
        yield from self._with_chat(super().compose())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "seat_code" and not self.flow.seat_code:
            return False  # a key's seat needs no code
        return super().check_action(action, parameters)

    def action_seat_code(self) -> None:
        self.note(self.flow.code_note())

    def on_action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        self.flow.act(message.action)

    def on_pace_changed(self, message: PaceChanged) -> None:
        message.stop()
        self.note("The table sets the bots' pace for everyone at it.")

    def on_show_scores(self, message: ShowScores) -> None:
        message.stop()
        if self.view is not None:
            self.app.push_screen(_SharedScoreboard(self.flow, self.view, self.glyphs))

    def on_undo_move(self, message: UndoMove) -> None:
        message.stop()
        self.action_undo_off()

    def action_undo_off(self) -> None:
        self.refuse("moves are not taken back at a shared table.")

    def on_export_record(self, message: ExportRecord) -> None:
        message.stop()
        self.refuse("a shared table's record stays on the server.")

    def on_claim_rest(self, message: Message) -> None:
        message.stop()
        self.flow.claim()

    def action_leave_table(self) -> None:
        self.flow.leave()


class SpectatorTableScreen(SharedTableScreen):
    """A spectator's table: the game as it is played, no hand, no move to make."""

    # At 80 columns the key line holds no more than these, with "t Last trick" in play:
    # "Leave" as a player's; j and / are said where the hand and the chat would be ("? Help"
    # was cut).
    BINDINGS = [Binding("escape", "leave_table", "Leave", key_display="esc",
                        id="stop-watching"),
                Binding("v", "turn_seat", "Next seat", id="turn-seat"),
                Binding("j", "sit_down", "Sit in an empty seat", show=False, id="sit-down"),
                _chat_key("chat-watching")]

    def __init__(self, flow: RemoteFlow, glyphs) -> None:
        super().__init__(flow, glyphs, interactive=False)

    def action_turn_seat(self) -> None:
        self.flow.turn_seat()

    def action_sit_down(self) -> None:
        self.flow.sit_down()


class SeatCodeNotice(ModalScreen[None]):
    """Tells a guest their seat's code once, as they sit down: it is what brings them back."""

    DEFAULT_CSS = """
    SeatCodeNotice { align: center middle; }
    SeatCodeNotice > Vertical { width: 64; height: auto; border: round $primary;
                                padding: 1 2; background: $surface; }
    SeatCodeNotice #seat-code-digits { text-style: bold; padding: 1 0; }
    """
    BINDINGS = [Binding("enter,escape,space", "close", "Play", key_display="⏎",
                        id="seat-code-ok")]

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("This seat's code:")
            yield Static(self.code, id="seat-code-digits")
            yield Static("If your connection drops, sign in again with the same name and "
                         "give this code to take the seat back. At the table, c shows it "
                         "again. Enter plays on.")

    def action_close(self) -> None:
        self.dismiss(None)


class _SharedSummary(_ChatBeside, HandSummaryScreen):
    """A hand's summary at a shared table, with the table's chat."""

    BINDINGS = [_chat_key("summary-chat")]

    def __init__(self, flow: RemoteFlow, result, view: SeatView, glyphs) -> None:
        super().__init__(result, view, glyphs)
        self.flow = flow
        self.chat = ChatPane(MESSAGE_LIMIT, CHAT_HINT, chat_log=flow.chat_log, id="summary-chat")

    def compose(self) -> ComposeResult:
        yield from self._with_chat(super().compose())

    def rows_beside(self) -> int:
        return chat_rows(self.app.size.height)


class _SharedScoreboard(_ChatBeside, ScoreboardScreen):
    """The scoreboard over a shared table, with the table's chat."""

    BINDINGS = [_chat_key("scores-chat")]

    def __init__(self, flow: RemoteFlow, view: SeatView, glyphs) -> None:
        super().__init__(view, glyphs)
        self.flow = flow
        self.chat = ChatPane(MESSAGE_LIMIT, CHAT_HINT, chat_log=flow.chat_log, id="scores-chat")

    def compose(self) -> ComposeResult:
        yield from self._with_chat(super().compose())

    def on_mount(self) -> None:
        # The box takes the rows the chat leaves, so the chat sits right above the key
        # line (centred at 90%, it left a row between them).
        self.query_one("#scores-box").styles.height = "1fr"


class _WatchedSummary(_SharedSummary):
    """A hand's summary for a spectator: Enter goes back to the table, where the next hand
    comes when the players are ready (a spectator holds up nobody)."""

    BINDINGS = [Binding("enter,space", "next_hand", "Back to the table", key_display="⏎",
                        id="watched-summary-close")]

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if widget.id == "summary-prompt":
                widget = Static("Enter goes back to the table; the next hand is dealt when "
                                "its players are ready.", id="summary-prompt")
            yield widget


class _SharedGameOver(GameOverScreen):
    """The game's end at a shared table: back to the tables, or quit.  A game of one's own
    is played again, replayed or dealt again from here; a shared table's is not (its record
    stays on the server), so those keys are neither offered nor taken."""

    BINDINGS = [Binding("l,escape", "choose('lobby')", "Back to the tables", key_display="l",
                        id="shared-over-leave")]
    PROMPT = "l: back to the shared tables, q: quit"
    WHICH_KEY = "Enter starts nothing here: l goes back to the shared tables, q quits."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ("which_key", "choose") and parameters != ("again",)


def _claimed(value: Any) -> Claimed | None:
    """Where the server says this hand was claimed: (hand, trick, seat), or nothing."""
    if (isinstance(value, list) and len(value) == 3
            and all(isinstance(n, int) and 0 <= n < 10_000 for n in value)):
        return Claimed(*value)
    return None


class RemoteFlow:
    """One seat at a shared table, drawn from the views the server sends."""

    def __init__(self, app, glyphs, send: Callable[[dict[str, Any]], Any],
                 on_leave: Callable[[], Any], watching: bool = False,
                 table_number: int = 0) -> None:
        self.app, self.glyphs = app, glyphs
        self.send, self.on_leave = send, on_leave
        self.watching, self.table_number = watching, table_number
        self.seat_code = ""  # a guest's seat's code, once the server has told it
        self.chat_log = ChatLog()  # the table's chat, shown by each of its screens' panes
        self.table = SpectatorTableScreen(self, glyphs) if watching \
            else SharedTableScreen(self, glyphs)
        self.view: SeatView | None = None
        self.human: int | None = None
        self.won_trick: Trick | None = None
        self.pace = 1.0
        self._summary: HandSummaryScreen | None = None
        self._summed_up = -1  # the last hand whose summary was shown
        self._over = False

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
        if kind == "view":
            before = self.table.other_hand
            self._revealed(message.get("revealed"))
            self._show(decode(message["view"]), decode(message["events"]),
                       float(message.get("pace", 1.0)), _claimed(message.get("claimed")))
            if self.table.other_hand and not before and self.table.is_mounted:
                name = self.view.players[int(message["revealed"]["seat"])]
                self.table.note(f"{name}'s hand as dealt (shown to spectators once a hand "
                                "is over).")
        elif kind == "chat":
            self.chat_log.add(str(message["name"]), str(message["text"]),
                              message.get("watching") is True)
        elif kind == "chat-note":
            self.chat_log.note(str(message["text"]))
        elif kind == "refused" and self.view is not None:
            self.table.refuse(plain_refusal(str(message["message"]), self.view))
        elif kind == "error":
            self.table.refuse(str(message["message"]))

    def _show(self, view: SeatView, events, pace: float, claimed: Claimed | None) -> None:
        self.view, self.human, self.pace = view, view.seat, pace
        if any(isinstance(event, HandDealt) for event in events):
            self._close_summary()
        self.won_trick, notes = table_notes(events, view, self.human, self.won_trick)
        if claimed is not None and claimed != self.table.claimed:
            notes.append("You show your hand and claim the rest: it is played out."
                         if claimed.seat == view.seat and not self.watching else
                         f"{view.players[claimed.seat]} shows the hand and claims the rest: "
                         "it is played out.")
        self.table.claimed = claimed
        self.table.show(view, self.won_trick, f"{pace:g}s, shared table")
        if notes and self.table.is_mounted:
            self.table.note(" ".join(notes[-2:]))
        if view.phase is Phase.HAND_OVER and self._summed_up != view.hand_number:
            self._summed_up = view.hand_number
            summary = _WatchedSummary if self.watching else _SharedSummary
            self._summary = summary(self, view.results[-1], view, self.glyphs)
            self.app.push_screen(self._summary, self._summary_seen)
        elif view.phase is Phase.GAME_OVER and not self._over:
            self._over = True
            self._close_summary()
            self.app.push_screen(_SharedGameOver(view, self.glyphs), self._game_over)

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
        if summary is not None and summary.is_current:
            summary.dismiss(None)

    def _game_over(self, choice: str | None) -> None:
        if choice == "quit":
            self.app.exit()
        else:
            self.leave()
