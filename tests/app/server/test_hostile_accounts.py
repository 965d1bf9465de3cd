"""Accounts, names and limits against hostile clients, on real servers: a leaderboard bought
with quick wins or crowded with guests' names, names that differ only in capitals or width,
a flood of idle connections at the SSH door, wrong secrets from elsewhere, an IPv6 /64
counted as one address, and the web door over TLS."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import ssl
import subprocess
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from moon42.app.play.stats.store import STATS_NAME, StatsStore
from moon42.app.server.accounts.identity import guest_identity, key_identity, member_identity
from moon42.app.server.doors.tls import plain_secrets_warning
from tests.app.play.stats_games import play_recorded

from .harness import LOBBY_TITLE, PATIENCE, Server, wait_until
from .test_club import SECRET, free_port
from .test_leaderboard import player

pytestmark = pytest.mark.slow  # servers

OWN_PAGE = {"Sec-Fetch-Site": "same-origin", "Origin": "null"}


async def _guest(port: int, user: str, source: str = "127.0.0.1") -> tuple[
        asyncssh.SSHClientConnection, bytearray]:
    """A guest with a terminal; what the game draws piles up in the bytearray."""
    conn = await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                                  client_keys=None, connect_timeout=PATIENCE,
                                  local_addr=(source, 0))
    process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
    seen = bytearray()

    async def read() -> None:
        while data := await process.stdout.read(65536):
            seen.extend(data)

    asyncio.ensure_future(read())
    return conn, seen


async def _until(check, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not check():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


def test_guests_differing_only_in_capitals_or_width_are_one_guest(tmp_path: Path) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "srv"))

    async def main() -> None:
        conn, seen = await _guest(server.port, "ann")
        await _until(lambda: LOBBY_TITLE.encode() in seen, "ann's lobby")
        for other in ("Ann", "ANN", "ａｎｎ"):
            with pytest.raises(asyncssh.DisconnectError, match="is signed in on this server"):
                await _guest(server.port, other)
        conn.close()
        await conn.wait_closed()
        # Once ann has gone, Ann is ann: the same folder (and seats).
        again = None
        while again is None:  # the server lets the name go as it sees ann's connection close
            with contextlib.suppress(asyncssh.DisconnectError):
                again = await _guest(server.port, "Ann")
        await _until(lambda: LOBBY_TITLE.encode() in again[1], "Ann's lobby")
        again[0].close()

    try:
        asyncio.run(main())
        wait_until(lambda: server.log().count("guest-ann from") >= 2, what="two games of ann")
        assert not [p.name for p in (tmp_path / "srv" / "players").iterdir()
                    if p.name != "guest-ann"]
    finally:
        server.stop()


def test_neither_bought_wins_nor_a_flood_of_guests_pushes_players_off_the_board(
        tmp_path: Path) -> None:
    folder = tmp_path / "srv"
    # 10,000 guests' names ever used (a folder each, sorted before keys' and members')...
    for number in range(10000):
        (folder / "players" / f"guest-a{number:05d}").mkdir(parents=True)
    # ... one guest's six quick wins against random bots to a target of 1 ...
    eve = player(folder, guest_identity("eve"), [])
    with StatsStore(eve / "data" / STATS_NAME) as store:
        for seed in range(6):
            play_recorded(store, "moon3", seed, bot="random",
                          options={"target": 1, "forced_bid": True})
    # ... and a member and a key's player with whole games against the basic bot.
    player(folder, member_identity("Zoë"), [("moon3", 1)])
    player(folder, key_identity("SHA256:zzz", "yan"), [("texas42", 2)])
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir", str(folder))
    path = folder / "leaderboard.json"
    try:
        board = wait_until(lambda: path.exists() and json.loads(path.read_text()),
                           what="the board")
    finally:
        server.stop()
    assert sorted((p["name"], p["sign_in"], p["games"]) for p in board["players"]) == \
        [("Zoë", "secret", 1), ("yan", "key", 1)]


def test_idle_connections_from_many_addresses_do_not_shut_the_ssh_door(
        tmp_path: Path) -> None:
    """100 connections that never send a byte, 10 from each of 10 addresses (the default
    limits: 100 connections, 10 an address): a player still gets in within a few tries
    (each about one in three; tried from new addresses, so that no attempts' limit counts)."""
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "srv"), "--login-grace", "120")

    async def idle(address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bool]:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port,
                                                       local_addr=(address, 0))
        # Held: the server says its version; refused: it closes at once.
        banner = await asyncio.wait_for(reader.read(64), PATIENCE)
        return reader, writer, banner.startswith(b"SSH-")

    async def main() -> None:
        flood = []
        for number in range(100):
            flood.append(await idle(f"127.0.0.{2 + number // 10}"))
        held = sum(kept for _, _, kept in flood)
        print(f"idle connections held by the server: {held} of 100")
        assert held < 100
        tries = 0
        while True:
            tries += 1
            assert tries <= 30, "the player never got in"
            try:
                conn, seen = await _guest(server.port, "player", f"127.0.1.{tries}")
            except (asyncssh.DisconnectError, ConnectionError):
                continue
            break
        print(f"the player got in at try {tries}")
        await _until(lambda: LOBBY_TITLE.encode() in seen, "the player's lobby")
        conn.close()
        for _, writer, _ in flood:
            writer.close()

    try:
        asyncio.run(main())
    finally:
        server.stop()


async def _sign_in(url: str, name: str, secret: str, source: str = "127.0.0.1",
                   headers: dict[str, str] | None = None) -> tuple[int, str]:
    connector = aiohttp.TCPConnector(local_addr=(source, 0))
    async with aiohttp.ClientSession(connector=connector) as session, \
            session.post(url + "/sign-in", data={"name": name, "secret": secret},
                         headers={**OWN_PAGE, **(headers or {})},
                         allow_redirects=False) as page:
        return page.status, await page.text()


def test_wrong_secrets_from_elsewhere_do_not_lock_a_member_out(tmp_path: Path) -> None:
    port = free_port()
    server = Server(tmp_path, "club", "--ssh-port", "0", "--web-port", str(port), "--guest",
                    "--data-dir", str(tmp_path / "club"))
    url = f"http://127.0.0.1:{port}"

    async def main() -> None:
        assert (await _sign_in(url, "ann", SECRET))[0] == 303  # registered from home
        # An attacker guesses from another address, claiming (in a header nobody was told
        # to trust) to be ann's.
        spoof = {"X-Forwarded-For": "127.0.0.1"}
        for number in range(5):
            status, _ = await _sign_in(url, "ann", f"guess {number:04d}", "127.0.0.2", spoof)
            assert status == 403
        status, said = await _sign_in(url, "ann", SECRET, "127.0.0.2", spoof)
        assert status == 429 and "try again in" in said
        # ... and ann, at home or anywhere else, still signs in.
        assert (await _sign_in(url, "ann", SECRET))[0] == 303
        assert (await _sign_in(url, "ANN", SECRET, "127.0.0.3"))[0] == 303

    try:
        asyncio.run(main())
    finally:
        server.stop()


def test_behind_a_trusted_proxy_an_ipv6_64_is_one_address(tmp_path: Path) -> None:
    port = free_port()
    server = Server(tmp_path, "club", "--ssh-port", "0", "--web-port", str(port), "--guest",
                    "--data-dir", str(tmp_path / "club"),
                    "--trust-proxy-header", "X-Forwarded-For")
    url = f"http://127.0.0.1:{port}"

    def via(address: str) -> dict[str, str]:
        return {"X-Forwarded-For": f"198.51.100.7, {address}"}  # the proxy's is the last

    async def main() -> None:
        for number in range(5):  # five new names an hour from one address...
            status, said = await _sign_in(url, f"p{number}", SECRET,
                                          headers=via(f"2001:db8:0:1::{number + 1:x}"))
            assert status == 303, said
        # ... and another address of the same /64 is the same address.
        status, said = await _sign_in(url, "p5", SECRET, headers=via("2001:db8:0:1:ffff::9"))
        assert status == 429 and "Too many new names" in said
        # Another /64, or the address the header names in place of the proxy's, is not.
        assert (await _sign_in(url, "p6", SECRET, headers=via("2001:db8:0:2::1")))[0] == 303

    try:
        asyncio.run(main())
    finally:
        server.stop()


def test_the_web_door_speaks_tls_with_a_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext",
                    "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    port = free_port()
    server = Server(tmp_path, "club", "--ssh-port", "0", "--web-port", str(port), "--guest",
                    "--data-dir", str(tmp_path / "club"), "--tls-cert", str(cert),
                    "--tls-key", str(key))
    assert f"https://127.0.0.1:{port}" in server.banner
    trusted = ssl.create_default_context(cafile=str(cert))

    async def main() -> None:
        connector = aiohttp.TCPConnector(ssl=trusted)
        async with aiohttp.ClientSession(connector=connector) as session:
            async with session.get(f"https://127.0.0.1:{port}/") as page:
                assert page.status == 200 and 'name="secret"' in await page.text()
            async with session.post(f"https://127.0.0.1:{port}/sign-in",
                                    data={"name": "ann", "secret": SECRET}, headers=OWN_PAGE,
                                    allow_redirects=False) as page:
                assert page.status == 303
                cookie = page.headers["Set-Cookie"]
                assert "Secure" in cookie and "HttpOnly" in cookie
        # Plain HTTP gets no page: the secret cannot be sent in clear by mistake.
        with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as plain:
            plain.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert b"sign in" not in plain.recv(65536)

    try:
        asyncio.run(main())
    finally:
        server.stop()
    assert "plain HTTP" not in server.log()


def test_a_door_taking_secrets_in_clear_beyond_loopback_warns() -> None:
    said = plain_secrets_warning("0.0.0.0", tls=False, loopback=False, what="secrets")
    assert said is not None and "plain HTTP" in said and "--tls-cert" in said
    assert plain_secrets_warning("0.0.0.0", tls=True, loopback=False, what="secrets") is None
    assert plain_secrets_warning("127.0.0.1", tls=False, loopback=True, what="x") is None
