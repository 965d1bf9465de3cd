"""House rules with keys: presets in the lobby, a Plunge, Nello and Sevens at the table."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static

from moon42.app.play.config import GameConfig, save_last
from moon42.app.play.paths import lobby_file
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.help import HelpScreen
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.app.tui.screens.table import TableScreen
from moon42.app.tui.widgets.choices import ChoiceBar
from moon42.app.tui.widgets.hand import HandView
from moon42.app.tui.widgets.setting import SettingRow
from moon42.rules import Phase, Plunge, Trump, game_from_record, game_to_record

from .contract_bots import NELLO_BIDDER, TEXAS_TABLE, contract_bot
from .helpers import PLAIN_BOT, new_app, play_to_the_end, screen_text, settle, tile_key


@pytest.fixture(autouse=True)
def scripted_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", contract_bot)


def _row(app: Moon42App, name: str) -> SettingRow:
    return next(row for row in app.screen.query(SettingRow) if row.name == name)


def _preset_shown(app: Moon42App) -> str:
    return app.screen.query_one("#preset").value


async def test_choosing_the_texas_table_preset_starts_a_game_with_its_rules() -> None:
    save_last(GameConfig(game="texas42", seed=3))
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert _preset_shown(app) == "Traditional"
        app.screen.query_one("#preset").focus()
        await pilot.press("right")  # the preset row: Traditional -> Texas table
        await pilot.pause()
        assert _preset_shown(app) == "Texas table"
        text = screen_text(app)
        assert "Texas table: Forced bid, mark raises, Nello, Plunge and Splash" in text
        assert "Contracts" in text and "< on >  (default off)" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        options = app.flow.game.options
        assert options.forced_bid and options.nello and options.plunge and options.splash
        assert options.mark_raises == "one" and not options.sevens
    assert json.loads(lobby_file().read_text())["options"] == TEXAS_TABLE


async def test_changing_a_row_shows_custom_and_custom_is_kept() -> None:
    save_last(GameConfig(game="texas42", seed=3))
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#preset").focus()
        await pilot.press("right")  # Texas table
        sevens = _row(app, "sevens")
        sevens.focus()
        await pilot.press("right")  # Sevens on as well
        await pilot.pause()
        assert _preset_shown(app) == "Custom"
        await pilot.press("left")  # Sevens off again: the preset again
        await pilot.press("right")
        app.screen.query_one("#preset").focus()
        await pilot.press("right")  # Custom -> Traditional
        await pilot.pause()
        assert _preset_shown(app) == "Traditional"
        assert _row(app, "nello").value is False
        await pilot.press("left")  # back to Custom: your own mix, Sevens included
        await pilot.pause()
        assert _preset_shown(app) == "Custom"
        assert _row(app, "sevens").value is True
        assert _row(app, "plunge").value is True
        await pilot.press("enter")
        await pilot.pause()
        assert app.flow.game.options.sevens and app.flow.game.options.plunge


async def test_a_moon_lobby_offers_moon_presets_only() -> None:
    save_last(GameConfig(game="moon3", seed=3))
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#preset").values == ["Traditional", "Lively table", "Custom"]
        app.screen.query_one("#preset").focus()
        await pilot.press("right", "enter")
        await pilot.pause()
        options = app.flow.game.options
        assert options.forced_bid and options.min_bid == 3 and options.moon_instant


async def test_your_plunge_and_the_partner_names_trump() -> None:
    """Seed 36: you hold four doubles; Plunge is offered, and Bob names trump and leads."""
    app = new_app("texas42", seed=36, bots=(PLAIN_BOT,) * 4, options=TEXAS_TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.flow.game.view(0)
        bar = app.screen.query_one("#choices", ChoiceBar)
        labels = [c.label for c in bar.choices]
        assert "Plunge (4 marks)" in labels and "Splash (3 marks)" in labels
        offers = list(view.legal)
        index = next(i for i, a in enumerate(offers) if isinstance(a, Plunge))
        await pilot.press(*["right"] * ((index - bar.cursor) % len(offers)))
        assert "4 marks: partner names trump" in str(app.screen.query_one("#meaning").text)
        await pilot.press("enter")
        await settle(pilot)
        view = app.flow.game.view(0)
        assert view.bidder == 0 and view.contract == "plunge" and view.declarer == 2
        assert view.trump is not None and view.tricks == () or view.tricks[0].leader == 2


async def test_sitting_out_a_nello_hand() -> None:
    """Bob calls Nello: your hand is greyed and the hand is played without you."""
    bots = (PLAIN_BOT, PLAIN_BOT, NELLO_BIDDER, PLAIN_BOT)
    app = new_app("texas42", seed=3, bots=bots, options=TEXAS_TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while app.flow.game.phase is Phase.BIDDING:
            await pilot.press("p")
            await settle(pilot)
        result = app.flow.game.results[-1]
        assert result.trump is Trump.NELLO and result.bidder == 2
        assert all(seat != 0 for trick in result.tricks for seat, _ in trick.plays)
        assert app.flow.table.query_one("#hand", HandView).resting


async def test_the_help_lists_the_house_rules_in_force() -> None:
    app = new_app("texas42", seed=4, bots=(PLAIN_BOT,) * 4, options=TEXAS_TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("#help-rules", Static).content.markup
        assert "House rules at this table" in text and "Texas table preset" in text


@pytest.mark.slow  # two whole games through the app
async def test_a_nello_then_a_texas_table_game_to_the_end_with_keys_only() -> None:
    """Seed 5: you bid 42 and call Nello; then the game goes on to the end with keys."""
    app = new_app("texas42", seed=5, options=TEXAS_TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while app.flow.game.phase is Phase.BIDDING:
            view = app.flow.game.view(0)
            if any(getattr(a, "value", 0) == 42 for a in view.legal):
                await pilot.press("4", "2", "enter")
            else:
                await pilot.press("p")
            await settle(pilot)
        if app.flow.game.view(0).bidder == 0:
            offers = [a.trump for a in app.flow.game.legal_actions()]
            bar = app.screen.query_one("#choices", ChoiceBar)
            assert bar.selected is None  # nothing is chosen for the player
            await pilot.press(*["right"] * (offers.index(Trump.NELLO) + 1))
            assert "Nello: lose every trick" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
            assert app.flow.game.view(0).sitting_out == 2
            await pilot.press(tile_key(app))
        await play_to_the_end(pilot)
        played = app.flow.game
        assert played.results[0].trump is Trump.NELLO or played.results[0].bidder != 0
        replayed = game_from_record(game_to_record(played))
        assert replayed.scores == played.scores and played.winner is not None
