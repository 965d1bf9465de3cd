"""Hand puzzles: every stored puzzle is what the solver says (its answer the only best, by the
margin stored, with the stored figures), and the search over bots' games finds such ones."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from moon42.ai.lab.puzzles import MARGINS, find_puzzles
from moon42.ai.lab.puzzles import main as make_puzzles
from moon42.ai.puzzles import check_puzzle, puzzle_doc, read_puzzle

GAMES = sorted(p.name[:-5] for p in files("moon42.assets").joinpath("puzzles").iterdir()
               if p.name.endswith(".json"))


@pytest.mark.parametrize("game", GAMES)
def test_every_stored_puzzle_is_the_solvers(game: str) -> None:
    text = files("moon42.assets").joinpath("puzzles", f"{game}.json").read_text("utf-8")
    doc = json.loads(text)
    assert doc["game"] == game and doc["puzzles"]
    for number, stored in enumerate(doc["puzzles"]):
        puzzle = read_puzzle(stored)
        assert puzzle.game.options.game == game
        assert puzzle.margin >= MARGINS[game]
        assert check_puzzle(puzzle) == "", f"{game} puzzle {number + 1}"


def test_the_games_have_puzzles() -> None:
    assert GAMES == ["moon3", "moon4", "texas42"]


def test_puzzles_are_found_in_bots_games_and_stored_as_they_are_read() -> None:
    found = find_puzzles("texas42", games=6, seed=1)
    assert found
    for puzzle in found:
        assert check_puzzle(puzzle) == ""
        again = read_puzzle(json.loads(json.dumps(puzzle_doc(puzzle))))
        assert again.answer == puzzle.answer and again.values == puzzle.values
    changed = puzzle_doc(found[0])
    changed["margin"] += 1
    assert "margin" in check_puzzle(read_puzzle(changed))


def test_the_command_writes_the_puzzles_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert make_puzzles(["--game", "texas42", "--games", "2", "--seed", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "texas42" and isinstance(out["puzzles"], list)
    with pytest.raises(SystemExit):
        make_puzzles(["--games", "0"])
