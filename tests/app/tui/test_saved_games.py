"""Saved games, plural: a new game never replaces another; the lobby lists, resumes and deletes
them (deleting asks, and the record stays in records/); one window writes a game at a time,
and a second is told where the game is open; ``play --resume`` picks any of them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from moon42.app.cli import main
from moon42.app.play.config import GameConfig, save_last
from moon42.app.play.locks import GameLock, GameLocked, holder_of, lock_path
from moon42.app.play.saves import (
    SAVES_LIMIT,
    TooManySaves,
    abandon,
    find_saved,
    new_slot,
    open_saved,
    save_game,
    saved_games,
    when_text,
)
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.ask import AskScreen
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.app.tui.screens.replay import ReplayScreen
from moon42.app.tui.screens.table import TableScreen
from moon42.app.tui.text.tile_art import compact_tile
from moon42.rules.record import game_to_record

from ..play.test_saves import played
from .helpers import new_app, screen_text, settle, tile_names
from .test_resume_and_undo_keys import my_move

MAIN = Path(__file__).resolve().parents[3]
# Taking a lock waits a fraction of a second at most; this is for a loaded machine.
LOCK_DEADLINE = 30.0


def saved(game: str, seed: int, moves: int, age: int = 0) -> Path:
    """A saved game ``moves`` actions in, saved ``age`` minutes ago, its lock let go."""
    slot = new_slot(game)
    save_game(played(game, seed, moves), GameConfig(game=game, seed=seed), slot.path)
    slot.lock.release()
    moment = time.time() - 60 * age
    os.utime(slot.path, (moment, moment))
    return slot.path


def save_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "saves").glob("*.json"))


async def lobby_row(pilot, number: int) -> None:
    """Move the lobby's cursor up from Game to saved game ``number``."""
    rows = len(pilot.app.screen.saved.games)
    await pilot.press(*["up"] * (rows - number + 1))
    await pilot.pause()


# ----- the list -------------------------------------------------------------------------------


def test_games_are_listed_latest_first_and_found_by_number_name_or_game(data_dir: Path):
    older = saved("moon3", 1, 10, age=30)
    newer = saved("texas42", 2, 10, age=5)
    listed = saved_games()
    assert [g.path for g in listed.games] == [newer, older]
    assert listed.games[0].title.startswith("Texas 42, hand 1, marks You & Bob")
    assert find_saved(listed, "2").path == older
    assert find_saved(listed, older.stem).path == older
    assert find_saved(listed, "moon3").path == older
    assert find_saved(listed, "texas42").path == newer
    assert find_saved(listed, "3") is None and find_saved(listed, "chess") is None


def test_when_a_game_was_saved_reads_as_a_day_and_a_time():
    now = time.mktime((2026, 3, 5, 15, 0, 0, 0, 0, -1))
    at = lambda *day_hour: time.mktime((2026, *day_hour, 2, 0, 0, 0, -1))  # noqa: E731
    assert when_text(at(3, 5, 9), now) == "today 09:02"
    assert when_text(at(3, 4, 23), now) == "yesterday 23:02"
    assert when_text(at(2, 1, 9), now) == "1 Feb 09:02"
    assert when_text(time.mktime((2025, 12, 31, 9, 0, 0, 0, 0, -1)), now) == "31 Dec 2025"


def test_the_save_of_an_earlier_version_joins_the_saved_games(data_dir: Path):
    data_dir.mkdir(parents=True, exist_ok=True)
    game = played("moon4", 3, 12)
    (data_dir / "autosave.json").write_text(json.dumps(game_to_record(game)), encoding="utf-8")
    (listed,) = saved_games().games
    assert listed.name.startswith("moon4-") and not (data_dir / "autosave.json").exists()
    again = open_saved(listed.path)
    again.slot.lock.release()
    assert game_to_record(again.game) == game_to_record(game)


def test_a_new_saved_game_needs_room(data_dir: Path):
    paths = [saved("moon3", seed, 2, age=seed) for seed in range(1, 4)]
    with pytest.raises(TooManySaves) as caught:
        new_slot("moon4", limit=3)
    assert caught.value.oldest.path == paths[-1]
    assert save_files(data_dir) == sorted(paths)  # nothing was touched


def test_abandoning_a_game_keeps_its_record(data_dir: Path):
    path = saved("texas42", 4, 30)
    text = path.read_text(encoding="utf-8")
    (listed,) = saved_games().games
    kept = abandon(listed)
    assert kept.parent == data_dir / "records" and kept.read_text(encoding="utf-8") == text
    assert save_files(data_dir) == [] and not lock_path(path).exists()


# ----- locks ----------------------------------------------------------------------------------


def test_one_writer_per_game(data_dir: Path):
    path = saved("moon3", 5, 8)
    first = open_saved(path)
    with pytest.raises(GameLocked) as caught:
        open_saved(path)
    assert caught.value.holder.pid == os.getpid()
    assert "in another window (process" in caught.value.holder.where()
    assert holder_of(path) is not None and saved_games().games[0].open_in is not None
    with pytest.raises(GameLocked):
        abandon(saved_games().games[0])
    first.slot.lock.release()
    assert holder_of(path) is None and not lock_path(path).exists()
    open_saved(path).slot.lock.release()


def test_a_window_only_looking_at_the_list_does_not_keep_a_game_from_another(data_dir: Path):
    import fcntl
    import threading

    path = saved("moon3", 7, 4)
    GameLock.take(path).release()
    lock_path(path).touch()
    look = os.open(lock_path(path), os.O_RDONLY)
    fcntl.flock(look, fcntl.LOCK_SH)  # as holder_of does, for a moment, in another window
    threading.Timer(0.02, os.close, (look,)).start()
    # Waits the moment out, and gets the game; a take that waited for good would hang the
    # run, so it is given a deadline (a daemon thread: one stuck is left behind, not joined).
    taken: list[GameLock | BaseException] = []

    def take() -> None:
        try:
            taken.append(GameLock.take(path))
        except BaseException as error:  # reported below, in the test's own thread
            taken.append(error)

    taker = threading.Thread(target=take, daemon=True)
    taker.start()
    taker.join(LOCK_DEADLINE)
    assert not taker.is_alive(), f"taking the game still waits after {LOCK_DEADLINE:g} s"
    (lock,) = taken
    if isinstance(lock, BaseException):
        raise lock
    holder = holder_of(path)
    assert lock.held and holder is not None and holder.pid == os.getpid()
    lock.release()


def test_the_lock_of_a_killed_process_is_taken_over(data_dir: Path):
    path = saved("moon4", 6, 8)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom pathlib import Path\n"
         "from moon42.app.play.locks import GameLock\nGameLock.take(Path(sys.argv[1]))\n"
         "print('held', flush=True)\ntime.sleep(600)\n", str(path)],
        cwd=MAIN, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(GameLocked) as caught:
            GameLock.take(path)
        assert caught.value.holder.pid == holder.pid
    finally:
        holder.kill()  # SIGKILL: the process never lets go of the lock itself
        holder.wait()
        holder.stdout.close()
    assert lock_path(path).exists()  # left behind by the dead process...
    lock = GameLock.take(path)  # ...and taken over
    lock.release()


def test_play_resume_picks_a_game_and_refuses_one_open_elsewhere(
        data_dir: Path, capsys: pytest.CaptureFixture):
    saved("moon3", 1, 10, age=30)
    newer = saved("texas42", 2, 10, age=5)
    assert main(["play", "--resume", "9"]) == 2
    err = capsys.readouterr().err
    assert "no saved game is '9'" in err and "Texas 42, hand 1" in err and "Moon for 3" in err
    held = open_saved(newer)
    try:
        assert main(["play", "--resume"]) == 2
        err = capsys.readouterr().err
        assert f"open in another window (process {os.getpid()}" in err
        assert f"moon42 replay {newer}" in err
    finally:
        held.slot.lock.release()


# ----- the lobby ------------------------------------------------------------------------------


async def test_a_new_game_from_the_lobby_keeps_the_saved_one(data_dir: Path) -> None:
    """The issue's first case: play, quit, open the lobby, start a new game: both are kept."""
    first = new_app("texas42", seed=7)
    async with first.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await settle(pilot)
            await my_move(pilot)
        await settle(pilot)
        left = game_to_record(first.flow.game)
    lobby = Moon42App()
    async with lobby.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Texas 42, hand 1" in screen_text(lobby)
        await pilot.press("enter")  # the form's Enter: a new game of Moon for 3
        await settle(pilot)
        assert isinstance(lobby.screen, TableScreen)
    games = saved_games().games
    assert sorted(g.game for g in games) == ["moon3", "texas42"]
    old = next(g for g in games if g.game == "texas42")
    again = open_saved(old.path)
    again.slot.lock.release()
    assert game_to_record(again.game) == left


async def test_any_saved_game_resumes_from_the_lobby(data_dir: Path) -> None:
    older = saved("moon4", 8, 21, age=60)
    saved("moon3", 9, 13, age=1)
    opened = open_saved(older)
    expected = game_to_record(opened.game)
    opened.slot.lock.release()
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await lobby_row(pilot, 2)
        assert "moon42 play --resume 2" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game_to_record(app.flow.game) == expected
        assert holder_of(older) is not None  # this window has it now
    assert holder_of(older) is None  # and let go of it when it closed


async def test_deleting_asks_first_and_keeps_the_record(data_dir: Path) -> None:
    path = saved("texas42", 10, 17)
    text = path.read_text(encoding="utf-8")
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await lobby_row(pilot, 1)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen) and "Delete Texas 42" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and path.exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and not app.screen.saved.games
        assert "Saved games" not in screen_text(app)
    assert not path.exists()
    (kept,) = (data_dir / "records").glob("*.json")
    assert kept.read_text(encoding="utf-8") == text


async def test_at_the_limit_a_new_game_asks_before_the_oldest_leaves(data_dir: Path) -> None:
    paths = [saved("moon3", seed, 1, age=seed) for seed in range(1, SAVES_LIMIT + 1)]
    oldest = paths[-1]
    oldest_text = oldest.read_text(encoding="utf-8")
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert f"Saved games ({SAVES_LIMIT} of {SAVES_LIMIT}, the most kept)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen) and "the oldest" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.flow is None and len(save_files(data_dir)) == SAVES_LIMIT
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    # The new game may take the oldest's free name (names are stamped to the second), so
    # the saves are told apart by what they hold.
    saves = save_files(data_dir)
    assert len(saves) == SAVES_LIMIT
    assert oldest_text not in [path.read_text(encoding="utf-8") for path in saves]
    (record,) = (data_dir / "records").glob("*.json")
    assert record.name == oldest.name and record.read_text(encoding="utf-8") == oldest_text


async def test_a_second_window_is_told_where_the_game_is_open(data_dir: Path) -> None:
    path = saved("moon4", 11, 25)
    held = open_saved(path)  # the first window
    # The new game's seed is pinned: a random one may let a bot's moon, with every winner
    # in its hand, end the first hand before the player's first turn.
    save_last(GameConfig(seed=7, pin_seed=True))
    try:
        app = Moon42App()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "[open elsewhere] Moon for 4" in screen_text(app)
            await pilot.press("r")
            await pilot.pause()
            text = screen_text(app)
            assert isinstance(app.screen, AskScreen)
            assert f"open in another window (process {os.getpid()}" in text
            await pilot.press("v")  # read-only, in the replay viewer
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            # The game is being played: only as its player sees it, the bots' tiles face down.
            text = screen_text(app)
            assert "The game is not over: shown as you saw it" in text
            hidden = [t for seat in (1, 2, 3) for t in held.game.view(seat).hand]
            assert hidden and not [t for t in hidden if compact_tile(t) in text
                                   or str(t) in tile_names(text)]
            assert all(compact_tile(t) in text for t in held.game.view(0).hand)
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("n")  # or another game
            await settle(pilot)
            assert isinstance(app.screen, TableScreen) and app.flow.game.options.game == "moon3"
            assert app.flow.game.seed == 7 and app.flow.waiting == "human"
        assert json.loads(path.read_text(encoding="utf-8"))["hands"] == \
            game_to_record(held.game)["hands"]  # the first window's game is untouched
    finally:
        held.slot.lock.release()


def test_a_pipe_among_the_saves_is_left_alone(data_dir: Path):
    path = saved("moon3", 12, 4)
    os.mkfifo(path.with_name("pipe.json"))  # reading it would wait for ever
    assert [g.path for g in saved_games().games] == [path]
