"""``moon42 serve club`` end to end: a browser member and an SSH player at one table.

The browser side is driven as the page drives it: a sign-in form posted, then the game's
websocket with the sign-in's cookie; its words are read from what the websocket brings.
The SSH side is a real OpenSSH client in tmux.  Every wait is for what a screen shows.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import stat
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest

from moon42.app.server.accounts.identity import member_identity, player_folder
from tests.app.tui.helpers import tile_names

from .browser import _ESCAPES
from .harness import LOBBY_TITLE, PATIENCE, Server, Tmux, deal, processes_mentioning, wait_until
from .test_shared_tables import AT_TABLE, hand_tiles

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh", "tmux")]  # servers and app processes

SECRET = "a long secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebPlayer:
    """A game's websocket as the page uses it: keys in, the screen's words out."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.raw = b""

    def text(self, since: int = 0) -> str:
        return _ESCAPES.sub("", self.raw[since:].decode("utf-8", "replace"))

    async def wait_until(self, check: Callable[[str], bool], since: int = 0) -> str:
        """The words since byte ``since``, once ``check`` holds for them."""
        async with asyncio.timeout(PATIENCE):
            while not check(self.text(since)):
                message = await self.ws.receive()
                assert message.type == aiohttp.WSMsgType.BINARY, (message, self.text(since))
                self.raw += message.data
        return self.text(since)

    async def wait_for(self, words: str, since: int = 0) -> str:
        return await self.wait_until(lambda text: words in text, since)

    async def keys(self, keys: str) -> None:
        await self.ws.send_json(["stdin", keys])


def browser() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))  # numeric host


async def sign_in(session: aiohttp.ClientSession, url: str, name: str,
                  secret: str) -> tuple[int, str]:
    """The page's form, sent as a browser sends it (its no-referrer policy: Origin null)."""
    headers = {"Sec-Fetch-Site": "same-origin", "Origin": "null"}
    async with session.post(url + "/sign-in", data={"name": name, "secret": secret},
                            headers=headers) as page:
        return page.status, await page.text()


async def game(session: aiohttp.ClientSession, url: str) -> WebPlayer:
    ws_url = url.replace("http", "ws") + "/ws?width=100&height=30"
    return WebPlayer(await session.ws_connect(ws_url, origin=url))


def test_a_browser_member_and_an_ssh_player_sit_at_one_table(tmp_path: Path) -> None:
    web_port = free_port()
    folder = tmp_path / "club"
    server = Server(tmp_path, "club", "--ssh-port", "0", "--web-port", str(web_port),
                    "--guest", "--data-dir", str(folder), "--table-pace", "0")
    url = f"http://127.0.0.1:{web_port}"
    assert f"127.0.0.1:{web_port} for browsers" in server.banner
    # Ann's last lobby set a target no hand reaches, so the game outlasts the test.
    lobby = folder / "players" / "guest-ann" / "data" / "lobby.json"
    lobby.parent.mkdir(parents=True)
    lobby.write_text(json.dumps({"game": "moon3", "options": {"target": 99}}))
    tmux = Tmux()

    async def main() -> None:
        async with browser() as session:
            async with session.get(url + "/") as page:
                said = await page.text()
                assert 'name="secret"' in said and "8 to 256 characters" in said
            # Another site cannot sign this browser in under a name of its choosing.
            for headers in ({"Sec-Fetch-Site": "cross-site", "Origin": "null"},
                            {"Origin": "http://evil.example.com"}):
                async with session.post(url + "/sign-in", headers=headers,
                                        data={"name": "Mallory", "secret": SECRET}) as page:
                    assert page.status == 403 and "own page" in await page.text()
            status, said = await sign_in(session, url, "Zoë", "short")
            assert status == 400 and "A secret has 8 to 256 characters" in said
            status, said = await sign_in(session, url, "Zoë", SECRET)  # registers
            assert status == 200 and 'data-session-websocket-url' in said, said

            tmux.open("ann", server.ssh(None, "-tt", user="ann"))
            await asyncio.to_thread(tmux.wait_for, "ann", LOBBY_TITLE)
            tmux.keys("ann", "t")
            await asyncio.to_thread(tmux.wait_for, "ann", "Shared tables")
            tmux.keys("ann", "o")  # ann opens a table...
            await asyncio.to_thread(tmux.wait_for, "ann", "This seat's code")
            tmux.keys("ann", "Enter")
            await asyncio.to_thread(deal, tmux, "ann")
            await asyncio.to_thread(tmux.wait_for, "ann", AT_TABLE)

            zoe = await game(session, url)  # ...and Zoë, in her browser, sits at it
            await zoe.wait_for("Moon and Texas")
            await zoe.keys("t")
            await zoe.wait_for("1. Moon for 3")
            mark = len(zoe.raw)
            await zoe.keys("1\r")
            seated = await zoe.wait_for(AT_TABLE, mark)
            assert "This seat's code" not in seated, seated  # a member's seat needs none

            # Both see the deal: ann her seven tiles, Zoë her own hand, both names, each
            # marked as its player signed in (Zoë+ a member, ann? a guest).
            def ann_sees_zoe() -> str | None:
                screen = tmux.screen("ann")
                return screen if "Zoë+" in screen and len(hand_tiles(screen)) == 7 else None

            screen = await asyncio.to_thread(wait_until, ann_sees_zoe, what="Zoë at ann's table",
                                             shown=lambda: tmux.screen("ann"))
            # (A frame may come in several messages: the wait is for all of it.)
            await zoe.wait_until(lambda text: "ann?" in text and "Bot" in text
                                 and len(tile_names(text)) >= 6, mark)
            assert "Zoë" in screen


            # While Zoë plays, her name opens no second game, from this browser or another.
            async with session.get(url + "/") as second:
                assert second.status == 409
                assert "is playing in another window" in await second.text()
            async with browser() as other:
                status, _ = await sign_in(other, url, "Zoë", SECRET)
                assert status == 409  # signed in, but her game is already open
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await game(other, url)
                assert refused.value.status == 409
                # Her name in other capitals is hers: signed in as Zoë, whose game is open.
                status, said = await sign_in(other, url, "ZOË", SECRET)
                assert status == 409 and "Zoë is playing in another window" in said
                status, said = await sign_in(other, url, "Zoë", "not the secret")
                assert status == 403 and "not the secret" in said
            await zoe.ws.close()

        # A damaged members' file closes sign-in (the page says so) and is kept as it is.
        members = folder / "members.json"
        kept = members.read_bytes()
        members.write_bytes(kept[: len(kept) // 2])
        async with browser() as other:
            async with other.get(url + "/") as page:
                assert page.status == 503 and "Sign-in is closed" in await page.text()
            status, said = await sign_in(other, url, "Newcomer", SECRET)
            assert status == 503 and "Sign-in is closed" in said
        assert members.read_bytes() == kept[: len(kept) // 2]
        members.write_bytes(kept)

    try:
        asyncio.run(main())
        tmux.keys("ann", "Escape")
        tmux.wait_for("ann", "Shared tables")
        tmux.keys("ann", "C-q")
        tmux.wait_for("ann", "CLIENT-ENDED 0")
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
    log = server.log()
    assert "'Zoë' registered" in log and "a wrong secret for 'Zoë'" in log
    assert "Mallory" not in log and "is damaged" in log and "Newcomer" not in log
    assert SECRET not in log and "not the secret" not in log
    # Zoë's own folder: her name, and her statistics' folder; the secrets file is private.
    member = player_folder(folder, member_identity("Zoë"))
    assert member.name == "member-%5ao%c3%ab"
    assert (member / "name").read_text() == "Zoë" and (member / "data").is_dir()
    members = folder / "members.json"
    assert stat.S_IMODE(members.stat().st_mode) == 0o600
    assert SECRET not in members.read_text() and "Zoë" in members.read_text()
    wait_until(lambda: not processes_mentioning(str(folder)), what="the games to end")
    assert os.path.exists(folder / "leaderboard.json")
