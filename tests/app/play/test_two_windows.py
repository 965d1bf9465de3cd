"""Two moon42 playing on one data folder at once (two terminals, two SSH sessions of one
player): each game is saved in its own file, neither overwrites the other, and both end
with their whole record in records/.  A third that asks for a game being played is told
where it is open."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from moon42.rules import Game
from moon42.rules.record import game_to_record

from .player_driver import player_config
from .test_autosave_kill import actions_in, is_prefix, play_on

pytestmark = pytest.mark.slow  # two app processes on one saved game

MAIN = Path(__file__).resolve().parents[3]
GAMES = (("moon3", 41), ("texas42", 42))


def _saves(folder: Path) -> dict[str, dict]:
    """The saved games on disk now, by game (the writes are atomic: each file is whole)."""
    found = {}
    for path in (folder / "saves").glob("*.json"):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:  # finished as we looked
            continue
        found[doc["game"]] = doc
    return found


def test_two_processes_on_one_data_folder_lose_no_game(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    env = dict(os.environ, MOON42_DATA_DIR=str(folder))
    whole = {game: game_to_record(play_on(Game.new(game, seed=seed,
                                                   players=player_config(game, seed).players()),
                                          seed))
             for game, seed in GAMES}
    logs = [tmp_path / f"{game}.log" for game, _ in GAMES]
    driver = "tests.app.play.player_driver"
    runs = [subprocess.Popen([sys.executable, "-m", driver, game, str(seed)], cwd=MAIN,
                             env=env, stdout=subprocess.DEVNULL, stderr=log.open("wb"))
            for (game, seed), log in zip(GAMES, logs, strict=True)]
    try:
        # Both at once: both games saved side by side, each a true prefix of its own game.
        deadline = time.monotonic() + 120
        while True:
            saves = _saves(folder)
            if len(saves) == 2 and all(actions_in(doc) >= 8 for doc in saves.values()):
                break
            assert all(run.poll() is None for run in runs), "a game ended before both ran"
            assert time.monotonic() < deadline, f"the two games did not both start: {saves}"
            time.sleep(0.01)
        for game, doc in saves.items():
            assert is_prefix(doc, whole[game])
        # A third window asking for a game being played is refused, and told where it is.
        third = subprocess.run([sys.executable, "-m", "moon42.app", "play", "--resume",
                                "moon3"], cwd=MAIN, env=env, capture_output=True, text=True,
                               timeout=60)
        assert third.returncode == 2
        assert "open in another window (process" in third.stderr
        assert str(runs[0].pid) in third.stderr
        for run, log in zip(runs, logs, strict=True):
            assert run.wait(timeout=300) == 0, log.read_text(errors="replace")
    finally:
        for run in runs:
            if run.poll() is None:
                run.kill()
                run.wait()
    assert _saves(folder) == {}
    records = [json.loads(p.read_text(encoding="utf-8"))
               for p in (folder / "records").glob("*.json")]
    assert sorted(r["game"] for r in records) == ["moon3", "texas42"]
    for record in records:
        assert record["hands"] == whole[record["game"]]["hands"]
