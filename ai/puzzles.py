"""Hand puzzles as data: a position from real play (the record of its hand up to it), the seat
to play, the one tile that keeps clearly more than every other with every hand known, and
every tile's figure (``ai/lab/puzzles.py`` finds them).  ``check_puzzle`` solves a stored
puzzle again and says where the solver now differs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from moon42.rules import Game
from moon42.rules.record import game_from_record, game_to_record
from moon42.rules.tiles import Tile, mask_of, parse_tile
from moon42.rules.views import SeatView

from .review_dd import Choice, Figures, more_is_better, play_figures

__all__ = ["Puzzle", "check_puzzle", "figures_of", "hands_of", "margin_of", "puzzle_doc",
           "read_puzzle"]


@dataclass(frozen=True)
class Puzzle:
    """A position (the game at it), the seat to play, the answer and every tile's figure."""

    game: Game
    seat: int
    answer: Tile
    values: dict[Tile, int]
    margin: int
    unit: str

    @property
    def view(self) -> SeatView:
        return self.game.view(self.seat)


def hands_of(game: Game) -> list[int]:
    """Every seat's tiles now, as the solver takes them."""
    return [mask_of(game.view(s).hand) for s in range(game.seats)]


def margin_of(figures: Figures) -> int | None:
    """How far the only best tile is ahead of the next (None: no single best)."""
    best = figures.best
    if len(best) != 1 or len(figures.values) < 2:
        return None
    return min(figures.lost(c) for c in figures.values if c != best[0])


def figures_of(puzzle: Puzzle) -> Figures:
    """The stored figures, as the hand review holds them."""
    values: dict[Choice, int] = {tile: value for tile, value in puzzle.values.items()}
    return Figures(values, more_is_better(puzzle.view.trump))


def puzzle_doc(puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle as the assets keep it."""
    return {"record": game_to_record(puzzle.game), "seat": puzzle.seat,
            "answer": str(puzzle.answer), "margin": puzzle.margin, "unit": puzzle.unit,
            "values": {str(t): v for t, v in puzzle.values.items()}}


def read_puzzle(doc: dict[str, Any]) -> Puzzle:
    """A stored puzzle (RecordError, RuleError, KeyError or ValueError if it is none)."""
    game = game_from_record(doc["record"])
    seat = doc["seat"]
    turn = game.to_act
    if not isinstance(seat, int) or turn is None or turn.seat != seat or turn.kind != "play":
        raise ValueError("the puzzle's seat is not the one to play")
    values = {parse_tile(t): int(v) for t, v in doc["values"].items()}
    return Puzzle(game, seat, parse_tile(doc["answer"]), values, int(doc["margin"]),
                  str(doc["unit"]))


def check_puzzle(puzzle: Puzzle) -> str:
    """"" when the solver agrees: the answer is the only best, by the stored margin, with
    the stored figures; else what differs."""
    figures = play_figures(puzzle.view, hands_of(puzzle.game))
    values = {Tile(int(c)): v for c, v in figures.values.items()}
    if values != puzzle.values:
        return f"the figures are now {values}, not {puzzle.values}"
    if figures.best != (puzzle.answer,):
        return f"the best is {figures.best}, not only {puzzle.answer}"
    if margin_of(figures) != puzzle.margin:
        return f"the margin is {margin_of(figures)}, not {puzzle.margin}"
    return ""


