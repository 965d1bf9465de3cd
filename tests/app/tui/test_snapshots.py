"""Pictures of every screen at 80x24 and 120x40 (fixed seeds), too small, NO_COLOR and ASCII.

Plain ``def`` tests: ``snap_compare`` runs the app itself; ``run_before`` drives it.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from moon42.app.play.config import GameConfig, save_last
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.rules import Phase

from .helpers import PLAIN_BOT, name_trump_or_go_on, new_bot_or_plain, settle, tile_key
from .helpers import new_app as _new_app

pytestmark = pytest.mark.slow  # pictures of the app, each a game played to a moment


@pytest.fixture(autouse=True)
def plain_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The flow makes its bots through this, so the plain bot needs no registry entry."""
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)

SIZES = [(80, 24), (120, 40)]


def new_app(game: str, seed: int = 4, **changes) -> Moon42App:
    """The app with plain bots, so the pictures depend on the app alone."""
    return _new_app(game, seed=seed, bots=(PLAIN_BOT,) * 4, **changes)


async def _to_bid(pilot: Pilot) -> None:
    await settle(pilot)


async def _win_the_bid(pilot: Pilot) -> None:
    """Type the lowest bid at our turn; the plain bots let us have it."""
    await settle(pilot)
    lowest = min(a.value for a in pilot.app.flow.game.legal_actions() if hasattr(a, "value"))
    await pilot.press(*str(lowest), "enter")
    await settle(pilot)
    assert pilot.app.flow.game.view(0).bidder == 0


async def _to_trump(pilot: Pilot) -> None:
    await _win_the_bid(pilot)
    if pilot.app.flow.game.phase is Phase.WIDOW:
        await pilot.press("enter")
        await settle(pilot)


async def _mid_hand(pilot: Pilot) -> None:
    """Name trump, then play three tricks' worth of our tiles."""
    await _to_trump(pilot)
    await name_trump_or_go_on(pilot)
    for _ in range(3):
        await settle(pilot)
        await pilot.press(tile_key(pilot.app))
    await settle(pilot)


async def _to_summary(pilot: Pilot) -> None:
    await _to_trump(pilot)
    await name_trump_or_go_on(pilot)
    while not isinstance(pilot.app.screen, HandSummaryScreen | GameOverScreen):
        await settle(pilot)
        if pilot.app.flow.waiting == "human":
            await pilot.press(tile_key(pilot.app))
    await pilot.pause()


async def _refused_tile(pilot: Pilot) -> None:
    await _to_trump(pilot)
    await name_trump_or_go_on(pilot)
    while True:
        await settle(pilot)
        view = pilot.app.flow.game.view(0)
        if view.phase is Phase.BIDDING and pilot.app.flow.waiting == "human":
            await _win_the_bid(pilot)
            continue
        if pilot.app.flow.waiting != "human" or view.phase is not Phase.PLAY:
            await name_trump_or_go_on(pilot)
            continue
        if len(view.legal) < len(view.hand):
            await pilot.press(tile_key(pilot.app, legal=False))
            break
        await pilot.press(tile_key(pilot.app))
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_lobby(snap_compare, size) -> None:
    save_last(GameConfig(game="moon3", seed=7, pin_seed=True))
    assert snap_compare(Moon42App(), terminal_size=size)


def test_lobby_texas42(snap_compare) -> None:
    save_last(GameConfig(game="texas42", seed=7, pin_seed=True))
    assert snap_compare(Moon42App(), terminal_size=(80, 24))


def _lobby_with_saves(monkeypatch: pytest.MonkeyPatch, tmp_path, content: bytes | None):
    """The lobby over a data folder holding two saved games (the latest 23 bot moves into a
    game of Texas 42), or one whose file holds ``content``."""
    import os
    import time

    from moon42.ai.protocol import decide
    from moon42.ai.registry import make_bot
    from moon42.app.play.saves import new_slot, save_game
    from moon42.rules import Game

    monkeypatch.setenv("HOME", str(tmp_path))  # paths show as ~/moon42-data/...
    monkeypatch.setenv("MOON42_DATA_DIR", str(tmp_path / "moon42-data"))
    save_last(GameConfig(game="texas42", seed=7, pin_seed=True))
    for hour, (name, moves) in enumerate((("moon3", 5), ("texas42", 23))):
        monkeypatch.setattr("moon42.app.play.saves.stamp", lambda h=hour: f"202111{29 + h}-010000")
        game = Game.new(name, seed=7, players=["You", "Ann", "Bob", "Cat"][: 3 + (hour > 0)])
        bot = make_bot("basic", 7)
        for _ in range(moves):
            if game.to_act is None:
                game.next_hand()
            game.apply(decide(bot, game.view(game.to_act.seat)))
        slot = new_slot(name)
        save_game(game, GameConfig(game=name, seed=7), slot.path)
        slot.lock.release()
        # Long ago, at a fixed local time: the list shows the same day wherever it runs.
        moment = time.mktime((2021, 11, 29 + hour, 1 + hour, 0, 0, 0, 0, -1))
        os.utime(slot.path, (moment, moment))
    monkeypatch.setattr("moon42.app.play.files.stamp", lambda: "20261130-010000")
    if content is not None:
        slot.path.write_bytes(content)
    return Moon42App()


def test_lobby_saved_games(snap_compare, monkeypatch, tmp_path) -> None:
    assert snap_compare(_lobby_with_saves(monkeypatch, tmp_path, None), terminal_size=(80, 24))


def test_lobby_saved_game_chosen(snap_compare, monkeypatch, tmp_path) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        await pilot.press("up")

    assert snap_compare(_lobby_with_saves(monkeypatch, tmp_path, None), terminal_size=(80, 24),
                        run_before=run_before)


def test_lobby_damaged_save(snap_compare, monkeypatch, tmp_path) -> None:
    app = _lobby_with_saves(monkeypatch, tmp_path, b'{"format": "moon42/1", "game": "tex')
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_bidding(snap_compare, game, size) -> None:
    assert snap_compare(new_app(game, seed=4), terminal_size=size, run_before=_to_bid)


def test_bid_refused(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("3", "enter")
        await settle(pilot)

    assert snap_compare(new_app("moon3", seed=4), run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_widow(snap_compare, size) -> None:
    assert snap_compare(new_app("moon3", seed=4), terminal_size=size, run_before=_win_the_bid)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", ["moon3", "texas42"])
def test_trump(snap_compare, game, size) -> None:
    assert snap_compare(new_app(game, seed=4), terminal_size=size, run_before=_to_trump)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_trick_table(snap_compare, game, size) -> None:
    assert snap_compare(new_app(game, seed=4), terminal_size=size, run_before=_mid_hand)


def test_tile_refused(snap_compare) -> None:
    assert snap_compare(new_app("moon4", seed=4), run_before=_refused_tile)


def test_last_trick(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await _mid_hand(pilot)
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(new_app("moon4", seed=4), run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", ["moon3", "texas42"])
def test_hand_summary(snap_compare, game, size) -> None:
    assert snap_compare(new_app(game, seed=4), terminal_size=size, run_before=_to_summary)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", ["moon4", "texas42"])
def test_game_over(snap_compare, game, size) -> None:
    async def run_before(pilot: Pilot) -> None:
        await _to_summary(pilot)
        assert isinstance(pilot.app.screen, HandSummaryScreen) and pilot.app.screen.last
        await pilot.press("enter")  # the last hand's summary, then the end
        while not isinstance(pilot.app.screen, GameOverScreen):
            await pilot.pause()

    app = new_app(game, seed=4, options={"target": 1})
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_scoreboard(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await _to_summary(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()

    assert snap_compare(new_app("texas42", seed=4), run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_help(snap_compare, size) -> None:
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(new_app("moon3", seed=4), terminal_size=size, run_before=run_before)


def test_too_small(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()

    assert snap_compare(new_app("moon3", seed=4), terminal_size=(70, 20), run_before=run_before)


def test_no_color(snap_compare, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(new_app("moon4", seed=4), run_before=_mid_hand)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_ascii(snap_compare, size) -> None:
    config = GameConfig(game="moon3", seed=4, pace=0.0, bots=(PLAIN_BOT,) * 4)
    app = Moon42App(config, ascii_only=True, lobby=False)
    assert snap_compare(app, terminal_size=size, run_before=_mid_hand)


def _stats_app(ascii_only: bool = False) -> Moon42App:
    """The lobby over statistics of four games of the basic bot (the yardstick, which does
    not change), a Texas 42 game left unfinished last."""
    from moon42.app.play.stats.store import StatsStore

    from ..play.stats_games import play_recorded

    games = [("moon3", 1, None), ("moon4", 2, None), ("texas42", 3, None), ("texas42", 4, 3)]
    with StatsStore() as store:
        for hour, (game, seed, stop_after) in enumerate(games):
            play_recorded(store, game, seed, stop_after=stop_after,
                          started=f"2026-11-28T{20 + hour}:15:00-06:00",
                          names=["You", "Ann", "Bob", "Cat"][: 3 if game == "moon3" else 4])
    save_last(GameConfig(game="moon3", seed=7))
    return Moon42App(ascii_only=ascii_only)


async def _open_stats(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_stats(snap_compare, size) -> None:
    assert snap_compare(_stats_app(), terminal_size=size, run_before=_open_stats)


def test_stats_ascii(snap_compare) -> None:
    assert snap_compare(_stats_app(ascii_only=True), terminal_size=(80, 24),
                        run_before=_open_stats)
