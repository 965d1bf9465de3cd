"""The shared tables' socket: JSON lines between the server and each player's app.

A player's app (one per SSH session) connects to the server's Unix socket, shows the
token its session was given (``hello``), and then asks: ``list`` the tables, ``open`` one
(a game, its house rules, and whether its bots claim), ``join`` one (with a seat's code,
for a guest's seat taken from another session), ``act`` there, ``claim`` the rest of the
hand (refused with why, or played out at once), say it has seen the hand's ``next``
summary, or ``leave``.  The server answers each request, and pushes the seat's ``view``
(with the events that led to it, and where the hand was claimed) after every change at
the table.  One connection holds at most
one seat; when it closes, the seat waits for its player (see ``table`` and ``seats``).

Instead of sitting, a connection may ``watch`` a table (from one seat's side, which
``turn`` changes), with a view that holds no hand; ``join`` from there takes an empty seat.
Players and spectators ``say`` chat lines to the table; ``mute`` (and ``unmute``) a
sender by name hides their lines from this connection alone.

A table opened with ``gather`` (and the bots' ``level``) waits for its players
(``play.gathering``): everyone at it is pushed a ``gathering`` message instead of a view;
a player moves to a free ``seat``; its opener moves players (``seat`` with the seat to
move), sets the ``level``, makes it ``private`` (``join`` then needs an invitation,
``invite``, or the table's code, ``table_code``), ``hush``es spectators' chat during hands,
and ``start``s it (after a game, each player's ``start`` says they are ready for another).
A turn the move clock ran out on is pushed to everyone as ``timed-out``; ``here`` says an
away player is back; ``recorded`` tells a player the file of the game's record.

Who the app is comes from the token, never from what it says: the SSH server ``admit``s
each session's token with the session's identity before the app starts, and ``revoke``s
it when the session ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from pathlib import Path
from typing import Any

from moon42.rules import RuleError
from moon42.rules.options import OptionsError

from ...play.chat import ChatError
from ...play.connection import LINE_LIMIT, encode_line
from ...play.gathering import DEFAULT_LEVEL, TableCodeNeeded, check_level
from ...play.seats import SeatCodeNeeded, Sitter, TableError
from ...play.table import Table
from ...play.view_codec import CodecError, decode
from ..accounts.identity import Identity
from ..accounts.names import shown_name
from .hub import Tables

__all__ = ["TableServer"]

log = logging.getLogger("moon42.tables")

# What a player asks of a table that gathers (and ``here``: back from being away).
GATHERING_OPS = ("seat", "level", "private", "invite", "start", "here", "hush")


def _seat_number(value: object) -> int:
    """A seat's number from a request: a small whole number (the table checks its range)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 16:
        raise ValueError("a seat is a number from 0")
    return value

class _Player:
    """One app's connection: who it is and where it sits."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.who: Sitter | None = None
        self.table: Table | None = None
        self.watching: Table | None = None
        self.muted: set[str] = set()  # chat senders' tokens this connection does not hear

    def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "chat" and message.get("from") in self.muted:
            return
        if not self.writer.is_closing():
            self.writer.write(encode_line(message))


class TableServer:
    """Listens on a Unix socket for the players' apps."""

    def __init__(self, path: Path, tables: Tables) -> None:
        self.path, self.tables = path, tables
        self._server: asyncio.AbstractServer | None = None
        self._sessions: dict[str, Identity] = {}
        self._writers: set[asyncio.StreamWriter] = set()  # the apps connected now

    def admit(self, token: str, who: Identity) -> None:
        """A session's app may come with ``token``, as ``who``."""
        self._sessions[token] = who

    def revoke(self, token: str) -> None:
        """The session has ended: its token is no longer anyone's."""
        self._sessions.pop(token, None)

    async def start(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._server = await asyncio.start_unix_server(self._serve, path=str(self.path),
                                                       limit=LINE_LIMIT)
        os.chmod(self.path, 0o600)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            # The apps' connections first: since Python 3.12 the server waits for them.
            for writer in list(self._writers):
                writer.close()
            await self._server.wait_closed()
        await self.tables.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._server is not None and not self._server.is_serving():  # accepted as it closed
            writer.close()
            return
        me = _Player(writer)
        self._writers.add(writer)
        try:
            while line := await reader.readline():
                try:
                    request = json.loads(line)
                    if not isinstance(request, dict):
                        raise ValueError("a request is a JSON object")
                    answer = self._answer(me, request)
                except ChatError as error:
                    answer = {"type": "chat-note", "text": str(error)}
                except SeatCodeNeeded as error:
                    answer = {"type": "error", "message": str(error), "code": True}
                except TableCodeNeeded as error:
                    answer = {"type": "error", "message": str(error), "table_code": True}
                except (TableError, OptionsError) as error:
                    answer = {"type": "error", "message": str(error)}
                except (ValueError, KeyError, TypeError, CodecError) as error:
                    answer = {"type": "error", "message": f"a damaged request: {error}"}
                except RuleError as error:
                    answer = {"type": "refused", "message": error.message}
                if answer is not None:
                    me.send(answer)
                await writer.drain()
        except (ConnectionError, asyncio.LimitOverrunError, ValueError) as error:
            log.info("a player's app went away: %s", error)
        finally:
            if me.table is not None and me.who is not None:
                me.table.drop(me.who, me.send)
            if me.watching is not None and me.who is not None:
                me.watching.unwatch(me.who, me.send)
            self._writers.discard(writer)
            writer.close()

    def _answer(self, me: _Player, request: dict[str, Any]) -> dict[str, Any] | None:
        op = request.get("op")
        if op == "hello":
            who = self._sessions.get(str(request.get("token")))
            if who is None:
                raise TableError("this session is not signed in to the server's tables.")
            me.who = Sitter(player=who.label, name=shown_name(who),
                            session=str(request["token"]), by_key=who.by_key)
            held = self.tables.held_by(me.who)
            claimed = self.tables.claimed_by(me.who) if held is None else None
            return {"type": "hello", "held": (held or claimed).number if held or claimed
                    else None, "code": claimed is not None}
        if me.who is None:
            raise TableError("say hello first.")
        if op == "list":
            return {"type": "tables", "tables": self.tables.listing()}
        if op == "open":
            options = request.get("options") or {}
            if not isinstance(options, dict):
                raise ValueError("options are a JSON object")
            bot_claims = request.get("bot_claims", True)
            if not isinstance(bot_claims, bool):
                raise ValueError("bot_claims is true or false")
            gather = request.get("gather", False)
            if not isinstance(gather, bool):
                raise ValueError("gather is true or false")
            level = check_level(request.get("level", DEFAULT_LEVEL))
            table = self.tables.open(str(request.get("game")), options, request.get("seed"),
                                     bot_claims=bot_claims, reveal=request.get("reveal") is True,
                                     gather=gather, level=level)
            return self._sit(me, table, None, None)
        if op == "join":
            table = self.tables.get(int(request["table"]))
            seat = request.get("seat")
            code, table_code = request.get("code"), request.get("table_code")
            for given in (code, table_code):
                if given is not None and (not isinstance(given, str) or len(given) > 16):
                    raise ValueError("a code is a few digits")
            return self._sit(me, table, None if seat is None else int(seat), code, table_code)
        if op == "watch":
            return self._watch(me, self.tables.get(int(request["table"])),
                               int(request.get("seat") or 0))
        if op in ("say", "mute", "unmute"):
            return self._chat(me, op, request)
        if op == "turn" and me.watching is not None:
            me.watching.turn_to(me.who, int(request["seat"]))
            return None
        if op == "leave" and me.watching is not None:
            me.watching.unwatch(me.who)
            me.watching = None
            return {"type": "left", "reason": "You stopped watching."}
        if me.table is None:
            raise TableError("you are not at a table.")
        if op in GATHERING_OPS:
            return self._gathering(me, op, request)
        if op == "act":
            me.table.act(me.who, decode(request["action"]))
            return None
        if op == "claim":
            refusal = me.table.claim(me.who)
            return {"type": "refused", "message": refusal} if refusal else None
        if op == "next":
            me.table.next_hand(me.who)
            return None
        if op == "leave":
            self._leave(me)
            return {"type": "left", "reason": "You left the table."}
        raise TableError(f"unknown request {op!r}.")

    def _gathering(self, me: _Player, op: str, request: dict[str, Any]) -> dict[str, Any] | None:
        """What a player asks of a table gathering (``play.gathering``), or ``here``."""
        table, who = me.table, me.who
        assert table is not None and who is not None
        if op == "here":
            table.here(who)
        elif op == "seat":  # a player moves (or the opener moves a player) to a seat
            to = _seat_number(request.get("to"))
            mine = table.seat_of(who)
            seat = mine if request.get("seat") is None else _seat_number(request.get("seat"))
            if seat is None:
                raise TableError("you have no seat at this table.")
            table.move_seat(who, seat, to)
        elif op == "level":
            table.set_level(who, request.get("level"))
        elif op == "private":
            table.set_private(who, request.get("private"))
        elif op == "invite":
            table.invite(who, request.get("name"))
        elif op == "start":
            table.start(who)
        elif op == "hush":
            table.set_hush(who, request.get("hush"))
        return None

    def _sit(self, me: _Player, table: Table, seat: int | None,
             code: str | None, table_code: str | None = None) -> dict[str, Any]:
        """Sit down at ``table``, getting up from any other seat first (once the new one
        is certain: a wrong code loses nothing)."""
        assert me.who is not None
        before = me.table or self.tables.held_by(me.who)
        number = table.take(me.who, me.send, seat, code, table_code)
        if me.watching is not None:  # a spectator who sits down watches no more
            me.watching.unwatch(me.who)
            me.watching = None
        if before is not None and before is not table:
            before.leave(me.who)
            self.tables.tidy(before)
        me.table = table
        return {"type": "seated", "table": table.number, "seat": number,
                "code": table.code_of(me.who)}

    def _watch(self, me: _Player, table: Table, seat: int) -> dict[str, Any]:
        """Watch ``table``, stopping watching any other first; a seat held elsewhere is
        given up once the watching is certain, as when sitting down elsewhere."""
        assert me.who is not None
        before = me.watching
        spectator = table.watch(me.who, me.send, seat)
        if before is not None and before is not table:
            before.unwatch(me.who)
        me.watching = table
        held = me.table or self.tables.held_by(me.who)
        if held is not None:
            held.leave(me.who)
            self.tables.tidy(held)
            me.table = None
        return {"type": "watching", "table": table.number, "seat": spectator.seat,
                "reveal": table.reveal}

    def _chat(self, me: _Player, op: str, request: dict[str, Any]) -> dict[str, Any] | None:
        assert me.who is not None
        table = me.table or me.watching
        if table is None:
            raise ChatError("you are not at a table.")
        if op == "say":
            table.say(me.who, request.get("text"))
            return None
        name = request.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= 64:
            raise ChatError("say whose lines: /mute NAME.")
        tokens = table.tokens_named(name)
        if not tokens:
            raise ChatError(f"nobody called {name} is at this table or has spoken here.")
        if op == "mute":
            me.muted |= tokens
            return {"type": "chat-note",
                    "text": f"You will not see {name}'s lines in this session "
                            f"(/unmute {name} shows them again)."}
        me.muted -= tokens
        return {"type": "chat-note", "text": f"You see {name}'s lines again."}

    def _leave(self, me: _Player) -> None:
        """Give up the seat this player holds (one at a time, on any table)."""
        table = me.table or (self.tables.held_by(me.who) if me.who else None)
        if table is not None and me.who is not None:
            table.leave(me.who)
            self.tables.tidy(table)
        me.table = None
