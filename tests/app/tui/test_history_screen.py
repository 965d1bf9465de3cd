"""The history screen at 80x24: the player's rated games and matches; Enter replays a
row's record, m shows a match's deals; reached from the leaderboard with y."""

from __future__ import annotations

from textual.app import App

from moon42.app.play.glyphs import glyphs_for
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.history import HistoryScreen
from moon42.app.tui.screens.match_result import MatchScreen
from moon42.app.tui.screens.replay import ReplayScreen

from ..play.test_history import rated_and_matched
from .helpers import screen_text, wait_for


class _HistoryApp(App[None]):
    CSS = Moon42App.CSS

    def __init__(self, screen: HistoryScreen) -> None:
        super().__init__()
        self.glyphs = glyphs_for(False)
        self.history_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.history_screen)


async def test_enter_replays_a_games_record_and_a_matchs_first_deal(tmp_path):
    stats, records, _ = rated_and_matched(tmp_path)
    screen = HistoryScreen(stats, records)
    app = _HistoryApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Your games and matches" in text and "Texas 42 match" in text
        match_row = next(i for i, e in enumerate(screen.entries) if e.match)
        for _ in range(match_row):
            await pilot.press("down")
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen), "the match's deals")
        assert "Deal 1" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is screen, "back to the history")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back to the history")
        game_row = next(i for i, e in enumerate(screen.entries) if not e.match)
        for _ in range(abs(game_row - match_row)):
            await pilot.press("up" if game_row < match_row else "down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the game's replay")
