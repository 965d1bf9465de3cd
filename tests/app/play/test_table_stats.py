"""A shared table's games go into the statistics of the players sitting at it, from the
seat each held, as their own games do; a player without a folder gets none made, and a
database that cannot be written is logged and kept while the table plays on."""

from __future__ import annotations

import json
import logging
import random
import sqlite3
from pathlib import Path

import pytest

from moon42.app.play.seats import Sitter
from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.store import StatsStore
from moon42.app.play.stats.table_stats import TableStats
from moon42.app.play.table import Table
from moon42.rules import Phase

from .test_tables import Clock, guest


def _table(stats: TableStats, game: str = "moon3", target: int = 7) -> Table:
    return Table(1, game, options={"target": target}, seed=5, pace=0, clock=Clock(),
                 codes=lambda: "123456", record=stats.follow)


def play(t: Table, players: dict[int, Sitter], rng: random.Random, hands: int) -> None:
    """The players at their seats play random legal moves, the bots the rest, for ``hands``
    hands or to the game's end; every summary is seen at once."""
    for _ in range(hands):
        for _ in range(2000):
            if t.bot_step() is not None:
                continue
            turn = t.game.to_act
            if turn is None:
                break
            t.act(players[turn.seat], rng.choice(t.game.view(turn.seat).legal))
        if t.game.phase is Phase.GAME_OVER:
            return
        for who in players.values():
            t.next_hand(who)
        assert t.deal_due() == 0
        t.deal()


def _folder(root: Path, player: str) -> Path:
    folder = root / "players" / player / "data"
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_a_whole_shared_game_is_in_the_sitting_players_statistics(tmp_path: Path,
                                                                  game: str) -> None:
    ann = guest("Ann")
    _folder(tmp_path, ann.player)
    stats = TableStats(tmp_path)
    t = _table(stats, game)
    t.take(ann, lambda message: None, seat=0)
    play(t, {0: ann}, random.Random(game), hands=60)
    assert t.game.phase is Phase.GAME_OVER
    summary = summarise(StatsStore(stats.path_of(ann.player)))
    assert summary["games_recorded"] == 1
    assert summary["hands_recorded"] == len(t.game.results)
    last = summary["last_game"]
    assert last is not None and last["finished"]
    assert last["players"][0] == "Ann"  # the names at the table, not the game's own
    [kind] = summary["by_game"]
    assert (kind["game"], kind["played"], kind["won"]) == (game, 1, int(0 in t.game.winner))
    stats.forget(t)


def test_a_player_who_sits_down_later_is_counted_from_then_on(tmp_path: Path) -> None:
    ann, bob = guest("Ann"), guest("Bob")
    for who in (ann, bob):
        _folder(tmp_path, who.player)
    stats = TableStats(tmp_path)
    t = _table(stats, target=21)
    t.take(ann, lambda message: None, seat=0)
    play(t, {0: ann}, random.Random(1), hands=2)
    before = len(t.game.results)
    t.take(bob, lambda message: None, seat=1)
    play(t, {0: ann, 1: bob}, random.Random(2), hands=1)
    bobs = summarise(StatsStore(stats.path_of(bob.player)))
    assert bobs["hands_recorded"] == len(t.game.results) - before >= 1
    anns = summarise(StatsStore(stats.path_of(ann.player)))
    assert anns["hands_recorded"] == len(t.game.results)


def test_no_folder_is_made_and_a_damaged_database_is_kept(tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    ann, bob = guest("Ann"), guest("Bob")
    damaged = _folder(tmp_path, ann.player) / "stats.sqlite3"
    damaged.write_bytes(b"not a database" * 100)
    stats = TableStats(tmp_path)
    t = _table(stats)
    t.take(ann, lambda message: None, seat=0)
    t.take(bob, lambda message: None, seat=1)
    with caplog.at_level(logging.WARNING, logger="moon42.serve"):
        play(t, {0: ann, 1: bob}, random.Random(3), hands=2)
    assert len(t.game.results) == 2  # the table played on
    assert damaged.read_bytes() == b"not a database" * 100
    assert sum("guest-ann's statistics not saved" in r.getMessage()
               for r in caplog.records) == 1
    assert not (tmp_path / "players" / bob.player).exists()


def test_every_player_of_a_shared_game_records_the_same_players_and_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann opens the table, Bob sits down after the first move, Cat after the first hand:
    each one's statistics have the one game, with who played each seat and when it began,
    as the others' have it (each from their own seat)."""
    ticks = iter(range(3600))

    def clock() -> str:  # a second later at every look: no two starts the same by chance
        tick = next(ticks)
        return f"2026-12-05T10:{tick // 60:02d}:{tick % 60:02d}+00:00"

    for module in ("moon42.app.play.stats.recorder", "moon42.app.play.stats.table_stats"):
        monkeypatch.setattr(f"{module}.now_text", clock, raising=False)
    ann, bob, cat = guest("Ann"), guest("Bob"), guest("Cat")
    for who in (ann, bob, cat):
        _folder(tmp_path, who.player)
    stats = TableStats(tmp_path)
    t = _table(stats, "moon4", target=99)
    t.take(ann, lambda message: None, seat=0)
    assert t.bot_step() is not None  # the first move: Ann's statistics follow from here
    t.take(bob, lambda message: None, seat=1)
    play(t, {0: ann, 1: bob}, random.Random(4), hands=1)
    t.take(cat, lambda message: None, seat=3)
    play(t, {0: ann, 1: bob, 3: cat}, random.Random(5), hands=1)

    rows = {}
    for who in (ann, bob, cat):
        with sqlite3.connect(stats.path_of(who.player)) as db:
            rows[who.name] = db.execute(
                "SELECT id, players, bots, started, human_seat FROM games").fetchall()
    assert [len(r) for r in rows.values()] == [1, 1, 1]  # one game each
    games = {name: r[0] for name, r in rows.items()}
    assert len({g[:4] for g in games.values()}) == 1, games  # one id, players, bots, start
    _, players, bots, _, _ = games["Ann"]
    assert json.loads(players) == ["Ann", "Bob", "Bot C", "Cat"]
    assert json.loads(bots) == [None, None, "Bot C", None]
    assert [g[4] for g in games.values()] == [0, 1, 3]  # each from their own seat
    stats.forget(t)
