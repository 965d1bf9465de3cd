"""``moon42 play GAME --duplicate`` at 80x24: a deal played at table A, watched at table B
from the seat holding the player's tiles, then the comparison and the match's result."""

from __future__ import annotations

import pytest

from moon42.app.play.config import GameConfig
from moon42.app.play.match_record import load_match
from moon42.app.play.paths import records_dir
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.match_result import MatchScreen
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.rules.duplicate import TURN

from .helpers import screen_text, wait_for


@pytest.mark.parametrize("game", ["texas42", "moon3"])
async def test_one_deal_at_both_tables_then_the_comparison(game: str) -> None:
    config = GameConfig(game=game, seed=3, pace=0.0)
    app = Moon42App(config, lobby=False, duplicate=1)
    async with app.run_test(size=(80, 24)) as pilot:
        # Table A: the player's moves go through the flow, each once the flow waits for them.
        while not isinstance(app.screen, HandSummaryScreen):
            await wait_for(pilot, lambda: isinstance(app.screen, HandSummaryScreen) or (
                app.flow is not None and app.flow.waiting == "human"), "the player's turn")
            if app.flow.waiting == "human":
                assert app.flow.human == 0 and app.flow.table.heading == "Table A 1/1"
                app.flow.act(app.flow.game.view(0).legal[-1])
                await pilot.pause()
        at_a = app.flow.game
        assert "Press Enter to watch the deal at the other table." in screen_text(app)
        # What comes next is not a hand: the key line says so too.
        await wait_for(pilot, lambda: "Go on" in screen_text(app).splitlines()[-1],
                       "the key line")
        assert "Next hand" not in screen_text(app).splitlines()[-1]
        await pilot.press("enter")
        # Table B: watched from the seat holding the player's tiles, played by bots alone.
        await wait_for(pilot, lambda: app.flow.game is not at_a, "table B")
        watched = app.flow
        n = at_a.seats
        assert watched.human is None and watched.me == (0 - TURN) % n
        assert watched.game.log[0].deal[watched.me] == at_a.log[0].deal[0]
        assert watched.game.players[watched.me] == "You (bot)"
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen), "the comparison")
        shown = screen_text(app)
        assert "deal 1 of 1" in shown and "Table A:" in shown and "Table B:" in shown
        assert "against table B" in shown and "Total over 1 deal" in shown
        assert "First difference" in shown or "the same way" in shown
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen) and app.screen.last,
                       "the match's result")
        assert "the result" in screen_text(app)
        await pilot.press("enter")  # at once, as a key held through the deals: not skipped
        assert isinstance(app.screen, MatchScreen) and app.screen.last
        # The match's record: both tables' games of the deal, read back and checked.
        path = next(records_dir().glob(f"match-{game}-*.json"))
        match = load_match(path)
        assert match.seed == 3 and len(match.deals) == 1
        assert match.deals[0][0].log[0].actions == at_a.log[0].actions
        await pilot.press("q")


async def test_the_lobbys_m_starts_a_match_of_its_setup() -> None:
    app = Moon42App(GameConfig(game="moon4", seed=8, pace=0.0), lobby=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "LobbyScreen", "the lobby")
        await pilot.press("m")
        await wait_for(pilot, lambda: app.flow is not None and app.flow.table.is_current,
                       "table A")
        assert app.flow.table.heading == "Table A 1/4"
        assert app.flow.game.options.game == "moon4"
        assert "Table A 1/4" in screen_text(app)
        assert len(app.screen_stack) == 2  # the table in the lobby's place
