"""The lobby: every house rule with its default, the seats' bots, and memory of the last setup."""

from __future__ import annotations

import json

from moon42.app.app import Moon42App
from moon42.app.config import GameConfig, load_last, save_last
from moon42.app.paths import lobby_file
from moon42.app.screens.lobby import LobbyScreen
from moon42.app.screens.table import TableScreen
from moon42.rules.options import OPTIONS_OF

from .helpers import screen_text


async def test_the_lobby_shows_every_option_and_starts_the_game() -> None:
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("right", "right")  # Moon for 3 -> Moon for 4 -> Texas 42
        await pilot.pause()
        names = {row.name for row in app.screen.query("SettingRow") if row.name}
        assert names == set(OPTIONS_OF["texas42"])
        forced = next(row for row in app.screen.query("SettingRow") if row.name == "forced_bid")
        forced.focus()
        await pilot.press("right")  # forced bid: off -> on
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.flow.game.options.game == "texas42"
        assert app.flow.game.options.forced_bid
    saved = json.loads(lobby_file().read_text())
    assert saved["game"] == "texas42" and saved["options"] == {"forced_bid": True}


async def test_the_lobby_remembers_the_last_setup() -> None:
    save_last(GameConfig(game="moon4", options={"min_bid": 5}, names=("Zoe", "A", "B", "C"),
                         bots=("basic", "random", "basic", "random"), seed=42, pace=0.2))
    assert load_last().options == {"min_bid": 5}
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Moon for 4" in text and "Zoe" in text and "42" in text
        assert "< 5 >  (default 4)" in text


def test_a_damaged_memory_falls_back_to_the_defaults() -> None:
    lobby_file().parent.mkdir(parents=True, exist_ok=True)
    lobby_file().write_text("{not json")
    assert load_last() == GameConfig()
