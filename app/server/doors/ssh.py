"""``moon42 serve ssh``: every SSH session is a game of its own, on its own PTY.

A player connects with an ordinary SSH client and gets the lobby.  The server answers
only that: commands (``ssh host ls``), subsystems (sftp), sessions without a terminal and
every kind of forwarding are refused with a message saying so.

Every connection leads to a game or is closed: one that has no game ``login_grace``
seconds after it opened (or after its game ended) is closed, however far it got.  The
connections open at once are limited in all and per address (beyond either, a new one is
closed before the key exchange costs anything), and so are the attempts an address makes
in a window (those are told why, once signed in).  Connections not yet signed in are
refused at random beyond ``max_startups``' start, as OpenSSH's ``MaxStartups`` does, so
idle connections cannot hold the door shut.
"""

from __future__ import annotations

import asyncio
import logging
import random
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ...play.bot_pool import BotPool
from ...play.chat import DEFAULT_RATE
from ...play.move_clock import DEFAULT_MOVE_CLOCK
from ...play.spectators import DEFAULT_SPECTATORS
from ...play.stats.table_records import TableRecords
from ...play.stats.table_stats import TableStats
from ..accounts.identity import Identity, guest_identity, host_key, name_problem
from ..accounts.keys import AuthorizedKeys, ConnectionKeys, confirmed_host_name
from ..accounts.leaderboard import Leaderboard
from ..accounts.limits import AttemptLimiter, ConnectionCount, Quieter, ServeLimits
from ..accounts.names import ClubNames
from ..sessions.busy import DEFAULT_BUSY_ANSWER_MS, BusyGauge
from ..sessions.game_memory import MemoryWatch
from ..sessions.session import GameChannel, GameSession
from ..sessions.terminal import app_environment
from ..sessions.warm import WarmStarter, zygote_environment
from ..tables.hub import Tables
from ..tables.protocol import TableServer

__all__ = ["SshSettings", "GameService"]

log = logging.getLogger("moon42.serve")

# What a client may send on a channel before the server has taken it: keys need little.
_WINDOW = 64 * 1024
# A dead client is found by keepalives: one every this many seconds, four unanswered.
_KEEPALIVE = 15.0
# How long the server waits, stopping, for clients to read their last words.
_STOP_WAIT = 5.0


@dataclass(frozen=True)
class SshSettings:
    host: str
    port: int
    folder: Path  # the server's data: host key, and a folder per player
    authorized_keys: Path | None  # None: guests, no key needed
    limits: ServeLimits
    table_grace: float = 30.0  # how long a dropped player's seat waits before a bot plays it
    table_pace: float = 1.0  # seconds between bot moves at the shared tables
    use_dns: bool = False  # look up clients' host names for from= patterns
    warm: bool = True  # fork games from a warm process (False: every game starts cold)
    immortal: bool = True  # the warm process's objects immortal where Python allows it
    bot_workers: int | None = None  # processes deciding the tables' bot moves (None: a core)
    busy_answer: float | None = DEFAULT_BUSY_ANSWER_MS  # refuse new games over (ms)
    max_spectators: int = DEFAULT_SPECTATORS  # at one shared table
    chat_rate: int = DEFAULT_RATE  # chat lines a player may say in RATE_WINDOW seconds
    move_clock: float = DEFAULT_MOVE_CLOCK  # seconds a player has for a turn (0: no end)


class GameService:
    """The listening server, its players' sessions and its limits."""

    def __init__(self, settings: SshSettings) -> None:
        self.settings = settings
        limits = settings.limits
        self.sessions: set[GameSession] = set()
        self.connections: set[GameConnection] = set()
        self.attempts = AttemptLimiter(limits.max_attempts, limits.attempt_window)
        self.count = ConnectionCount(limits.max_connections, limits.max_per_address)
        self.signing_in = 0  # connections open and not yet signed in
        self.draw = random.Random()  # which connections the startups' limit refuses
        self.quieter = Quieter()
        self.guests: dict[str, GameConnection] = {}  # guest names signed in now
        self.keys = AuthorizedKeys(settings.authorized_keys) if settings.authorized_keys \
            else None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.port = settings.port
        self.tables: TableServer | None = None
        self.starter: WarmStarter | None = None
        self.bots: BotPool | None = None
        self._warming: asyncio.Task[None] | None = None
        self.busy = BusyGauge(settings.busy_answer, report=lambda: len(self.sessions))
        self.memory = MemoryWatch(limits.game_memory)
        self.board = Leaderboard(settings.folder)
        self.names = ClubNames(settings.folder)  # who holds which name at the tables

    async def start(self) -> int:
        """Listen; the port really listened on (``port`` 0 picks a free one)."""
        settings = self.settings
        # The shared tables: in this process, reached by the players' apps on a local socket.
        socket = Path(tempfile.mkdtemp(prefix="moon42-tables-")) / "tables.sock"
        await asyncio.to_thread(self.names.read)
        self.bots = BotPool(settings.bot_workers)
        stats = TableStats(settings.folder)
        self.tables = TableServer(socket, Tables(grace=settings.table_grace,
                                                 pace=settings.table_pace,
                                                 decide=self.bots.decide,
                                                 max_spectators=settings.max_spectators,
                                                 chat_rate=settings.chat_rate,
                                                 stats=stats,
                                                 move_clock=settings.move_clock,
                                                 records=TableRecords(settings.folder, stats)))
        await self.tables.start()
        self.busy.start()
        self.board.start()
        self._warming = asyncio.get_running_loop().create_task(self.bots.warm())
        if settings.warm:
            self.starter = WarmStarter(zygote_environment(app_environment({}, settings.folder)),
                                       game_memory=settings.limits.game_memory,
                                       immortal=settings.immortal)
            self.starter.start()
        self._acceptor = await asyncssh.create_server(
            lambda: GameConnection(self), settings.host, settings.port,
            server_host_keys=[host_key(settings.folder)],
            line_editor=False, encoding=None, window=_WINDOW,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            login_timeout=settings.limits.login_grace,
            keepalive_interval=_KEEPALIVE, keepalive_count_max=4,
        )
        self.port = self._acceptor.sockets[0].getsockname()[1]
        return self.port

    def host_fingerprint(self) -> str:
        return host_key(self.settings.folder).get_fingerprint("sha256")

    def note(self, address: str, what: str) -> None:
        """A line in the log about ``address``, unless one was written lately."""
        if self.quieter.due(f"{address} {what}"):
            log.info("%s: %s", address, what)

    async def close(self) -> None:
        """Stop listening, end every game (telling its player) and close every connection."""
        if self._acceptor is not None:
            self._acceptor.close()
        farewell = "moon42: the server is stopping; the game has ended."
        await asyncio.gather(*(session.end(farewell) for session in list(self.sessions)))
        # A client whose game has ended closes its connection itself once it has shown
        # the last words (closed first, it would drop them): it is given a moment to.
        closing = [asyncio.ensure_future(c.conn.wait_closed()) for c in self.connections]
        for connection in list(self.connections):
            if not connection.channels:
                connection.conn.close()
        if closing:
            await asyncio.wait(closing, timeout=_STOP_WAIT)
        for connection in list(self.connections):
            connection.conn.close()
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        if self.starter is not None:
            await self.starter.close()
        if self.tables is not None:
            await self.tables.close()
            shutil.rmtree(self.tables.path.parent, ignore_errors=True)
        if self._warming is not None:
            self._warming.cancel()
        if self.bots is not None:
            await asyncio.to_thread(self.bots.close, True)
        await self.busy.close()
        await self.board.close()
        await self.memory.close()


class GameConnection(asyncssh.SSHServer):
    """One SSH connection: its limits, its sign-in, and no forwarding of any kind."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.address = "?"
        self.counted = False
        self.limited = False
        self.identity: Identity | None = None
        self.keys: ConnectionKeys | None = None
        self.games = 0  # its game sessions running now
        self.signing_in = False  # counted in the service's ``signing_in``
        self.channels = 0  # its sessions open now, with a game or not
        self._grace: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = str((conn.get_extra_info("peername") or ("?",))[0])
        service, limits = self.service, self.service.settings.limits
        refusal = service.count.admit(self.address)
        if refusal is None and limits.max_startups.refuses(service.signing_in,
                                                           service.draw.random()):
            service.count.release(self.address)
            refusal = "too many connections are signing in now; try again"
        if refusal is not None:
            service.note(self.address, f"connection refused: {refusal}")
            # Before the key exchange, so a flood of connections costs next to nothing.
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
        self.counted = True
        self.signing_in = True
        service.signing_in += 1
        service.connections.add(self)
        self.limited = service.attempts.attempt(self.address) > limits.max_attempts
        if self.limited:
            service.note(self.address, "too many attempts")
        self._wait_for_game()

    def _wait_for_game(self) -> None:
        grace = self.service.settings.limits.login_grace
        self._grace = asyncio.get_running_loop().call_later(grace, self._no_game)

    def _no_game(self) -> None:
        self._grace = None
        if self.games:
            return
        grace = self.service.settings.limits.login_grace
        self.service.note(self.address, f"connections without a game within {grace:g} "
                          "seconds are closed")
        self.conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                             f"moon42: no game was started within {grace:g} seconds")

    def game_started(self) -> None:
        self.games += 1
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None

    def game_ended(self) -> None:
        self.games -= 1
        if not self.games and self._grace is None and self.counted:
            self._wait_for_game()

    def _signed_in(self) -> None:
        if self.signing_in:
            self.signing_in = False
            self.service.signing_in -= 1

    def connection_lost(self, exc: Exception | None) -> None:
        self._signed_in()
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        if self.counted:
            self.counted = False
            self.service.count.release(self.address)
            self.service.connections.discard(self)
        if self.identity is not None and self.service.guests.get(self.identity.label) is self:
            del self.service.guests[self.identity.label]

    # ----- signing in --------------------------------------------------------

    async def begin_auth(self, username: str) -> bool:
        service = self.service
        if self.limited:  # said after the key exchange, when the client can show it
            wait = service.attempts.wait_for(self.address)
            raise asyncssh.DisconnectError(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"too many connection attempts from {self.address}; try again in "
                f"{max(1, round(wait))} seconds",
            )
        problem = name_problem(username)
        if problem is not None:
            raise asyncssh.DisconnectError(asyncssh.DISC_ILLEGAL_USER_NAME,
                                           f"moon42: {problem}")
        if service.keys is None:
            return self._guest(username)
        keys = service.keys.read()
        self.keys = None
        if keys is not None:
            host = await confirmed_host_name(self.address) if service.settings.use_dns \
                else ""
            self.keys = ConnectionKeys(keys, username, host, self.address)
            self.conn.set_authorized_keys(self.keys)
        return True

    def _guest(self, username: str) -> bool:
        """A guest signs in by name alone, if nobody is signed in with it now."""
        who = guest_identity(username)
        refusal = self.service.names.refusal(who)
        if refusal is not None:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_ILLEGAL_USER_NAME,
                f"moon42: {refusal} ssh -l OTHERNAME -p {self.service.port} HOST")
        holder = self.service.guests.get(who.label)
        if holder is not None and holder is not self:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_ILLEGAL_USER_NAME,
                f"moon42: {who.name!r} is signed in on this server now; choose another "
                f"name: ssh -l OTHERNAME -p {self.service.port} HOST",
            )
        if self.identity is not None and self.service.guests.get(self.identity.label) is self:
            del self.service.guests[self.identity.label]
        self.service.guests[who.label] = self
        self.identity = who
        return False  # no password, no key

    def public_key_auth_supported(self) -> bool:
        return self.service.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return self.keys is not None and self.keys.check(key)

    def auth_completed(self) -> None:
        self._signed_in()
        if self.keys is not None and self.keys.grant is not None:
            self.identity = self.keys.grant.identity

    def key_refusal(self) -> str | None:
        """Why the key this connection signed in with may not play, or None."""
        if self.keys is None or self.keys.grant is None:
            return None
        refusal = self.keys.grant.refusal()
        forced = self.conn.get_certificate_option("force-command")
        if refusal is None and forced:
            refusal = (f"this key's certificate forces a command (force-command="
                       f"\"{str(forced)[:60]}\"); the game is the only thing moon42 runs, so "
                       "the key cannot play here.")
        if refusal is None and not self.conn.check_certificate_permission("pty"):
            refusal = ("this key's certificate does not permit a terminal (no permit-pty): "
                       "the game needs one, so the key cannot play here.")
        return refusal

    # ----- what the connection asks for ---------------------------------------

    def session_requested(self) -> tuple[asyncssh.SSHServerChannel, GameSession]:
        if self.channels:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                            "moon42 plays one game per connection")
        chan = self.conn.create_server_channel(None, "strict", _WINDOW)
        chan.__class__ = GameChannel  # keeps only the variables the game reads
        self.channels += 1
        session = GameSession(self)
        return chan, session

    def session_closed(self) -> None:
        self.channels -= 1

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
