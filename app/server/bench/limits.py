"""The hostile cases of the serve bench about what one client may cost: keys in small SSH
packets, a member's web game closed after a flood of keys, the CPU of keys and resizes at
the input budget, and a game that grows past its memory cap (see ``bench.py``).

Each case starts ``serve club --guest`` on free ports, its data in a temp folder, with the
Python given (``--server-python``: another checkout's, to measure the figures before a
change), and says what the server's processes held and spent.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import asyncssh

from .players import (
    TITLE,
    cpu_seconds,
    descendants,
    games_in,
    mib,
    pss_kib,
    rss_kib,
    stop_server,
)

__all__ = ["game_memory_case", "key_budget", "small_packets", "web_close"]

_SECRET = "a long secret"


class Club:
    """``moon42 serve club --guest`` in a process of its own (and its own session)."""

    def __init__(self, python: str, *flags: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="moon42-serve-bench-"))
        self.log_path = self.folder / "server.log"
        self.process = subprocess.Popen(
            [python, "-m", "moon42.app.cli", "serve", "club", "--guest", "--ssh-port", "0",
             "--web-port", "0", "--data-dir", str(self.folder / "club"), "--busy-answer", "0",
             *flags],
            stdout=subprocess.PIPE, stderr=self.log_path.open("wb"), text=True,
            start_new_session=True, cwd=self.folder,
        )
        assert self.process.stdout is not None
        banner = self.process.stdout.readline()
        ports = re.findall(r"listening on [^:]+:(\d+) for SSH.* on [^:]+:(\d+) for browsers",
                           banner)
        if not ports:
            self.stop()
            raise RuntimeError(f"the club did not start: {banner!r} {self.log()}")
        self.ssh_port, self.web_port = (int(port) for port in ports[0])
        self.url = f"http://127.0.0.1:{self.web_port}"
        self.pid = self.process.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    async def settle(self) -> None:
        """Both doors' warm game starters ready, and a moment for the pages to settle."""
        deadline = time.monotonic() + 180
        while self.log().count("warm game starter ready") < 2:
            if time.monotonic() > deadline:
                raise RuntimeError("the warm game starters were not ready within 180 s")
            await asyncio.sleep(0.2)
        await asyncio.sleep(2.0)

    def game_pids(self) -> list[int]:
        return games_in(self.log())

    def all_rss_kib(self) -> int:
        return sum(rss_kib(pid) for pid in [self.pid, *descendants(self.pid)])

    def all_pss_kib(self) -> int:
        """Everything the club runs (shared pages split between the processes sharing
        them, so none is counted twice): itself, its warm starters, games, bot workers."""
        return sum(pss_kib(pid) for pid in [self.pid, *descendants(self.pid)])

    def stop(self) -> None:
        stop_server(self.process, self.folder)


class _Screen:
    """What a guest's game has drawn: the last of it, and how many bytes in all."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.total = 0


async def _guest(club: Club, name: str) -> tuple[asyncssh.SSHClientConnection,
                                                 asyncssh.SSHClientProcess, _Screen]:
    """A guest over SSH at a drawn lobby, and what its game draws."""
    conn = await asyncssh.connect("127.0.0.1", club.ssh_port, username=name,
                                  known_hosts=None, client_keys=None)
    process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                        encoding=None)
    screen = _Screen()

    async def read() -> None:
        while data := await process.stdout.read(65536):
            screen.total += len(data)
            screen.seen.extend(data)
            del screen.seen[:-200_000]  # enough to find the title

    asyncio.ensure_future(read())
    deadline = time.monotonic() + 120
    while TITLE not in screen.seen:
        if time.monotonic() > deadline:
            raise RuntimeError("the guest's lobby did not come up within 120 s")
        await asyncio.sleep(0.1)
    return conn, process, screen


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def own_mib(pid: int) -> float:
    """A process's private memory (what it shares with no other), in MiB."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    found = re.findall(r"^(?:Private_Clean|Private_Dirty):\s+(\d+) kB", text, re.M)
    return round(sum(int(kib) for kib in found) / 1024, 1)


# ----- the cases ---------------------------------------------------------------------


async def small_packets(python: str, seconds: float, size: int = 50) -> dict:
    """A guest writes ``size``-byte packets of keys as fast as its window allows."""
    club = Club(python)
    try:
        await club.settle()
        conn, process, _ = await _guest(club, "packets")
        game = club.game_pids()[-1]
        idle = rss_kib(club.pid)
        peak, sent = idle, 0
        chan = process.channel
        packet = b"z" * size
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            while chan.get_write_buffer_size() < 1 << 20:
                process.stdin.write(packet)  # each write its own packet
                sent += size
            peak = max(peak, rss_kib(club.pid))
            await asyncio.sleep(0.02)
        accepted = sent - chan.get_write_buffer_size()
        peak = max(peak, rss_kib(club.pid))
        game_rss = rss_kib(game)
        conn.close()
    finally:
        club.stop()
    return {
        "case": "small_packets",
        "packet_bytes": size,
        "seconds": seconds,
        "accepted_kib": round(accepted / 1024),
        "server_rss_mib": {"idle": mib(idle), "peak": mib(peak)},
        "server_growth_mib": mib(peak - idle),
        "game_rss_mib": mib(game_rss),
    }


async def web_close(python: str, kilobytes: int, wait: float = 15.0) -> dict:
    """A member's web game sent ``kilobytes`` KB of keys and closed at once; what is left
    of it ``wait`` seconds later."""
    club = Club(python)
    try:
        await club.settle()
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as web:
            async with web.post(club.url + "/sign-in",
                                data={"name": "ann", "secret": _SECRET},
                                headers={"Sec-Fetch-Site": "same-origin", "Origin": "null"}):
                pass
            before = club.all_rss_kib()
            ws = await web.ws_connect(club.url.replace("http", "ws") + "/ws?width=80&height=24",
                                      origin=club.url)
            deadline = time.monotonic() + 120
            while "web game starts" not in club.log():
                if time.monotonic() > deadline:
                    raise RuntimeError("the web game did not start within 120 s")
                await asyncio.sleep(0.1)
            game = int(re.findall(r"web game starts \(.*pid (\d+)\)", club.log())[-1])
            await asyncio.sleep(3.0)  # its lobby drawn
            playing = club.all_rss_kib()
            keys = "\x1b[B\x1b[A" * 166  # down, up: about 1 KB, each a redraw
            for _ in range(kilobytes):
                await ws.send_str(json.dumps(["stdin", keys]))
            closed = time.monotonic()
            await ws.close()
            async with web.get(club.url + "/") as page:  # may ann play again at once?
                again = page.status
        gone_after = None
        while time.monotonic() - closed < wait:
            if gone_after is None and not _alive(game):
                gone_after = time.monotonic() - closed
            await asyncio.sleep(0.1)
        after = club.all_rss_kib()
        game_cpu = cpu_seconds(game) if _alive(game) else None
    finally:
        club.stop()
    return {
        "case": "web_close",
        "keys_kb": kilobytes,
        "game_gone_after_s": None if gone_after is None else round(gone_after, 1),
        "game_alive_after_s": None if gone_after is not None else wait,
        "game_cpu_s_so_far": game_cpu,
        "all_rss_mib": {"before": mib(before), "playing": mib(playing),
                        f"after_{wait:g}s": mib(after)},
        "back_within_mib": mib(after - before),
        "next_game_page_status_at_once": again,
    }


async def key_budget(python: str, seconds: float, resizes: int = 400) -> dict:
    """A guest types one-byte keys as fast as the server lets it, then leaves; then another
    resizes its terminal ``resizes`` times as fast as it can."""
    club = Club(python)
    try:
        await club.settle()
        conn, process, _ = await _guest(club, "typist")
        game = club.game_pids()[-1]
        chan = process.channel
        start_cpu, start = cpu_seconds(game), time.monotonic()
        sent = 0
        while time.monotonic() - start < seconds:
            while chan.get_write_buffer_size() < 256 << 10:
                process.stdin.write(b"z" * 1024)
                sent += 1024
            await asyncio.sleep(0.02)
        typed_cpu = cpu_seconds(game) - start_cpu
        accepted = sent - chan.get_write_buffer_size()
        conn.close()
        left = time.monotonic()
        while _alive(game) and time.monotonic() - left < 120:
            await asyncio.sleep(0.1)
        lived = time.monotonic() - left

        conn, process, screen = await _guest(club, "resizer")
        game = club.game_pids()[-1]
        await asyncio.sleep(2.5)
        before_cpu, before_output = cpu_seconds(game), screen.total
        for n in range(resizes):  # a window dragged about: 50 sizes a second
            process.change_terminal_size(160 + n % 40, 48 + n % 12)
            await asyncio.sleep(0.02)
        quiet = 0
        while quiet < 3:  # until the screen has been still for 3 s
            was = screen.total
            await asyncio.sleep(1.0)
            quiet = quiet + 1 if screen.total == was else 0
        resize_cpu = cpu_seconds(game) - before_cpu
        resize_output = screen.total - before_output
        conn.close()
    finally:
        club.stop()
    return {
        "case": "key_budget",
        "seconds": seconds,
        "keys_accepted": accepted,
        "game_cores_while_typing": round(typed_cpu / seconds, 2),
        "game_lived_after_client_left_s": round(lived, 1),
        "resizes": resizes,
        "resize_game_cpu_s": round(resize_cpu, 2),
        "resize_output_mb": round(resize_output / 1e6, 1),
    }


async def game_memory_case(python: str, seconds: float, key: str, flags: list[str],
                           at_table: bool = False) -> dict:
    """A guest holds ``key`` (sent as fast as the server takes it) for ``seconds``, in the
    lobby or (``at_table``) in a new game at the table: the game's own memory and that of
    all the server's processes as it goes, the keys the server took, the records the
    player has, and whether the game was ended and the server went on."""
    club = Club(python, *flags)
    try:
        await club.settle()
        conn, process, screen = await _guest(club, "holder")
        game = club.game_pids()[-1]
        if at_table:
            process.stdin.write(b"\r")  # the lobby's game
            deadline = time.monotonic() + 120
            while b"Your bid" not in screen.seen:
                if time.monotonic() > deadline:
                    raise RuntimeError("the table did not come to the guest's bid in 120 s")
                await asyncio.sleep(0.1)
        start_own, start_all = own_mib(game), club.all_pss_kib()
        peak_own, peak_all = start_own, start_all
        chan = process.channel
        ended_after, sent, start = None, 0, time.monotonic()
        samples = 0
        while time.monotonic() - start < seconds:
            if not _alive(game) or process.exit_status is not None or chan.is_closing():
                # Ended (past its cap): the channel closes, and no more keys can go.
                ended_after = time.monotonic() - start
                break
            if chan.get_write_buffer_size() < 4096:
                process.stdin.write(key.encode() * 256)
                sent += 256
            peak_own = max(peak_own, own_mib(game))
            samples += 1
            if samples % 5 == 0:  # all the processes twice a second
                peak_all = max(peak_all, club.all_pss_kib())
            await asyncio.sleep(0.1)
        taken = sent - (0 if chan.is_closing() else chan.get_write_buffer_size())
        end_own = own_mib(game) if _alive(game) else None
        end_all = club.all_pss_kib()
        peak_all = max(peak_all, end_all)
        conn.close()
        records = club.folder / "club" / "players" / "guest-holder" / "data" / "records"
        files = len(list(records.glob("*.json"))) if records.is_dir() else 0
        server_alive = club.process.poll() is None
        logged = [line.split(" ", 2)[2] for line in club.log().splitlines()
                  if "game-memory" in line]
        conn, process, _ = await _guest(club, "after")  # the server still serves
        conn.close()
    finally:
        club.stop()
    return {
        "case": "game_memory",
        "key": key,
        "where": "table" if at_table else "lobby",
        "seconds": seconds,
        "keys_taken": taken,
        "records_kept": files,
        "game_own_mib": {"start": start_own, "peak": peak_own, "end": end_own},
        "all_processes_pss_mib": {"start": mib(start_all), "peak": mib(peak_all),
                                  "end": mib(end_all)},
        "all_processes_growth_mib": mib(peak_all - start_all),
        "game_ended_after_s": None if ended_after is None else round(ended_after, 1),
        "log": logged[:2],
        "server_alive": server_alive,
        "next_guest_got_a_lobby": True,
    }


def run(case: str, python: str | None, **given: object) -> dict:
    """One case, by name, with the server on ``python`` (default: this one)."""
    python = python or sys.executable
    work = {"small_packets": small_packets, "web_close": web_close, "key_budget": key_budget,
            "game_memory": game_memory_case}[case]
    result = asyncio.run(work(python, **given))  # type: ignore[operator]
    result["server_python"] = python
    result["cpus"] = os.cpu_count()
    return result
