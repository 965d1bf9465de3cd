"""The players and the server of the serving benchmarks (``bench.py``,
``bench_hostile.py``, ``bench_tables.py``): guests signing in over SSH, pressing keys and
timing the screen's answer, and the server's processes and their memory."""


from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

TITLE = b"moon42: Moon and Texas 42"
KEYS = (b"\x1b[B", b"\x1b[A")  # down, up: the lobby redraws its cursor


class Player:
    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.seen = bytearray()
        self.arrived = asyncio.Event()

    async def read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.seen += data
            self.arrived.set()

    async def press(self, key: bytes) -> float:
        await asyncio.sleep(0.15)  # let the last redraw finish arriving
        self.arrived.clear()
        start = time.perf_counter()
        self.process.stdin.write(key)
        await asyncio.wait_for(self.arrived.wait(), 30)
        return time.perf_counter() - start


class Server:
    """``moon42 serve ssh --guest`` in a process of its own, with its data in a temp folder."""

    def __init__(self, *flags: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="moon42-serve-bench-"))
        self.log_path = self.folder / "server.log"
        # The bench measures past the point where a real server would turn players away.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "moon42.app.cli", "serve", "ssh", "--guest", "--port", "0",
             "--data-dir", str(self.folder), "--busy-answer", "0", *flags],
            stdout=subprocess.PIPE, stderr=self.log_path.open("wb"), text=True,
            start_new_session=True,
        )
        assert self.process.stdout is not None
        self.port = int(re.search(r":(\d+) for", self.process.stdout.readline()).group(1))
        self.pid = self.process.pid
        self.warm = "--cold-start" not in flags

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    async def settle(self) -> None:
        """Wait until the warm starter takes games (a cold server: at once)."""
        deadline = time.monotonic() + 120
        while self.warm and "warm game starter ready" not in self.log():
            if time.monotonic() > deadline:
                raise RuntimeError("the warm game starter was not ready within 120 s")
            await asyncio.sleep(0.2)
        await asyncio.sleep(2.0)  # the zygote's and the server's pages settle

    def total_pss_kib(self) -> int:
        """Everything the server runs: itself, the zygote, the games, the bot workers."""
        return sum(pss_kib(pid) for pid in [self.pid, *descendants(self.pid)])

    def lag_ms(self) -> list[float]:
        """How late the server woke, as its log said every 30 s."""
        return [float(ms) for ms in re.findall(r"wakes ([\d.]+) ms late", self.log())]

    def answer_ms(self) -> list[float]:
        """The games' median answer to keys, as the server's log said every 30 s."""
        return [float(ms) for ms in re.findall(r"answered in ([\d.]+) ms", self.log())]

    async def sign_in(self, name: str) -> tuple[asyncssh.SSHClientConnection, Player]:
        conn = await asyncssh.connect("127.0.0.1", self.port, username=name,
                                      known_hosts=None, client_keys=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                            encoding=None)
        player = Player(process)
        asyncio.ensure_future(player.read())
        return conn, player

    def games(self) -> list[int]:
        """The games' processes, as the log names them (a forked one is the zygote's)."""
        return games_in(self.log())

    def stop(self) -> None:
        stop_server(self.process, self.folder)


def games_in(log: str) -> list[int]:
    """The games' processes a server's log names."""
    return [int(pid) for pid in re.findall(r"game starts \(.*pid (\d+)\)", log)]


def stop_server(process: subprocess.Popen, folder: Path) -> None:
    """Ends a server started in a session of its own (asked, then killed) and removes its
    temp folder."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    if process.stdout is not None:
        process.stdout.close()
    shutil.rmtree(folder, ignore_errors=True)


def pss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(match.group(1)) if match else 0


def rss_kib(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(match.group(1)) if match else 0


def mib(kib: float) -> float:
    return round(kib / 1024, 1)


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        frontier += children
    return found


def page_merging() -> dict[str, int] | None:
    """The kernel's merging of pages alike (KSM), as the machine's owner has set it: on
    (``run`` 1) or not, how many pages it scans each time and how long it sleeps between;
    None where the kernel has no KSM."""
    folder = Path("/sys/kernel/mm/ksm")
    try:
        return {name: int((folder / name).read_text())
                for name in ("run", "pages_to_scan", "sleep_millisecs")}
    except (OSError, ValueError):
        return None


def merger_cpu_seconds() -> float:
    """The CPU the kernel's page merger (the ``ksmd`` thread) has used so far."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "ksmd":
                    return cpu_seconds(int(entry.name))
            except OSError:
                continue
    return 0.0


def times(latencies: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in latencies)
    return {"presses": len(ms), "p50": round(statistics.median(ms), 1),
            "p95": round(ms[int(0.95 * (len(ms) - 1))], 1), "max": round(ms[-1], 1)}


async def lobbies(players: list[Player]) -> None:
    """Wait until every player's lobby is drawn, woken by the bytes as they arrive (a
    poll every so often would add up to its interval to each connect time)."""
    deadline = time.monotonic() + 120
    for player in players:
        while TITLE not in player.seen:
            player.arrived.clear()
            if TITLE in player.seen:
                break
            try:
                await asyncio.wait_for(player.arrived.wait(), deadline - time.monotonic())
            except TimeoutError:
                raise RuntimeError("not every lobby came up within 120 s") from None


async def sign_in_all(server: Server, count: int,
                       timed: list[float] | None = None) -> tuple[list, list[Player]]:
    """Sign ``count`` players in; with ``timed``, one after the other, each from connecting
    to its drawn lobby (the times go in ``timed``)."""
    connections, players = [], []
    for number in range(count):
        start = time.perf_counter()
        conn, player = await server.sign_in(f"p{number}")
        connections.append(conn)
        players.append(player)
        if timed is not None:
            await lobbies([player])
            timed.append(time.perf_counter() - start)
    await lobbies(players)
    await asyncio.sleep(1.0)
    return connections, players


async def play(player: Player, seed: int, think: tuple[float, float], presses: int | None,
                until: float | None) -> list[float]:
    """Keys with a think between them: ``presses`` of them, or until the clock says."""
    pick = random.Random(seed)
    times: list[float] = []
    while (presses is None or len(times) < presses) and \
            (until is None or time.monotonic() < until):
        await asyncio.sleep(pick.uniform(*think))
        times.append(await player.press(KEYS[len(times) % 2]))
    return times


# ----- the cases ---------------------------------------------------------------


def limits_for(sessions: int) -> tuple[str, ...]:
    return ("--max-sessions", str(sessions), "--max-attempts", str(sessions * 4),
            "--max-per-address", str(sessions + 1), "--max-connections", str(sessions + 10))
