"""Hand puzzles: positions kept in ``assets/puzzles/GAME.json``."""

from __future__ import annotations

from importlib.resources import files

__all__ = ["puzzle_games"]


def puzzle_games() -> list[str]:
    folder = files("moon42.assets").joinpath("puzzles")
    if not folder.is_dir():
        return []
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))
