"""What a copy of a game costs: ``Game.clone()`` against rebuilding it by replaying its actions
or its record (a benchmark, not a test).

    python -m moon42.ai.lab.clone_bench [--calls 1000] [--hands 3] [--seed 1] [--json]

Each game is played at random (seeded) to the fourth trick of hand ``--hands``, then copied
``--calls`` times each way; the figures are microseconds a copy.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from moon42.rules.game import Game, Phase
from moon42.rules.options import GAMES
from moon42.rules.record import game_from_record, game_to_record

__all__ = ["position", "copy_costs", "main"]

MAX_CALLS = 1_000_000
MAX_HANDS = 50


def position(game_name: str, hands: int, seed: int) -> Game:
    """A game of ``game_name`` played at random to the fourth trick of hand ``hands``."""
    rng = random.Random(seed)
    game = Game.new(game_name, seed=seed)
    while True:
        if len(game.log) == hands and len(game.view(0).tricks) >= 3:
            return game
        actions = game.legal_actions()
        if actions:
            game.apply(actions[int(rng.random() * len(actions))])
        elif game.phase is Phase.GAME_OVER or len(game.log) >= hands:
            seed += 1  # over too early: start again from the next seed
            game = Game.new(game_name, seed=seed)
        else:
            game.next_hand()


def _replayed(game: Game) -> Callable[[], Game]:
    """Rebuilding by replaying the actions on a new game from the seed, hand by hand."""
    options, seed = game.options, game.seed
    hands = [tuple(log.actions) for log in game.log]

    def replay() -> Game:
        again = Game(options, seed=seed)
        for actions in hands:
            again.next_hand()
            for action in actions:
                again.apply(action)
        return again

    return replay


def _per_call(make: Callable[[], Game], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        make()
    return 1e6 * (time.perf_counter() - start) / calls


def copy_costs(game_name: str, calls: int, hands: int, seed: int) -> dict[str, float | int]:
    """Microseconds a copy of one mid-hand position, three ways."""
    game = position(game_name, hands, seed)
    replay = _replayed(game)
    doc = game_to_record(game)
    assert game_to_record(replay()) == doc == game_to_record(game.clone())
    clone = _per_call(game.clone, calls)
    replayed = _per_call(replay, calls)
    recorded = _per_call(lambda: game_from_record(game_to_record(game)), calls)
    return {
        "actions": sum(len(log.actions) for log in game.log),
        "clone_us": round(clone, 2),
        "replay_us": round(replayed, 2),
        "record_us": round(recorded, 2),
        "replay_over_clone": round(replayed / clone, 1),
    }


def _bounded(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}")
        return value

    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.clone_bench",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=_bounded(1, MAX_CALLS), default=1000,
                        help=f"copies timed each way (1 to {MAX_CALLS:,}; default 1000)")
    parser.add_argument("--hands", type=_bounded(1, MAX_HANDS), default=3,
                        help=f"the hand the position is in (1 to {MAX_HANDS}; default 3)")
    parser.add_argument("--seed", type=_bounded(0, 2**63 - 1), default=1,
                        help="the seed of the games and their random play (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = {name: copy_costs(name, args.calls, args.hands, args.seed) for name in GAMES}
    if args.json:
        print(json.dumps({"calls": args.calls, "hands": args.hands, "games": figures}))
        return 0
    print(f"A copy of a game at the fourth trick of hand {args.hands}, {args.calls} calls each "
          "(microseconds a call):")
    print(f"  {'game':8} {'actions':>7} {'clone':>9} {'replay':>9} {'record':>9}"
          f" {'replay/clone':>13}")
    for name, f in figures.items():
        print(f"  {name:8} {f['actions']:7} {f['clone_us']:9.2f} {f['replay_us']:9.2f} "
              f"{f['record_us']:9.2f} {f['replay_over_clone']:12.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
