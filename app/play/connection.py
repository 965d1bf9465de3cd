"""A player's app's end of the shared tables' socket: JSON lines out and in.

The server (``app/server/tables/protocol.py``) says what each line may ask and answers;
this is only the client: how the app finds the socket (set in its environment by the
server that started it), proves who it is, and sends and reads lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["LINE_LIMIT", "SOCKET_VARIABLE", "TOKEN_VARIABLE", "TableClient", "TablesAddress",
           "encode_line"]

# Set in the app's environment only in server mode.
SOCKET_VARIABLE = "MOON42_TABLES_SOCKET"
TOKEN_VARIABLE = "MOON42_TABLES_TOKEN"

LINE_LIMIT = 1 << 20  # bytes in one line, either way


def encode_line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


@dataclass(frozen=True)
class TablesAddress:
    """Where this app's shared tables are, and the token its session was given."""

    socket: str
    token: str


class TableClient:
    """A player's app's end of the socket: requests out, the server's messages in."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, path: str | Path, token: str) -> TableClient:
        reader, writer = await asyncio.open_unix_connection(str(path), limit=LINE_LIMIT)
        client = cls(reader, writer)
        await client.send({"op": "hello", "token": token})
        return client

    async def send(self, request: dict[str, Any]) -> None:
        self.writer.write(encode_line(request))
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
