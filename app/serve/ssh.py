"""``moon42 serve ssh``: every SSH session is a game of its own, on its own PTY.

A player connects with an ordinary SSH client and gets the lobby.  The server answers
only that: commands (``ssh host ls``), subsystems (sftp), sessions without a terminal and
every kind of forwarding are refused with a message saying so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from .identity import authorized_fingerprints, host_key, player_folder
from .limits import AttemptLimiter, ServeLimits
from .protocol import NAME_VARIABLE, PLAYER_VARIABLE, SOCKET_VARIABLE, TableServer
from .tables import Tables
from .terminal import GameTerminal, app_command, app_environment

__all__ = ["SshSettings", "GameService"]

log = logging.getLogger("moon42.serve")



@dataclass(frozen=True)
class SshSettings:
    host: str
    port: int
    folder: Path  # the server's data: host key, and a folder per player
    authorized_keys: Path | None  # None: guests, no key needed
    limits: ServeLimits
    table_grace: float = 30.0  # how long a dropped player's seat waits before a bot plays it
    table_pace: float = 1.0  # seconds between bot moves at the shared tables


class GameService:
    """The listening server, its players' sessions and its limits."""

    def __init__(self, settings: SshSettings) -> None:
        self.settings = settings
        self.sessions: set[GameSession] = set()
        self.attempts = AttemptLimiter(settings.limits.max_attempts,
                                       settings.limits.attempt_window)
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.port = settings.port
        self.tables: TableServer | None = None

    async def start(self) -> int:
        """Listen; the port really listened on (``port`` 0 picks a free one)."""
        settings = self.settings
        # The shared tables: in this process, reached by the players' apps on a local socket.
        socket = Path(tempfile.mkdtemp(prefix="moon42-tables-")) / "tables.sock"
        self.tables = TableServer(socket, Tables(grace=settings.table_grace,
                                                 pace=settings.table_pace))
        await self.tables.start()
        self._acceptor = await asyncssh.create_server(
            lambda: GameConnection(self), settings.host, settings.port,
            server_host_keys=[host_key(settings.folder)],
            line_editor=False, encoding=None,
            agent_forwarding=False, x11_forwarding=False,
            allow_scp=False, login_timeout=60, keepalive_interval=60,
        )
        self.port = self._acceptor.sockets[0].getsockname()[1]
        return self.port

    def host_fingerprint(self) -> str:
        return host_key(self.settings.folder).get_fingerprint("sha256")

    async def close(self) -> None:
        """Stop listening and end every game."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        await asyncio.gather(*(session.end() for session in list(self.sessions)))
        if self.tables is not None:
            await self.tables.close()
            shutil.rmtree(self.tables.path.parent, ignore_errors=True)


class GameConnection(asyncssh.SSHServer):
    """One SSH connection: the address limit, sign-in, and no forwarding of any kind."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.fingerprint: str | None = None
        self.username = ""
        self.address = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = (conn.get_extra_info("peername") or ("?",))[0]
        self.limited = self.service.attempts.attempt(self.address) > \
            self.service.settings.limits.max_attempts
        if self.limited:
            log.info("too many attempts from %s", self.address)

    def begin_auth(self, username: str) -> bool:
        if self.limited:  # said after the key exchange, when the client can show it
            wait = self.service.attempts.wait_for(self.address)
            raise asyncssh.DisconnectError(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"too many connection attempts from {self.address}; try again in "
                f"{max(1, round(wait))} seconds",
            )
        self.username = username
        return self.service.settings.authorized_keys is not None

    def session_requested(self) -> GameSession:
        return GameSession(self.service)

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        path = self.service.settings.authorized_keys
        if path is None:
            return False
        try:
            allowed = authorized_fingerprints(path)
        except OSError as error:
            log.warning("cannot read %s: %s", path, error)
            return False
        fingerprint = key.get_fingerprint("sha256")
        if fingerprint not in allowed:
            return False
        self.fingerprint = fingerprint
        return True

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
            "moon42 serves the game only: port forwarding is refused",
        )

    def unix_connection_requested(self, dest_path: str) -> bool:
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
            "moon42 serves the game only: socket forwarding is refused",
        )

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class GameSession(asyncssh.SSHServerSession):
    """One SSH session: the app on a PTY, or a message saying why not."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.terminal: GameTerminal | None = None
        self.size = (80, 24)
        self.term_type: str | None = None
        self.refusal: str | None = None  # why the session gets no game
        self.farewell: str | None = None  # why the game was ended
        self._idle: asyncio.TimerHandle | None = None
        self._last_key = 0.0
        self._task: asyncio.Task[None] | None = None

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: dict) -> bool:
        self.term_type = term_type
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.refusal = f"moon42 runs no commands, only the game (you asked for {command[:60]!r})."
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.refusal = f"moon42 offers no subsystems, only the game (you asked for " \
            f"{subsystem[:60]!r})."
        return True

    def session_started(self) -> None:
        if self.refusal is None and self.term_type is None:
            self.refusal = "moon42 needs a terminal: this session has none."
        if self.refusal is not None:
            self._say_and_leave(self.refusal,
                                f"Connect with a terminal: ssh -t -p {self.service.port} HOST")
        elif len(self.service.sessions) >= self.service.settings.limits.max_sessions:
            self._say_and_leave("The moon42 server is full; please try again later.")
        else:
            self.service.sessions.add(self)
            self._task = asyncio.get_running_loop().create_task(self._play())

    def _say_and_leave(self, *lines: str) -> None:
        newline = "\r\n" if self.term_type else "\n"
        text = "".join(line + newline for line in lines)
        self.chan.write_stderr(text.encode())
        self.chan.exit(1)

    async def _play(self) -> None:
        server: GameConnection = self.chan.get_connection().get_owner()
        folder = player_folder(self.service.settings.folder, server.fingerprint,
                               server.username)
        for part in ("data", "config"):
            (folder / part).mkdir(parents=True, exist_ok=True)
        client = dict(self.chan.get_environment())
        client["TERM"] = self.term_type or "xterm-256color"
        env = app_environment(client, folder)
        if self.service.tables is not None:
            env[SOCKET_VARIABLE] = str(self.service.tables.path)
            env[PLAYER_VARIABLE] = folder.name
            env[NAME_VARIABLE] = (server.username or "Player")[:16]
        command = app_command()
        self.terminal = GameTerminal(self._screen)
        log.info("%s from %s: game starts (%s)", folder.name, server.address, client["TERM"])
        status = 1
        try:
            await self.terminal.start(command, env, *self.size)
            self._touch()
            status = await self.terminal.wait()
        except OSError as error:
            log.warning("cannot start the game: %s", error)
        finally:
            self._forget()
            log.info("%s: game ends (%s)", folder.name, status)
        if self.farewell is not None:  # said once the app has restored the screen
            self.chan.write_stderr(f"{self.farewell}\r\n".encode())
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.exit(status if status >= 0 else 1)  # < 0: ended by a signal

    def _screen(self, data: bytes) -> None:
        self.chan.write(data)

    # ----- keys, sizes, idling -----------------------------------------------

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self._last_key = asyncio.get_running_loop().time()
        if self.terminal is not None:
            self.terminal.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width, height)
        if self.terminal is not None:
            self.terminal.resize(width, height)

    def pause_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.pause_output()

    def resume_writing(self) -> None:
        if self.terminal is not None:
            self.terminal.resume_output()

    def _touch(self) -> None:
        loop = asyncio.get_running_loop()
        self._last_key = loop.time()
        self._idle = loop.call_later(self.service.settings.limits.idle_timeout, self._check_idle)

    def _check_idle(self) -> None:
        loop = asyncio.get_running_loop()
        timeout = self.service.settings.limits.idle_timeout
        left = self._last_key + timeout - loop.time()
        if left > 0:
            self._idle = loop.call_later(left, self._check_idle)
            return
        self.farewell = f"moon42: no key pressed for {timeout:g} seconds; the game has ended."
        loop.create_task(self.end())

    # ----- the end -------------------------------------------------------------

    def eof_received(self) -> bool:
        asyncio.get_running_loop().create_task(self.end())
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        asyncio.get_running_loop().create_task(self.end())

    async def end(self) -> None:
        if self.terminal is not None:
            await self.terminal.stop()
        if self._task is not None:
            await asyncio.wait([self._task])

    def _forget(self) -> None:
        self.service.sessions.discard(self)
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
