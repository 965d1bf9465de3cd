"""``moon42 serve web``: a headless Chromium plays in the page; hostile clients are turned away.

The page must come whole from the server (nothing from elsewhere), a game's websocket only
from the server's own page, and no more games than allowed, for no longer than allowed.
"""

from __future__ import annotations

import asyncio
import re
import socket
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from .browser import Browser
from .harness import PATIENCE, Server, processes_mentioning, running, wait_until

pytestmark = pytest.mark.slow  # a web server and app processes


def free_port() -> int:
    # The page is given its own address, so the server needs the real port.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=PATIENCE) as answer:
            return answer.read().decode()
    except OSError:
        return None


def start(folder: Path, *args: str) -> tuple[Server, str]:
    port = free_port()
    server = Server(folder, "web", "--port", str(port), "--data-dir", str(folder / "srv"),
                    *args)
    url = f"http://127.0.0.1:{port}"
    wait_until(lambda: _fetch(url + "/"), what="the page")
    return server, url


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("web")
    server, url = start(folder, "--max-sessions", "2", "--idle-timeout", "6")
    yield url
    assert server.stop() == 0, server.log()
    # A warm game's environment does not show in /proc: the log names its process.
    games = [int(pid) for pid in re.findall(r"web game starts \(\w+, pid (\d+)\)", server.log())]
    assert games
    wait_until(lambda: not processes_mentioning(str(folder / "srv"))
               and not any(running(pid) for pid in games), what="the games to end")


async def _game(session: aiohttp.ClientSession, url: str, origin: str | None = None,
                **headers: str) -> aiohttp.ClientWebSocketResponse:
    """A game's websocket, as the page opens it; what the app sends is read by the caller."""
    ws_url = url.replace("http", "ws") + "/ws?width=80&height=24"
    return await session.ws_connect(ws_url, origin=origin or url, headers=headers)


async def _drawn(ws: aiohttp.ClientWebSocketResponse, words: bytes = b"Moon and Texas") -> None:
    seen = b""
    async with asyncio.timeout(PATIENCE):
        while words not in seen:
            message = await ws.receive()
            assert message.type == aiohttp.WSMsgType.BINARY, message
            seen += message.data


@pytest.mark.needs("chromium")
def test_the_page_shows_the_lobby_from_the_servers_own_files(tmp_path: Path, web: str) -> None:
    with urllib.request.urlopen(web + "/", timeout=PATIENCE) as answer:
        page = answer.read().decode()
        policy = answer.headers["Content-Security-Policy"]
    assert "moon42" in page and f"{web.replace('http', 'ws')}/ws" in page
    assert "googleapis" not in page and "https://" not in page
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy

    browser = Browser(tmp_path)
    try:
        picture = tmp_path / "lobby.png"
        text = asyncio.run(browser.page_text_and_picture(
            web + "/", "moon42: Moon and Texas 42", picture))
    finally:
        browser.close()
    assert "Start game" in text and "Seed" in text
    # A real picture of the lobby, not a blank page: PNG, and too big to be one colour.
    data = picture.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 20_000
    # Everything the page asked for, it asked of this server.
    assert browser.requested and all(
        url.startswith((web + "/", web.replace("http", "ws") + "/"))
        for url in browser.requested), browser.requested
    assert any(url.endswith(".ttf") for url in browser.requested)


_TURN_SHOWN = ("getComputedStyle(document.querySelector('.turn-dialog')).display"
               " + ' ' + document.getElementById('terminal').dataset.fontSize")


@pytest.mark.needs("chromium")
def test_a_phone_on_its_side_gets_the_whole_table_and_held_upright_is_asked_to_turn(
        tmp_path: Path, web: str) -> None:
    # Held upright, the page is too narrow for the table: the app says so behind the
    # page's own request to turn the phone.  On its side, a tap on the key line's "Start
    # game" (the bottom row, columns 12 to 21 at 6 pixels a column) deals a game.
    for size, turn, wanted in (((844, 390), False, "moon42: Moon and Texas 42"),
                               ((390, 844), True, "enlarge the terminal")):
        browser = Browser(tmp_path / f"{size[0]}")
        tap = None if turn else (15 * 6, size[1] - 4, "s Scores")
        try:
            text = asyncio.run(browser.page_text_and_picture(
                web + "/", wanted, tmp_path / f"{size[0]}.png", phone=size, ask=_TURN_SHOWN,
                tap=tap))
        finally:
            browser.close()
        shown, font = str(browser.answer).split()
        assert (shown == "flex") == turn, browser.answer
        assert 6 <= int(font) < 16  # smaller than on a computer's screen, and not tiny
        # On its side: the whole lobby, at least 80 columns by 24 rows, and the table after
        # the tap (``page_text_and_picture`` waited for its key line).
        assert ("enlarge the terminal" in text) == turn
        assert ("s Scores" in text) == (not turn)


def test_static_files_are_served_but_never_listed(web: str) -> None:
    assert "xterm" in (_fetch(web + "/static/css/xterm.css") or "")
    for path in ("/static/", "/static/js/", "/static/fonts", "/static/../server.py",
                 "/download/anything"):
        try:
            urllib.request.urlopen(web + path, timeout=PATIENCE)
        except urllib.error.HTTPError as error:
            assert error.code in (403, 404), path
        else:
            raise AssertionError(f"{path} was served")


def test_a_game_is_played_only_from_the_servers_own_page(web: str) -> None:
    async def main() -> list[int]:
        refused = []
        async with aiohttp.ClientSession() as session:
            for origin in ("http://evil.example.com", "null", web.replace("127.0.0.1",
                                                                          "localhost")):
                with pytest.raises(aiohttp.WSServerHandshakeError) as error:
                    await _game(session, web, origin=origin)
                refused.append(error.value.status)
            ws = await _game(session, web)
            await _drawn(ws)
            await ws.close()
        return refused

    assert asyncio.run(main()) == [403, 403, 403]


def test_games_are_limited_and_an_idle_one_ends(web: str) -> None:
    async def main() -> None:
        async with aiohttp.ClientSession() as session:
            # An earlier test's games count against the limit until they are gone.
            # Closing a game opened and opening it again at once could go on for ever on a
            # busy machine (the game closed holds its seat until it has gone), so the games
            # opened are kept, a key keeping them from being idle, and the next asked again.
            opened: list[aiohttp.ClientWebSocketResponse] = []
            async with asyncio.timeout(PATIENCE):
                while len(opened) < 2:
                    try:
                        opened.append(await _game(session, web))
                    except aiohttp.WSServerHandshakeError as busy:
                        assert busy.status == 503
                        for game in opened:
                            await game.send_json(["stdin", "\x1b[B"])
                        await asyncio.sleep(0.2)
            first, second = opened
            await asyncio.gather(_drawn(first), _drawn(second))
            with pytest.raises(aiohttp.WSServerHandshakeError) as full:
                await _game(session, web)
            assert full.value.status == 503
            async with session.get(web + "/") as page:
                assert page.status == 503 and "server is full" in await page.text()
            # Keys keep the first game alive; the second, without keys, is ended.
            loop = asyncio.get_running_loop()
            started = loop.time()
            async with asyncio.timeout(PATIENCE):
                while (message := await second.receive()).type == aiohttp.WSMsgType.BINARY:
                    if loop.time() - started < 9:
                        await first.send_json(["stdin", "\x1b[B"])
            assert message.type == aiohttp.WSMsgType.CLOSE
            assert "no key pressed" in message.extra
            assert not first.closed
            await first.close()

    asyncio.run(main())


def test_a_password_guards_the_page_and_its_games(tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("open sesame\n")
    server, url = start(tmp_path, "--password-file", str(secret))

    def browser() -> aiohttp.ClientSession:
        # Keeps cookies of a numeric address, as browsers do.
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    async def main() -> None:
        async with browser() as session:
            async with session.get(url + "/") as page:
                assert 'type="password"' in await page.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await _game(session, url)
            assert refused.value.status == 403
            async with session.post(url + "/sign-in", data={"password": "wrong"}) as page:
                assert page.status == 403 and "not the password" in await page.text()
            async with session.post(url + "/sign-in", data={"password": "open sesame"},
                                    allow_redirects=False) as signed:
                assert signed.status == 303 and "HttpOnly" in signed.headers["Set-Cookie"]
            ws = await _game(session, url)  # with the sign-in's cookie
            await _drawn(ws)
            await ws.close()
        async with browser() as session:  # a new browser, the password in its address
            async with session.get(url + "/?password=open%20sesame") as page:
                assert "textual.js" in await page.text()
            for _ in range(9):
                async with session.post(url + "/sign-in", data={"password": "guess"}):
                    pass
            async with session.post(url + "/sign-in", data={"password": "open sesame"}) as page:
                assert page.status == 429 and "Too many wrong passwords" in await page.text()

    try:
        asyncio.run(main())
    finally:
        assert server.stop() == 0, server.log()
    assert "a wrong password" in server.log()


def test_a_public_address_without_a_password_is_warned_about(tmp_path: Path) -> None:
    server, _ = start(tmp_path, "--host", "0.0.0.0", "--public-url", "https://play.example")
    try:
        assert "warning: anyone who can reach 0.0.0.0" in server.log()
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/",
                                    timeout=PATIENCE) as answer:
            assert "wss://play.example/ws" in answer.read().decode()
    finally:
        assert server.stop() == 0, server.log()

