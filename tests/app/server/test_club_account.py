"""A club's members and names, end to end on a real ``moon42 serve club``: signing out ends
the sign-in on the server, and the game that browser opened; a member changes their secret
(and every other browser signed in with the old one is signed out, its game ended); a club
that takes no new members says so; and a name a member or a key's player holds is refused
to anyone else at the SSH door."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import aiohttp
import pytest

from moon42.app.server.accounts.members import MEMBERS_NAME, Members

from .harness import LOBBY_TITLE, PATIENCE, Server, Tmux, make_key
from .test_club import SECRET, WebPlayer, browser, free_port, sign_in
from .test_club import game as open_game

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh")]  # servers

COOKIE = "moon42-member"
OWN_PAGE = {"Sec-Fetch-Site": "same-origin", "Origin": "null"}
NEW_SECRET = "a newer secret"


async def post(session: aiohttp.ClientSession, url: str, data: dict[str, str],
               headers: dict[str, str] = OWN_PAGE) -> tuple[int, str]:
    async with session.post(url, data=data, headers=headers) as page:
        return page.status, await page.text()


async def page_for(url: str, cookie: str) -> str:
    """The page a browser holding only ``cookie`` is given."""
    async with aiohttp.ClientSession(cookies={COOKIE: cookie}) as other, \
            other.get(url + "/") as page:
        return await page.text()


def cookie_of(session: aiohttp.ClientSession) -> str:
    return next(c.value for c in session.cookie_jar if c.key == COOKIE)


async def ended(player: WebPlayer) -> str:
    """What the server said as it closed a game's websocket."""
    async with asyncio.timeout(PATIENCE):
        while True:
            message = await player.ws.receive()
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                                aiohttp.WSMsgType.CLOSED):
                return str(message.extra or "")


def refused_at_the_door(server: Server, user: str, key: Path | None = None) -> str:
    """What OpenSSH says when the server will not let ``user`` play."""
    ended = subprocess.run(server.ssh(key, "-tt", user=user), capture_output=True, text=True,
                           timeout=PATIENCE, stdin=subprocess.DEVNULL)
    assert ended.returncode != 0
    return ended.stderr


def test_sign_out_and_a_new_secret(tmp_path: Path) -> None:
    web_port = free_port()
    folder = tmp_path / "club"
    server = Server(tmp_path, "club", "--ssh-port", "0", "--web-port", str(web_port),
                    "--guest", "--data-dir", str(folder), "--cold-start")
    url = f"http://127.0.0.1:{web_port}"

    async def main() -> None:
        async with browser() as zoe, browser() as laptop:
            assert (await sign_in(zoe, url, "Zoë", SECRET))[0] == 200  # registers
            assert (await sign_in(laptop, url, "Zoë", SECRET))[0] == 200
            async with zoe.get(url + "/") as page:
                game = await page.text()
            # The game's page offers, once the game has ended, a sign-out and a new secret.
            assert 'action="/sign-out"' in game and 'href="/secret"' in game
            kept = cookie_of(zoe)

            # Another site cannot sign her out (nor change her secret).
            for headers in ({"Sec-Fetch-Site": "cross-site"},
                            {"Origin": "http://evil.example.com"}):
                status, said = await post(zoe, url + "/sign-out", {}, headers)
                assert status == 403 and "own page" in said
                status, said = await post(zoe, url + "/secret", {
                    "name": "Zoë", "old": SECRET, "new": NEW_SECRET, "again": NEW_SECRET},
                    headers)
                assert status == 403 and "own page" in said
            assert "data-session-websocket-url" in await page_for(url, kept)

            # A game open in another window of the browser that signs out ends with it.
            playing = await open_game(zoe, url)
            await playing.wait_for(LOBBY_TITLE)
            status, said = await post(zoe, url + "/sign-out", {})
            assert status == 200 and "You have signed out." in said
            assert "signed out: the game has ended" in await ended(playing)
            assert not any(c.key == COOKIE for c in zoe.cookie_jar)
            # The cookie a browser kept (or someone copied) is no good any more.
            assert 'name="secret"' in await page_for(url, kept)
            assert "data-session-websocket-url" in await page_for(url, cookie_of(laptop))
            # Her name is free to play again, on the laptop, still signed in.
            on_laptop = await open_game(laptop, url)
            await on_laptop.wait_for(LOBBY_TITLE)

            # Changing the secret: the page, its checks, then the change.
            async with laptop.get(url + "/secret") as page:
                said = await page.text()
                assert page.status == 200 and 'value="Zoë"' in said
                assert 'name="old"' in said and 'name="again"' in said
            for form, expected, words in (
                    ({"old": SECRET, "new": NEW_SECRET, "again": NEW_SECRET + "!"}, 400,
                     "The two new secrets differ"),
                    ({"old": SECRET, "new": "short", "again": "short"}, 400,
                     "The new secret: a secret has 8 to 256 characters"),
                    ({"old": "not the secret", "new": NEW_SECRET, "again": NEW_SECRET}, 403,
                     "That is not the secret of that name"),
                    ({"old": SECRET, "new": "x" * 5000, "again": "x" * 5000}, 413, "")):
                status, said = await post(zoe, url + "/secret", {"name": "Zoë", **form})
                assert status == expected and words in said, (form, said)
            signed_in_elsewhere = cookie_of(laptop)
            status, said = await post(zoe, url + "/secret", {
                "name": "Zoë", "old": SECRET, "new": NEW_SECRET, "again": NEW_SECRET})
            assert status == 200 and "your secret is changed" in said
            assert "data-session-websocket-url" in await page_for(url, cookie_of(zoe))
            # The laptop, signed in with the old secret, is signed out, its game ended.
            assert 'name="secret"' in await page_for(url, signed_in_elsewhere)
            assert "the secret was changed: the game has ended" in await ended(on_laptop)
            async with browser() as other:
                status, said = await sign_in(other, url, "Zoë", SECRET)
                assert status == 403 and "not the secret" in said
                assert (await sign_in(other, url, "Zoë", NEW_SECRET))[0] == 200

    try:
        asyncio.run(main())
        # The SSH door: a guest may not take the member's name, however it is written,
        # nor end a name with a mark, nor take a bot's name.
        for user, words in (("zoë", "belongs to a member of this club"),
                            ("ZOË", "belongs to a member of this club"),
                            ("ann+", "does not end with ? or +"),
                            ("Bot A", "a name of the tables' bots")):
            said = refused_at_the_door(server, user)
            assert words in said and "ssh -l OTHERNAME" in said, (user, said)
    finally:
        assert server.stop() == 0, server.log()
    log = server.log()
    assert "'Zoë' changed their secret" in log
    assert "web game ended: signed out" in log
    assert "web game ended: the secret was changed" in log
    assert SECRET not in log and NEW_SECRET not in log
    assert NEW_SECRET not in (folder / MEMBERS_NAME).read_text()


@pytest.mark.needs("tmux")
def test_a_club_of_keys_that_takes_no_new_members(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    asyncio.run(Members(folder / MEMBERS_NAME).sign_in("Zoë", SECRET, "the keeper"))
    ann, bob = make_key(tmp_path, "ann"), make_key(tmp_path, "bob")
    keys = tmp_path / "authorized_keys"
    keys.write_text(Path(f"{ann}.pub").read_text() + Path(f"{bob}.pub").read_text())
    web_port = free_port()
    server = Server(tmp_path, "club", "--ssh-port", "0", "--web-port", str(web_port),
                    "--authorized-keys", str(keys), "--data-dir", str(folder),
                    "--no-register", "--cold-start")
    url = f"http://127.0.0.1:{web_port}"
    assert "no new members" in server.banner
    tmux = Tmux()

    async def main() -> None:
        async with browser() as newcomer:
            async with newcomer.get(url + "/") as page:
                said = await page.text()
                assert "This club takes no new members" in said
                assert "a name nobody has taken makes it yours" not in said
            status, said = await sign_in(newcomer, url, "Newcomer", SECRET)
            assert status == 403 and "There is no member of that name" in said
            status, said = await sign_in(newcomer, url, "Zoë", SECRET)
            assert status == 200 and "data-session-websocket-url" in said

    try:
        asyncio.run(main())
        # ann plays under her name: from then on it is hers (bob's key may not use it).
        tmux.open("ann", server.ssh(ann, "-tt", user="ann"))
        tmux.wait_for("ann", LOBBY_TITLE)
        said = refused_at_the_door(server, "Ann", bob)
        assert "That name belongs to a player who signs in with a key" in said, said
        said = refused_at_the_door(server, "zoë", bob)
        assert "belongs to a member of this club" in said, said
        tmux.keys("ann", "C-q")
        tmux.wait_for("ann", "CLIENT-ENDED 0")
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
    assert "Newcomer" not in (folder / MEMBERS_NAME).read_text()
