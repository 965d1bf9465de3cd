"""``moon42 serve ssh`` against hostile clients: the real OpenSSH client, and asyncssh.

Each case is one a hostile client tried on the first version: a flood of keys, keys whose
authorized_keys options forbid a game, connections that never start one, a borrowed
name, a huge terminal, a client that leaves (or is left) in the middle, a flood of
environment variables and of sessions on one connection.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import time
from pathlib import Path

import asyncssh
import pytest

from .harness import (
    AT_TABLE,
    LOBBY_TITLE,
    PATIENCE,
    Server,
    Tmux,
    connections_to,
    make_key,
    processes_mentioning,
    running,
    wait_until,
)

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh")]  # an SSH server under hostile clients

TITLE = LOBBY_TITLE.encode()
LOGIN_GRACE = 5


@pytest.fixture(scope="module")
def guests(tmp_path_factory: pytest.TempPathFactory):
    """A guest server with a short idle timeout and login grace, and room for floods."""
    place = tmp_path_factory.mktemp("hostile")
    server = Server(place, "ssh", "--port", "0", "--guest", "--data-dir", str(place / "srv"),
                    "--idle-timeout", "8", "--login-grace", str(LOGIN_GRACE),
                    "--max-connections", "400", "--max-per-address", "300",
                    "--max-attempts", "1000", "--max-sessions", "30",
                    "--max-startups", "300:30:400")
    yield server
    assert server.stop() == 0, server.log()
    log = server.log()
    assert "Traceback" not in log and "struct.error" not in log, log


@pytest.fixture
def tmux():
    terminals = Tmux()
    yield terminals
    terminals.kill()


async def _sign_in(server: Server, user: str, **options) -> tuple[
        asyncssh.SSHClientConnection, asyncssh.SSHClientProcess, bytearray]:
    """An asyncssh guest with a terminal; what the game draws piles up in the bytearray."""
    conn = await asyncssh.connect("127.0.0.1", server.port, username=user, known_hosts=None,
                                  client_keys=None, connect_timeout=PATIENCE)
    process = await conn.create_process(term_type=options.pop("term_type", "xterm-256color"),
                                        term_size=options.pop("term_size", (80, 24)),
                                        encoding=None, **options)
    seen = bytearray()

    async def read() -> None:
        while data := await process.stdout.read(65536):
            seen.extend(data)

    asyncio.ensure_future(read())
    return conn, process, seen


async def _until(check, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not check():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


# ----- floods ------------------------------------------------------------------


def test_a_flood_of_keys_fills_only_the_flooders_window(guests: Server) -> None:
    async def main() -> tuple[float, float, int, int]:
        idle = guests.rss_mib()
        conn, flood, seen = await _sign_in(guests, "flood")
        other_conn, other, other_seen = await _sign_in(guests, "steady")
        await _until(lambda: TITLE in seen and TITLE in other_seen, "both lobbies")
        chan = flood.channel
        sent = 0
        loop = asyncio.get_running_loop()
        start = loop.time()
        while loop.time() - start < 5:
            if chan.get_write_buffer_size() < 8 << 20:
                flood.stdin.write(b"aaaa\n" * 13000)  # as fast as the link allows
                sent += 65000
            await asyncio.sleep(0.01)
        elapsed = loop.time() - start
        accepted = sent - chan.get_write_buffer_size()
        # Meanwhile another player's keys are answered.
        before = len(other_seen)
        other.stdin.write(b"\x1b[B")  # down: the other lobby redraws its cursor
        await _until(lambda: len(other_seen) > before, "the other player's screen")
        during = guests.rss_mib()
        conn.close()
        other_conn.close()
        return idle, during, accepted, int(elapsed)

    idle, during, accepted, elapsed = asyncio.run(main())
    # The server held back all but what the game could take: its window (64 KiB), a
    # burst (8 KiB) and 2 KiB a second; the rest stayed in the client. Its memory hardly
    # moved (the first version grew by 40 MB a second).
    assert accepted < 64 * 1024 + 8 * 1024 + 2048 * elapsed + 64 * 1024, accepted
    assert during - idle < 20, (idle, during)


def test_a_flood_of_environment_variables_is_not_kept(guests: Server) -> None:
    async def main() -> tuple[float, float]:
        idle = guests.rss_mib()
        junk = {f"JUNK_{n}": "x" * 30000 for n in range(1000)}  # 30 MB of variables
        conn, process, seen = await _sign_in(guests, "envy", env={"LANG": "C.UTF-8", **junk})
        await _until(lambda: TITLE in seen, "the lobby")
        during = guests.rss_mib()
        process.stdin.write(b"\x11")  # Ctrl+Q
        await asyncio.wait_for(process.wait_closed(), PATIENCE)
        conn.close()
        return idle, during

    idle, during = asyncio.run(main())
    assert during - idle < 15, (idle, during)


def test_one_connection_plays_one_game_at_a_time(guests: Server) -> None:
    async def main() -> str:
        conn, first, seen = await _sign_in(guests, "twice")
        await _until(lambda: TITLE in seen, "the lobby")
        with pytest.raises(asyncssh.ChannelOpenError) as refused:
            await conn.create_process(term_type="xterm", encoding=None)
        first.stdin.write(b"\x11")
        await asyncio.wait_for(first.wait_closed(), PATIENCE)
        conn.close()
        return refused.value.reason

    assert "one game per connection" in asyncio.run(main())


# ----- sizes, names, endings -------------------------------------------------------


def test_a_huge_terminal_is_clamped_and_the_game_goes_on(guests: Server) -> None:
    async def main() -> int | None:
        conn, process, seen = await _sign_in(guests, "wide", term_size=(70000, 70000))
        await _until(lambda: TITLE in seen, "the lobby")
        process.change_terminal_size(2**32 - 1, 2**32 - 1)
        process.change_terminal_size(0, 0)
        process.change_terminal_size(120, 40)
        before = len(seen)
        await _until(lambda: len(seen) > before, "a redraw at 120x40")
        process.stdin.write(b"\x11")
        await asyncio.wait_for(process.wait_closed(), PATIENCE)
        conn.close()
        return process.exit_status

    assert asyncio.run(main()) == 0


@pytest.mark.parametrize(("name", "said"), [
    (" ann", "does not start or end with a space"),
    ("a" * 40, "at most 32 characters"),
])
def test_a_name_that_cannot_be_a_player_is_refused_with_the_reason(
        guests: Server, name: str, said: str) -> None:
    async def main() -> str:
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await _sign_in(guests, name)
        return refused.value.reason

    assert said in asyncio.run(main())


def test_a_client_at_eof_ends_its_game_with_one_line(guests: Server) -> None:
    ended = subprocess.run(guests.ssh(None, "-tt", user="eof"), capture_output=True,
                           text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
    assert "the connection's input has ended" in ended.stderr
    wait_until(lambda: "guest-eof: game ends" in guests.log(), what="the game's end")
    log = guests.log()
    assert log.count("guest-eof: game ends") == 1
    assert "BrokenPipeError" not in log and "Traceback" not in log


@pytest.mark.needs("tmux")
def test_an_idle_player_gets_their_terminal_back(guests: Server, tmux: Tmux) -> None:
    tmux.open("idle", guests.ssh(None, "-tt", user="idle"))
    tmux.wait_for("idle", LOBBY_TITLE)
    assert tmux.modes("idle")["alternate_on"] == "1"  # the game's screen, mouse and all
    ended = tmux.wait_for("idle", "CLIENT-ENDED 1")
    assert "no key pressed for 8 seconds" in ended
    # Left as it was found: the alternate screen off, no mouse reports, the cursor on.
    assert tmux.modes("idle") == {
        "alternate_on": "0", "mouse_any_flag": "0", "mouse_all_flag": "0",
        "mouse_button_flag": "0", "mouse_standard_flag": "0", "mouse_sgr_flag": "0",
        "cursor_flag": "1"}


# ----- connections that never play --------------------------------------------


@pytest.mark.needs("tmux")
def test_connections_without_a_game_are_closed_while_a_player_plays(
        guests: Server, tmux: Tmux) -> None:
    before = connections_to(guests.port)
    started = time.monotonic()
    quiet = [socket.create_connection(("127.0.0.1", guests.port), timeout=PATIENCE)
             for _ in range(100)]  # half-open: never a word
    idle = [subprocess.Popen(guests.ssh(None, "-N", user=f"idle{n}"), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for n in range(100)]
    try:
        # Meanwhile a player signs in and plays.
        tmux.open("player", guests.ssh(None, "-tt", user="player"))
        tmux.wait_for("player", LOBBY_TITLE)
        tmux.keys("player", "Enter")
        tmux.wait_for("player", AT_TABLE)
        # Every one of the 200 is closed by the server once its grace has passed.
        for sock in quiet:
            sock.settimeout(PATIENCE)
            assert sock.recv(4096).startswith(b"SSH-2.0-")  # the server's greeting...
            while sock.recv(4096):  # ...and then the end
                pass
        for process in idle:
            process.wait(PATIENCE)
        closed_after = time.monotonic() - started
        wait_until(lambda: connections_to(guests.port) <= before + 1,
                   what="only the player's connection")
        assert all(p.returncode == 255 for p in idle)
        assert "no game was started within 5 seconds" in idle[0].stderr.read()
        print(f"200 connections without a game closed {closed_after:.1f} s after they opened")
        assert closed_after >= LOGIN_GRACE
        # The player is still playing.
        tmux.keys("player", "p")
        assert "CLIENT-ENDED" not in tmux.screen("player")
        tmux.keys("player", "C-q")
        tmux.wait_for("player", "CLIENT-ENDED 0")
    finally:
        for sock in quiet:
            sock.close()
        for process in idle:
            if process.poll() is None:
                process.kill()
            process.wait()
            process.stderr.close()


@pytest.mark.needs("tmux")
def test_connections_over_the_limits_are_closed_at_once_and_sigterm_restores_terminals(
        tmp_path: Path, tmux: Tmux) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "srv"), "--max-per-address", "3", "--max-connections", "5",
                    "--login-grace", "60")
    held: list[socket.socket] = []
    try:
        def connect(source: str) -> socket.socket:
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE,
                                            source_address=(source, 0))
            held.append(sock)
            return sock

        def greeted(sock: socket.socket) -> bool:
            return sock.recv(4096).startswith(b"SSH-2.0-")

        assert all(greeted(connect("127.0.0.1")) for _ in range(3))
        assert connect("127.0.0.1").recv(4096) == b""  # a fourth from one address
        assert greeted(connect("127.0.0.2"))
        # One connection is left: a player from another address takes it and plays.
        tmux.open("player", server.ssh(None, "-tt", "-b", "127.0.0.3", user="player"))
        tmux.wait_for("player", LOBBY_TITLE)
        assert connect("127.0.0.4").recv(4096) == b""  # the server is full
        assert tmux.modes("player")["mouse_any_flag"] == "1"
    finally:
        assert server.stop() == 0, server.log()
        for sock in held:
            sock.close()
    ended = tmux.wait_for("player", "CLIENT-ENDED 1")
    assert "the server is stopping" in ended
    modes = tmux.modes("player")
    assert modes["alternate_on"] == "0" and modes["mouse_any_flag"] == "0"
    assert modes["cursor_flag"] == "1"
    log = server.log()
    assert log.count("connection refused: 127.0.0.1 has 3 connections open") == 1
    assert "connection refused: the server has 5 connections open" in log
    assert not processes_mentioning(str(tmp_path / "srv"))
    games = server.game_pids()
    assert games and not any(running(pid) for pid in games)


# ----- keys and their options ------------------------------------------------------


@pytest.mark.needs("tmux")
def test_authorized_keys_options_are_honoured(tmp_path: Path, tmux: Tmux) -> None:
    names = ("walled", "nopty", "command", "restrict", "expired", "elsewhere", "friend",
             "authority", "ann", "bob", "annbare")
    keys = {name: make_key(tmp_path, name) for name in names}

    def line(name: str, options: str) -> str:
        return f"{options} {keys[name].with_suffix('.pub').read_text().strip()}\n"

    # A certificate authority that vouches for ann and for bob; the line takes only ann.
    # Ann's second key is vouched for without a terminal.
    for person, key, extra in (("ann", "ann", ()), ("bob", "bob", ()),
                               ("ann", "annbare", ("-O", "no-pty"))):
        subprocess.run(["ssh-keygen", "-q", "-s", str(keys["authority"]), "-I", person,
                        "-n", person, "-V", "-5m:+1h", *extra,
                        str(keys[key].with_suffix(".pub"))], check=True)
    (tmp_path / "authorized_keys").write_text(
        line("walled", 'from="10.9.9.9",no-pty,command="/bin/false"')
        + line("nopty", "no-pty")
        + line("command", 'command="/bin/false"')
        + line("restrict", "restrict")
        + line("expired", 'expiry-time="20200101"')
        + line("elsewhere", 'from="*.example.com"')
        + line("friend", 'from="localhost,10.0.0.0/8",restrict,pty,expiry-time="20990101"')
        + line("authority", 'cert-authority,principals="ann"')
    )
    server = Server(tmp_path, "ssh", "--port", "0", "--authorized-keys",
                    str(tmp_path / "authorized_keys"), "--data-dir", str(tmp_path / "srv"),
                    "--use-dns", "--max-attempts", "100")
    try:
        def attempt(name: str) -> subprocess.CompletedProcess:
            return subprocess.run(server.ssh(keys[name], "-tt", user=name), capture_output=True,
                                  text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)

        for name in ("walled", "elsewhere", "bob"):  # from another place, or not vouched for
            refused = attempt(name)
            assert refused.returncode == 255 and "Permission denied" in refused.stderr, name
        for name, reason in (("nopty", "says no-pty"), ("command", "forces a command"),
                             ("restrict", "says restrict"), ("expired", "expired on 2020-01-01")):
            refused = attempt(name)
            assert refused.returncode == 1 and reason in refused.stderr, (name, refused.stderr)
            # A terminal was asked for (-tt): the key's options refused it, and it is said so.
            assert "ssh -t" not in refused.stderr, (name, refused.stderr)
            assert "Sign in with another key" in refused.stderr, (name, refused.stderr)
        # A certificate without permit-pty: OpenSSH ends a session whose terminal was
        # refused, so without one the server says why (the certificate, not the session).
        refused = subprocess.run(server.ssh(keys["annbare"], "-T", user="ann"),
                                 capture_output=True, text=True, timeout=PATIENCE,
                                 stdin=subprocess.DEVNULL)
        assert refused.returncode == 1, refused.stderr
        assert "does not permit a terminal (no permit-pty)" in refused.stderr, refused.stderr
        assert "Sign in with another key" in refused.stderr, refused.stderr
        for name in ("friend", "ann"):  # a name the host's address resolves to; a certificate
            tmux.open(name, server.ssh(keys[name], "-tt", user=name))
            tmux.wait_for(name, LOBBY_TITLE)
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
    finally:
        assert server.stop() == 0, server.log()
    # The friend is known by the key, ann by the authority and the name it vouched for.
    players = sorted(p.name.split("-")[0] for p in (tmp_path / "srv" / "players").iterdir())
    assert players == ["cert", "key"]
