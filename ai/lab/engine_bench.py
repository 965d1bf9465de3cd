"""How fast the rules engine plays random hands (``moon42 bench``; a benchmark, not a test)."""

from __future__ import annotations

import gc
import json
import random
import time

from moon42.rules.game import Game, Phase
from moon42.rules.options import GAMES


def hands_per_second(game_name: str, seconds: float, seed: int = 1) -> float:
    """Random legal play, one process: complete hands per second of wall time.

    Random bidders rarely finish a game, so a game is restarted after 50 hands.
    """
    rng = random.Random(seed)
    deal_seed = seed
    game = Game.new(game_name, seed=deal_seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions = game.legal_actions()
        while actions:
            game.apply(actions[int(rng.random() * len(actions))])
            actions = game.legal_actions()
        hands += 1
        if hands % 64 == 0 and time.perf_counter() >= deadline:
            break
        if game.phase is Phase.GAME_OVER or len(game.log) >= 50:
            deal_seed += 1
            game = Game.new(game_name, seed=deal_seed)
        else:
            game.next_hand()
    return hands / (time.perf_counter() - start)


def run_bench(seconds: float = 3.0, as_json: bool = False, games: tuple[str, ...] = GAMES) -> int:
    # What start-up made lives as long as the process: freeze it, as a long-running game
    # or server would, so the collector stops re-scanning the engine's tables every few
    # hundred hands.
    gc.collect()
    gc.freeze()
    figures = {name: round(hands_per_second(name, seconds), 1) for name in games}
    if as_json:
        print(json.dumps({"engine": figures, "seconds_per_game": seconds}))
    else:
        print(f"Rules engine, random legal play, one process, {seconds:g} s per game:")
        for name, rate in figures.items():
            print(f"  {name:8} {rate:10,.0f} hands/s")
    return 0
