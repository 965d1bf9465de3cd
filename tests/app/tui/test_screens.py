"""Too small, watching, help, the scoreboard and the last trick."""

from __future__ import annotations

import pytest
from textual.css.query import NoMatches

from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.help import HelpScreen
from moon42.app.tui.screens.scoreboard import ScoreboardScreen
from moon42.app.tui.screens.too_small import TooSmallScreen
from moon42.app.tui.widgets.scoreboard import Scoreboard, scoreboard_text
from moon42.rules import Game, Phase
from moon42.rules.options import Options

from .helpers import new_app, screen_text, settle, tile_key, wait_for, watch_to_game_over


async def test_too_small_waits_and_the_game_goes_on_when_it_grows() -> None:
    app = new_app("moon3", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Please enlarge the terminal to at least 80x24" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        assert "Moon for 3" in screen_text(app)


@pytest.mark.slow  # a whole game through the app
async def test_watch_plays_a_whole_game_alone() -> None:
    app = new_app("moon4", seed=8, watch=True, names=("Ann", "Bob", "Cat", "Dan"))
    async with app.run_test(size=(80, 24)) as pilot:
        await watch_to_game_over(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.flow.game.phase is Phase.GAME_OVER


@pytest.mark.slow  # the help screen of every kind of screen
async def test_help_lists_the_live_keys_and_the_rules() -> None:
    app = new_app("texas42", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = dict((d, k) for k, d in app.screen.keys)
        assert keys["Pass"] == "p"  # it is our bid: the pass key is live
        assert "Last trick" not in keys  # no trick yet
        assert "Texas 42" in screen_text(app)
        await pilot.press("escape", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_scoreboard_and_last_trick_keys() -> None:
    app = new_app("moon3", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        await pilot.press("escape")
        for _ in range(40):
            await settle(pilot)
            if app.flow.game.phase is Phase.PLAY and app.flow.game.to_act.seat == 0:
                break
            await pilot.press("p" if app.flow.game.phase is Phase.BIDDING else "enter")
        await pilot.press("t")
        await pilot.pause()
        assert "Refused: No trick has been taken yet" in screen_text(app)
        for _ in range(40):
            await settle(pilot)
            view = app.flow.game.view(0)
            if view.phase is Phase.PLAY and view.tricks and view.my_turn:
                break
            if view.phase is Phase.PLAY:
                await pilot.press(tile_key(app))
            else:
                await pilot.press("enter")
        await pilot.press("t")
        await pilot.pause()
        assert "Last trick, won by" in screen_text(app)


async def test_trump_before_widow_asks_for_trump_first() -> None:
    app = new_app("moon3", seed=4, options={"trump_before_widow": True})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2", "1", "enter", "enter")  # shoot the moon (confirmed): nobody tops it
        await settle(pilot)
        assert app.flow.game.phase is Phase.TRUMP
        assert "Name trump." in screen_text(app)
        assert len(app.flow.game.view(0).hand) == 7
        await pilot.press("d")
        await settle(pilot)
        assert app.flow.game.phase is Phase.WIDOW
        assert "You took the widow" in screen_text(app)
        await pilot.press("8")
        await settle(pilot)
        assert app.flow.game.phase is Phase.PLAY


def test_marks_are_tallied_as_all_and_a_side_without_marks_draws_no_empty_row() -> None:
    options = Options.from_dict("texas42")
    text = scoreboard_text(options, ("You", "Ann", "Bob", "Cat"), (), (3, 0)).plain
    progress = text[text.index("First to"):].splitlines()[1:]
    assert all(row.strip() for row in progress), progress
    assert any("/\\" in row for row in progress)  # the first strokes of ALL for three marks
    assert sum("/7" in row for row in progress) == 2


async def test_the_app_may_close_while_the_game_over_screen_goes_up() -> None:
    # A watched game can end as the app closes: the screen then mounts without its
    # children, and must not fail for want of its scoreboard (seen in CI).
    view = Game.new("moon3", seed=3).view(0)
    closed_on_it = 0
    for ticks in range(20):
        app = new_app("moon3", seed=2)
        screen = GameOverScreen(view)
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                for _ in range(ticks):
                    await pilot.pause(0)
                app.push_screen(screen)
        except NoMatches as error:  # leaving run_test raises what the screen met
            pytest.fail(f"the game-over screen failed as the app closed ({ticks} ticks): {error}")
        closed_on_it += screen.is_mounted and not screen.query(Scoreboard)
    assert closed_on_it, "the app never closed on a game-over screen going up: nothing was tried"
    # Given the time to go up, the same screen shows its scoreboard.
    app = new_app("moon3", seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(view))
        await wait_for(pilot, lambda: "First to" in screen_text(app), "the scoreboard")
        assert "Moon for 3: game over" in screen_text(app)
