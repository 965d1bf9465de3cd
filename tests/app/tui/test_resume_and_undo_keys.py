"""Through the app with keys: Resume from the lobby, undo (u), export (x), --from to the end."""

from __future__ import annotations

import json
from pathlib import Path

from moon42.app.play.config import GameConfig
from moon42.app.play.records import APP_MEMBER, load_record_file
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.rules import Pass
from moon42.rules.record import game_to_record

from .helpers import new_app, screen_text, settle, tile_key, wait_for

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


async def my_move(pilot) -> None:
    """One move of seat 0 by keys: pass a bid, name the first trump, discard, or play a tile."""
    app = pilot.app
    view = app.flow.game.view(0)
    kind = view.to_act.kind
    if kind == "bid":
        keys = ["p"] if any(isinstance(a, Pass) for a in view.legal) else ["enter"]
    elif kind == "discard":
        keys = ["right", "enter"]
    elif kind == "play":
        keys = [tile_key(app)]
    else:
        keys = ["enter"]
    await pilot.press(*keys)


def saved_doc(data_dir: Path) -> dict:
    """The one saved game's record."""
    (path,) = (data_dir / "saves").glob("*.json")
    return json.loads(path.read_text(encoding="utf-8"))


async def test_resume_from_the_lobby(data_dir: Path) -> None:
    first = new_app("moon4", seed=5, bots=("basic", "normal", "basic", "normal"))
    async with first.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await settle(pilot)
            await my_move(pilot)
        await settle(pilot)
        left = game_to_record(first.flow.game)
    # The app is gone (as if its terminal were closed); a new one opens the lobby.
    second = Moon42App(GameConfig(), lobby=True)
    async with second.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Saved games (1 of 20): r resumes the latest" in screen_text(second)
        assert "Moon for 4, hand" in screen_text(second)
        await pilot.press("r")
        await settle(pilot)
        assert game_to_record(second.flow.game) == left
        assert second.flow.config.bots[1:] == ("normal", "basic", "normal")
        assert second.flow.waiting == "human"
        await my_move(pilot)  # and the game goes on
        await settle(pilot)
        assert len(saved_doc(data_dir)["hands"][-1]["actions"]) > len(left["hands"][-1]["actions"])


async def test_undo_takes_back_my_move_and_the_answers(data_dir: Path) -> None:
    app = new_app("texas42", seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await settle(pilot)
            await my_move(pilot)
        await settle(pilot)
        before = game_to_record(app.flow.game)
        await my_move(pilot)
        await settle(pilot)
        assert game_to_record(app.flow.game) != before
        await pilot.press("u")
        await pilot.pause()
        assert game_to_record(app.flow.game) == before
        assert app.flow.undo_used and app.flow.waiting == "human"
        assert "Took back your" in screen_text(app)
        # The save says so (the statistics read it), and the game goes on from there.
        assert saved_doc(data_dir)[APP_MEMBER]["undo_used"] is True
        await my_move(pilot)
        await settle(pilot)
        assert game_to_record(app.flow.game) != before


async def test_undo_while_the_bots_are_still_moving(data_dir: Path) -> None:
    app = new_app("moon3", seed=12, pace=1.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = game_to_record(app.flow.game)
        await my_move(pilot)
        await pilot.press("u")
        await pilot.pause()
        assert game_to_record(app.flow.game) == before
        assert app.flow.waiting == "human"


async def test_undo_off_as_a_house_rule(data_dir: Path) -> None:
    app = new_app("texas42", seed=12, allow_undo=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await my_move(pilot)
        await settle(pilot)
        after = game_to_record(app.flow.game)
        await pilot.press("u")
        await pilot.pause()
        assert game_to_record(app.flow.game) == after
        said = "Undo is off for this game (the lobby's Undo setting, or --no-undo)"
        assert said in screen_text(app)
        assert not app.flow.undo_used


async def test_export_with_x(data_dir: Path) -> None:
    app = new_app("moon3", seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await my_move(pilot)
        await settle(pilot)
        await pilot.press("x")
        await pilot.pause()
        files = list((data_dir / "records").glob("moon3-*.json"))
        assert len(files) == 1
        assert game_to_record(load_record_file(files[0]).game) == game_to_record(app.flow.game)


async def test_a_record_from_a_file_played_to_the_end(data_dir: Path, tmp_path: Path) -> None:
    """--from a record one action short of the end: the finished game's record is kept."""
    doc = json.loads((EXAMPLES / "02-moon3-full-game.json").read_text(encoding="utf-8"))
    doc["hands"][-1]["actions"].pop()
    path = tmp_path / "almost.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    saved = load_record_file(path)
    app = Moon42App(saved.config.with_(pace=0.0), lobby=False, saved=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if app.flow.waiting == "human":
            await my_move(pilot)
            await settle(pilot)
        # The last hand's summary comes first, then the end.
        await wait_for(pilot, lambda: isinstance(app.screen, HandSummaryScreen),
                       "the hand's summary")
        assert isinstance(app.screen, HandSummaryScreen) and app.screen.last
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert list((data_dir / "saves").glob("*.json")) == []
        kept = list((data_dir / "records").glob("moon3-*.json"))
        assert len(kept) == 1
        assert json.loads(kept[0].read_text())["hands"] == game_to_record(app.flow.game)["hands"]
