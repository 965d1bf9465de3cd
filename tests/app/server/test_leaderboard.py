"""The server's leaderboard: made from the players' own statistics, each player able to stay
off it, a damaged or oversized file left off without stopping the board; and the screen a
served game shows it on."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import replace
from pathlib import Path

import pytest
from textual.app import App

from moon42.app.play.stats import board as board_module
from moon42.app.play.stats.board import board_row, choose, listed
from moon42.app.play.stats.ranked import PlayedGame, counted_games, counts, played_games
from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.store import STATS_NAME, StatsStore
from moon42.app.server.accounts import leaderboard
from moon42.app.server.accounts.identity import (
    guest_identity,
    key_identity,
    member_identity,
    player_folder,
)
from moon42.app.server.accounts.leaderboard import Leaderboard, remember_name
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.leaderboard import LeaderboardScreen
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.app.tui.screens.stats import StatsScreen
from tests.app.play.stats_games import play_recorded
from tests.app.tui.helpers import screen_text
from tests.app.tui.test_saved_games import saved


def player(root: Path, who, games: list[tuple[str, int]]) -> Path:
    """A player's folder on the server, with ``games`` (game, seed) played to the end."""
    folder = player_folder(root, who)
    remember_name(folder, who)
    data = folder / "data"
    data.mkdir(parents=True, exist_ok=True)
    with StatsStore(data / STATS_NAME) as store:
        for game, seed in games:
            play_recorded(store, game, seed)
    return folder


def board(root: Path) -> dict:
    return json.loads((root / "leaderboard.json").read_text())


def test_a_row_counts_what_the_players_own_statistics_say(tmp_path: Path) -> None:
    folder = player(tmp_path, guest_identity("ann"), [("moon3", 1), ("texas42", 2),
                                                       ("moon4", 3)])
    path = folder / "data" / STATS_NAME
    row = board_row(path)
    with StatsStore(path) as store:
        summary = summarise(store)
    by_game = summary["by_game"]
    assert row is not None and row["games"] == sum(g["played"] for g in by_game) == 3
    assert row["won"] == sum(g["won"] for g in by_game)
    assert row["bids"] == sum(g["bids"] for g in by_game)
    assert row["made"] == sum(g["bids_made"] for g in by_game)
    assert row["win_rate"] == round(row["won"] / 3, 3)


def test_the_board_ranks_listed_players_and_leaves_off_those_who_chose_so(
        tmp_path: Path) -> None:
    player(tmp_path, member_identity("Ann"), [("moon3", 1), ("moon3", 4)])
    bob = player(tmp_path, key_identity("SHA256:abc+/def", "bob"), [("texas42", 2)])
    player(tmp_path, guest_identity("cy"), [])  # no games: not on the board
    keeper = Leaderboard(tmp_path)
    assert keeper.refresh()
    shown = board(tmp_path)
    rows = shown["players"]
    assert {(p["name"], p["sign_in"]) for p in rows} == {("Ann", "secret"), ("bob", "key")}
    assert [p["won"] for p in rows] == sorted((p["won"] for p in rows), reverse=True)
    assert shown["listed"] == 2 and shown["off"] == 0
    assert "abc" not in (tmp_path / "leaderboard.json").read_text()  # no folder names
    assert not keeper.refresh()  # nothing changed: nothing read again, nothing written

    assert listed(bob / "data")
    choose(bob / "data", False)  # what h on the board screen does
    assert not listed(bob / "data")
    assert keeper.refresh()
    shown = board(tmp_path)
    assert [p["name"] for p in shown["players"]] == ["Ann"] and shown["off"] == 1
    assert "bob" not in (tmp_path / "leaderboard.json").read_text()

    choose(bob / "data", True)
    keeper.refresh()
    assert {p["name"] for p in board(tmp_path)["players"]} == {"Ann", "bob"}

    # A choice that cannot be read keeps the player off: the safer reading.
    (bob / "data" / "leaderboard.json").write_text("{not json")
    keeper.refresh()
    assert [p["name"] for p in board(tmp_path)["players"]] == ["Ann"]


def test_a_damaged_statistics_file_is_left_off_logged_once_and_kept(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    player(tmp_path, guest_identity("ann"), [("moon3", 1)])
    eve = player(tmp_path, guest_identity("eve"), [])
    damaged = eve / "data" / STATS_NAME
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    keeper = Leaderboard(tmp_path)
    with caplog.at_level(logging.WARNING, logger="moon42.serve"):
        keeper.refresh()
        (eve / "name").write_text("eve again")  # eve's folder changes: read again
        keeper.refresh()
    shown = board(tmp_path)
    assert [p["name"] for p in shown["players"]] == ["ann"] and shown["skipped"] == 1
    said = [r.getMessage() for r in caplog.records]
    assert sum("guest-eve is left off" in line for line in said) == 1, said
    assert damaged.read_bytes().startswith(b"SQLite format 3\x00" + b"\xff" * 10)


def test_a_statistics_file_over_the_limit_is_not_read(
        tmp_path: Path, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    ann = player(tmp_path, guest_identity("ann"), [("moon3", 1)])
    monkeypatch.setattr(board_module, "STATS_BYTES", 1000)
    with pytest.raises(board_module.StatsUnreadable, match="is over"):
        board_row(ann / "data" / STATS_NAME)
    with caplog.at_level(logging.WARNING, logger="moon42.serve"):
        Leaderboard(tmp_path).refresh()
    assert board(tmp_path)["players"] == [] and board(tmp_path)["skipped"] == 1
    assert "is over" in caplog.text


def test_guests_never_push_members_or_keys_off_the_board(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    for number, name in enumerate(("a", "b", "c")):
        guest = player(tmp_path, guest_identity(name), [("moon3", 1), ("moon3", 4)])
        os.utime(guest / "data", ns=(10**18 + number, 10**18 + number))  # c played last
    player(tmp_path, member_identity("Ann"), [("moon3", 1)])
    player(tmp_path, key_identity("SHA256:abc", "bob"), [("moon3", 1)])
    # More guests' folders than are looked at, with more games won than anyone else's.
    monkeypatch.setattr(leaderboard, "MOST_GUESTS", 2)
    monkeypatch.setattr(leaderboard, "MOST_PLAYERS", 2)
    monkeypatch.setattr(leaderboard, "GUEST_ROWS", 1)
    monkeypatch.setattr(leaderboard, "MOST_ROWS", 3)
    keeper = Leaderboard(tmp_path)
    keeper.refresh()
    assert set(keeper._rows) == {"guest-b", "guest-c", "member-%41nn", "key-abc"}
    shown = [(p["name"], p["sign_in"]) for p in board(tmp_path)["players"]]
    guests = [row for row in shown if row[1] == "guest"]
    assert len(shown) == 3 and len(guests) == 1 and guests[0][0] in "bc", shown
    assert ("Ann", "secret") in shown and ("bob", "key") in shown


def test_only_the_games_a_ranking_counts_are_on_the_board(tmp_path: Path) -> None:
    bought = player(tmp_path, guest_identity("eve"), [])
    with StatsStore(bought / "data" / STATS_NAME) as store:
        for seed in range(6):  # quick wins: against random bots to a target of 1...
            play_recorded(store, "moon3", seed, bot="random",
                          options={"target": 1, "forced_bid": True})
            play_recorded(store, "moon3", 200 + seed, options={"target": 1})  # ...to 1
            play_recorded(store, "moon3", 300 + seed, undo_used=True)  # ...with undo
        with store.connect() as conn:
            played = played_games(conn)
    assert len(played) == 18 and not counted_games_of(bought)
    assert board_row(bought / "data" / STATS_NAME) is None
    # The same player's whole games against the basic bot count.
    with StatsStore(bought / "data" / STATS_NAME) as store:
        play_recorded(store, "moon3", 500)
        play_recorded(store, "texas42", 501, bot="expert", options={"target": 7})
    row = board_row(bought / "data" / STATS_NAME)
    assert row is not None and row["games"] == 2
    Leaderboard(tmp_path).refresh()
    assert [p["games"] for p in board(tmp_path)["players"]] == [2]


def counted_games_of(folder: Path) -> list:
    with StatsStore(folder / "data" / STATS_NAME) as store, store.connect() as conn:
        return counted_games(conn)


def test_which_games_count() -> None:
    whole = PlayedGame("g", "moon3", 21, False, (None, "basic", "expert"), 0, False, True,
                       True)
    assert counts(whole)
    assert counts(replace(whole, game="texas42", target=7, uses_marks=True,
                          bots=(None, "Bot B", None, "normal")))  # a shared table
    assert counts(replace(whole, uses_marks=True, target=7))  # Moon by marks
    assert not counts(replace(whole, target=20))
    assert not counts(replace(whole, bots=(None, "basic", "random")))
    assert not counts(replace(whole, bots=(None, "basic", "greedy")))  # no stated strength
    assert not counts(replace(whole, undo_used=True))
    assert not counts(replace(whole, whole=False))


class _BoardApp(App[None]):
    CSS = Moon42App.CSS  # the screens' styles are the app's

    def __init__(self, screen: LeaderboardScreen) -> None:
        super().__init__()
        self.board_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.board_screen)


async def test_the_board_screen_shows_the_board_and_h_takes_the_player_off_it(
        tmp_path: Path) -> None:
    me = player(tmp_path, member_identity("Zoë"), [("moon3", 1)])
    Leaderboard(tmp_path).refresh()
    screen = LeaderboardScreen(tmp_path / "leaderboard.json", me / "data")
    app = _BoardApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Zoë" in text and "secret" in text and "You are on the board" in text
        assert "Moon for 3" in text and "Rating" in text and "Games" in text
        await pilot.press("h")
        await pilot.pause()
        assert "You are off the board" in screen_text(app)
        assert not listed(me / "data")
        await pilot.press("h")
        await pilot.pause()
        assert listed(me / "data") and "You are on the board" in screen_text(app)


async def test_the_board_screen_says_when_there_is_no_board(tmp_path: Path) -> None:
    screen = LeaderboardScreen(tmp_path / "leaderboard.json", tmp_path / "data")
    app = _BoardApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "has not made its board yet" in screen_text(app)
        (tmp_path / "leaderboard.json").write_text("[1, 2")
        await pilot.press("r")
        await pilot.pause()
        assert "The board cannot be read" in screen_text(app)


async def test_on_a_server_the_lobby_keeps_help_on_its_key_line_and_b_opens_the_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A served lobby with a game to resume has Resume and Tables on its key line: with the
    board there too, "? Help" was cut at 80 columns ("? H"). The board's key works from the
    lobby and is shown on the statistics screen."""
    Leaderboard(tmp_path).refresh()
    monkeypatch.setenv("MOON42_LEADERBOARD", str(tmp_path / "leaderboard.json"))
    monkeypatch.setenv("MOON42_TABLES_SOCKET", str(tmp_path / "tables.sock"))
    monkeypatch.setenv("MOON42_DATA_DIR", str(tmp_path / "data"))
    saved("moon3", 5, 6)
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        key_line = screen_text(app).splitlines()[-1]
        assert "r Resume" in key_line and "t Tables" in key_line, key_line
        assert key_line.rstrip().endswith("? Help"), key_line
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "b Leaderboard" in screen_text(app).splitlines()[-1]
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
