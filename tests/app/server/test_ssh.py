"""``moon42 serve ssh`` with the real OpenSSH client, driven in tmux like a player would."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from .harness import (
    AT_TABLE,
    LOBBY_TITLE,
    PATIENCE,
    Server,
    Tmux,
    connections_to,
    first_offer,
    make_key,
    play_turns,
    processes_mentioning,
    running,
    wait_until,
)

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh")]  # an SSH server and its clients


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("serve-ssh")


@pytest.fixture(scope="module")
def keys(place: Path) -> dict[str, Path]:
    found = {name: make_key(place, name) for name in ("ann", "bob", "stranger")}
    (place / "authorized_keys").write_text(
        "# the players\n"
        + "".join(found[n].with_suffix(".pub").read_text() for n in ("ann", "bob"))
    )
    return found


@pytest.fixture(scope="module")
def server(place: Path, keys: dict[str, Path]):
    started = Server(place, "ssh", "--port", "0", "--authorized-keys",
                     str(place / "authorized_keys"), "--data-dir", str(place / "server"),
                     "--max-attempts", "1000")
    yield started
    assert started.stop() == 0, started.log()
    # Every game the server started has ended with it.
    wait_until(lambda: not processes_mentioning(str(place / "server"))
               and not any(running(pid) for pid in started.game_pids()),
               what="the games to end")


@pytest.fixture
def tmux():
    terminals = Tmux()
    yield terminals
    terminals.kill()


def player_config(server: Server, key: Path) -> Path:
    """Where the server keeps this key's lobby choices (made ready before signing in)."""
    fingerprint = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(key)],
                                 capture_output=True, text=True, check=True).stdout.split()[1]
    label = fingerprint.removeprefix("SHA256:").replace("+", "-").replace("/", "_")
    return server.folder / "server" / "players" / f"key-{label}" / "data"


@pytest.mark.needs("tmux")
def test_a_player_signs_in_plays_a_hand_and_the_screen_follows_the_terminal(
        server: Server, keys: dict[str, Path], tmux: Tmux) -> None:
    config = player_config(server, keys["ann"])
    config.mkdir(parents=True, exist_ok=True)
    (config / "lobby.json").write_text(json.dumps({"game": "texas42", "seed": 7, "pin_seed": True,
                                                   "pace": 0}))
    tmux.open("ann", server.ssh(keys["ann"], "-tt"))
    lobby = tmux.wait_for("ann", LOBBY_TITLE)
    assert "Texas 42" in lobby  # her own remembered choices, from her own folder

    # A smaller terminal gets the notice, and the game comes back when it grows.
    tmux.resize("ann", 70, 20)
    tmux.wait_for("ann", "It is 70x20 now")
    tmux.resize("ann", 100, 30)

    def lobby_back() -> bool:
        screen = tmux.screen("ann")
        return LOBBY_TITLE in screen and "enlarge" not in screen

    wait_until(lobby_back, what="the lobby back, whole")

    tmux.keys("ann", "Enter")
    tmux.wait_for("ann", AT_TABLE)

    def first_choice(screen: str) -> str:
        """A playable tile's number (they are marked [n]), else Enter (the choice shown)."""
        playable = re.findall(r"\[([1-7])\]", screen)
        return playable[0] if playable else first_offer(screen)

    summary = play_turns(tmux, ["ann"], done=lambda screen: "Press Enter for the next hand"
                         in screen, key=first_choice)["ann"]
    assert "hand 1 is over" in summary

    tmux.keys("ann", "C-q")
    tmux.wait_for("ann", "CLIENT-ENDED 0")


@pytest.mark.needs("tmux")
def test_a_player_who_drops_leaves_no_game_behind(server: Server, keys: dict[str, Path],
                                                  tmux: Tmux) -> None:
    tmux.open("bob", server.ssh(keys["bob"], "-tt"))
    tmux.wait_for("bob", LOBBY_TITLE)
    games = wait_until(lambda: server.game_pids(player_config(server, keys["bob"]).parent.name),
                       what="bob's game in the log")
    assert all(running(pid) for pid in games)
    tmux.kill()  # the client is gone without a word
    wait_until(lambda: not any(running(pid) for pid in games),
               what="the dropped player's game to end")
    assert server.alive()


def test_commands_subsystems_and_sessions_without_a_terminal_are_refused(
        server: Server, keys: dict[str, Path]) -> None:
    command = subprocess.run(server.ssh(keys["bob"]) + ["ls", "/"], capture_output=True,
                             text=True, timeout=PATIENCE)
    assert command.returncode == 1
    assert "runs no commands" in command.stderr and "ssh -t" in command.stderr
    assert command.stdout == ""

    no_terminal = subprocess.run(server.ssh(keys["bob"], "-T"), capture_output=True, text=True,
                                 timeout=PATIENCE, stdin=subprocess.DEVNULL)
    assert no_terminal.returncode == 1
    assert "needs a terminal" in no_terminal.stderr

    subsystem = subprocess.run(server.ssh(keys["bob"], "-s") + ["sftp"], capture_output=True,
                               text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
    assert subsystem.returncode == 1
    assert "no subsystems" in subsystem.stderr


def test_port_forwarding_is_refused(server: Server, keys: dict[str, Path]) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        local_port = probe.getsockname()[1]
    forward = subprocess.Popen(
        server.ssh(keys["bob"], "-N", "-L", f"127.0.0.1:{local_port}:127.0.0.1:{server.port}",
                   "-o", "LogLevel=INFO"),
        stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
    )
    try:
        def forwarded() -> bytes | None:
            try:
                with socket.create_connection(("127.0.0.1", local_port), timeout=30) as s:
                    return s.recv(100) or b"closed"
            except ConnectionRefusedError:
                return None  # ssh is not listening yet

        # Through the tunnel would come the server's own SSH banner: nothing comes.
        assert wait_until(forwarded, what="the tunnel's answer") == b"closed"
    finally:
        forward.terminate()
        try:
            _, errors = forward.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            # Now and then OpenSSH misses the SIGTERM between two waits; what it printed
            # about the refusal is already in the pipe.
            forward.kill()
            _, errors = forward.communicate(timeout=30)
    assert "administratively prohibited" in errors
    assert "port forwarding is refused" in errors


@pytest.mark.needs("tmux")
def test_agent_and_x11_forwarding_are_refused(server: Server, keys: dict[str, Path],
                                             tmux: Tmux) -> None:
    log = server.folder / "forwarding.log"
    # ssh-agent runs the client with an agent to forward; DISPLAY gives it an X11 to forward.
    client = server.ssh(keys["bob"], "-tt", "-A", "-X", "-o", "LogLevel=INFO", "-E", str(log))
    tmux.open("bob", ["env", "DISPLAY=:55", "ssh-agent", *client])
    tmux.wait_for("bob", LOBBY_TITLE)
    tmux.keys("bob", "C-q")
    tmux.wait_for("bob", "CLIENT-ENDED 0")
    # The game was played all the same; the client was told X11 forwarding was refused
    # (OpenSSH asks for agent forwarding without waiting for an answer, so says nothing).
    assert "X11 forwarding request failed" in log.read_text()


def test_a_key_not_in_authorized_keys_is_refused(server: Server, keys: dict[str, Path]) -> None:
    refused = subprocess.run(server.ssh(keys["stranger"], "-tt"), capture_output=True,
                             text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
    assert refused.returncode == 255
    assert "Permission denied (publickey)" in refused.stderr


@pytest.mark.needs("tmux")
def test_a_flood_of_attempts_is_shut_out_and_the_server_goes_on(
        tmp_path: Path, keys: dict[str, Path], place: Path, tmux: Tmux) -> None:
    window = 4.0
    server = Server(tmp_path, "ssh", "--port", "0", "--authorized-keys",
                    str(place / "authorized_keys"), "--data-dir", str(tmp_path / "server"),
                    "--max-attempts", "5", "--attempt-window", str(window))
    try:
        def attempt(number: int) -> None:
            try:
                with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
                    if number % 2:
                        s.sendall(b"SSH-2.0-flood\r\n" + bytes(range(256)))
            except OSError:
                pass

        threads = [threading.Thread(target=attempt, args=(n,)) for n in range(100)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        flooded_at = time.monotonic()
        # Each of them is closed: by the client, or by the server at once, over its limits.
        wait_until(lambda: connections_to(server.port) == 0, what="the flood to be closed")

        shut_out = subprocess.run(server.ssh(keys["ann"], "-tt"), capture_output=True,
                                  text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
        assert shut_out.returncode == 255 and server.alive()
        assert "too many connection attempts" in shut_out.stderr

        # Once the window has passed, the same address plays again.
        time.sleep(max(0.0, flooded_at + window + 0.5 - time.monotonic()))
        tmux.open("ann", server.ssh(keys["ann"], "-tt"))
        tmux.wait_for("ann", LOBBY_TITLE)
        tmux.keys("ann", "C-q")
        tmux.wait_for("ann", "CLIENT-ENDED 0")
    finally:
        assert server.stop() == 0, server.log()
    log = server.log()
    # A line for each kind of refusal, not one a connection.
    assert log.count("127.0.0.1: too many attempts") == 1
    assert log.count("127.0.0.1: connection refused: 127.0.0.1 has 10 connections open") == 1
    assert "Traceback" not in log


@pytest.mark.needs("tmux")
def test_guests_a_full_server_and_an_idle_player(tmp_path: Path, tmux: Tmux) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "server"), "--max-sessions", "1", "--idle-timeout", "10")
    try:
        tmux.open("cat", server.ssh(None, "-tt", user="cat"))
        tmux.wait_for("cat", LOBBY_TITLE)
        full = subprocess.run(server.ssh(None, "-tt", user="dan"), capture_output=True,
                              text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
        assert full.returncode == 1 and "server is full" in full.stderr

        # Nobody presses a key: the game ends and says why.
        ended = tmux.wait_for("cat", "CLIENT-ENDED")
        assert "no key pressed for 10 seconds" in ended and "CLIENT-ENDED 1" in ended

        tmux.open("dan", server.ssh(None, "-tt", user="dan"))
        tmux.wait_for("dan", LOBBY_TITLE)
        tmux.keys("dan", "C-q")
        tmux.wait_for("dan", "CLIENT-ENDED 0")
    finally:
        assert server.stop() == 0, server.log()
    players = sorted(p.name for p in (tmp_path / "server" / "players").iterdir())
    assert players == ["guest-cat", "guest-dan"]
    assert not processes_mentioning(str(tmp_path / "server"))
    assert not any(running(pid) for pid in server.game_pids())
