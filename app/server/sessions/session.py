"""One SSH session: the game on its own PTY, or a message saying why not.

The session copies keys to the game at the pace the game takes them and no faster than
the player's input budget (``--input-rate``, ``--input-burst``): while keys wait for
either, it stops reading the channel, so a client that floods fills its own SSH window and
nothing else.  A new terminal size reaches the game at most twice a second (the latest
one).  However the game ends (the player quits, the server ends it, the connection
drops) the keys still waiting for it are dropped, the player's terminal is put back as it
was, and a dropped connection is said in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol

import asyncssh
from asyncssh.constants import MSG_CHANNEL_WINDOW_ADJUST
from asyncssh.packet import SSHPacket, UInt32

from ...play.connection import SOCKET_VARIABLE, TOKEN_VARIABLE
from ...play.paths import crash_report_since
from ...play.served import BOARD_VARIABLE
from ..accounts.identity import player_folder
from ..accounts.leaderboard import remember_name
from ..accounts.limits import InputBudget, Latest
from .terminal import CLIENT_VARIABLES, GameTerminal, app_command, app_environment, clamp_size

if TYPE_CHECKING:
    from ..accounts.identity import Identity

__all__ = ["GameChannel", "GameSession", "Connection"]

log = logging.getLogger("moon42.serve")

_WANTED = frozenset(name.encode() for name in CLIENT_VARIABLES)
_TERM_TYPE = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+_-")
# Keys held back while the session waits are joined into pieces of at most this many bytes.
_PIECE = 4096


class GameChannel(asyncssh.SSHServerChannel):
    """A session's channel that keeps only the variables the game reads, and gives the
    client back only the window its keys have left.

    asyncssh keeps every variable a client sends, each as long as a packet: a client
    could send them until the server's memory ran out.  And while the session does not
    read, asyncssh keeps the packets that come, but reopens the whole window as soon as it
    hands the session one of them: a client writing small packets was let send a window
    more for each packet the game took, and everything it sent piled up here.  This
    channel reopens the window by what it has handed on, no more, so what it holds for a
    client is at most its window, and a flood fills the client's own; the packets held
    are joined, so that small ones cost no more than their bytes.
    """

    _handed = 0  # bytes handed to the session since the window was last reopened

    def _process_env_request(self, packet: SSHPacket) -> bool:
        name, value = packet.get_string(), packet.get_string()
        packet.check_end()
        if name not in _WANTED or len(value) > 255:
            return False
        self._env[name] = value
        return True

    def _accept_data(self, data: bytes, datatype: int | None = None) -> None:
        super()._accept_data(data, datatype)
        held = self._recv_buf
        if len(held) > 1 and held[-2][1] == datatype and len(held[-2][0]) < _PIECE:
            piece = held[-2][0]
            if not isinstance(piece, bytearray):
                piece = bytearray(piece)
            piece += held.pop()[0]
            held[-1] = (piece, datatype)

    def _deliver_data(self, data: bytes, datatype: int | None) -> None:
        self._handed += len(data)
        if self._handed >= self._init_recv_window // 2:
            self.send_packet(MSG_CHANNEL_WINDOW_ADJUST, UInt32(self._handed))
            self._recv_window += self._handed
            self._handed = 0
        if self._session is not None:
            self._session.data_received(data, datatype)


class Connection(Protocol):
    """What a session asks of the SSH connection it runs on (``ssh.GameConnection``)."""

    service: Any  # the server (``ssh.GameService``): its settings, sessions, tables and port
    address: str
    identity: Identity | None

    def key_refusal(self) -> str | None: ...

    def game_started(self) -> None: ...

    def game_ended(self) -> None: ...

    def session_closed(self) -> None: ...


class GameSession(asyncssh.SSHServerSession):
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.service = connection.service
        self.terminal: GameTerminal | None = None
        self.size = (80, 24)
        self.term_type: str | None = None
        self.refusal: str | None = None  # why the session gets no game
        self.farewell: str | None = None  # why the game was ended
        self.lost = False  # the channel is gone: nothing more can be written
        self.ending = False  # the game is to end (it may not have started yet)
        limits = self.service.settings.limits
        self.budget = InputBudget(limits.input_rate, limits.input_burst)
        self._sizes: Latest[tuple[int, int]] = Latest(self._resize)
        self._keys = bytearray()  # keys the budget has not let through yet
        self._held = False  # the channel's reading is paused
        self._release: asyncio.TimerHandle | None = None
        self._idle: asyncio.TimerHandle | None = None
        self._last_key = 0.0
        self._task: asyncio.Task[None] | None = None
        self.who = connection.address  # as the log says who plays: folder and address

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    # ----- what the client asks for --------------------------------------

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: dict) -> bool:
        plain = len(term_type) <= 64 and set(term_type.encode()) <= _TERM_TYPE
        self.term_type = term_type if plain and term_type else "xterm-256color"
        self.size = clamp_size(term_size[0], term_size[1])
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
        limits = self.service.settings.limits
        refused_key = self.connection.key_refusal()
        why = refused_key or self.refusal
        identity = self.connection.identity
        # A key's player's name may be another's; a guest's may have become a member's.
        taken = None if why is not None or identity is None \
            else self.service.names.refusal(identity)
        if why is None and self.term_type is None:
            why = "moon42 needs a terminal: this session has none."
        if taken is not None:
            self._say_and_leave(taken, f"Sign in under another name: ssh -l OTHERNAME -p "
                                f"{self.service.port} HOST")
        elif refused_key is not None:  # the key's options refused it, terminal or none
            self._say_and_leave(refused_key, "Sign in with another key, or ask whoever keeps "
                                "the server's keys to change this one's options.")
        elif why is not None:
            self._say_and_leave(why, "Connect with a terminal: ssh -t -p "
                                f"{self.service.port} HOST")
        elif len(self.service.sessions) >= limits.max_sessions:
            self._say_and_leave("The moon42 server is full; please try again later.")
        elif self.service.busy.busy():
            self.service.note(self.connection.address, "game refused: the machine is busy")
            self._say_and_leave("The moon42 server is busy: the games being played need "
                                "all its time now. Please try again in a few minutes.")
        else:
            self.service.sessions.add(self)
            self.connection.game_started()
            self._task = asyncio.get_running_loop().create_task(self._play())

    def _say_and_leave(self, *lines: str) -> None:
        newline = "\r\n" if self.term_type else "\n"
        text = "".join(line + newline for line in lines)
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.write_stderr(text.encode())
            self.chan.exit(1)

    # ----- the game ------------------------------------------------------

    async def _play(self) -> None:
        identity = self.connection.identity
        assert identity is not None
        folder = player_folder(self.service.settings.folder, identity)
        (folder / "data").mkdir(parents=True, exist_ok=True)
        remember_name(folder, identity)
        client = dict(self.chan.get_environment())
        client["TERM"] = self.term_type or "xterm-256color"
        env = app_environment(client, folder)
        env[BOARD_VARIABLE] = str(self.service.board.path)
        env.update(self.service.settings.limits.player_environment())
        token = secrets.token_urlsafe(24)
        tables = self.service.tables
        if tables is not None:
            tables.admit(token, identity)
            env[SOCKET_VARIABLE] = str(tables.path)
            env[TOKEN_VARIABLE] = token
        self.terminal = GameTerminal(self._screen, self._taken, self.service.busy.answered)
        address = self.connection.address
        self.who = f"{folder.name} from {address}"
        status = 1
        started = time.time()
        try:
            await self.terminal.start(app_command(), env, *self.size,
                                      starter=self.service.starter)
            assert self.terminal.process is not None
            log.info("%s from %s: game starts (%s, %s, pid %d)", folder.name, address,
                     client["TERM"], "warm" if self.terminal.warm else "cold",
                     self.terminal.process.pid)
            self.service.memory.watch(self.terminal.process.pid, self._too_big)
            self._touch()
            if self.ending:  # ended while the game was starting
                await self.terminal.stop()
            status = await self.terminal.wait()
        except OSError as error:
            log.warning("cannot start the game: %s", error)
        finally:
            if tables is not None:
                tables.revoke(token)
            self._forget()
            log.info("%s: game ends (%s)", folder.name, self.farewell or status)
            report = crash_report_since(folder / "data", started)
            if report is not None:
                log.warning("%s: the game stopped on an error of its own; its report: %s",
                            folder.name, report)
        self._goodbye(status)

    def _goodbye(self, status: int) -> None:
        """Put the player's terminal back, say why the game ended, and close."""
        if self.lost:
            return
        assert self.terminal is not None
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.write(self.terminal.modes.undo())
            if self.farewell is not None:  # the server ended the game, not the player
                self.chan.write_stderr(f"{self.farewell}\r\n".encode())
                status = 1
            self.chan.exit(status if status >= 0 else 1)  # < 0: ended by a signal

    def _screen(self, data: bytes) -> None:
        if self.lost:
            return
        try:
            self.chan.write(data)
        except (OSError, asyncssh.Error) as error:
            self._dropped(str(error))

    def _dropped(self, why: str) -> None:
        """The channel is gone: one line in the log, and the game ends."""
        if self.lost:
            return
        self.lost = True
        log.info("%s: the connection dropped (%s)", self.connection.address, why)
        asyncio.get_running_loop().create_task(self.end())

    # ----- keys, sizes, idling -----------------------------------------------

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self._last_key = asyncio.get_running_loop().time()
        if self.terminal is None or self.ending:
            return
        self._keys += data
        self._feed()

    def _feed(self) -> None:
        """Give the game the keys the budget lets through and the game takes; read the
        channel only while none wait."""
        terminal = self.terminal
        if terminal is None or self.lost:
            return
        while self._keys and not terminal.waiting:
            allowed = self.budget.available()
            if not allowed:
                break
            chunk = bytes(self._keys[:allowed])
            del self._keys[:allowed]
            self.budget.spend(len(chunk))
            terminal.write(chunk)
        if not self._keys and not terminal.waiting:
            if self._held:
                self._held = False
                self.chan.resume_reading()
            return
        if not self._held:
            self._held = True
            self.chan.pause_reading()
        if self._keys and not terminal.waiting and self._release is None:
            # A twentieth of a second's worth at a time: smooth, without a timer a byte.
            wait = self.budget.time_for(min(len(self._keys), self.budget.rate // 20 or 1))
            self._release = asyncio.get_running_loop().call_later(wait, self._timed)

    def _taken(self) -> None:
        """The game has taken every key that waited at its terminal."""
        self._feed()

    def _timed(self) -> None:
        self._release = None
        self._feed()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = clamp_size(width, height)
        if self.terminal is not None:
            self._sizes.offer(self.size)

    def _resize(self, size: tuple[int, int]) -> None:
        if self.terminal is not None:
            self.terminal.resize(*size)

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

    def _too_big(self, used: float) -> None:
        """The game has gone past its memory cap: it ends, saved, and the server goes on."""
        cap = self.service.memory.cap
        log.warning("%s: game ended: it used %.0f MiB of memory, over --game-memory %d",
                    self.who, used, cap)
        asyncio.get_running_loop().create_task(self.end(
            f"moon42: the game used more memory than a game may ({cap} MiB); it has "
            "ended, and it is saved."))

    def eof_received(self) -> bool:
        # The player can type no more: the game ends, and the channel stays open for
        # the terminal to be put back.
        self.farewell = "moon42: the connection's input has ended; the game has ended."
        asyncio.get_running_loop().create_task(self.end())
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self.connection.session_closed()
        if exc is not None:
            self._dropped(str(exc))
        self.lost = True
        asyncio.get_running_loop().create_task(self.end())

    async def end(self, farewell: str | None = None) -> None:
        """Stop the game (``farewell`` says why, if nothing has yet); the keys that wait
        for it are dropped."""
        if farewell is not None and self.farewell is None:
            self.farewell = farewell
        self.ending = True
        self._keys.clear()
        self._sizes.cancel()
        if self.terminal is not None:
            self.terminal.drop_keys()
            await self.terminal.stop()
        if self._task is not None:
            await asyncio.wait([self._task])

    def _forget(self) -> None:
        self.service.sessions.discard(self)
        self.connection.game_ended()
        if self.terminal is not None and self.terminal.process is not None:
            self.service.memory.forget(self.terminal.process.pid)
        self._sizes.cancel()
        for timer in (self._idle, self._release):
            if timer is not None:
                timer.cancel()
        self._idle = self._release = None
