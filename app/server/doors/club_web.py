"""A club's browser door: ``serve web``'s page and games, with each player signed in by a
name and a secret, playing in their own folder and at the club's shared tables.

Signing in (``members``) gives the browser a cookie of its own, a random token the server
maps to the member for ``SIGNED_IN_HOURS``; the page and the game's websocket need it.
Signing out forgets the token on the server, and ends the game that browser opened; a new
secret (``/secret``) forgets every token of the member and ends their game wherever it is
played (a game ended so is saved as when its window is closed).  A member's game gets what
an SSH player's gets: their folder (saves, statistics, last lobby), a token for the shared
tables, the leaderboard.  A name plays one game at a time: a second window is told the
name is playing now, as a second SSH session is.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import ssl
import time
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from ...play.connection import SOCKET_VARIABLE, TOKEN_VARIABLE
from ...play.served import BOARD_VARIABLE
from ..accounts.identity import NAME_CHARACTERS, Identity, player_folder
from ..accounts.leaderboard import remember_name
from ..accounts.members import CLOSED, NO_NEW_MEMBERS, SECRET_MAX, SECRET_MIN, Members
from ..tables.protocol import TableServer
from .page import member_links, member_sign_in_page, message_page, secret_page
from .web import GameWebServer, WebSettings

__all__ = ["ClubWebServer", "SIGNED_IN_HOURS", "MOST_SIGNED_IN", "start_site"]

log = logging.getLogger("moon42.serve")

_COOKIE = "moon42-member"
_MEMBER = "moon42.member"  # the request's key for the member who opened a game
_SIGN_IN = "moon42.sign-in"  # ... and for the sign-in (its token's digest) it was opened by
_ENDING = 10.0  # seconds a sign-out waits for the games it ends to stop
SIGNED_IN_HOURS = 12  # a sign-in's cookie is good this long
MOST_SIGNED_IN = 10000  # sign-ins remembered at once (the oldest are forgotten first)
_WELCOME = "Sign in with your name and secret; a name nobody has taken becomes yours."
_WELCOME_MEMBERS = "Sign in with your name and secret. " + NO_NEW_MEMBERS
_ELSEWHERE = "Sign in from the server's own page."


class ClubWebServer(GameWebServer):
    """The web server of ``serve club``: members only, over the club's tables."""

    def __init__(self, settings: WebSettings, members: Members, tables: TableServer,
                 board: Path) -> None:
        super().__init__(settings)
        self.members, self.tables, self.board = members, tables, board
        # A cookie's SHA-256 -> the member, and until when: looked up by the hash, so how
        # long a lookup takes says nothing about the tokens kept.
        self.signed_in: dict[bytes, tuple[Identity, float]] = {}
        self.playing: dict[str, web.WebSocketResponse | None] = {}  # label -> game's socket
        self.game_tokens: dict[web.WebSocketResponse, str] = {}
        # Each game's member and sign-in, so that signing out ends it.
        self.game_sign_ins: dict[web.WebSocketResponse, tuple[Identity, bytes]] = {}
        self.game_over = asyncio.Condition()  # told each time a game has stopped

    def make_app(self) -> web.Application:
        app = super().make_app()
        app.router.add_post("/sign-out", self.sign_out)
        app.router.add_get("/secret", self.secret)
        app.router.add_post("/secret", self.change_secret)
        return app

    # ----- who is signed in ----------------------------------------------------

    def _member(self, request: web.Request) -> Identity | None:
        cookie = request.cookies.get(_COOKIE, "")
        if not 20 <= len(cookie) <= 64:
            return None
        found = self.signed_in.get(_digest(cookie))
        if found is None or found[1] <= time.monotonic():
            return None
        return found[0]

    def _signed_in(self, request: web.Request) -> bool:
        return self._member(request) is not None

    def _forget(self, who: Identity) -> None:
        """Every sign-in of ``who`` ends (their secret has changed)."""
        self.signed_in = {t: v for t, v in self.signed_in.items() if v[0] != who}

    def _remember(self, who: Identity) -> str:
        now = time.monotonic()
        if len(self.signed_in) >= MOST_SIGNED_IN:
            self.signed_in = {t: v for t, v in self.signed_in.items() if v[1] > now}
            while len(self.signed_in) >= MOST_SIGNED_IN:
                del self.signed_in[next(iter(self.signed_in))]
        token = secrets.token_urlsafe(32)
        self.signed_in[_digest(token)] = (who, now + SIGNED_IN_HOURS * 3600)
        return token

    # ----- the page and signing in ---------------------------------------------

    def _sign_in_page(self, said: str, name: str = "", status: int = 200) -> web.Response:
        return self._html(member_sign_in_page(self.title, said, name, SECRET_MIN, SECRET_MAX,
                                              NAME_CHARACTERS, self.members.register),
                          status=status)

    def _welcome(self) -> str:
        return _WELCOME if self.members.register else _WELCOME_MEMBERS

    async def index(self, request: web.Request) -> web.StreamResponse:
        who = self._member(request)
        if who is None:
            self.members.read()
            if self.members.damage is not None:
                return self._sign_in_page(CLOSED, status=503)
            return self._sign_in_page(self._welcome())
        if who.label in self.playing:
            return self._html(message_page(self.title, f"{who.name} is playing in another "
                                           "window now: end that game first.",
                                           after=member_links()), status=409)
        return await super().index(request)

    def _after_game(self, request: web.Request) -> str:
        return member_links()

    async def sign_in(self, request: web.Request) -> web.StreamResponse:
        if not self._from_own_page(request):
            return self._sign_in_page(_ELSEWHERE, status=403)
        form = await request.post()
        name, secret = str(form.get("name", "")), str(form.get("secret", ""))
        address = self._address(request)
        said = await self.members.sign_in(name, secret, address)
        if said.identity is None:
            return self._sign_in_page(said.said, name[:NAME_CHARACTERS], said.status)
        response = web.HTTPSeeOther("/")
        self._give_cookie(request, response, said.identity)
        return response

    def _give_cookie(self, request: web.Request, response: web.StreamResponse,
                     who: Identity) -> None:
        response.set_cookie(_COOKIE, self._remember(who), httponly=True,
                            samesite="Strict", path="/", max_age=SIGNED_IN_HOURS * 3600,
                            secure=self._page_origin(request).startswith("https"))

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        """The browser's sign-in ends, on the server as in the browser, and so does the
        game it opened, if it is still being played in another window."""
        if not self._from_own_page(request):
            return self._sign_in_page(_ELSEWHERE, status=403)
        digest = _digest(request.cookies.get(_COOKIE, ""))
        who = self._member(request)
        if who is not None:
            del self.signed_in[digest]
            await self._end_games(lambda _, opened_by: opened_by == digest, "signed out")
        response = self._sign_in_page("You have signed out." if who is not None else
                                      self._welcome())
        response.del_cookie(_COOKIE, path="/")
        return response

    def _secret_page(self, said: str, name: str = "", status: int = 200) -> web.Response:
        return self._html(secret_page(self.title, said, name[:NAME_CHARACTERS], SECRET_MIN,
                                      SECRET_MAX, NAME_CHARACTERS), status=status)

    async def secret(self, request: web.Request) -> web.StreamResponse:
        who = self._member(request)
        return self._secret_page("Give your secret now, and the new one twice.",
                                 who.name if who is not None else "")

    async def change_secret(self, request: web.Request) -> web.StreamResponse:
        """A member's new secret, given their secret now; every browser signed in as them
        is signed out, and this one signed in again."""
        if not self._from_own_page(request):
            return self._secret_page(_ELSEWHERE, status=403)
        form = await request.post()
        name, old = str(form.get("name", "")), str(form.get("old", ""))
        new, again = str(form.get("new", "")), str(form.get("again", ""))
        if new != again:
            return self._secret_page("The two new secrets differ: type the same one twice.",
                                     name, 400)
        said = await self.members.change_secret(name, old, new, self._address(request))
        if said.identity is None:
            return self._secret_page(said.said, name, said.status)
        self._forget(said.identity)
        await self._end_games(lambda member, _: member == said.identity,
                              "the secret was changed")
        response = self._html(message_page(self.title, said.said, ("/", "Play")))
        self._give_cookie(request, response, said.identity)
        return response

    def _from_own_page(self, request: web.Request) -> bool:
        """Whether the form was sent from the server's own page, as far as the browser
        says: another site must not sign a browser in under a name of its choosing.  A
        browser says where a request comes from in ``Sec-Fetch-Site``; the page's
        ``no-referrer`` policy makes ``Origin`` "null" on a form, so it counts only when
        it names a site."""
        site = request.headers.get("Sec-Fetch-Site")
        if site is not None:
            return site == "same-origin"
        origin = request.headers.get("Origin", "null")
        return origin == "null" or origin.lower() == self._page_origin(request)

    # ----- a game ----------------------------------------------------------------

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        who = self._member(request)
        if who is not None and who.label in self.playing:
            return web.Response(status=409, text=f"{who.name} is playing in another window "
                                "now")
        if who is not None:
            self.playing[who.label] = None  # held from now: no second game slips in
            request[_MEMBER] = who  # as signed in now, whatever becomes of the cookie
            request[_SIGN_IN] = _digest(request.cookies.get(_COOKIE, ""))
        try:
            return await super().websocket(request)
        finally:
            if who is not None:
                del self.playing[who.label]
                async with self.game_over:
                    self.game_over.notify_all()

    def _seat(self, request: web.Request,
              socket: web.WebSocketResponse) -> tuple[str, dict[str, str]]:
        who: Identity = request[_MEMBER]  # the websocket is refused to anyone else
        folder = player_folder(self.settings.folder, who)
        (folder / "data").mkdir(parents=True, exist_ok=True)
        remember_name(folder, who)
        token = secrets.token_urlsafe(24)
        self.tables.admit(token, who)
        self.game_tokens[socket] = token
        self.game_sign_ins[socket] = (who, request[_SIGN_IN])
        self.playing[who.label] = socket
        env = {"MOON42_DATA_DIR": str(folder / "data"), SOCKET_VARIABLE: str(self.tables.path),
               TOKEN_VARIABLE: token, BOARD_VARIABLE: str(self.board),
               **self.settings.limits.player_environment()}
        return f"{folder.name} from {self._address(request)}", env

    def _unseat(self, socket: web.WebSocketResponse) -> None:
        self.game_sign_ins.pop(socket, None)
        token = self.game_tokens.pop(socket, None)
        if token is not None:
            self.tables.revoke(token)

    async def _end_games(self, ended: Callable[[Identity, bytes], bool], why: str) -> None:
        """The games whose member and sign-in ``ended`` says have ended, closed: each is
        saved as it stops, as when its window is closed.  Back once they have stopped (or
        after ``_ENDING`` seconds), so the page answered next knows the name is free."""
        names = set()
        for socket, (who, opened_by) in list(self.game_sign_ins.items()):
            if ended(who, opened_by):
                log.info("%s: web game ended: %s", who.name, why)
                names.add(who.label)
                with contextlib.suppress(ConnectionError, OSError):
                    await socket.close(message=f"{why}: the game has ended".encode())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(_ENDING), self.game_over:
                await self.game_over.wait_for(lambda: not names & self.playing.keys())

    def _announce(self) -> None:
        """The club says where both its doors are, once both are open."""


async def start_site(app: web.Application, host: str, port: int, keepalive: float,
                     tls: ssl.SSLContext | None = None) -> tuple[web.AppRunner, int]:
    """Serve ``app`` on ``host``:``port`` (over TLS with ``tls``) beside the loop's other
    work; the port it got."""
    runner = web.AppRunner(app, access_log=None, keepalive_timeout=keepalive,
                           shutdown_timeout=10)
    await runner.setup()
    site = web.TCPSite(runner, host, port, reuse_address=True, ssl_context=tls)
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    sockets = runner.addresses
    return runner, int(sockets[0][1]) if sockets else port



def _digest(token: str) -> bytes:
    """What the server keeps of a sign-in's token: never the token itself."""
    return hashlib.sha256(token.encode()).digest()
