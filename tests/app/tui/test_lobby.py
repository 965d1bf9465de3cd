"""The lobby: every house rule with its default, the seats' bots, and memory of the last setup."""

from __future__ import annotations

import json
import re

import pytest
from textual import events

from moon42.app.play.config import GameConfig, load_last, save_last
from moon42.app.play.paths import lobby_file
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.app.tui.screens.table import TableScreen
from moon42.rules.options import OPTIONS_OF

from .helpers import screen_text, wait_for


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
    assert load_last().seed is None  # a seed is for one game
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Moon for 4" in text and "Zoe" in text
        assert "< 5 >  (default 4)" in text


def test_the_lobby_memory_lives_in_the_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MOON42_DATA_DIR", str(tmp_path / "elsewhere"))
    assert lobby_file() == tmp_path / "elsewhere" / "lobby.json"
    assert load_last() == GameConfig()  # a fresh folder: the defaults, whatever was before
    save_last(GameConfig(game="texas42"))
    assert json.loads((tmp_path / "elsewhere" / "lobby.json").read_text())["game"] == "texas42"


async def _start_with_seed(app: Moon42App, pilot, seed: str, pin: bool) -> None:
    await pilot.pause()
    app.screen.query_one("#seed").focus()
    await pilot.press(*seed)
    if pin:
        app.screen.query_one("#pin-seed").focus()
        await pilot.press("right")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)


async def test_a_typed_seed_deals_one_game_only() -> None:
    """The issue's case: seed 188 typed once dealt every later game the same hands."""
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await _start_with_seed(app, pilot, "188", pin=False)
        assert app.flow.game.seed == 188
    assert "seed" not in json.loads(lobby_file().read_text())
    again = Moon42App()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#seed").value == ""
        await pilot.press("enter")
        await pilot.pause()
        assert again.flow.game.seed != 188


async def test_a_pinned_seed_is_kept_and_the_lobby_says_so() -> None:
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await _start_with_seed(app, pilot, "188", pin=True)
    memory = json.loads(lobby_file().read_text())
    assert memory["seed"] == 188 and memory["pin_seed"] is True
    again = Moon42App()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#seed").value == "188"
        again.screen.query_one("#pin-seed").focus()
        # The list scrolls to the row and draws it a frame or two later.
        await wait_for(pilot, lambda: "< every game (pinned) >" in screen_text(again),
                       "the pinned seed's row")
        await pilot.press("enter")
        await pilot.pause()
        assert again.flow.game.seed == 188


async def test_a_seed_past_the_range_is_refused_in_the_lobby() -> None:
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#seed").focus()
        await pilot.press(*"9" * 19)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and app.flow is None
        assert app.screen.focused is app.screen.query_one("#seed")
        assert "A seed is a whole number from 0 to 9223372036854775807" in screen_text(app)


def test_a_damaged_memory_falls_back_to_the_defaults() -> None:
    lobby_file().parent.mkdir(parents=True, exist_ok=True)
    lobby_file().write_text("{not json")
    assert load_last() == GameConfig()



@pytest.mark.parametrize(("keys", "game"), [
    (["right"], "moon4"), (["right", "right"], "texas42"), (["right", "left"], "moon3"),
])
async def test_a_game_chosen_and_started_at_once_is_the_game_started(keys, game) -> None:
    """Keys typed ahead (over a slow connection they come together): the game changed, once
    or more, and Enter at once start the game the row shows, not one before it."""
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert app.screen.query_one("#game").value == "moon3"
        # Both keys before the app handles either, as a terminal delivers keys typed ahead.
        for key, char in [(key, None) for key in keys] + [("enter", "\r")]:
            app._driver.send_message(events.Key(key, char))
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), "the game")
        assert app.flow.game.options.game == game


async def test_keys_held_down_leave_one_row_marked() -> None:
    """Up held down (keys arriving faster than the screen handles them) moves the focus over
    rows with a label of their own (the names) and rows without: one row shows ``>``."""
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for count in (7, 13, 37):
            for _ in range(count):
                app._driver.send_message(events.Key("up", None))
            await pilot.pause(0.3)
            # A row's mark: "> " and the row's label ("< off >  (default)" is no mark).
            marked = re.findall(r"(?:^|\s)> [A-Z]", screen_text(app), re.IGNORECASE | re.M)
            assert len(marked) == 1, screen_text(app)
