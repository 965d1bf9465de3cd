"""The lobby's key line and help line follow the cursor; moving between settings leaves the
key line as it is (Textual's Footer rebuilt every key on every move)."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from moon42.app.play.config import GameConfig, save_last
from moon42.app.play.paths import lobby_file
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.app.tui.widgets.steady_footer import SteadyFooter


def _keys(app: Moon42App) -> list[FooterKey]:
    return list(app.screen.query_one(SteadyFooter).query(FooterKey))


def _descriptions(app: Moon42App) -> list[str]:
    return [key.description for key in _keys(app)]


def _help(app: Moon42App) -> str:
    return str(app.screen.query_one("#lobby-help").render())


async def test_the_key_line_changes_only_when_the_keys_do() -> None:
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert _descriptions(app) == ["Change", "Move", "Start game", "Stats", "Quit",
                                      "Help"]
        shown = _keys(app)
        await pilot.press("down", "down", "up")  # Game -> Difficulty -> target -> Difficulty
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#difficulty")
        assert _keys(app) == shown  # the same key widgets: nothing was rebuilt
        app.screen.query_one("#pin-seed").focus()
        await pilot.press("up")  # Seed for -> the seed, a text field: no Left/Right, no s
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#seed")
        assert "Change" not in _descriptions(app) and "Stats" not in _descriptions(app)
        await pilot.press("down")
        await pilot.pause()
        assert _descriptions(app)[0] == "Change"


async def test_the_help_line_follows_the_cursor() -> None:
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _help(app).startswith("Moon for 3: every player for themself")
        await pilot.press("down")
        assert _help(app).startswith("Sets every bot")
        await pilot.press("up")
        await pilot.pause()
        assert _help(app).startswith("Moon for 3: every player for themself")
        app.screen.query_one("#seed").focus()
        await pilot.pause()
        assert _help(app).startswith("Same seed, same deals")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
async def test_every_row_the_focus_reaches_is_marked_and_on_screen(game) -> None:
    """Up from Game and down from the last row wrap round; each row shows >, a name's and
    the seed's rows too, the focused row is always within the form's window, and the help
    line speaks of a player's name only on a name's row."""
    from textual.widgets import Input, Label

    save_last(GameConfig(game=game))
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = len(list(app.screen.query("SettingRow"))) + len(list(app.screen.query(Input)))
        for key in ("up", "down"):
            for _ in range(rows + 1):
                await pilot.press(key)
                await pilot.pause()
                focused = app.screen.focused
                assert focused is not None and focused.display
                form = app.screen.query_one("#lobby-form")
                assert form.region.contains_region(focused.region), focused
                if isinstance(focused, Input):
                    label = focused.parent.query_one(Label)
                    assert str(label.content).startswith("> ")
                names = isinstance(focused, Input) and focused.id.startswith("name-")
                assert _help(app).startswith("A player's name") == names, focused
        marked = [str(label.content) for label in app.screen.query(".seat-label").results(Label)
                  if str(label.content).startswith(">")]
        assert len(marked) <= 1


async def test_a_name_or_the_seed_keeps_the_lobbys_keys_on_the_key_line() -> None:
    """Typing goes into the field, but Up, Down and Enter still move and start, and the key
    line says so (the field's own keys hid them)."""
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for field in ("#seed", "#name-0"):
            app.screen.query_one(field).focus()
            await pilot.pause()
            await pilot.pause()
            assert {"Move", "Start game"} <= set(_descriptions(app)), field
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#name-1")
        await pilot.press("up", "up")
        await pilot.pause()
        assert app.screen.focused.id != "name-0"


async def test_a_bots_row_describes_the_bot_it_shows_within_the_help_lines() -> None:
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#bot-1")
        row.focus()
        await pilot.pause()
        for _ in range(len(row.values)):
            assert _help(app).startswith(f"{row.value}: ")
            assert len(_help(app)) <= 2 * 78
            await pilot.press("right")
            await pilot.pause()


async def test_the_seeds_first_value_arriving_late_leaves_the_first_rows_help() -> None:
    """A remembered seed is set as the form is built; its change may reach the lobby after
    the focus has gone to the first row (on Python 3.12 it does): the help line stays the
    first row's, and follows the seed only as the player types in it."""
    save_last(GameConfig(game="texas42", seed=7, pin_seed=True))
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        first = _help(app)
        assert first.startswith("Texas 42")
        seed = lobby.query_one("#seed", Input)
        seed.post_message(Input.Changed(seed, seed.value))  # as it came on 3.12
        await pilot.pause()
        assert _help(app) == first
        seed.focus()
        await pilot.press("1")
        await pilot.pause()
        assert _help(app).startswith("Same seed, same deals")
