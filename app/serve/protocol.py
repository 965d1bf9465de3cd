"""The shared tables' socket: JSON lines between the server and each player's app.

A player's app (one per SSH session) connects to the server's Unix socket, says who it
is (``hello``), and then asks: ``list`` the tables, ``open`` one (a game and its house
rules), ``join`` one, ``act`` there, say it has seen the hand's ``next`` summary, or
``leave``.  The server answers each request, and pushes the seat's ``view`` (with the
events that led to it) after every change at the table.  One connection holds at most
one seat; when it closes, the seat waits for its player (see ``tables``).
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

from .tables import Table, TableError, Tables
from .view_codec import CodecError, decode

__all__ = ["TableServer", "TableClient", "SOCKET_VARIABLE", "PLAYER_VARIABLE",
           "NAME_VARIABLE"]

log = logging.getLogger("moon42.tables")

# Set in the app's environment only in server mode.
SOCKET_VARIABLE = "MOON42_TABLES_SOCKET"
PLAYER_VARIABLE = "MOON42_PLAYER"
NAME_VARIABLE = "MOON42_PLAYER_NAME"

_LINE_LIMIT = 1 << 20


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


class _Player:
    """One app's connection: who it is and where it sits."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.player: str | None = None
        self.name = ""
        self.table: Table | None = None

    def send(self, message: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write(_line(message))


class TableServer:
    """Listens on a Unix socket for the players' apps."""

    def __init__(self, path: Path, tables: Tables) -> None:
        self.path, self.tables = path, tables
        self._server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._server = await asyncio.start_unix_server(self._serve, path=str(self.path),
                                                       limit=_LINE_LIMIT)
        os.chmod(self.path, 0o600)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.tables.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        me = _Player(writer)
        try:
            while line := await reader.readline():
                try:
                    request = json.loads(line)
                    if not isinstance(request, dict):
                        raise ValueError("a request is a JSON object")
                    answer = self._answer(me, request)
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
            if me.table is not None and me.player is not None:
                me.table.drop(me.player, me.send)
            writer.close()

    def _answer(self, me: _Player, request: dict[str, Any]) -> dict[str, Any] | None:
        op = request.get("op")
        if op == "hello":
            me.player, me.name = str(request["player"]), str(request.get("name") or "Player")
            held = self.tables.held_by(me.player)
            return {"type": "hello", "held": held.number if held else None}
        if me.player is None:
            raise TableError("say hello first.")
        if op == "list":
            return {"type": "tables", "tables": self.tables.listing()}
        if op == "open":
            self._leave(me)
            options = request.get("options") or {}
            if not isinstance(options, dict):
                raise ValueError("options are a JSON object")
            table = self.tables.open(str(request.get("game")), options, request.get("seed"))
            return self._sit(me, table, None)
        if op == "join":
            table = self.tables.get(int(request["table"]))
            seat = request.get("seat")
            if (me.table or self.tables.held_by(me.player)) is not table:
                if table.seat_of(me.player) is None and seat is None and \
                        all(s.player is not None for s in table.seats):
                    raise TableError(f"table {table.number} is full.")
                self._leave(me)
            return self._sit(me, table, None if seat is None else int(seat))
        if me.table is None:
            raise TableError("you are not at a table.")
        if op == "act":
            me.table.act(me.player, decode(request["action"]))
            return None
        if op == "next":
            me.table.next_hand(me.player)
            return None
        if op == "leave":
            self._leave(me)
            return {"type": "left", "reason": "You left the table."}
        raise TableError(f"unknown request {op!r}.")

    def _sit(self, me: _Player, table: Table, seat: int | None) -> dict[str, Any]:
        assert me.player is not None
        number = table.take(me.player, me.name, me.send, seat)
        me.table = table
        return {"type": "seated", "table": table.number, "seat": number}

    def _leave(self, me: _Player) -> None:
        """Give up the seat this player holds (one at a time, on any table)."""
        table = me.table or (self.tables.held_by(me.player) if me.player else None)
        if table is not None and me.player is not None:
            table.leave(me.player)
            self.tables.tidy(table)
        me.table = None


class TableClient:
    """A player's app's end of the socket: requests out, the server's messages in."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, path: str | Path, player: str, name: str) -> TableClient:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=_LINE_LIMIT)
        client = cls(reader, writer)
        await client.send({"op": "hello", "player": player, "name": name})
        return client

    async def send(self, request: dict[str, Any]) -> None:
        self.writer.write(_line(request))
        await self.writer.drain()

    async def receive(self) -> dict[str, Any] | None:
        """The next message, or None when the server has gone."""
        try:
            line = await self.reader.readline()
        except (ConnectionError, ValueError):
            return None
        return json.loads(line) if line else None

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()
