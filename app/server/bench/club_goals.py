"""The club's goals against hostile clients, measured in one run (``--club-goals``): each
case of ``limits.py`` with the figures it must keep to, against ``serve club --guest``
(each case a club of its own, started as the case says).

- keys in 50-byte SSH packets for 20 s: the server's own memory grows at most 16 MiB;
- ``b`` (the leaderboard, opened and closed) held 26 s in the lobby: all the server's
  processes grow at most 40 MiB;
- ``x`` (export the game) held 15 s at the table: at most 200 records kept;
- a member's web game closed right after 60 KB of keys: gone 15 s later, and all the
  server's memory back within 40 MiB.
"""

from __future__ import annotations

import asyncio
import os
import sys

from .limits import game_memory_case, small_packets, web_close

__all__ = ["club_goals"]


async def _all(python: str) -> dict:
    packets = await small_packets(python, 20.0)
    toggles = await game_memory_case(python, 26.0, "b", [])
    exports = await game_memory_case(python, 15.0, "x", [], at_table=True)
    closed = await web_close(python, 60)
    gone = closed["game_gone_after_s"] is not None
    return {
        "small_packets_server_growth_mib": packets["server_growth_mib"],
        "small_packets_within_16_mib": packets["server_growth_mib"] <= 16,
        "held_b_all_processes_growth_mib": toggles["all_processes_growth_mib"],
        "held_b_game_own_mib": toggles["game_own_mib"],
        "held_b_within_40_mib": toggles["all_processes_growth_mib"] <= 40,
        "held_x_records_kept": exports["records_kept"],
        "held_x_within_200_files": exports["records_kept"] <= 200,
        "web_close_game_gone_after_s": closed["game_gone_after_s"],
        "web_close_back_within_mib": closed["back_within_mib"],
        "web_close_gone_and_within_40_mib": gone and closed["back_within_mib"] <= 40,
        "cases": [packets, toggles, exports, closed],
    }


def club_goals(python: str | None) -> dict:
    """Every case against its goal, the server on ``python`` (default: this one)."""
    python = python or sys.executable
    result = asyncio.run(_all(python))
    result["server_python"] = python
    result["cpus"] = os.cpu_count()
    return result
