"""``moon42 serve web``: the game in a web page, one app process per browser tab.

textual-serve's parts do the work: its page script draws the terminal, and its
``AppService`` runs the app behind each tab's websocket (the app draws through Textual's
web driver).  Its ``Server`` is not used: it lists ``/static/`` as a directory, has the page
fetch a font from an outside service, and takes a websocket from any page, as many as
come, with no limit on what they send.  This server serves the same page from its own
files only, and guards the websocket:

- its ``Origin`` must be the page's own address (``--public-url`` when set);
- at most ``max_sessions`` games at once, ``max_per_address`` from one address;
- a game ends after ``idle_timeout`` seconds without a key;
- keys pass at ``input_rate`` bytes a second at most (``input_burst`` at once), at most
  ``_HELD`` bytes of them wait (more are dropped), sizes are clamped and reach the game at
  most twice a second;
- when the websocket closes, the keys still waiting are dropped and the game is asked to
  end, then killed; it counts against the limits until it is gone;
- with a password, the page and the websocket need the sign-in's cookie (or the password
  in the address, ``?password=...``), and an address gets ``_TRIES`` wrong passwords a
  minute;
- over TLS when given a certificate (``tls``); a client's address is the peer's, or, only
  when told to trust a proxy's header (``proxy_header``), the last one that header names.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import os
import secrets
import shlex
import ssl
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from ...play.paths import DATA_VARIABLE, crash_report_since
from ..accounts.limits import AttemptLimiter, InputBudget, Latest, Quieter, ServeLimits, source_of
from ..sessions.busy import DEFAULT_BUSY_ANSWER_MS, BusyGauge
from ..sessions.game_memory import MemoryWatch
from ..sessions.terminal import app_command, clamp_size
from ..sessions.warm import WarmStarter
from ..sessions.web_warm import WarmAppService, web_zygote_environment
from .page import SECURITY_HEADERS, game_page, message_page, sign_in_page
from .tls import plain_secrets_warning

__all__ = ["WebSettings", "GameWebServer", "serve_web"]

log = logging.getLogger("moon42.serve")

_STATIC = Path(textual_serve.__file__).parent / "static"
_COOKIE = "moon42"
_TRIES, _TRY_WINDOW = 10, 60.0  # wrong passwords an address may give in a window
_MESSAGE_BYTES = 64 * 1024  # the most one websocket message may hold
_HELD = 64 * 1024  # the most keys that may wait for the budget; more are dropped
_KEEPALIVE = 15.0  # an HTTP connection without a request is closed after this long
_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
_BUSY = "The moon42 server is busy: the games being played need all its time now. Please " \
    "try again in a few minutes."


@dataclass(frozen=True)
class WebSettings:
    host: str
    port: int
    public_url: str | None
    folder: Path
    limits: ServeLimits
    password: str | None = None
    warm: bool = True  # fork games from a warm process (False: every game starts cold)
    immortal: bool = True  # the warm process's objects immortal where Python allows it
    busy_answer: float | None = DEFAULT_BUSY_ANSWER_MS  # refuse new games over (ms)
    tls: ssl.SSLContext | None = None  # None: plain HTTP
    proxy_header: str | None = None  # the header a TLS proxy names the client in

    @property
    def scheme(self) -> str:
        return "http" if self.tls is None else "https"


@dataclass
class _Game:
    """One tab's game: where it comes from and when its last key came."""

    address: str
    last_key: float


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host).is_loopback
    return False


def _to_int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


class _Keys:
    """The keys a browser has sent that the game has not been given yet, given to it as
    the budget allows; at most ``_HELD`` bytes wait."""

    def __init__(self, service: AppService, budget: InputBudget) -> None:
        self.service, self.budget = service, budget
        self.waiting = bytearray()
        self._task: asyncio.Task[None] | None = None

    def add(self, keys: bytes) -> bool:
        """Queue ``keys``; False if they were dropped, there being too many waiting."""
        if len(self.waiting) + len(keys) > _HELD:
            return False
        self.waiting += keys
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._give())
        return True

    async def _give(self) -> None:
        budget = self.budget
        while self.waiting:
            allowed = budget.available()
            if not allowed:
                step = min(len(self.waiting), int(budget.rate) // 20 or 1)
                await asyncio.sleep(budget.time_for(step))
                continue
            chunk = bytes(self.waiting[:allowed])
            del self.waiting[:allowed]
            budget.spend(len(chunk))
            await self.service.send_bytes(chunk)

    async def drop(self) -> None:
        """The browser has gone: the keys that wait go too."""
        self.waiting.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError, OSError):
                await self._task


class GameWebServer:
    """The routes, the sessions and their limits."""

    def __init__(self, settings: WebSettings, command: list[str] | None = None) -> None:
        self.settings = settings
        self.command = shlex.join(command or app_command())
        self.title = "moon42"
        self.sessions: dict[web.WebSocketResponse, _Game] = {}
        self.tries = AttemptLimiter(_TRIES, _TRY_WINDOW)
        self.quieter = Quieter()  # refusals: a line a minute per address and reason
        self.pass_token = secrets.token_urlsafe(32)  # the cookie of a signed-in browser
        self.downloads = DownloadManager()
        self.starter: WarmStarter | None = None
        self.busy = BusyGauge(settings.busy_answer, report=lambda: len(self.sessions))
        self.memory = MemoryWatch(settings.limits.game_memory)

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.add_routes([
            web.get("/", self.index),
            web.post("/sign-in", self.sign_in),
            web.get("/ws", self.websocket),
            web.static("/static", _STATIC, show_index=False, follow_symlinks=False),
        ])
        app.on_startup.append(self._started)
        app.on_shutdown.append(self._shutdown)
        return app

    # ----- every request -------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler) -> web.StreamResponse:
        if not self._host_ok(request):
            response: web.StreamResponse = web.Response(
                status=421, text="This server does not answer to that name.")
        else:
            try:
                response = await handler(request)
            except web.HTTPException as error:
                error.headers.update(SECURITY_HEADERS)
                raise
        if not isinstance(response, web.WebSocketResponse) and not response.prepared:
            response.headers.update(SECURITY_HEADERS)
        return response

    def _host_ok(self, request: web.Request) -> bool:
        """A page on a loopback address answers only to loopback names, so that a site
        whose name is made to point at this machine cannot read it."""
        if self.settings.public_url or not is_loopback(self.settings.host):
            return True
        host = (request.host or "").lower()
        return any(host in (name, f"{name}:{self.settings.port}") for name in _LOOPBACK_NAMES)

    def _page_origin(self, request: web.Request) -> str:
        if self.settings.public_url:
            return _origin(self.settings.public_url)
        return f"{self.settings.scheme}://{request.host}".lower()

    def _address(self, request: web.Request) -> str:
        """The client's address: the peer's; behind a proxy the server was told to trust
        (``proxy_header``), the last address in its header, the one the proxy saw."""
        header = self.settings.proxy_header
        if header is not None:
            last = request.headers.get(header, "").rsplit(",", 1)[-1].strip()
            with contextlib.suppress(ValueError):
                return str(ipaddress.ip_address(last))
        return request.remote or "?"

    def _signed_in(self, request: web.Request) -> bool:
        if self.settings.password is None:
            return True
        cookie = request.cookies.get(_COOKIE, "")
        return hmac.compare_digest(cookie.encode(), self.pass_token.encode())

    # ----- the page and signing in -----------------------------------------

    async def index(self, request: web.Request) -> web.StreamResponse:
        given = request.query.get("password")
        if given is not None:
            return self._try_password(request, given)
        if not self._signed_in(request):
            return self._html(sign_in_page(self.title, "This server asks for a password."))
        if len(self.sessions) >= self.settings.limits.max_sessions:
            return self._html(message_page(self.title, "The moon42 server is full; please "
                                           "try again later."), status=503)
        if self.busy.busy():
            return self._html(message_page(self.title, _BUSY), status=503)
        origin = self._page_origin(request)
        websocket = "ws" + origin.removeprefix("http") + "/ws"
        font_size = min(64, max(6, _to_int(request.query.get("fontsize", "16"), 16)))
        return self._html(game_page(self.title, websocket, font_size,
                                    self._after_game(request)))

    def _after_game(self, request: web.Request) -> str:
        """What the page offers beside another game once a game has ended (HTML)."""
        return ""

    async def sign_in(self, request: web.Request) -> web.StreamResponse:
        form = await request.post()
        return self._try_password(request, str(form.get("password", "")))

    def _try_password(self, request: web.Request, given: str) -> web.StreamResponse:
        password = self.settings.password
        if password is None:
            raise web.HTTPSeeOther("/")
        address = self._address(request)
        if self.tries.wait_for(address) > 0:
            wait = max(1, round(self.tries.wait_for(address)))
            return self._html(sign_in_page(self.title, f"Too many wrong passwords; try again "
                                           f"in {wait} seconds."), status=429)
        if not hmac.compare_digest(given.encode(), password.encode()):
            self.tries.attempt(address)
            if self.quieter.due(f"{address} password"):
                log.info("%s: a wrong password", address)
            return self._html(sign_in_page(self.title, "That is not the password."),
                              status=403)
        response = web.HTTPSeeOther("/")
        response.set_cookie(_COOKIE, self.pass_token, httponly=True, samesite="Strict",
                            path="/", secure=self._page_origin(request).startswith("https"))
        return response

    def _html(self, text: str, status: int = 200) -> web.Response:
        return web.Response(text=text, content_type="text/html", status=status,
                            headers={"Cache-Control": "no-store"})

    # ----- a game --------------------------------------------------------

    def _refusal(self, request: web.Request) -> tuple[int, str] | None:
        origin = request.headers.get("Origin", "").lower()
        if origin != self._page_origin(request):
            return 403, "a game is played from the server's own page"
        if not self._signed_in(request):
            return 403, "sign in first"
        limits = self.settings.limits
        if len(self.sessions) >= limits.max_sessions:
            return 503, "the moon42 server is full; please try again later"
        if self.busy.busy():
            return 503, "the machine is busy: " + _BUSY
        address = self._address(request)
        source = source_of(address)
        if sum(source_of(g.address) == source for g in self.sessions.values()) \
                >= limits.max_per_address:
            return 503, f"{address} has {limits.max_per_address} games open, as many as " \
                "one address may"
        return None

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        refusal = self._refusal(request)
        address = self._address(request)
        if refusal is not None:
            if self.quieter.due(f"{address} {refusal[1]}"):
                log.info("%s: game refused: %s", address, refusal[1])
            return web.Response(status=refusal[0], text=refusal[1])
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=_MESSAGE_BYTES)
        await socket.prepare(request)
        game = self.sessions[socket] = _Game(address, asyncio.get_running_loop().time())
        width, height = clamp_size(_to_int(request.query.get("width"), 80),
                                   _to_int(request.query.get("height"), 24))
        who, env = self._seat(request, socket)
        service = WarmAppService(self.command, write_bytes=socket.send_bytes,
                                 write_str=socket.send_str, close=socket.close,
                                 download_manager=self.downloads, starter=self.starter,
                                 answered=self.busy.answered, env=env)
        idle = asyncio.get_running_loop().create_task(self._idle_watch(socket, game))
        started = time.time()
        try:
            await service.start(width, height)
            process = service.process
            log.info("%s: web game starts (%s, pid %s)", who,
                     "warm" if service.warm else "cold", process.pid if process else "?")
            if process is not None:
                self.memory.watch(process.pid, lambda used: self._too_big(socket, who, used))
            await self._play(socket, service, game)
        except (ConnectionError, OSError) as error:
            log.info("%s: the connection dropped (%s)", address, error)
        finally:
            idle.cancel()
            if service.process is not None:
                self.memory.forget(service.process.pid)
            # Until its game has gone, the session counts against the limits.
            with contextlib.suppress(ConnectionError, OSError):
                await service.stop()
            del self.sessions[socket]
            self._unseat(socket)
            log.info("%s: web game ends", who)
            data = env.get(DATA_VARIABLE) or os.environ.get(DATA_VARIABLE)
            report = crash_report_since(Path(data), started) if data else None
            if report is not None:
                log.warning("%s: the game stopped on an error of its own; its report: %s",
                            who, report)
        return socket

    def _seat(self, request: web.Request,
              socket: web.WebSocketResponse) -> tuple[str, dict[str, str]]:
        """Who plays the game (as the log says it), and what the game's process is given
        beyond textual-serve's environment: only the cap on records here, where every web
        player shares the server's web folder (a club gives each their own: ``club_web``)."""
        return self._address(request), self.settings.limits.player_environment()

    def _unseat(self, socket: web.WebSocketResponse) -> None:
        """The game played on ``socket`` has ended."""

    async def _play(self, socket: web.WebSocketResponse, service: AppService,
                    game: _Game) -> None:
        """The browser's messages to the app, the keys at the pace the budget allows.

        The websocket is read all along, so that its end is seen at once: the keys that
        wait then go with it."""
        limits = self.settings.limits
        keys = _Keys(service, InputBudget(limits.input_rate, limits.input_burst))
        loop = asyncio.get_running_loop()
        sizes: Latest[tuple[int, int]] = Latest(
            lambda size: loop.create_task(service.set_terminal_size(*size)))
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                    kind, data = envelope[0], envelope[1]
                except (ValueError, TypeError, IndexError, KeyError):
                    continue  # not one of the page's messages: passed over
                if kind == "stdin" and isinstance(data, str):
                    game.last_key = loop.time()
                    if not keys.add(data.encode()) and self.quieter.due(
                            f"{game.address} keys dropped"):
                        log.info("%s: keys beyond the %d bytes that may wait were dropped",
                                 game.address, _HELD)
                elif kind == "resize" and isinstance(data, dict):
                    sizes.offer(clamp_size(_to_int(data.get("width"), 80),
                                           _to_int(data.get("height"), 24)))
                elif kind == "ping":
                    await socket.send_json(["pong", str(data)[:64]])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
        finally:
            sizes.cancel()
            await keys.drop()

    def _too_big(self, socket: web.WebSocketResponse, who: str, used: float) -> None:
        """The game has gone past its memory cap: it ends, saved, and the server goes on."""
        cap = self.memory.cap
        log.warning("%s: web game ended: it used %.0f MiB of memory, over --game-memory %d",
                    who, used, cap)
        asyncio.get_running_loop().create_task(socket.close(
            message=f"the game used more memory than a game may ({cap} MiB); it has ended, "
            "and it is saved".encode()))

    async def _idle_watch(self, socket: web.WebSocketResponse, game: _Game) -> None:
        timeout = self.settings.limits.idle_timeout
        loop = asyncio.get_running_loop()
        while True:
            left = game.last_key + timeout - loop.time()
            if left <= 0:
                log.info("%s: no key for %g seconds: web game ended", game.address, timeout)
                await socket.close(message=b"no key pressed for a while: the game has ended")
                return
            await asyncio.sleep(left)

    # ----- starting and stopping -------------------------------------------

    async def _started(self, app: web.Application) -> None:
        self.busy.start()
        if self.settings.warm:
            self.starter = WarmStarter(web_zygote_environment(),
                                       game_memory=self.settings.limits.game_memory,
                                       immortal=self.settings.immortal)
            self.starter.start()
        self._announce()

    def _announce(self) -> None:
        shown = self.settings.public_url or \
            f"{self.settings.scheme}://{self.settings.host}:{self.settings.port}"
        print(f"moon42 serve web: listening on {self.settings.host}:{self.settings.port}; "
              f"open {shown} in a browser; Ctrl+C stops", flush=True)
        if not is_loopback(self.settings.host) and self.settings.password is None:
            print("moon42 serve web: warning: anyone who can reach "
                  f"{self.settings.host}:{self.settings.port} can play, with no password "
                  "(--password sets one)", file=sys.stderr, flush=True)
        if self.settings.password is not None:
            warning = plain_secrets_warning(self.settings.host, self.settings.tls is not None,
                                            is_loopback(self.settings.host), "the password")
            if warning is not None:
                log.warning("%s", warning)
                print(f"moon42 serve web: {warning}", file=sys.stderr, flush=True)

    async def _shutdown(self, app: web.Application) -> None:
        for socket in list(self.sessions):
            await socket.close(message=b"the server is stopping")
        if self.starter is not None:
            await self.starter.close()
        await self.busy.close()
        await self.memory.close()


def serve_web(settings: WebSettings) -> int:
    """Serve until Ctrl+C; 1 if the port cannot be had."""
    # Web players have no name to tell them apart: they share the server's web folder.
    os.environ["MOON42_DATA_DIR"] = str(settings.folder / "web" / "data")
    server = GameWebServer(settings)
    try:
        web.run_app(server.make_app(), host=settings.host, port=settings.port,
                    print=None, access_log=None, keepalive_timeout=_KEEPALIVE,
                    shutdown_timeout=10, ssl_context=settings.tls)
    except OSError as error:
        print(f"moon42 serve web: {error}", file=sys.stderr)
        return 1
    return 0
