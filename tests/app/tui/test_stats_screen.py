"""The Stats screen from the lobby, and the app recording the games it plays."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from moon42.app.play.config import GameConfig
from moon42.app.play.difficulty import bots_for, counted_bot
from moon42.app.play.stats.recorder import record_stats
from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.store import StatsStore, stats_path
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.app.tui.screens.stats import StatsScreen
from moon42.rules import Game
from moon42.rules.events import HandScored
from moon42.rules.record import game_from_record, game_to_record

from ..play.stats_games import play_recorded
from .helpers import new_app, play_to_the_end, screen_text


async def test_s_in_the_lobby_opens_the_stats_and_escape_closes_them() -> None:
    app = Moon42App(lobby=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "No statistics yet" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
    assert not stats_path().exists()


async def test_the_stats_screen_scrolls_through_every_summary_at_80x24() -> None:
    with StatsStore() as store:
        play_recorded(store, "moon3", 1)
        play_recorded(store, "texas42", 3)
    app = Moon42App(lobby=True, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        seen = screen_text(app)
        for _ in range(8):
            await pilot.press("pagedown")
            await pilot.pause()
            seen += screen_text(app)
        for part in ("Your games", "Made rate by bid", "Last game: Texas 42", "Recent games",
                     "#####"):
            assert part in seen
        # ASCII all through (the scrollbar and the footer are Textual's own)
        body = [line[:76] for line in seen.splitlines() if "palette" not in line]
        assert all(ord(ch) < 128 for line in body for ch in line)


@pytest.mark.slow  # a whole game through the app
async def test_a_game_played_in_the_app_is_in_the_stats() -> None:
    app = new_app("texas42", seed=13, options={"target": 2})
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot)
        assert isinstance(app.screen, GameOverScreen)
        game = app.flow.game
        game_id = app.flow.game_id
        await pilot.press("l")  # to the lobby, then the stats
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "Texas 42" in screen_text(app)
    with StatsStore() as store:
        summary = summarise(store)
    assert summary["games_recorded"] == 1 and summary["hands_recorded"] == len(game.results)
    last = summary["last_game"]
    assert last["id"] == game_id
    assert last["result"] == ("won" if 0 in game.winner else "lost")
    assert last["totals"] == [game.scores[0], game.scores[1]]


class _Notices:
    """Where the recorder's warnings go: kept to be read."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def warn(self, message: str) -> None:
        self.said.append(message)


def _flow(game: Game, notices=None, **extra) -> SimpleNamespace:
    """What the recorder reads of a game in progress (``app/play/following.py``): the game,
    the human seat, the setup, the statistics' id, listeners, and where warnings go."""
    config = GameConfig(game=game.options.game, seed=game.seed)
    extra = {"game_id": None, **extra}
    return SimpleNamespace(game=game, human=0, config=config, listeners=[], undo_used=False,
                           warn=(notices or _Notices()).warn, **extra)


def test_a_resumed_flow_keeps_its_game_id() -> None:
    with StatsStore() as store:
        game, recorder = play_recorded(store, "moon3", 5, stop_after=3)
    flow = _flow(game_from_record(game_to_record(game)))
    record_stats(flow)
    assert flow.game_id == recorder.game_id
    given = _flow(Game.new("moon3", seed=5), game_id="from-the-save")
    record_stats(given)
    assert given.game_id == "from-the-save"


def test_statistics_that_cannot_be_written_are_reported_once(tmp_path) -> None:
    stats_path().mkdir()  # a folder where the database should be: it cannot be opened
    game, _ = play_recorded(StatsStore(tmp_path / "model.sqlite3"), "moon3", 5, stop_after=2)
    notices = _Notices()
    flow = _flow(game, notices)
    record_stats(flow)
    listen, = flow.listeners
    for result in game.results:  # two hands scored, two failed writes, one notice
        listen(flow, [HandScored(result)])
    assert not stats_path().is_file()
    assert len(notices.said) == 1 and notices.said[0].startswith("Statistics not saved")


def test_hard_bots_are_counted_by_their_level_not_as_the_expert() -> None:
    for level, named in (("hard", "hard"), ("expert", "expert"), ("easy", "normal")):
        flow = _flow(Game.new("moon3", seed=5))
        flow.config = GameConfig(game="moon3", seed=5, bots=bots_for(level, 3),
                                 difficulty=level)
        with StatsStore() as store:
            recorder = record_stats(flow, store)
        assert recorder is not None and recorder.bots == (None, named, named)
    assert counted_bot("hard", "expert") == "hard" and counted_bot("hard", "basic") == "basic"
    assert counted_bot("expert", "expert") == "expert" and counted_bot("custom", "x") == "x"
