"""The replay viewer driven by keys, ``moon42 replay`` on bad files, and playing a deal again
from the viewer, the game-over screen and the scoreboard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moon42.app.cli import main
from moon42.app.tui.replay.positions import Replay
from moon42.app.tui.replay_viewer import ReplayApp
from moon42.app.tui.screens.deal_picker import DealPickerScreen
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.replay import ReplayScreen, ReplaySummaryScreen
from moon42.app.tui.screens.scoreboard import ScoreboardScreen
from moon42.app.tui.screens.table import TableScreen
from moon42.app.tui.text.tile_art import compact_tile

from .helpers import new_app, screen_text, settle, watch_to_game_over

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def replay_app(name: str) -> ReplayApp:
    return ReplayApp(Replay.from_doc(example(name)))


async def test_the_keys_step_jump_and_leave() -> None:
    app = replay_app("02-moon3-full-game")  # 16 hands
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        replay = screen.replay
        await pilot.press("right", "l", "l")
        assert replay.index == 3
        await pilot.press("left", "h")
        assert replay.index == 1
        await pilot.press("end")
        assert replay.index == len(replay) - 1
        await pilot.press("home")
        assert replay.index == 0
        await pilot.press("right_square_bracket", "pagedown")
        assert (replay.hand, replay.position.step) == (2, 0)
        await pilot.press("right", "left_square_bracket")
        assert (replay.hand, replay.position.step) == (2, 0)
        await pilot.press("pageup")
        assert (replay.hand, replay.position.step) == (1, 0)
        # Digits: "1" could begin 10 to 16, so it waits; "2" makes 12 and goes.
        await pilot.press("1")
        assert replay.hand == 1
        assert "Go to hand (1-16): 1_" in screen_text(app)
        await pilot.press("2")
        assert (replay.hand, replay.position.step) == (11, 0)
        assert "Hand 12 of 16" in screen_text(app)
        await pilot.press("g", "1", "enter")
        assert replay.hand == 0
        await pilot.press("7")  # 70 is past the last hand: at once
        assert replay.hand == 6
        await pilot.press("g", "0", "enter")
        assert replay.hand == 6
        assert "There is no hand 0" in screen_text(app)
        await pilot.press("g", "1", "backspace", "escape")  # Escape first ends the typing
        assert isinstance(app.screen, ReplayScreen) and screen.typed is None
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


async def test_every_hand_is_face_up_with_the_step_in_words() -> None:
    doc = example("07-texas42-full-game")
    app = ReplayApp(Replay.from_doc(doc))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Hand 1: P0 deals." in text
        for seat, tiles in enumerate(doc["hands"][0]["deal"]):
            for tile in tiles:
                high, low = sorted(map(int, tile.split("-")), reverse=True)
                assert f"[{high}|{low}]" in text, (seat, tile)
        replay = app.screen.replay
        first_play = next(i for i, p in enumerate(replay.positions)
                          if p.table.current_trick is not None)
        for _ in range(first_play):
            await pilot.press("right")
        text = screen_text(app)
        play = replay.position.action
        assert f"{replay.players[play.seat]} plays {play.tile}." in text
        assert "trump:" in text
        # The tile played has left its seat's hand and lies on the table, once.
        assert text.count(compact_tile(play.tile)) == 1


async def test_moon3_shows_the_widow_then_the_discard() -> None:
    app = replay_app("02-moon3-full-game")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen.replay
        widow = replay.position.widow[0]
        assert f"The widow, dealt face down: {widow}" in screen_text(app)
        discard = next(i for i, p in enumerate(replay.positions)
                       if type(p.action).__name__ == "Discard")
        for _ in range(discard):
            await pilot.press("right")
        tile = replay.position.action.tile
        assert f"took the widow ({widow}) and laid aside {tile}" in screen_text(app)


async def test_a_hand_summary_and_an_unfinished_hand() -> None:
    app = replay_app("01-moon3-partial-game")  # stops in the middle of hand 4
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen.replay
        await pilot.press("s")
        assert isinstance(app.screen, ReplaySummaryScreen)
        assert "hand 1 is over" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end", "s")
        assert isinstance(app.screen, ReplayScreen)
        assert f"Hand {replay.hands} is not finished" in screen_text(app)


async def test_a_game_not_over_is_shown_as_its_player_saw_it() -> None:
    # A record of a game not over (as a save is): moon42 replay shows seat 0's tiles and the
    # public facts, never another seat's tiles or the widow it has not seen.
    doc = example("01-moon3-partial-game")  # stops in the middle of hand 4
    whole = Replay.from_doc(doc)
    whole.seen_by = None  # the same record face up: what must not show
    app = ReplayApp(Replay.from_doc(doc))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen.replay
        assert not replay.face_up
        assert "The game is not over: shown as" in screen_text(app)
        assert "The widow lies face down." in screen_text(app)
        for index in range(len(replay)):
            if index:
                await pilot.press("right")
            text = screen_text(app)
            faces, mine = whole.positions[index], replay.position.views[0]
            tricks = [*faces.table.tricks, *filter(None, [faces.table.current_trick])]
            seen = {t for trick in tricks for t in trick.tiles}
            seen |= {*mine.hand, *mine.widow, *filter(None, [mine.discard])}
            dealt = [*faces.widow, *(t for seat in (1, 2) for t in faces.views[seat].hand),
                     *filter(None, (faces.views[seat].discard for seat in (1, 2)))]
            secret = [t for t in dealt if t not in seen]
            assert not [t for t in secret if compact_tile(t) in text], (index, text)
            assert all(compact_tile(t) in text for t in replay.position.views[0].hand), index
        await pilot.press("p")  # a deal played again would show the hands still in play
        assert isinstance(app.screen, ReplayScreen)
        assert "its deals can be played again once it is" in screen_text(app)


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_the_key_bar_fits_80_columns(ascii_only: bool) -> None:
    app = ReplayApp(Replay.from_doc(example("07-texas42-full-game")), ascii_only=ascii_only)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = screen_text(app).splitlines()[-1].rstrip()
        assert bar.endswith("? Help"), bar  # the last key whole: none is cut off
        assert "q Leave" in bar


async def test_a_record_that_breaks_the_rules_stops_at_the_fault() -> None:
    app = replay_app("11-illegal-follow")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        text = " ".join(screen_text(app).split())  # the note may take two lines
        assert ("The record stops here: hand 7, action 11 (from 1; check counts from 0) breaks"
                " the rules (") in text


async def test_play_this_deal_again_from_the_viewer_deals_the_same_tiles() -> None:
    doc = example("07-texas42-full-game")
    app = ReplayApp(Replay.from_doc(doc))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen.replay
        await pilot.press("3", "right", "right", "p")  # mid-bidding: the deal still counts
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        game = app.flow.game
        assert game.hand_number == 2
        assert [[str(t) for t in seat] for seat in game.log[-1].deal] == \
            replay.record["hands"][2]["deal"]
        assert game.log[-1].dealer == doc["hands"][2]["dealer"]
        assert tuple(game.scores) == replay.positions[replay.hand_starts[2]].table.scores
        assert sorted(game.view(0).hand) == sorted(game.log[-1].deal[0])
        assert app.flow.human == 0


async def test_the_game_over_screen_replays_and_plays_a_deal_again() -> None:
    app = new_app("moon3", seed=3, watch=True, names=("Ann", "Bob", "Cat"),
                  options={"target": 5})
    async with app.run_test(size=(80, 24)) as pilot:
        await watch_to_game_over(pilot)
        assert isinstance(app.screen, GameOverScreen)
        played = app.flow.game
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen.replay
        assert len(replay) == sum(1 + len(log.actions) for log in played.log)
        assert replay.hand == len(played.log) - 1  # opens at the last hand
        await pilot.press("escape")
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, DealPickerScreen)
        await pilot.press("enter")  # the last hand is offered first
        await settle(pilot)
        again = app.flow.game
        assert again is not played and isinstance(app.screen, TableScreen)
        assert again.hand_number == len(played.log) - 1
        assert again.log[-1].deal == played.log[-1].deal
        assert again.players[0] == "You"  # bots played every seat; seat 0 is yours now
        assert app.flow.human == 0 and not app.flow.config.watch


async def test_the_scoreboard_plays_a_deal_again_mid_game() -> None:
    app = new_app("texas42", seed=6)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = app.flow.game
        await pilot.press("s")
        assert isinstance(app.screen, ScoreboardScreen)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, DealPickerScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ScoreboardScreen)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        again = app.flow.game
        assert again is not first
        assert again.log[0].deal == first.log[0].deal and again.hand_number == 0


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "is not JSON"),
        ('{"format": "moon42/1", "game": "moon3", "hands": [{"dealer": 0, "deal": '
         '[["7-1"]]}]}', "is not a game record"),
        ('{"format": "moon42/1", "game": "texas42", "hands": []}', "holds no deal to replay"),
    ],
)
def test_moon42_replay_of_a_bad_file_exits_2(tmp_path: Path, capsys, content: str,
                                             reason: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith(f"moon42 replay: {path}")
    assert reason in out.err


def test_moon42_replay_of_the_malformed_worked_record_exits_2(capsys) -> None:
    assert main(["replay", str(EXAMPLES / "16-malformed-tile.json")]) == 2
    assert "'7-1' is not a tile" in capsys.readouterr().err


def test_moon42_replay_refuses_an_unknown_bot(capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["replay", str(EXAMPLES / "01-moon3-partial-game.json"), "--bots", "nobody"])
    assert exited.value.code == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
