"""Several moon42 processes writing the statistics at once lose nothing and corrupt nothing."""

from __future__ import annotations

import dataclasses
import multiprocessing
import sqlite3

import pytest

from moon42.app.play.stats.recorder import facts_of
from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.store import GameFacts, StatsStore

from .stats_games import play_recorded

pytestmark = pytest.mark.slow  # several processes writing the statistics at once

PROCESSES = 4
GAMES_EACH = 20


def _write_games(path: str, prefix: str, facts: GameFacts, start, failures) -> None:
    """One process: open the (maybe not yet created) database and write game after game,
    each twice (a hand scored, then the game won), as the app does."""
    try:
        start.wait()
        with StatsStore(path) as store:
            for index in range(GAMES_EACH):
                game_id = f"{prefix}-{index}"
                unfinished = dataclasses.replace(facts, id=game_id, finished=None,
                                                 winners=None, human_won=None,
                                                 hands=facts.hands[:-1])
                store.write(unfinished)
                store.write(dataclasses.replace(facts, id=game_id))
    except BaseException as error:  # reported to the test, which fails on any
        failures.put(f"{prefix}: {error!r}")


def test_processes_writing_at_once_keep_every_row(tmp_path) -> None:
    with StatsStore(tmp_path / "model.sqlite3") as model:
        game, recorder = play_recorded(model, "texas42", seed=3)
    facts = facts_of(game, "model", 0, recorder.bots, recorder.started)
    path = tmp_path / "stats.sqlite3"  # not there yet: the processes race to create it too
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(PROCESSES)
    failures = context.Queue()
    workers = [
        context.Process(target=_write_games, args=(str(path), f"p{n}", facts, start, failures))
        for n in range(PROCESSES)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    errors = []
    while not failures.empty():
        errors.append(failures.get())
    assert errors == []
    assert [worker.exitcode for worker in workers] == [0] * PROCESSES

    games = PROCESSES * GAMES_EACH
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("SELECT COUNT(*) FROM games WHERE finished IS NOT NULL"
                            ).fetchone() == (games,)
        assert conn.execute("SELECT COUNT(*) FROM hands").fetchone() == (games * len(game.results),)
        seats = sum(len(hand.seats) for hand in facts.hands)
        assert conn.execute("SELECT COUNT(*) FROM hand_seats").fetchone() == (games * seats,)
        calls = sum(len(hand.bids) for hand in facts.hands)
        assert conn.execute("SELECT COUNT(*) FROM bids").fetchone() == (games * calls,)
    finally:
        conn.close()
    with StatsStore(path) as store:
        assert summarise(store)["by_game"][0]["played"] == games
