"""How ``moon42 serve ssh`` holds up with many players at once (a measurement, not a test).

    python -m moon42.app.serve.bench [--sessions 20] [--presses 30] [--think 1.0 3.0] [--json]

Starts a guest server on a free port with its data in a temp folder, signs in that many
SSH sessions (80x24 terminals, asyncssh clients in this process), waits for every lobby,
then has every player press keys at once, each thinking a random 1-3 s (``--think``)
between keys, as people do: each press moves the lobby's cursor, and its time is from
sending the key to the first byte of the redrawn screen arriving back.  The CPU the games
and the server spent per key says what the machine's cores allow, whatever else runs.
Memory: each game process's proportional set size (PSS, so shared library pages are split
between the processes sharing them), and how much the server itself grew per session.
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


def _pss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(match.group(1)) if match else 0


def _rss_kib(pid: int) -> int:
    match = re.search(r"^VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(), re.M)
    return int(match.group(1)) if match else 0


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


async def measure(sessions: int, presses: int, think: tuple[float, float]) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="moon42-serve-bench-"))
    server = subprocess.Popen(
        [sys.executable, "-m", "moon42.app.cli", "serve", "ssh", "--guest", "--port", "0",
         "--data-dir", str(folder), "--max-sessions", str(sessions),
         "--max-attempts", str(sessions * 4)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True,
    )
    try:
        assert server.stdout is not None
        port = int(re.search(r":(\d+) for", server.stdout.readline()).group(1))
        idle_kib = _rss_kib(server.pid)
        players = []
        connections = []
        for number in range(sessions):
            conn = await asyncssh.connect("127.0.0.1", port, username=f"p{number}",
                                          known_hosts=None, client_keys=None)
            process = await conn.create_process(term_type="xterm-256color",
                                                term_size=(80, 24), encoding=None)
            connections.append(conn)
            players.append(Player(process))
        readers = [asyncio.ensure_future(p.read()) for p in players]
        deadline = time.monotonic() + 120
        while not all(_TITLE in p.seen for p in players):
            if time.monotonic() > deadline:
                raise RuntimeError("not every lobby came up within 120 s")
            await asyncio.sleep(0.2)
        await asyncio.sleep(1.0)
        games = _children(server.pid)
        cpu_before = sum(_cpu_seconds(pid) for pid in [server.pid, *games])

        async def play(player: Player, seed: int) -> list[float]:
            pick = random.Random(seed)
            times = []
            for press in range(presses):
                await asyncio.sleep(pick.uniform(*think))
                times.append(await player.press(_KEYS[press % 2]))
            return times

        runs = await asyncio.gather(*(play(p, n) for n, p in enumerate(players)))
        latencies = sorted(t * 1000 for run in runs for t in run)
        cpu_after = sum(_cpu_seconds(pid) for pid in [server.pid, *games])
        pss = [_pss_kib(pid) for pid in games]
        busy_kib = _rss_kib(server.pid)
        for conn in connections:
            conn.close()
        await asyncio.gather(*readers, return_exceptions=True)
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
        if server.stdout is not None:
            server.stdout.close()
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "sessions": sessions,
        "presses": len(latencies),
        "key_to_screen_ms": {
            "p50": round(statistics.median(latencies), 1),
            "p95": round(latencies[int(0.95 * (len(latencies) - 1))], 1),
            "max": round(latencies[-1], 1),
        },
        "cpu_ms_per_key": round((cpu_after - cpu_before) * 1000 / len(latencies), 1),
        "game_process_pss_mib": round(statistics.mean(pss) / 1024, 1) if pss else None,
        "server_rss_growth_per_session_kib": round((busy_kib - idle_kib) / sessions),
        "cpus": os.cpu_count(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.app.serve.bench",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--presses", type=int, default=30, help="keys each player presses")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0),
                        metavar=("LOW", "HIGH"), help="seconds between a player's keys")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(measure(args.sessions, args.presses, tuple(args.think)))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
