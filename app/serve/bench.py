"""How ``moon42 serve ssh`` holds up with many players, and against hostile clients
(measurements, not tests).

    python -m moon42.app.serve.bench [--sessions 20] [--presses 30] [--think 1.0 3.0]
                                     [--cold] [--json]
    python -m moon42.app.serve.bench --tables 10 [--sessions 20] [--seconds 120] [--json]
    python -m moon42.app.serve.bench --flood 60 [--sessions 20] [--think 1.0 3.0] [--json]
    python -m moon42.app.serve.bench --connections 100 [--login-grace 10] [--json]

Each case starts a guest server on a free port with its data in a temp folder.

Ordinary play: that many SSH sessions (80x24, asyncssh clients in this process) sign in
one after the other (each timed from connecting to its drawn lobby), then every player
presses keys at once, thinking a random 1-3 s (``--think``) between
keys: each press moves the lobby's cursor, and its time is from sending the key to the
first byte of the redrawn screen coming back.  The CPU the games and the server spent
per key says what the machine's cores allow, whatever else runs.  Memory: each game's
proportional set size (PSS: shared pages are split between the processes sharing them),
what every session added to the PSS of all the server's processes (the server, the warm
starter, the games, the bot workers), and how much the server itself grew per session.
``--cold`` runs the server with ``--cold-start`` (every game a new process), to compare.

``--tables N``: N shared tables of expert bots beside ``--sessions`` players (see
``bench_tables.py``).

``--flood N`` (``bench_hostile.py``, as ``--connections``): ``sessions - 1`` players press
keys as above, for N seconds without a flood and then N seconds beside one more client
that sends keys as fast as its link allows.  Said: the server's memory (RSS) with
everyone in the lobby, at its highest during the flood and 15 s after the flooder has
gone; the flooder's game's memory at its highest; the others' key times without and with
the flood.

``--connections N``: N ``ssh -N`` guests (the OpenSSH client) and N TCP connections that
never send a byte, all at once, while a player signs in and presses keys.  Said: when the
server closed them (its ``--login-grace``), and the player's sign-in and key times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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

_TITLE = b"moon42: Moon and Texas 42"
_KEYS = (b"\x1b[B", b"\x1b[A")  # down, up: the lobby redraws its cursor


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
        return sum(_pss_kib(pid) for pid in [self.pid, *_descendants(self.pid)])

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
        return [int(pid) for pid in re.findall(r"game starts \(.*pid (\d+)\)", self.log())]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def _pss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(match.group(1)) if match else 0


def _rss_kib(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(match.group(1)) if match else 0


def _mib(kib: float) -> float:
    return round(kib / 1024, 1)


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> list[int]:
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


def _times(latencies: list[float]) -> dict[str, float]:
    ms = sorted(t * 1000 for t in latencies)
    return {"presses": len(ms), "p50": round(statistics.median(ms), 1),
            "p95": round(ms[int(0.95 * (len(ms) - 1))], 1), "max": round(ms[-1], 1)}


async def _lobbies(players: list[Player]) -> None:
    deadline = time.monotonic() + 120
    while not all(_TITLE in p.seen for p in players):
        if time.monotonic() > deadline:
            raise RuntimeError("not every lobby came up within 120 s")
        await asyncio.sleep(0.2)


async def _sign_in_all(server: Server, count: int,
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
            await _lobbies([player])
            timed.append(time.perf_counter() - start)
    await _lobbies(players)
    await asyncio.sleep(1.0)
    return connections, players


async def _play(player: Player, seed: int, think: tuple[float, float], presses: int | None,
                until: float | None) -> list[float]:
    """Keys with a think between them: ``presses`` of them, or until the clock says."""
    pick = random.Random(seed)
    times: list[float] = []
    while (presses is None or len(times) < presses) and \
            (until is None or time.monotonic() < until):
        await asyncio.sleep(pick.uniform(*think))
        times.append(await player.press(_KEYS[len(times) % 2]))
    return times


# ----- the cases ---------------------------------------------------------------


def _limits_for(sessions: int) -> tuple[str, ...]:
    return ("--max-sessions", str(sessions), "--max-attempts", str(sessions * 4),
            "--max-per-address", str(sessions + 1), "--max-connections", str(sessions + 10))


async def ordinary(sessions: int, presses: int, think: tuple[float, float],
                   cold: bool = False) -> dict:
    server = Server(*_limits_for(sessions), *(("--cold-start",) if cold else ()))
    try:
        await server.settle()
        idle_kib = _rss_kib(server.pid)
        idle_pss_kib = server.total_pss_kib()
        lobbies: list[float] = []
        connections, players = await _sign_in_all(server, sessions, lobbies)
        held_pss_kib = server.total_pss_kib()
        games = server.games()
        cpu_before = sum(_cpu_seconds(pid) for pid in [server.pid, *games])
        runs = await asyncio.gather(*(_play(p, n, think, presses, None)
                                      for n, p in enumerate(players)))
        latencies = [t for run in runs for t in run]
        cpu_after = sum(_cpu_seconds(pid) for pid in [server.pid, *games])
        pss = [_pss_kib(pid) for pid in games]
        busy_kib = _rss_kib(server.pid)
        lags, answers = server.lag_ms(), server.answer_ms()
        for conn in connections:
            conn.close()
    finally:
        server.stop()
    return {
        "case": "ordinary",
        "games": "cold" if cold else "warm",
        "sessions": sessions,
        "key_to_screen_ms": _times(latencies),
        "connect_to_lobby_ms": _times(lobbies),
        "cpu_ms_per_key": round((cpu_after - cpu_before) * 1000 / len(latencies), 1),
        "game_process_pss_mib": _mib(statistics.mean(pss)) if pss else None,
        "pss_per_additional_session_mib": _mib((held_pss_kib - idle_pss_kib) / sessions),
        "total_pss_mib": {"idle": _mib(idle_pss_kib), "held": _mib(held_pss_kib)},
        "server_rss_growth_per_session_kib": round((busy_kib - idle_kib) / sessions),
        "server_lag_ms_every_30s": lags,
        "server_seen_answer_median_ms_every_30s": answers,
        "cpus": os.cpu_count(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.app.serve.bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--presses", type=int, default=30, help="keys each player presses")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0),
                        metavar=("LOW", "HIGH"), help="seconds between a player's keys")
    case = parser.add_mutually_exclusive_group()
    case.add_argument("--flood", type=float, metavar="SECONDS",
                      help="the flood case: this long calm, then this long beside a flood")
    case.add_argument("--connections", type=int, metavar="N",
                      help="the case of N `ssh -N` and N half-open connections")
    case.add_argument("--tables", type=int, metavar="N",
                      help="the case of N shared tables of expert bots beside --sessions "
                      "players")
    parser.add_argument("--login-grace", type=float, default=10.0, metavar="SECONDS",
                        help="the server's --login-grace in the connections case")
    parser.add_argument("--cold", action="store_true",
                        help="ordinary case: every game a new process (--cold-start)")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="how long the tables case plays")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="the tables case's bot workers (default: one a core)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.flood is not None:
        from .bench_hostile import flood

        work = flood(args.sessions, args.flood, tuple(args.think))
    elif args.connections is not None:
        from .bench_hostile import connections

        work = connections(args.connections, args.login_grace)
    elif args.tables is not None:
        from .bench_tables import tables_case

        work = tables_case(args.tables, args.sessions, args.seconds, tuple(args.think),
                           args.bot_workers)
    else:
        work = ordinary(args.sessions, args.presses, tuple(args.think), args.cold)
    result = asyncio.run(work)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
