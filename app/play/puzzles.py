"""Hand puzzles in the app: the ones the package keeps in ``assets/puzzles/GAME.json``
(made by ``python -m moon42.ai.lab.puzzles``), one picked to show, and its answer told in
the hand review's words."""

from __future__ import annotations

import json
import random
from functools import cache
from importlib.resources import files

from moon42.ai.puzzles import Puzzle, figures_of, read_puzzle
from moon42.ai.review_figures import Decision, Kind
from moon42.ai.review_words import verdict
from moon42.rules import Play
from moon42.rules.tiles import Tile

__all__ = ["answer_words", "pick_puzzle", "puzzle_games", "puzzles_of"]


def puzzle_games() -> list[str]:
    """The games the package has puzzles of."""
    folder = files("moon42.assets").joinpath("puzzles")
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


@cache
def _docs(game: str) -> tuple[dict, ...]:
    text = files("moon42.assets").joinpath("puzzles", f"{game}.json").read_text("utf-8")
    return tuple(json.loads(text)["puzzles"])


def puzzles_of(game: str) -> list[Puzzle]:
    """Every stored puzzle of ``game``."""
    return [read_puzzle(doc) for doc in _docs(game)] if game in puzzle_games() else []


def pick_puzzle(game: str, chooser: random.Random | None = None) -> Puzzle | None:
    """One puzzle of ``game`` (None: it has none)."""
    docs = _docs(game) if game in puzzle_games() else ()
    if not docs:
        return None
    return read_puzzle((chooser or random.Random()).choice(docs))


def answer_words(puzzle: Puzzle, tile: Tile) -> str:
    """What the puzzle says of ``tile`` played: right, or what it cost, in the review's
    words."""
    figures = figures_of(puzzle)
    view = puzzle.view
    best = figures.best_value
    if tile == puzzle.answer:
        verb, fewer = ("keeps", "less") if figures.more else ("takes", "more")
        return (f"Right: {tile} {verb} {best} {puzzle.unit} with every hand known; any other "
                f"tile at least {puzzle.margin} {puzzle.unit} {fewer}.")
    decision = Decision(hand=view.hand_number + 1, kind=Kind.PLAY, seat=view.seat,
                        action=Play(view.seat, tile), trick=len(view.tricks) + 1, dd=figures,
                        done=tile, expert=Play(view.seat, puzzle.answer), view_done=None,
                        view_expert=None)
    return f"Not the best. {verdict(view, decision)}."
