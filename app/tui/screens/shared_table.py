"""The screens of a shared table: a seat's table and a spectator's, with the table's chat
beside the game, the seat's code told once, and the summary, scoreboard and game over with
the chat.  They are drawn by the flow that follows the table for this player
(``app/tui/remote_flow.py``), which they ask to act, claim, chat or leave."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from moon42.rules.actions import Action
from moon42.rules.views import SeatView

from ...play.chat import MESSAGE_LIMIT
from ..widgets.chat import ChatLog, ChatPane, chat_rows
from ..widgets.steady_footer import SteadyFooter
from .game_over import GameOverScreen
from .messages import ActionChosen, ExportRecord, PaceChanged, ShowScores, UndoMove
from .scoreboard import ScoreboardScreen
from .summary import HandSummaryScreen
from .table import TableScreen

__all__ = ["SeatCodeNotice", "SharedFlow", "SharedGameOver", "SharedScoreboard", "SharedSummary",
           "SharedTableScreen", "SpectatorTableScreen", "WatchedSummary"]


class SharedFlow(Protocol):
    """What these screens ask of the flow that draws them."""

    seat_code: str
    chat_log: ChatLog

    def act(self, action: Action) -> None: ...

    def claim(self) -> None: ...

    def leave(self) -> None: ...

    def say(self, text: str) -> None: ...

    def code_note(self) -> str: ...

    def turn_seat(self) -> None: ...

    def sit_down(self) -> None: ...


CHAT_HINT = "Table chat: / to say something."


def _chat_key(id: str) -> Binding:
    # Not on the key line: at 80 columns it is full; the chat pane says it.
    return Binding("slash", "chat", "Chat to the table", key_display="/", show=False, id=id)


class _ChatBeside:
    """A screen of a shared table with the table's chat above its key line: ``/`` opens
    the input (each screen binds it: ``_chat_key``), a line typed goes to the table."""

    flow: SharedFlow
    chat: ChatPane
    app: Any

    def _with_chat(self, widgets: Iterable[Widget]) -> Iterator[Widget]:
        for widget in widgets:
            if isinstance(widget, SteadyFooter):
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

    def __init__(self, flow: SharedFlow, glyphs, interactive: bool = True) -> None:
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
            self.app.push_screen(SharedScoreboard(self.flow, self.view, self.glyphs))

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

    def on_key(self) -> None:
        """Any key brings a player who was away back (``club_flow``)."""
        pressed = getattr(self.flow, "pressed", None)
        if pressed is not None:
            pressed()


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

    def __init__(self, flow: SharedFlow, glyphs) -> None:
        super().__init__(flow, glyphs, interactive=False)

    def action_turn_seat(self) -> None:
        self.flow.turn_seat()

    def action_sit_down(self) -> None:
        self.flow.sit_down()


class SeatCodeNotice(ModalScreen[None]):
    """Tells a guest their seat's code once, as they sit down: it is what brings them back."""

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


class SharedSummary(_ChatBeside, HandSummaryScreen):
    """A hand's summary at a shared table, with the table's chat."""

    BINDINGS = [_chat_key("summary-chat")]

    def __init__(self, flow: SharedFlow, result, view: SeatView, glyphs, **review: Any) -> None:
        """``review``: the hand's review for this player, or why there is none
        (``HandSummaryScreen``'s ``review`` and ``no_review``)."""
        super().__init__(result, view, glyphs, **review)
        self.flow = flow
        self.chat = ChatPane(MESSAGE_LIMIT, CHAT_HINT, chat_log=flow.chat_log, id="summary-chat")

    def compose(self) -> ComposeResult:
        yield from self._with_chat(super().compose())

    def rows_beside(self) -> int:
        return chat_rows(self.app.size.height)


class SharedScoreboard(_ChatBeside, ScoreboardScreen):
    """The scoreboard over a shared table, with the table's chat."""

    BINDINGS = [_chat_key("scores-chat")]

    def __init__(self, flow: SharedFlow, view: SeatView, glyphs) -> None:
        super().__init__(view, glyphs)
        self.flow = flow
        self.chat = ChatPane(MESSAGE_LIMIT, CHAT_HINT, chat_log=flow.chat_log, id="scores-chat")

    def compose(self) -> ComposeResult:
        yield from self._with_chat(super().compose())

    def on_mount(self) -> None:
        # The box takes the rows the chat leaves, so the chat sits right above the key
        # line (centred at 90%, it left a row between them).
        self.query_one("#scores-box").styles.height = "1fr"


class WatchedSummary(SharedSummary):
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


class SharedGameOver(GameOverScreen):
    """The game's end at a shared table: another game at the same seats with the same
    players (``n``), the game replayed (``r``) or one of its deals played again alone
    (``p``) from the record the server wrote into the player's records, back to the
    tables, or quit."""

    BINDINGS = [Binding("n", "choose('again')", "Play again here", id="shared-over-again"),
                Binding("v", "review", "Review", id="shared-over-review"),
                Binding("l,escape", "choose('lobby')", "Tables", key_display="l",
                        id="shared-over-leave")]
    # One line within 80 columns (p and l are on the key line).
    PROMPT = "n: play again at this table, r: replay this game, v: review the last hand"
    WHICH_KEY = "Enter starts nothing here: n plays again at this table, l goes back."

    def __init__(self, flow: Any, view: SeatView, glyphs) -> None:
        super().__init__(view, glyphs)
        self.flow = flow

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.flow.watching:  # a spectator has no seat to play again, nor a record
            return action in ("which_key", "choose") and parameters != ("again",)
        return True

    def action_replay(self) -> None:
        self.flow.replay()

    def action_deal_again(self) -> None:
        self.flow.deal_again()

    def action_review(self) -> None:
        """The last hand's review (the game went from it straight to its end)."""
        why = self.flow.review_last()
        if why:
            self.query_one("#over-prompt", Static).update(why)
