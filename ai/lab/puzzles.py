"""Hand puzzles from the bots' play: positions where one tile keeps clearly more than every
other with every hand known, and the seat's own view finds it.

``python -m moon42.ai.lab.puzzles --game texas42 --games 40 --seed 1 > assets/puzzles/texas42.json``

Each game's first hand is played by ``basic`` bots (the arena's yardstick, through the same
registry and protocol).  At each play from the third trick on with three legal tiles or more,
the hand is solved double-dummy (``review_dd.play_figures``, the hand review's figures); a
position is kept when one tile is the only best and keeps at least ``--margin`` more than any
other (points in Texas 42, tricks in Moon), and the expert from the seat's view (``advice``,
as the hints ask it) picks the same tile: the puzzle can be found without seeing the others'
tiles.  A puzzle is kept as the record of the hand up to its position, the seat, the answer
and every tile's figure (``ai/puzzles.py``, which also checks a stored one against the
solver).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from moon42.rules import Game, Phase, Play
from moon42.rules.options import options_for
from moon42.rules.tiles import Tile

from ..advice import advise
from ..protocol import decide
from ..puzzles import Puzzle, hands_of, margin_of, puzzle_doc
from ..registry import make_bot
from ..review_dd import play_figures
from ..review_words import unit_of

__all__ = ["find_puzzles", "main", "puzzle_of"]

# What the stored figures must show, at least, for a puzzle: the answer ahead of the next
# best tile by this much (points in Texas 42, tricks in Moon).
MARGINS = {"texas42": 10, "moon3": 2, "moon4": 2}
FIRST_TRICK = 2  # tricks played before the first position looked at (solving is quick then)
ADVICE_BUDGET = 0.5  # seconds the expert weighs the position from the seat's view


def puzzle_of(game: Game, seat: int, margin: int, advice_budget: float) -> Puzzle | None:
    """The position, as a puzzle, when one tile is clearly best and the view finds it."""
    view = game.view(seat)
    plays = [a for a in view.legal if isinstance(a, Play)]
    if len(plays) < 3 or len(view.tricks) < FIRST_TRICK:
        return None
    figures = play_figures(view, hands_of(game))
    ahead = margin_of(figures)
    if ahead is None or ahead < margin:
        return None
    answer = figures.best[0]
    found = advise(view, seed=game.seed, budget=advice_budget).action
    if not isinstance(found, Play) or found.tile != answer:
        return None
    values = {Tile(int(c)): v for c, v in figures.values.items()}
    return Puzzle(game.clone(), seat, Tile(int(answer)), values, ahead, unit_of(view))


def find_puzzles(name: str, games: int, seed: int, margin: int | None = None,
                 advice_budget: float = ADVICE_BUDGET) -> list[Puzzle]:
    """At most one puzzle from the first hand of each of ``games`` games (seeds ``seed``
    on)."""
    margin = MARGINS[name] if margin is None else margin
    found = []
    for number in range(games):
        game = Game.new(name, seed=seed + number,
                        options=options_for(name, {"play_out": True} if name == "texas42"
                                            else {}))
        bots = [make_bot("basic", seed=(seed + number) * 7 + s) for s in range(game.seats)]
        while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            turn = game.to_act
            assert turn is not None
            if turn.kind == "play":
                puzzle = puzzle_of(game, turn.seat, margin, advice_budget)
                if puzzle is not None:
                    found.append(puzzle)
                    break
            game.apply(decide(bots[turn.seat], game.view(turn.seat)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.puzzles",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(MARGINS), default="texas42")
    parser.add_argument("--games", type=int, default=20, help="games looked at (first hands)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--margin", type=int, default=None,
                        help="how far the answer must be ahead (default: 10 points, 2 tricks)")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1000:
        parser.error("--games is 1 to 1000")
    start = time.monotonic()
    puzzles = find_puzzles(args.game, args.games, args.seed, args.margin)
    json.dump({"game": args.game, "puzzles": [puzzle_doc(p) for p in puzzles]}, sys.stdout,
              indent=1)
    sys.stdout.write("\n")
    print(f"{len(puzzles)} puzzles from {args.games} games in {time.monotonic() - start:.0f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
