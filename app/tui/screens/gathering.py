"""A shared table gathering its players: the seats, who sits where, and the opener's choices.

Drawn by the remote flow from the server's ``gathering`` messages (``play.gathering``) until
the first hand is dealt.  The seats are drawn as the table will be, partners facing each
other in Texas 42 and Moon for four.  A digit moves you to that free seat; the opener may
move another player (``m``, the player's seat, then the seat to go to), set the bots'
level (``b``), make the table private (``v``; its code is shown) and invite players by
name (``i``), and starts the deal with Enter.  After a game, Enter says you are ready to
play again at the same seats.  Esc leaves the table.  The table's chat is under the seats.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from ...play.chat import MESSAGE_LIMIT
from ...play.difficulty import LEVELS
from ...play.words import GAME_TITLES
from ..widgets.chat import ChatLog, ChatPane
from ..widgets.steady_footer import SteadyFooter

__all__ = ["GatheringScreen", "InviteScreen", "seat_layout"]

WIDTH = 24  # columns of one seat's label


class GatheringFlow(Protocol):
    chat_log: ChatLog

    def send(self, request: dict[str, Any]) -> Any: ...

    def say(self, text: str) -> None: ...

    def leave(self) -> None: ...


def _label(number: int, seat: dict[str, Any], me: int | None, opener: int | None) -> str:
    if not seat["human"]:
        return f"{number + 1}. (free)"
    name = str(seat["name"])[:WIDTH - 12]
    marks = (" *" if number == opener else "") + ("" if seat["connected"] else " (away)")
    marks += " ready" if seat.get("ready") else ""
    return f"{number + 1}. {name}{' (you)' if number == me else ''}{marks}"


def seat_layout(seats: list[dict[str, Any]], me: int | None, opener: int | None) -> str:
    """The seats as the table is laid out: seat 1 at the bottom, the next to its left and
    so round, so partners (1 and 3, 2 and 4) face each other."""
    labels = [_label(i, s, me, opener) for i, s in enumerate(seats)]
    if len(labels) == 4:
        bottom, left, top, right = labels
        return "\n".join([top.center(3 * WIDTH).rstrip(), "",
                          left.ljust(2 * WIDTH) + right, "", bottom.center(3 * WIDTH).rstrip()])
    bottom, left, right = labels[:3]
    return "\n".join([left.ljust(2 * WIDTH) + right, "", "", bottom.center(3 * WIDTH).rstrip()])


class InviteScreen(ModalScreen[str | None]):
    """Asks for a player's name to invite to a private table."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", key_display="esc", id="invite-cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Invite whom? Their name as the tables show it (a guest's ends "
                         "in ?).")
            yield Input(max_length=32, id="invite-name")
            yield Static("Enter invites; Esc goes back.")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def match_about(m: dict[str, Any]) -> list[str]:
    """A match's table: which of the two, and how the sides sit (none: no match)."""
    match = m.get("match")
    if not isinstance(match, dict) or match.get("table") not in ("A", "B"):
        return []
    numbers = match.get("tables")
    if not (isinstance(numbers, list) and len(numbers) == 2
            and all(isinstance(n, int) for n in numbers)):
        return []
    deals = match.get("deals") if isinstance(match.get("deals"), int) else "some"
    pair = f"table {match['table']} of tables {numbers[0]} (A) and {numbers[1]} (B)"
    sides = ("Each player is scored against whoever held the same tiles at the other "
             "table.") if len(m.get("seats") or ()) == 3 else (
        "A side sits in the same seats at both tables (1 & 3, or 2 & 4): there it holds "
        "the other side's tiles.")
    return [pair, f"A duplicate match of {deals} deals: each is played at both tables, "
            f"turned one seat; you play all of it at this table. {sides}"]


class GatheringScreen(Screen[None]):
    """The table before its deal (or between games)."""

    BINDINGS = [
        Binding("enter", "start", "Start", key_display="⏎", id="gather-start"),
        Binding("enter", "ready", "Ready", key_display="⏎", id="gather-ready"),
        Binding("b", "level", "Bots", id="gather-level"),
        Binding("m", "move", "Move", id="gather-move"),
        Binding("v", "private", "Private", id="gather-private"),
        Binding("i", "invite", "Invite", id="gather-invite"),
        Binding("c", "hush", "Spectators' chat", show=False, id="gather-hush"),
        Binding("escape", "leave", "Leave", key_display="esc", id="gather-leave"),
        Binding("slash", "chat", "Chat", key_display="/", show=False, id="gather-chat"),
        *[Binding(str(n), f"seat({n})", "A seat", show=False, id=f"gather-seat-{n}")
          for n in range(1, 10)],
    ]

    def __init__(self, flow: GatheringFlow, message: dict[str, Any], watching: bool) -> None:
        super().__init__()
        self.flow, self.message, self.watching = flow, message, watching
        self.moving: int | None = None  # the seat of the player the opener moves, once typed
        self.picking = False  # m pressed: the next digit is the player to move
        self.news = ""
        self.chat = ChatPane(MESSAGE_LIMIT, "Table chat: / to say something.",
                             chat_log=flow.chat_log, id="gather-chat-pane")

    def compose(self) -> ComposeResult:
        title, seats, about = self._texts(self.message)
        with VerticalScroll(id="gathering"):
            yield Static(title, classes="title", id="gather-title")
            yield Static(seats, id="gather-seats", markup=False)
            yield Static(about, id="gather-about", markup=False)
        yield Static(self.news, id="gather-news", markup=False)
        yield self.chat
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.chat.fit(self.app.size.height)

    def _opens(self, m: dict[str, Any]) -> bool:
        return not self.watching and m.get("seat") is not None and m["seat"] == m["opener"]

    @property
    def opens(self) -> bool:
        return self._opens(self.message)

    @property
    def starts(self) -> bool:
        """Whether this player's Enter deals (or starts the match), not only says ready."""
        m = self.message
        match = m.get("match")
        return self.opens and not m.get("again") and \
            (not isinstance(match, dict) or bool(match.get("starts")))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("level", "move", "private", "invite", "hush"):
            return self.opens and not self.message.get("again")
        if action == "start":
            return not self.watching and self.starts
        if action == "ready":  # (a match's other players wait for its opener)
            return not self.watching and not self.starts and \
                not isinstance(self.message.get("match"), dict)
        return True

    def show(self, message: dict[str, Any]) -> None:
        self.message = message
        if not self.query("#gather-title"):
            return  # not drawn yet: compose draws it
        title, seats, about = self._texts(message)
        self.query_one("#gather-title", Static).update(title)
        self.query_one("#gather-seats", Static).update(seats)
        self.query_one("#gather-about", Static).update(about)
        self.query_one("#gather-news", Static).update(self.news)
        self.refresh_bindings()

    def _texts(self, m: dict[str, Any]) -> tuple[str, str, str]:
        """The title, the seats as laid out, and what the keys do here."""
        title = GAME_TITLES.get(m["game"], m["game"])
        again = " again" if m.get("again") else ""
        heading = f"Table {m['table']}: {title}{again}, gathering players"
        seats = "\n" + seat_layout(m["seats"], m.get("seat"), m.get("opener")) + "\n"
        level = m["level"]
        match = match_about(m)
        if match:
            heading = f"Table {m['table']}: {title} match, {match[0]}"
        lines = [*match[1:],
                 f"Bots play the free seats at {level} ({LEVELS[level].bot}). Spectators' "
                 f"chat {'between hands only' if m.get('hush') else 'at any time'}."]
        if m.get("private"):
            code = f" Its code: {m['code']}." if m.get("code") else ""
            invited = f" Invited: {', '.join(m['invited'])}." if m.get("invited") else ""
            lines.append(f"A private table: only those invited, or with its code.{code}"
                         f"{invited}")
        if self.watching:
            lines.append("You watch: the players are choosing seats. Esc stops watching.")
        elif m.get("again"):
            lines.append("Play again at the same seats: Enter when you are ready (the game "
                         "starts when everyone is); Esc leaves the table.")
        elif match and not (self._opens(m) and m["match"].get("starts")):
            lines.append("A digit takes that free seat. The opener of table A (* there) "
                         "starts the match at both tables.")
        elif match:
            lines.append("A digit takes that seat; m moves a player; b the bots' level (at "
                         "both tables); Enter starts the match at both tables.")
        elif self._opens(m):
            lines.append("A digit takes that seat; m moves a player; b the bots' level; v "
                         "private; i invites; c spectators' chat; Enter deals the first hand "
                         "(* opened the table).")
        else:
            lines.append("A digit takes that free seat. The opener (*) deals the first hand.")
        return heading, seats, "\n".join(lines)

    def say(self, text: str) -> None:
        self.news = text
        if self.query("#gather-news"):
            self.query_one("#gather-news", Static).update(text)

    def action_seat(self, number: int) -> None:
        seat = number - 1
        if self.watching or not 0 <= seat < len(self.message["seats"]):
            return
        if self.picking:
            self.picking, self.moving = False, seat
            self.say(f"Move the player of seat {number} to which seat? Type its number.")
            return
        if self.moving is not None:
            moving, self.moving = self.moving, None
            self.say("")
            self.flow.send({"op": "seat", "seat": moving, "to": seat})
            return
        self.flow.send({"op": "seat", "to": seat})

    def action_move(self) -> None:
        self.picking, self.moving = True, None
        self.say("Move which player? Type their seat's number.")

    def action_level(self) -> None:
        names = list(LEVELS)
        now = self.message["level"]
        chosen = names[(names.index(now) + 1) % len(names)] if now in names else names[0]
        self.flow.send({"op": "level", "level": chosen})

    def action_hush(self) -> None:
        self.flow.send({"op": "hush", "hush": not self.message.get("hush")})

    def action_private(self) -> None:
        self.flow.send({"op": "private", "private": not self.message.get("private")})

    def action_invite(self) -> None:
        def invite(name: str | None) -> None:
            if name:
                self.flow.send({"op": "invite", "name": name})

        self.app.push_screen(InviteScreen(), invite)

    def action_start(self) -> None:
        self.flow.send({"op": "start"})

    def action_ready(self) -> None:
        self.flow.send({"op": "start"})  # the table marks the seat ready
        self.say("Ready: the game starts when the others are." if self.message.get("again")
                 else "Ready: the opener (*) deals the first hand.")

    def action_leave(self) -> None:
        self.flow.leave()

    def action_chat(self) -> None:
        self.chat.open()

    def on_chat_pane_said(self, message: ChatPane.Said) -> None:
        message.stop()
        self.flow.say(message.text)

    def on_resize(self) -> None:
        if self.chat.is_mounted:
            self.chat.fit(self.app.size.height)
