"""A key held down that opens and closes a screen (``b``, the leaderboard) in a served
lobby, faster than the game can open and close it: the game reads keys no faster than it
handles them (``app/tui/quiet_input.py``), so the rest wait in its terminal and then in the
server, whose window closes on the client; the game's memory stays where it levels off.

The server here lets keys through as fast as the terminal takes them (``--input-rate``),
so the game is what holds the client back: the first version read them all, and its
memory grew by about 1.5 MiB a second for as long as the key was held."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import pytest

from .harness import LOBBY_TITLE, PATIENCE, Server, wait_until

pytestmark = pytest.mark.slow  # a server and a game held busy for half a minute

TITLE = LOBBY_TITLE.encode()
FAST = str(1 << 20)  # keys per second and at once: more than any game takes
WINDOW = 64 * 1024  # the SSH window the server gives a session
TERMINAL = 68 * 1024  # what a PTY holds that its game has not read (Linux: 64 + 4 KiB)
HELD = 30.0  # seconds the key is held


def _own_mib(pid: int) -> float:
    """A process's private memory (what it shares with no other process), in MiB."""
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    found = re.findall(r"^(?:Private_Clean|Private_Dirty|Swap):\s+(\d+) kB", rollup, re.M)
    return sum(int(kib) for kib in found) / 1024


def test_holding_a_key_that_opens_a_screen_leaves_the_keys_with_the_client(
        tmp_path: Path) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "srv"), "--input-rate", FAST, "--input-burst", FAST)
    wait_until(lambda: "warm game starter ready" in server.log(), what="the warm starter")

    async def main() -> tuple[int, int, float, list[float]]:
        conn = await asyncssh.connect("127.0.0.1", server.port, username="holder",
                                      known_hosts=None, client_keys=None,
                                      connect_timeout=PATIENCE)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                            encoding=None)
        seen = bytearray()

        async def read() -> None:
            while data := await process.stdout.read(65536):
                seen.extend(data)
                del seen[:-100_000]

        reader = asyncio.ensure_future(read())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PATIENCE
        while TITLE not in seen:
            assert loop.time() < deadline, "timed out waiting for the lobby"
            await asyncio.sleep(0.1)
        game = server.game_pids("guest-holder")[-1]
        chan = process.channel
        sent, memory = 0, []
        start = loop.time()
        while (held := loop.time() - start) < HELD:
            if chan.get_write_buffer_size() < 1 << 20:
                process.stdin.write(b"b" * 4096)
                sent += 4096
            if len(memory) < held:  # once a second
                memory.append(_own_mib(game))
            await asyncio.sleep(0.05)
        memory.append(_own_mib(game))
        taken = sent - chan.get_write_buffer_size()
        conn.close()
        reader.cancel()
        return sent, taken, loop.time() - start, memory

    try:
        sent, taken, held, memory = asyncio.run(main())
    finally:
        assert server.stop() == 0, server.log()
    assert "Traceback" not in server.log(), server.log()
    # The client's own buffer filled: the server took its window, what the terminal holds
    # and what the game handled (a few dozen keys a second; allow 500).  Here: 64 KiB in
    # 30 s; the first version took 224 KiB, as fast as the game read.
    assert sent > taken + (1 << 19), (sent, taken)
    assert taken < WINDOW + TERMINAL + 500 * held, (taken, held, memory)
    # The game's memory levels off (garbage screens and caches; here 17 to about 40 MiB,
    # most of it in the first 15 s); the first version's grew about 1.5 MiB a second for as
    # long as the key was held (17 to 55 MiB in 26 s with the server's default input rate).
    assert max(memory) - memory[0] < 30, memory
