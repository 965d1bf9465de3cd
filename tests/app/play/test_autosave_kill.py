"""A game killed with SIGKILL at a random moment resumes at the same state, in every game.

The real app plays bots against bots headless at pace 0 and autosaves after every action
(tests/app/play/autosave_driver.py). It is killed at seeded random moments; the save it left must
be whole, must be the uninterrupted game's record up to some action (same deals, same
actions), and, played on with the same bots, must end exactly as the uninterrupted game.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.app.play.saves import open_saved
from moon42.rules import Game, Phase
from moon42.rules.record import game_to_record

from .autosave_driver import DRIVER_NAMES, driver_config

pytestmark = pytest.mark.slow  # app processes killed mid-game

MAIN = Path(__file__).parents[3]
MOMENTS = 3
EARLY = 120  # several hands of every game


def play_on(game: Game, seed: int) -> Game:
    """Play to the end with the bots the flow makes (the seed rule of app/tui/flow.py)."""
    bots = {s: make_bot("basic", seed=(seed * 7 + s) % 2**32) for s in range(game.seats)}
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
        else:
            seat = game.to_act.seat
            game.apply(decide(bots[seat], game.view(seat)))
    return game


def actions_in(doc: dict) -> int:
    return sum(len(hand["actions"]) for hand in doc["hands"])


def the_save(folder: Path) -> Path | None:
    """The one saved game in a data folder, if it is there yet."""
    saves = list((folder / "saves").glob("*.json"))
    assert len(saves) <= 1
    return saves[0] if saves else None


def saved_actions(folder: Path) -> int:
    """How far the save on disk has got (-1: none yet); the writes are atomic, so it is whole."""
    path = the_save(folder)
    try:
        return actions_in(json.loads(path.read_text(encoding="utf-8"))) if path else -1
    except FileNotFoundError:
        return -1


def is_prefix(part: dict, whole: dict) -> bool:
    hands, full = part["hands"], whole["hands"]
    if not hands or len(hands) > len(full) or hands[:-1] != full[: len(hands) - 1]:
        return False
    last, same = hands[-1], full[len(hands) - 1]
    return (
        {k: last[k] for k in ("dealer", "deal", "widow")}
        == {k: same[k] for k in ("dealer", "deal", "widow")}
        and same["actions"][: len(last["actions"])] == last["actions"]
    )


@pytest.mark.parametrize(("game", "seed"), [("moon3", 31), ("moon4", 32), ("texas42", 33)])
def test_a_killed_game_resumes_where_it_was(game: str, seed: int, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    config = driver_config(game, seed)
    reference = play_on(Game.new(game, seed=seed, players=config.players()), seed)
    whole = game_to_record(reference)
    rng = random.Random(f"{game}:{seed}")
    folders = [tmp_path / f"moment-{m}" for m in range(MOMENTS)]
    # A moment is an action, chosen at random (in the first hands, to keep the test short),
    # and a random few milliseconds after the save shows it: the kill lands anywhere. Each
    # moment's game starts only when the one before is killed: run side by side, a game
    # could play to its end (and its save go) while an earlier moment was being waited for.
    targets = rng.sample(range(min(EARLY, actions_in(whole))), MOMENTS)
    for folder, target in zip(folders, targets, strict=True):
        env = dict(os.environ, MOON42_DATA_DIR=str(folder))
        run = subprocess.Popen(
            [sys.executable, "-m", "tests.app.play.autosave_driver", game, str(seed)],
            cwd=MAIN, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 120
            while saved_actions(folder) < target:
                assert run.poll() is None, "the game ended before the moment came"
                assert time.monotonic() < deadline, "the game did not get there"
                time.sleep(0.005)
            time.sleep(rng.uniform(0.0, 0.05))
            run.send_signal(signal.SIGKILL)
            run.wait()
        finally:
            if run.poll() is None:
                run.kill()
                run.wait()
    reached = []
    for folder in folders:
        monkeypatch.setenv("MOON42_DATA_DIR", str(folder))
        path = the_save(folder)
        assert path is not None, "a killed game left no save"
        saved = open_saved(path)  # the lock of the killed process is taken over
        saved.slot.lock.release()
        doc = game_to_record(saved.game)
        assert is_prefix(doc, whole)
        assert doc["seed"] == seed and saved.game.players == tuple(DRIVER_NAMES[: saved.game.seats])
        assert saved.config.bots == config.bots[: saved.game.seats]
        reached.append(actions_in(doc))
        # The same state as the uninterrupted game had at that point, and the same ending.
        assert game_to_record(play_on(saved.game, seed)) == whole
    assert all(r >= t for r, t in zip(reached, targets, strict=True))
