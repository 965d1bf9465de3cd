"""How ``moon42 serve ssh`` holds up with many players, and against hostile clients
(measurements, not tests).

    python -m moon42.app.serve.bench [--sessions 20] [--presses 30] [--think 1.0 3.0] [--json]
    python -m moon42.app.serve.bench --flood 60 [--sessions 20] [--think 1.0 3.0] [--json]
    python -m moon42.app.serve.bench --connections 100 [--login-grace 10] [--json]

Each case starts a guest server on a free port with its data in a temp folder.

Ordinary play: that many SSH sessions (80x24, asyncssh clients in this process) sign in,
and every player presses keys at once, thinking a random 1-3 s (``--think``) between
keys: each press moves the lobby's cursor, and its time is from sending the key to the
first byte of the redrawn screen coming back.  The CPU the games and the server spent
per key says what the machine's cores allow, whatever else runs.  Memory: each game's
proportional set size (PSS: shared pages are split between the processes sharing them),
and how much the server itself grew per session.

``--flood N``: ``sessions - 1`` players press keys as above, for N seconds without a flood
and then N seconds beside one more client that sends keys as fast as its link allows.
Said: the server's memory (RSS) with everyone in the lobby, at its highest during the
flood and 15 s after the flooder has gone; the flooder's game's memory at its highest;
the others' key times without and with the flood.

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
_FLOOD = b"aaaa\n" * 13107  # 64 KiB of keys, as `yes aaaa` types them
_OPENSSH = ("-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o",
            "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes",
            "-o", "PubkeyAuthentication=no")


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
        self.process = subprocess.Popen(
            [sys.executable, "-m", "moon42.app.cli", "serve", "ssh", "--guest", "--port", "0",
             "--data-dir", str(self.folder), *flags],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            start_new_session=True,
        )
        assert self.process.stdout is not None
        self.port = int(re.search(r":(\d+) for", self.process.stdout.readline()).group(1))
        self.pid = self.process.pid

    async def sign_in(self, name: str) -> tuple[asyncssh.SSHClientConnection, Player]:
        conn = await asyncssh.connect("127.0.0.1", self.port, username=name,
                                      known_hosts=None, client_keys=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                            encoding=None)
        player = Player(process)
        asyncio.ensure_future(player.read())
        return conn, player

    def games(self) -> list[int]:
        return _children(self.pid)

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


async def _sign_in_all(server: Server, count: int) -> tuple[list, list[Player]]:
    connections, players = [], []
    for number in range(count):
        conn, player = await server.sign_in(f"p{number}")
        connections.append(conn)
        players.append(player)
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


async def ordinary(sessions: int, presses: int, think: tuple[float, float]) -> dict:
    server = Server("--max-sessions", str(sessions), "--max-attempts", str(sessions * 4),
                    "--max-per-address", str(sessions + 1))
    try:
        idle_kib = _rss_kib(server.pid)
        connections, players = await _sign_in_all(server, sessions)
        games = server.games()
        cpu_before = sum(_cpu_seconds(pid) for pid in [server.pid, *games])
        runs = await asyncio.gather(*(_play(p, n, think, presses, None)
                                      for n, p in enumerate(players)))
        latencies = [t for run in runs for t in run]
        cpu_after = sum(_cpu_seconds(pid) for pid in [server.pid, *games])
        pss = [_pss_kib(pid) for pid in games]
        busy_kib = _rss_kib(server.pid)
        for conn in connections:
            conn.close()
    finally:
        server.stop()
    return {
        "case": "ordinary",
        "sessions": sessions,
        "key_to_screen_ms": _times(latencies),
        "cpu_ms_per_key": round((cpu_after - cpu_before) * 1000 / len(latencies), 1),
        "game_process_pss_mib": _mib(statistics.mean(pss)) if pss else None,
        "server_rss_growth_per_session_kib": round((busy_kib - idle_kib) / sessions),
        "cpus": os.cpu_count(),
    }


async def flood(sessions: int, seconds: float, think: tuple[float, float]) -> dict:
    server = Server("--max-sessions", str(sessions), "--max-attempts", str(sessions * 4),
                    "--max-per-address", str(sessions + 1))
    try:
        connections, players = await _sign_in_all(server, sessions - 1)
        idle_kib = _rss_kib(server.pid)
        calm = await asyncio.gather(*(_play(p, n, think, None, time.monotonic() + seconds)
                                      for n, p in enumerate(players)))

        games_before = set(server.games())
        flood_conn, flooder = await server.sign_in("flood")
        await _lobbies([flooder])
        flood_game = (set(server.games()) - games_before).pop()
        peaks = {"server": 0, "game": 0}
        sent = 0

        async def flood_keys(until: float) -> None:
            nonlocal sent
            chan = flooder.process.channel
            while time.monotonic() < until:
                if chan.get_write_buffer_size() < 8 << 20:
                    flooder.process.stdin.write(_FLOOD)
                    sent += len(_FLOOD)
                await asyncio.sleep(0.005)

        async def sample(until: float) -> None:
            while time.monotonic() < until:
                peaks["server"] = max(peaks["server"], _rss_kib(server.pid))
                peaks["game"] = max(peaks["game"], _rss_kib(flood_game))
                await asyncio.sleep(0.5)

        until = time.monotonic() + seconds
        results = await asyncio.gather(
            flood_keys(until), sample(until),
            *(_play(p, n + 100, think, None, until) for n, p in enumerate(players)))
        taken = sent - flooder.process.channel.get_write_buffer_size()
        flood_conn.close()
        await asyncio.sleep(15)
        after_kib = _rss_kib(server.pid)
        for conn in connections:
            conn.close()
    finally:
        server.stop()
    return {
        "case": "flood",
        "sessions": sessions,
        "flood_seconds": seconds,
        "server_rss_mib": {"idle": _mib(idle_kib), "flood_peak": _mib(peaks["server"]),
                           "after": _mib(after_kib)},
        "flooder_game_rss_peak_mib": _mib(peaks["game"]),
        "flood_sent_mib": _mib(sent / 1024),
        "flood_taken_kib": round(taken / 1024),
        "others_key_to_screen_ms": {"calm": _times([t for run in calm for t in run]),
                                    "flood": _times([t for r in results[2:] for t in r])},
        "cpus": os.cpu_count(),
    }


async def connections(count: int, grace: float) -> dict:
    server = Server("--login-grace", f"{grace:g}", "--max-connections", str(count * 3),
                    "--max-per-address", str(count * 3), "--max-attempts", str(count * 10))
    try:
        idle_kib = _rss_kib(server.pid)
        start = time.monotonic()

        async def quiet() -> float:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            while await reader.read(4096):
                pass
            writer.close()
            return time.monotonic() - start

        async def idle(number: int) -> float:
            process = await asyncio.create_subprocess_exec(
                "ssh", "-N", *_OPENSSH, "-p", str(server.port), "-l", f"idle{number}",
                "127.0.0.1", stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
            await process.wait()
            return time.monotonic() - start

        hostile = [asyncio.ensure_future(quiet()) for _ in range(count)]
        hostile += [asyncio.ensure_future(idle(n)) for n in range(count)]
        await asyncio.sleep(1.0)
        peak_kib = _rss_kib(server.pid)
        signing_in = time.monotonic()
        conn, player = await server.sign_in("player")
        await _lobbies([player])
        signed_in = time.monotonic() - signing_in
        keys: list[float] = []
        while not all(task.done() for task in hostile):
            keys.append(await player.press(_KEYS[len(keys) % 2]))
            peak_kib = max(peak_kib, _rss_kib(server.pid))
            await asyncio.sleep(0.35)
        closed = [task.result() for task in hostile]
        still_playing = player.process.exit_status is None
        conn.close()
        after_kib = _rss_kib(server.pid)
    finally:
        server.stop()
    quiet_closed, idle_closed = closed[:count], closed[count:]
    return {
        "case": "connections",
        "login_grace_s": grace,
        "half_open_closed_after_s": {"first": round(min(quiet_closed), 1),
                                     "last": round(max(quiet_closed), 1)},
        "ssh_n_closed_after_s": {"first": round(min(idle_closed), 1),
                                 "last": round(max(idle_closed), 1)},
        "player_sign_in_s": round(signed_in, 2),
        "player_key_to_screen_ms": _times(keys),
        "player_still_playing": still_playing,
        "server_rss_mib": {"idle": _mib(idle_kib), "peak": _mib(peak_kib),
                           "after": _mib(after_kib)},
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
    parser.add_argument("--login-grace", type=float, default=10.0, metavar="SECONDS",
                        help="the server's --login-grace in the connections case")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.flood is not None:
        work = flood(args.sessions, args.flood, tuple(args.think))
    elif args.connections is not None:
        work = connections(args.connections, args.login_grace)
    else:
        work = ordinary(args.sessions, args.presses, tuple(args.think))
    result = asyncio.run(work)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
