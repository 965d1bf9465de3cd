"""The hostile cases of the serve bench: a flood of keys beside players, connections that
never lead to a game, and idle connections filling the door before a player comes (see
``bench.py`` for the commands and what they say)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time

import asyncssh

from .players import (
    KEYS,
    Server,
    limits_for,
    lobbies,
    mib,
    play,
    rss_kib,
    sign_in_all,
    times,
)

__all__ = ["connections", "flood", "startups"]

_FLOOD = b"aaaa\n" * 13107  # 64 KiB of keys, as `yes aaaa` types them
_OPENSSH = ("-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o",
            "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes",
            "-o", "PubkeyAuthentication=no")


async def flood(sessions: int, seconds: float, think: tuple[float, float]) -> dict:
    server = Server(*limits_for(sessions))
    try:
        await server.settle()
        connections, players = await sign_in_all(server, sessions - 1)
        idle_kib = rss_kib(server.pid)
        calm = await asyncio.gather(*(play(p, n, think, None, time.monotonic() + seconds)
                                      for n, p in enumerate(players)))

        games_before = set(server.games())
        flood_conn, flooder = await server.sign_in("flood")
        await lobbies([flooder])
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
                peaks["server"] = max(peaks["server"], rss_kib(server.pid))
                peaks["game"] = max(peaks["game"], rss_kib(flood_game))
                await asyncio.sleep(0.5)

        until = time.monotonic() + seconds
        results = await asyncio.gather(
            flood_keys(until), sample(until),
            *(play(p, n + 100, think, None, until) for n, p in enumerate(players)))
        taken = sent - flooder.process.channel.get_write_buffer_size()
        flood_conn.close()
        await asyncio.sleep(15)
        after_kib = rss_kib(server.pid)
        for conn in connections:
            conn.close()
    finally:
        server.stop()
    return {
        "case": "flood",
        "sessions": sessions,
        "flood_seconds": seconds,
        "server_rss_mib": {"idle": mib(idle_kib), "flood_peak": mib(peaks["server"]),
                           "after": mib(after_kib)},
        "flooder_game_rss_peak_mib": mib(peaks["game"]),
        "flood_sent_mib": mib(sent / 1024),
        "flood_taken_kib": round(taken / 1024),
        "others_key_to_screen_ms": {"calm": times([t for run in calm for t in run]),
                                    "flood": times([t for r in results[2:] for t in r])},
        "cpus": os.cpu_count(),
    }


async def connections(count: int, grace: float) -> dict:
    server = Server("--login-grace", f"{grace:g}", "--max-connections", str(count * 3),
                    "--max-per-address", str(count * 3), "--max-attempts", str(count * 10))
    try:
        await server.settle()
        idle_kib = rss_kib(server.pid)
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
        peak_kib = rss_kib(server.pid)
        signing_in = time.monotonic()
        conn, player = await server.sign_in("player")
        await lobbies([player])
        signed_in = time.monotonic() - signing_in
        keys: list[float] = []
        while not all(task.done() for task in hostile):
            keys.append(await player.press(KEYS[len(keys) % 2]))
            peak_kib = max(peak_kib, rss_kib(server.pid))
            await asyncio.sleep(0.35)
        closed = [task.result() for task in hostile]
        still_playing = player.process.exit_status is None
        conn.close()
        after_kib = rss_kib(server.pid)
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
        "player_key_to_screen_ms": times(keys),
        "player_still_playing": still_playing,
        "server_rss_mib": {"idle": mib(idle_kib), "peak": mib(peak_kib),
                           "after": mib(after_kib)},
        "cpus": os.cpu_count(),
    }


async def startups(count: int, tries: int) -> dict:
    """``count`` TCP connections that never send a byte, 10 from each of ``count / 10``
    loopback addresses (the default limits: 100 connections, 10 an address), held open;
    then a player (from 127.0.0.1) tries ``tries`` times to sign in: how many get in."""
    server = Server()
    try:
        await server.settle()
        held, writers = 0, []
        for number in range(count):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", server.port, local_addr=(f"127.0.0.{2 + number // 10}", 0))
            writers.append(writer)
            # Held: the server says its version; refused: it closes at once.
            held += (await asyncio.wait_for(reader.read(64), 60)).startswith(b"SSH-")
        signed_in = 0
        for number in range(tries):
            try:
                conn, _ = await asyncio.wait_for(server.sign_in(f"player{number}"), 60)
            except (asyncssh.Error, OSError):
                continue
            signed_in += 1
            conn.close()
        for writer in writers:
            writer.close()
    finally:
        server.stop()
    return {"case": "startups", "idle_connections": count, "idle_held": held,
            "player_tries": tries, "player_signed_in": signed_in, "cpus": os.cpu_count()}
