"""The shared tables' case of the serve bench: N tables of expert bots beside M players.

    python -m moon42.app.server.bench --tables 10 --sessions 20 [--seconds 120] [--json]

N tables of Texas 42 are opened in this process, as the server opens them (the same
``Tables``, the same pool of bot workers, the server's pace of 1 s between bot moves), each
with three expert bots and one player, who answers a second after it is their turn (by the
basic bot's choice) and goes on to the next hand at once.  Beside them, M SSH players press
keys in their lobbies on a guest server, as in the ordinary case.  Said: how long the bots'
decisions took, asking included, against their budgets (each decision's own: an expert's
play 0.25 s, twice that while the hand is asked only "made?", a bid or trump 1 s; and
against the base budgets, a play's 0.25 s and a call's 1 s, as earlier figures were); the
share of its budget each was given (all of it unless it started late: ``bot_pool.py``);
how many the quick bot had to make; how late this process's event loop (the one the
tables share with the server's work) woke; and the players' key times.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from collections.abc import Callable
from typing import Any

from moon42.ai.expert import CALL_BUDGET, PLAY_BUDGET
from moon42.ai.protocol import decide as bot_decide
from moon42.ai.registry import make_bot as new_bot
from moon42.rules import Phase, RuleError

from ...play.bot_pool import BotPool, Decision
from ...play.seats import Sitter, TableError
from ...play.table import Table
from ..sessions.busy import BusyGauge
from ..tables.hub import Tables
from .players import (
    Server,
    cpu_seconds,
    descendants,
    limits_for,
    play,
    sign_in_all,
    times,
)

__all__ = ["tables_case"]

_THINK = 1.0  # seconds the table's player takes to move


async def _sit_and_play(table: Table, number: int, until: float) -> int:
    """One player at ``table``, until the clock says: their moves."""
    who = Sitter(player=f"key-bench{number}", name=f"P{number}", session=secrets.token_hex(8),
                 by_key=True)
    seat = table.take(who, lambda message: None)
    choose = new_bot("basic", seed=number)
    moves = 0
    while time.monotonic() < until and not table.closed:
        game = table.game
        if game.phase is Phase.HAND_OVER:
            table.next_hand(who)
        elif game.phase is Phase.GAME_OVER:
            return moves
        elif game.to_act is not None and game.to_act.seat == seat:
            await asyncio.sleep(_THINK)
            if game.to_act is not None and game.to_act.seat == seat:
                view = table.view(seat)
                try:
                    table.act(who, bot_decide(choose, view))
                    moves += 1
                except (RuleError, TableError):
                    pass
        await asyncio.sleep(0.1)
    return moves


def _budget(kind: str) -> float:
    return PLAY_BUDGET if kind == "play" else CALL_BUDGET


def _p95_over(decisions: list[Decision],
              budget: Callable[[Decision], float | None]) -> float | None:
    """The 95th percentile of the decisions' times over ``budget`` (those with one)."""
    ratios = sorted(d.seconds / seconds for d in decisions if (seconds := budget(d)))
    return round(ratios[int(0.95 * (len(ratios) - 1))], 2) if ratios else None


def _ms(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    ms = sorted(v * 1000 for v in values)
    return {"n": len(ms), "p50": round(ms[len(ms) // 2], 1),
            "p95": round(ms[int(0.95 * (len(ms) - 1))], 1), "max": round(ms[-1], 1)}


async def tables_case(count: int, sessions: int, seconds: float,
                      think: tuple[float, float], workers: int | None) -> dict[str, Any]:
    pool = BotPool(workers)
    gauge = BusyGauge(None)
    gauge.start()
    tables = Tables(pace=1.0, decide=pool.decide, max_tables=count)
    server = Server(*limits_for(max(1, sessions)))
    try:
        await pool.warm()
        await server.settle()
        connections, players = await sign_in_all(server, sessions) if sessions else ([], [])
        until = time.monotonic() + seconds
        opened = [tables.open("texas42", seed=n + 1, bot="expert") for n in range(count)]
        lags: list[float] = []

        async def sample() -> None:
            while time.monotonic() < until:
                await asyncio.sleep(1.0)
                lags.append(gauge.lag_ms())

        results = await asyncio.gather(
            sample(), *(_sit_and_play(table, n, until) for n, table in enumerate(opened)),
            *(play(p, n, think, None, until) for n, p in enumerate(players)))
        keys = [t for run in results[1 + count:] for t in run]
        served = {server.pid, *descendants(server.pid)}
        workers_cpu = sum(cpu_seconds(pid) for pid in descendants(os.getpid())
                          if pid not in served)
        for conn in connections:
            conn.close()
    finally:
        server.stop()
        await tables.close()
        await gauge.close()
        pool.close()
    decisions = list(pool.decisions)
    shares = sorted(d.share for d in decisions)
    return {
        "case": "tables",
        "tables": count,
        "bots_per_table": 3,
        "players_beside": sessions,
        "seconds": seconds,
        "bot_workers": pool.workers,
        "worker_pace": round(pool.pace, 2),
        "bot_decisions": len(decisions),
        "bot_play_ms": _ms([d.seconds for d in decisions if d.kind == "play"]),
        "bot_call_ms": _ms([d.seconds for d in decisions if d.kind != "play"]),
        "bot_time_over_budget_p95": _p95_over(decisions, lambda d: d.budget),
        "bot_play_over_budget_p95": _p95_over(
            [d for d in decisions if d.kind == "play"], lambda d: d.budget),
        "bot_call_over_budget_p95": _p95_over(
            [d for d in decisions if d.kind != "play"], lambda d: d.budget),
        "bot_time_over_base_budget_p95": _p95_over(decisions, lambda d: _budget(d.kind)),
        "quick_bot_decisions": sum(1 for d in decisions if d.quick),
        "budget_share": {"full": sum(1 for share in shares if share == 1.0),
                         "p50": round(shares[len(shares) // 2], 3),
                         "p5": round(shares[int(0.05 * (len(shares) - 1))], 3),
                         "mean": round(sum(shares) / len(shares), 3)} if shares else None,
        "bot_workers_cores_busy": round(workers_cpu / seconds, 2),
        "table_loop_lag_ms": {"mean": round(sum(lags) / len(lags), 2) if lags else None,
                              "worst_10s_mean": round(max(lags), 2) if lags else None},
        "players_key_to_screen_ms": times(keys) if keys else None,
        "cpus": os.cpu_count(),
    }
