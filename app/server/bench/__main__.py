"""How ``moon42 serve ssh`` holds up with many players, and against hostile clients
(measurements, not tests).

    python -m moon42.app.server.bench [--sessions 20] [--presses 30] [--think 1.0 3.0]
                                     [--cold] [--settle SECONDS] [--json]
    python -m moon42.app.server.bench --tables 10 [--sessions 20] [--seconds 120] [--json]
    python -m moon42.app.server.bench --flood 60 [--sessions 20] [--think 1.0 3.0] [--json]
    python -m moon42.app.server.bench --connections 100 [--login-grace 10] [--json]
    python -m moon42.app.server.bench --startups 100 [--json]
    python -m moon42.app.server.bench --shared-games 20 [--game texas42] [--target T]
                                     [--hints] [--table-pace S] [--json]
    python -m moon42.app.server.bench --club-goals [--server-python PYTHON] [--json]

Each case starts a guest server on a free port with its data in a temp folder.

Ordinary play: that many SSH sessions (80x24, asyncssh clients in this process) sign in
one after the other (each timed from connecting to its drawn lobby), then every player
presses keys at once, thinking a random 1-3 s (``--think``) between
keys: each press moves the lobby's cursor, and its time is from sending the key to the
first byte of the redrawn screen coming back.  The CPU the games and the server spent
per key says what the machine's cores allow, whatever else runs.  Memory: each game's
proportional set size (PSS: shared pages are split between the processes sharing them),
what every session added to the PSS of all the server's processes (the server, the warm
starter, the games, the bot workers) once every lobby is drawn and again after the keys,
and how much the server itself grew per session; and of one game's heap, what is still
shared with the warm process, what it copied from it, and what is its own (as root); and
the Python it ran on, and whether its warm games' objects were immortal (3.12 and 3.13).
Where the kernel merges pages alike (KSM, which the machine's owner turns on), its
settings are said, and the CPU its merging thread used during the run; ``--settle``
gives it time before the memory is measured.
``--cold`` runs the server with ``--cold-start`` (every game a new process), to compare.

``--tables N``: N shared tables of expert bots beside ``--sessions`` players (see
``bench_tables.py``).

``--flood N`` (``bench_hostile.py``, as ``--connections``): ``sessions - 1`` players press
keys as above, for N seconds without a flood and then N seconds beside one more client
that sends keys as fast as its link allows.  Said: the server's memory (RSS) with
everyone in the lobby, at its highest during the flood and 15 s after the flooder has
gone; the flooder's game's memory at its highest; the others' key times without and with
the flood.

``--small-packets S``, ``--web-close KB``, ``--key-budget S``, ``--game-memory S``
(``bench_limits.py``, against ``serve club --guest``; ``--server-python`` runs the server
on another checkout's Python, for the figures before a change): S seconds of keys in
50-byte SSH packets (the server's memory); a member's web game sent KB kilobytes of keys
and closed (how long its process lived on, the memory left 15 s later, whether the member
could open the next game at once); S seconds of one-byte keys as fast as the server takes
them, then 400 resizes (the game's CPU and output); S seconds of ``--hold`` (a key) with
``--server-flag``s (say ``--game-memory=48``): the game's own memory, the PSS of all the
server's processes (start, peak, end), the keys the server took, and whether the game was
ended and the server went on.

``--shared-games N`` (``shared_games.py``): N guests each open a table, deal it and play
a whole game, reading their screens (with ``--hints``, asking the hint at every turn);
each game process's memory (PSS and private) with its lobby drawn, at the game's end and
back in the lobby (each ``--settle`` seconds after), and what each session added to the PSS
of all the server's processes.

``--club-goals``: those cases in one run, each against its goal (``club_goals.py``): 20 s
of 50-byte packets, ``b`` held 26 s in the lobby, ``x`` held 15 s at the table, a member's
web game closed after 60 KB of keys.

``--startups N``: N TCP connections that never send a byte, 10 from each of N / 10
loopback addresses, held open; then a player tries 10 times to sign in.  Said: how many of
the idle connections the server holds, and how many of the player's tries got in.
``--connections N``: N ``ssh -N`` guests (the OpenSSH client) and N TCP connections that
never send a byte, all at once, while a player signs in and presses keys.  Said: when the
server closed them (its ``--login-grace``), and the player's sign-in and key times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys

from ..sessions.immortal import available as immortal_heap_available
from ..sessions.shared_pages import pages_against_parent
from .club_goals import club_goals
from .hostile import connections, flood, startups
from .limits import run as run_limits
from .players import (
    Server,
    cpu_seconds,
    limits_for,
    merger_cpu_seconds,
    mib,
    page_merging,
    play,
    pss_kib,
    rss_kib,
    sign_in_all,
    times,
)
from .shared_games import shared_games_case
from .tables import tables_case


async def ordinary(sessions: int, presses: int, think: tuple[float, float],
                   cold: bool = False, settle: float = 0.0) -> dict:
    server = Server(*limits_for(sessions), *(("--cold-start",) if cold else ()))
    try:
        await server.settle()
        merger_before = merger_cpu_seconds()
        idle_kib = rss_kib(server.pid)
        idle_pss_kib = server.total_pss_kib()
        lobbies: list[float] = []
        connections, players = await sign_in_all(server, sessions, lobbies)
        await asyncio.sleep(settle)
        held_pss_kib = server.total_pss_kib()
        games = server.games()
        cpu_before = sum(cpu_seconds(pid) for pid in [server.pid, *games])
        runs = await asyncio.gather(*(play(p, n, think, presses, None)
                                      for n, p in enumerate(players)))
        latencies = [t for run in runs for t in run]
        cpu_after = sum(cpu_seconds(pid) for pid in [server.pid, *games])
        pss = [pss_kib(pid) for pid in games]
        pages = pages_against_parent(games[0]) if games else None
        played_pss_kib = server.total_pss_kib()
        busy_kib = rss_kib(server.pid)
        lags, answers = server.lag_ms(), server.answer_ms()
        for conn in connections:
            conn.close()
    finally:
        server.stop()
    return {
        "case": "ordinary",
        "games": "cold" if cold else "warm",
        "sessions": sessions,
        "settle_s": settle,
        "key_to_screen_ms": times(latencies),
        "connect_to_lobby_ms": times(lobbies),
        "cpu_ms_per_key": round((cpu_after - cpu_before) * 1000 / len(latencies), 1),
        "game_process_pss_mib": mib(statistics.mean(pss)) if pss else None,
        "game_heap_against_warm_mib": pages,
        "pss_per_additional_session_mib": mib((held_pss_kib - idle_pss_kib) / sessions),
        "pss_per_additional_session_after_keys_mib": mib((played_pss_kib - idle_pss_kib)
                                                         / sessions),
        "total_pss_mib": {"idle": mib(idle_pss_kib), "held": mib(held_pss_kib),
                          "after_keys": mib(played_pss_kib)},
        "kernel_page_merging": page_merging(),
        "page_merger_cpu_s": round(merger_cpu_seconds() - merger_before, 1),
        "server_rss_growth_per_session_kib": round((busy_kib - idle_kib) / sessions),
        "server_lag_ms_every_30s": lags,
        "server_seen_answer_median_ms_every_30s": answers,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "warm_heap_immortal": immortal_heap_available() and not cold,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.app.server.bench",
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
    case.add_argument("--startups", type=int, metavar="N",
                      help="the case of N idle connections, 10 an address, then a player "
                      "trying 10 times to sign in")
    case.add_argument("--tables", type=int, metavar="N",
                      help="the case of N shared tables of expert bots beside --sessions "
                      "players")
    case.add_argument("--shared-games", type=int, metavar="N",
                      help="N guests each play a whole game at a table of their own; their "
                      "game processes' memory after it (at most 20: the server's tables)")
    case.add_argument("--small-packets", type=float, metavar="SECONDS",
                      help="keys in 50-byte SSH packets for this long (the server's memory)")
    case.add_argument("--web-close", type=int, metavar="KB",
                      help="a member's web game closed right after this many KB of keys")
    case.add_argument("--key-budget", type=float, metavar="SECONDS",
                      help="one-byte keys at the budget for this long, then 400 resizes")
    case.add_argument("--game-memory", type=float, metavar="SECONDS",
                      help="--hold a key this long: the game's memory against its cap")
    case.add_argument("--club-goals", action="store_true",
                      help="packets, a held b, a held x and a closed web game, each against "
                      "its goal (club_goals.py)")
    parser.add_argument("--hold", default="b", metavar="KEY",
                        help="the game-memory case's key (default b)")
    parser.add_argument("--server-flag", action="append", default=[], metavar="FLAG",
                        help="a flag for the game-memory case's server (--server-flag="
                        "--game-memory=48)")
    parser.add_argument("--server-python", default=None, metavar="PYTHON",
                        help="the limits cases' server runs on this Python (another "
                        "checkout's, to measure before a change)")
    parser.add_argument("--login-grace", type=float, default=10.0, metavar="SECONDS",
                        help="the server's --login-grace in the connections case")
    parser.add_argument("--cold", action="store_true",
                        help="ordinary case: every game a new process (--cold-start)")
    parser.add_argument("--settle", type=float, default=0.0, metavar="SECONDS",
                        help="ordinary case: wait this long with every lobby drawn before "
                        "measuring memory (time for the kernel to merge pages alike); "
                        "shared games: at the game's end and back in the lobby")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="how long the tables case plays")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="the tables case's bot workers (default: one a core)")
    parser.add_argument("--game", default="texas42", choices=("moon3", "moon4", "texas42"),
                        help="the shared games' case's game (default texas42)")
    parser.add_argument("--target", type=int, default=None, metavar="T",
                        help="the shared games' target (default: the game's own)")
    parser.add_argument("--hints", action="store_true",
                        help="the shared games' players ask the hint (a) at every turn")
    parser.add_argument("--table-pace", type=float, default=0.0, metavar="SECONDS",
                        help="the shared games' server's --table-pace (default 0)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    limits = {"small_packets": {"seconds": args.small_packets},
              "web_close": {"kilobytes": args.web_close},
              "key_budget": {"seconds": args.key_budget},
              "game_memory": {"seconds": args.game_memory, "key": args.hold,
                              "flags": args.server_flag}}
    if args.club_goals:
        result = club_goals(args.server_python)
        print(json.dumps(result) if args.json else
              "\n".join(f"{key}: {value}" for key, value in result.items()))
        return 0
    chosen = [name for name, given in limits.items() if next(iter(given.values())) is not None]
    if chosen:
        result = run_limits(chosen[0], args.server_python, **limits[chosen[0]])
        print(json.dumps(result) if args.json else
              "\n".join(f"{key}: {value}" for key, value in result.items()))
        return 0
    if args.flood is not None:
        work = flood(args.sessions, args.flood, tuple(args.think))
    elif args.connections is not None:
        work = connections(args.connections, args.login_grace)
    elif args.startups is not None:
        work = startups(args.startups, 10)
    elif args.shared_games is not None:
        work = shared_games_case(args.shared_games, args.game, args.target, args.hints,
                                 args.table_pace, args.settle)
    elif args.tables is not None:
        work = tables_case(args.tables, args.sessions, args.seconds, tuple(args.think),
                           args.bot_workers)
    else:
        work = ordinary(args.sessions, args.presses, tuple(args.think), args.cold,
                        args.settle)
    result = asyncio.run(work)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
