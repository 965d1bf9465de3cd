"""The table's keys do what the key line says, and the key line shows only keys that work:
forced bids, 84 hands, undo, watching, a moon bid, a bid being typed, the trump keys, and the
end of a game."""

from __future__ import annotations

import random

import pytest

from moon42.app.tui.screens.game_over import GameOverScreen, tie_line
from moon42.app.tui.screens.help import HelpScreen
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.app.tui.widgets.choices import ChoiceBar
from moon42.rules import Game, Pass, Phase, Trump

from .helpers import (
    PLAIN_BOT,
    most_trumps_key,
    new_app,
    new_bot_or_plain,
    play_to_the_end,
    screen_text,
    settle,
    tile_key,
    wait_for,
    watch_to_game_over,
)


@pytest.fixture(autouse=True)
def plain_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


def plain(game: str, seed: int, **changes):
    return new_app(game, seed=seed, bots=(PLAIN_BOT,) * 4, **changes)


async def test_a_forced_bid_shows_no_pass_key() -> None:
    for seed in range(12):
        app = plain("texas42", seed, options={"forced_bid": True})
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            view = app.flow.game.view(0)
            may_pass = any(isinstance(a, Pass) for a in view.legal)
            # The key line follows the turn a frame or so later: wait for it, with a deadline.
            await wait_for(pilot, lambda app=app, may_pass=may_pass:
                           ("p Pass" in footer(app)) == may_pass,
                           "the key line to follow the turn")
            if may_pass:
                assert "p Pass" in footer(app)
                continue
            assert "p Pass" not in footer(app)
            assert "must bid (forced bid)" in screen_text(app)
            return
    raise AssertionError("no seed made the human the forced dealer")


async def test_u_shows_on_the_key_line_and_says_why_when_undo_is_off() -> None:
    app = plain("moon3", 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "u Undo" in footer(app)
    app = plain("moon3", 4, allow_undo=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "u Undo" not in footer(app)
        await pilot.press("u")
        await pilot.pause()
        assert "Undo is off for this game (the lobby's Undo setting, or --no-undo)" in (
            screen_text(app))


async def test_an_84_hand_shows_no_last_trick_key() -> None:
    for seed in range(1, 12):
        app = plain("texas42", seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("8", "4", "enter")
            await settle(pilot)
            if app.flow.game.view(0).bidder != 0:
                continue
            await pilot.press("d")
            await settle(pilot)
            assert app.flow.game.view(0).face_down
            assert "t Last trick" not in footer(app)
            return
    raise AssertionError("no seed let us bid 84")


async def test_watching_offers_no_hint_nor_tile_keys_and_names_the_sides() -> None:
    app = plain("texas42", 5, watch=True, pace=1.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert "a Hint" not in footer(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        described = {d for _, d in app.screen.keys}
        assert "Hint" not in described
        assert not any("Tile by number" in d for d in described)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen)
                       and "partner of You" in screen_text(app), "the table after the help")
        text = screen_text(app)
        assert "your partner" not in text and "partner of You" in text


async def test_a_moon_bid_asks_for_a_second_enter() -> None:
    app = plain("moon3", 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2", "1", "enter")
        await pilot.pause()
        assert app.flow.game.phase is Phase.BIDDING
        assert "Shoot the moon? Enter again bids it" in screen_text(app)
        await pilot.press("left")  # any other key takes it back
        await pilot.press("2", "1", "enter", "enter")
        await settle(pilot)
        assert app.flow.game.view(0).high_bid == 21


async def test_letters_are_not_commands_while_a_bid_is_typed(data_dir) -> None:
    app = plain("moon3", 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2", "x")
        await pilot.pause()
        assert "You are typing a bid (2)" in screen_text(app)
        assert not (data_dir / "records").exists() or not list((data_dir / "records").iterdir())
        assert app.screen.typed == "2"
        await pilot.press("s", "p")
        await pilot.pause()
        assert app.flow.game.phase is Phase.BIDDING and app.screen.typed == "2"


async def test_typed_digits_are_cleared_by_a_refusal() -> None:
    app = plain("moon3", 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("9", "enter")  # not a bid: refused
        await pilot.pause()
        assert "Refused" in screen_text(app)
        await pilot.press("5")
        await pilot.pause()
        assert app.screen.typed == "5"
        assert "Typed: 5_" in screen_text(app)
        assert "Your bid: 5_  Enter bids it" in screen_text(app)  # over the refusal


async def test_the_digits_typed_show_where_the_bid_is_asked() -> None:
    app = plain("texas42", 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def prompt() -> str:  # the line that asks for the bid, over the messages
            return next(line for line in screen_text(app).splitlines()
                        if line.startswith(" Your bid:"))

        assert "type a number" in prompt()
        await pilot.press("3")
        assert prompt().strip() == "Your bid: 3_  Enter bids it, Backspace erases."
        await pilot.press("1")
        assert prompt().strip() == "Your bid: 31_  Enter bids it, Backspace erases."
        await pilot.press("backspace", "backspace")
        assert "type a number" in prompt()
        await pilot.press("3", "1", "enter")
        await settle(pilot)
        assert any(b.seat == 0 and b.value == 31 for b in app.flow.game.view(0).bids)


async def _to_texas_trump(pilot) -> None:
    await settle(pilot)
    await pilot.press("4", "2", "enter")
    await settle(pilot)
    assert pilot.app.flow.game.phase is Phase.TRUMP


@pytest.mark.parametrize(("key", "trump"), [("e", Trump.NELLO), ("7", Trump.SEVENS),
                                            ("n", Trump.NO_TRUMP), ("d", Trump.DOUBLES)])
async def test_the_trump_keys_of_texas_42(key: str, trump: Trump) -> None:
    app = plain("texas42", 5, options={"nello": True, "sevens": True})
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_texas_trump(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert app.flow.game.view(0).trump is trump


async def test_no_trump_is_chosen_for_the_player() -> None:
    app = plain("texas42", 5, options={"nello": True, "sevens": True})
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_texas_trump(pilot)
        assert app.screen.query_one("#choices", ChoiceBar).selected is None
        assert "Nothing chosen yet" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.flow.game.phase is Phase.TRUMP
        assert "Refused: Choose a trump first" in screen_text(app)
        await pilot.press("left", "enter")  # from nothing, left is the last: Sevens
        await settle(pilot)
        assert app.flow.game.view(0).trump is Trump.SEVENS


async def test_sevens_has_no_key_where_it_is_not_played() -> None:
    app = plain("texas42", 5)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_texas_trump(pilot)
        await pilot.press("7", "e")
        await pilot.pause()
        assert "Sevens is not played in this game" in screen_text(app)
        assert app.flow.game.phase is Phase.TRUMP


@pytest.mark.slow
async def test_the_last_hand_is_summed_up_before_the_end_and_enter_starts_nothing() -> None:
    app = plain("moon3", 11, options={"target": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        summaries = []
        original = app.push_screen_wait

        async def spy(screen):
            summaries.append(screen)
            return await original(screen)

        app.push_screen_wait = spy
        await play_to_the_end(pilot)
        assert isinstance(summaries[-1], HandSummaryScreen) and summaries[-1].last
        assert app.flow.game.phase is Phase.GAME_OVER
        flow = app.flow
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and app.flow is flow
        assert "Enter starts nothing here: n plays again" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert app.flow is not flow


async def test_watched_games_end_on_the_game_over_screen_not_on_a_new_game() -> None:
    app = new_app("moon3", seed=8, watch=True, options={"target": 3})
    async with app.run_test(size=(80, 24)) as pilot:
        await watch_to_game_over(pilot)
        flow = app.flow
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert app.flow is flow and isinstance(app.screen, GameOverScreen)


def test_a_tie_on_the_target_is_explained() -> None:
    """More than one player passes the target together: rule 7.5 decides, and says so."""
    for seed in range(400):
        game = Game.new("moon3", options={"target": 5}, seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if game.phase is Phase.GAME_OVER:
                break
            if game.phase is Phase.HAND_OVER:
                game.next_hand()
                continue
            legal = game.legal_actions()
            bids = [a for a in legal if not isinstance(a, Pass)]
            game.apply(rng.choice(bids if bids and rng.random() < 0.6 else legal))
        else:
            continue
        view = game.view(0)
        if sum(1 for s in range(3) if view.scores[s] >= 5) >= 2:
            said = tie_line(view)
            assert "(rule 7.5)" in said and "reached 5 too" in said
            return
        assert tie_line(view) == ""
    raise AssertionError("no game ended with two players over the target")


async def test_the_only_tile_setting_plays_a_forced_tile_after_showing_it(monkeypatch) -> None:
    monkeypatch.setattr("moon42.app.tui.flow.ONLY_TILE_PAUSE", 0.01)
    app = plain("moon3", 4, auto_play=True)
    async with app.run_test(size=(80, 24)) as pilot:
        notes: list[str] = []
        note = app.flow.table.note
        monkeypatch.setattr(app.flow.table, "note", lambda text: (notes.append(text),
                                                                    note(text)))
        await settle(pilot)
        await pilot.press("4", "enter")
        while not isinstance(app.screen, HandSummaryScreen):
            await settle(pilot)
            view = app.flow.game.view(0)
            if app.flow.waiting == "human" and view.phase is Phase.PLAY:
                assert len(view.legal) > 1  # one tile alone is never left to the player
                await pilot.press(tile_key(app))
            elif app.flow.waiting == "human":
                await pilot.press(most_trumps_key(app) if view.phase is Phase.TRUMP
                                  else "enter")
            await pilot.pause()
        assert any("may be played: playing it for you" in n for n in notes)


async def test_the_only_tile_setting_is_off_by_default() -> None:
    app = plain("moon3", 4)
    assert not app.start_config.auto_play


def _long_game_view(game_name: str, hands: int):
    game = Game.new(game_name, options={"target": 1000}, seed=7,
                    players=["You", "Ann", "Bob", "Cat"][:3 if game_name == "moon3" else 4])
    rng = random.Random(7)
    while len(game.results) < hands:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        legal = game.legal_actions()
        bids = [a for a in legal if not isinstance(a, Pass)]
        game.apply(rng.choice(bids if bids and rng.random() < 0.5 else legal))
    return game.results[-1], game.view(0)


@pytest.mark.parametrize(("height", "least"), [(24, 3), (30, 9)])
@pytest.mark.parametrize("game_name", ["moon3", "texas42"])
async def test_a_summary_lists_as_many_hands_as_fit(game_name: str, height: int,
                                                     least: int) -> None:
    from textual.app import App

    from moon42.app.tui.app import Moon42App

    result, view = _long_game_view(game_name, 14)

    class One(App[None]):
        CSS = Moon42App.CSS

        def on_mount(self) -> None:
            self.push_screen(HandSummaryScreen(result, view))

    app = One()
    async with app.run_test(size=(80, height)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Total" in text and "wins:" in text  # the totals and the target in sight
        earlier = int(text.split("... ")[1].split(" earlier")[0])
        assert 14 - earlier >= least, text
        assert "Press Enter for the next hand" in text
