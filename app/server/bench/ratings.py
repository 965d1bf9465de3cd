"""How long the leaderboard takes to make its ratings again (a measurement, not a test).

    python -m moon42.app.server.bench.ratings [--players 200] [--games 50] [--shared 0.5]
                                              [--seed 1] [--json]

The board makes every rating again from every player's counted games whenever one player's
statistics changed (``stats.ratings``), in its thread beside the server's loop.  This makes
``--players`` members with ``--games`` counted games each, a ``--shared`` part of them at
shared tables with other members (each seat's player telling the game in their own
statistics), the rest against bots, in all three games, from ``--seed``; then times the
ratings (``rate_all``) and the board's rankings made from them (``rated_board``), best and
median of 5 runs.  Reading the statistics files is not timed: the board reads again only
those that changed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from ...play.stats.made_up import made_up
from ...play.stats.ratings import rate_all
from ..accounts.board_ratings import rated_board
from ..accounts.leaderboard import top

_RUNS = 5


def _positive(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"{value} is not between 1 and 100000")
    return value


def _part(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 1")
    return value


def measure(players: int, games: int, shared: float, seed: int) -> dict[str, Any]:
    readings = made_up(players, games, shared, seed)
    shown = [(reading, {"name": reading.label, "sign_in": "secret"}) for reading in readings]
    rate_times, board_times = [], []
    for _ in range(_RUNS):
        start = time.perf_counter()
        rated = rate_all(readings)
        rate_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        rated_board(shown, top)
        board_times.append(time.perf_counter() - start)
    return {"players": players, "games_each": games, "shared": shared, "seed": seed,
            "games_rated": rated.rated, "shared_unrated": rated.unrated,
            "rate_best_s": round(min(rate_times), 4),
            "rate_median_s": round(statistics.median(rate_times), 4),
            "board_best_s": round(min(board_times), 4),
            "board_median_s": round(statistics.median(board_times), 4),
            "per_game_us": round(min(rate_times) / max(rated.rated, 1) * 1e6, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m moon42.app.server.bench.ratings")
    parser.add_argument("--players", type=_positive, default=200)
    parser.add_argument("--games", type=_positive, default=50, help="counted games each")
    parser.add_argument("--shared", type=_part, default=0.5,
                        help="the part of the games played with other members")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = measure(args.players, args.games, args.shared, args.seed)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{figures['players']} players, {figures['games_each']} counted games each or more "
          f"({figures['shared']:.0%} with other members): {figures['games_rated']} games "
          f"rated, {figures['shared_unrated']} shared games unrated")
    print(f"ratings made again: best {figures['rate_best_s']:.3f} s, median "
          f"{figures['rate_median_s']:.3f} s ({figures['per_game_us']:.0f} µs a game)")
    print(f"board's rankings made (ratings included): best {figures['board_best_s']:.3f} s, "
          f"median {figures['board_median_s']:.3f} s")


if __name__ == "__main__":
    main()
