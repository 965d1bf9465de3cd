"""Difficulty: one lobby row (and one --difficulty) for every seat's bot."""

from __future__ import annotations

import json

import pytest

from moon42.ai.expert import CALL_BUDGET, PLAY_BUDGET, ExpertBot
from moon42.ai.registry import make_bot
from moon42.app.cli import build_parser
from moon42.app.cli.play import game_config
from moon42.app.play.config import GameConfig, load_last, save_last
from moon42.app.play.difficulty import (
    CUSTOM,
    LEVELS,
    bot_settings,
    bots_for,
    config_level,
    level_of,
    pace_text,
)
from moon42.app.play.paths import lobby_file
from moon42.app.tui.app import Moon42App
from moon42.app.tui.widgets.difficulty import DifficultyRow
from moon42.app.tui.widgets.setting import SettingRow

from .helpers import settle


def test_each_level_is_a_bot_and_its_settings() -> None:
    assert {name: level.bot for name, level in LEVELS.items()} == {
        "novice": "basic", "easy": "normal", "hard": "expert", "expert": "expert",
    }
    hard = make_bot("expert", 1, **bot_settings("hard", "expert"))
    expert = make_bot("expert", 1, **bot_settings("expert", "expert"))
    assert isinstance(hard, ExpertBot) and isinstance(expert, ExpertBot)
    assert hard.budget < expert.budget == PLAY_BUDGET
    assert hard.call_budget < expert.call_budget == CALL_BUDGET
    # A level's settings are for its own bot only.
    assert bot_settings("hard", "normal") == {} and bot_settings(CUSTOM, "expert") == {}


def test_the_level_is_read_from_the_bots() -> None:
    assert level_of(["basic", "basic"]) == "novice"
    assert level_of(["normal"] * 3) == "easy"
    assert level_of(["expert"] * 3) == "expert"  # the expert as it comes, seat by seat
    assert level_of(["expert"] * 3, "hard") == "hard"
    assert level_of(["expert"] * 3, "novice") == "expert"
    assert level_of(["basic", "expert", "basic"], "novice") == CUSTOM
    human = GameConfig(game="texas42", bots=("basic", "normal", "normal", "normal"))
    assert config_level(human) == "easy"  # seat 0 is the human: its entry does not count
    watch = GameConfig(game="moon3", bots=("basic", "normal", "normal"), watch=True)
    assert config_level(watch) == CUSTOM
    assert bots_for("hard", 3) == ("basic", "expert", "expert")
    assert pace_text("hard", 0.7) == "hard, 0.7s" and pace_text(CUSTOM, 0) == "0s"


def test_the_difficulty_is_remembered() -> None:
    save_last(GameConfig(game="moon4", bots=bots_for("hard", 4), difficulty="hard"))
    assert json.loads(lobby_file().read_text())["difficulty"] == "hard"
    assert load_last().difficulty == "hard" and config_level(load_last()) == "hard"


def test_play_with_a_difficulty() -> None:
    parser = build_parser()
    config = game_config(parser.parse_args(["play", "moon4", "--difficulty", "hard"]), parser,
                         watch=False)
    assert config.bots == ("basic", "expert", "expert", "expert")
    assert config_level(config) == "hard"
    plain = game_config(parser.parse_args(["play", "moon3", "--bots", "normal"]), parser,
                        watch=False)
    assert config_level(plain) == "easy"
    with pytest.raises(SystemExit):
        game_config(parser.parse_args(["play", "moon3", "--bots", "normal", "--difficulty",
                                       "hard"]), parser, watch=False)


async def test_the_lobby_sets_every_seat_and_shows_custom_when_they_differ(monkeypatch) -> None:
    save_last(GameConfig(game="texas42", seed=3))
    started: list[GameConfig] = []
    monkeypatch.setattr(Moon42App, "start_game", lambda self, config, push=False:
                        started.append(config))
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        difficulty = screen.query_one("#difficulty", DifficultyRow)
        bots = [screen.query_one(f"#bot-{s}", SettingRow) for s in (1, 2, 3)]
        assert difficulty.value == "novice"
        difficulty.focus()
        await pilot.press("right", "right")
        assert difficulty.value == "hard"
        assert [row.value for row in bots] == ["expert"] * 3
        await pilot.press("right", "right")  # past expert, "custom" is skipped
        assert difficulty.value == "novice"
        await pilot.press("left")
        assert difficulty.value == "expert"
        bots[1].focus()
        await pilot.press("left")
        assert bots[1].value != "expert"
        assert difficulty.value == CUSTOM
        bots[1].focus()
        await pilot.press("right")
        assert difficulty.value == "expert"
        difficulty.focus()
        await pilot.press("left")
        await pilot.press("enter")
        await pilot.pause()
    assert started and started[0].difficulty == "hard"
    assert started[0].bots == ("basic", "expert", "expert", "expert")
    assert load_last().difficulty == "hard"


async def test_the_table_names_the_level() -> None:
    config = GameConfig(game="moon3", seed=2, pace=0.0, bots=bots_for("easy", 3),
                        difficulty="easy")
    app = Moon42App(config, lobby=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "bots easy, 0s" in "\n".join(
            s.text for s in app.screen._compositor.render_strips())
