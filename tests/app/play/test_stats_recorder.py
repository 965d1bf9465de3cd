"""Recording whole bot games: the database and the summary agree with the engine's results."""

from __future__ import annotations

import json
import sqlite3

import pytest

from moon42.app.play.stats.recorder import auction_of, facts_of
from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.store import StatsStore
from moon42.rules.record import game_from_record, game_to_record

from .stats_games import play_recorded


@pytest.fixture
def store(tmp_path):
    with StatsStore(tmp_path / "stats.sqlite3") as store:
        yield store


def _rows(store: StatsStore, sql: str, *args) -> list[tuple]:
    conn = sqlite3.connect(store.path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize(("name", "seed"), [("moon3", 1), ("moon4", 8), ("texas42", 3)])
def test_a_whole_game_is_recorded_hand_by_hand(store, name, seed) -> None:
    game, recorder = play_recorded(store, name, seed)
    results = game.results
    hands = _rows(store, "SELECT hand, dealer, bidder, bid, contract, trump, made FROM hands"
                  " WHERE game_id = ? ORDER BY hand", recorder.game_id)
    assert hands == [
        (r.hand, r.dealer, r.bidder, r.bid, r.contract, r.trump and r.trump.value,
         None if r.made is None else int(r.made))
        for r in results
    ]
    for r in results:
        seats = _rows(store, "SELECT seat, tricks, points, score, total FROM hand_seats"
                      " WHERE game_id = ? AND hand = ? ORDER BY seat", recorder.game_id, r.hand)
        assert seats == [(s, r.tricks_won[s], r.points[s], r.score[s], r.totals[s])
                         for s in range(game.seats)]
        calls = _rows(store, "SELECT seat, value, contract FROM bids WHERE game_id = ?"
                      " AND hand = ? ORDER BY turn", recorder.game_id, r.hand)
        assert calls == list(auction_of(game.log[r.hand].actions))
        if not r.thrown_in:  # the winning call is the hand's bid
            winning = [c for c in calls if c[2] != "pass"][-1]
            assert winning == (r.bidder, r.bid, r.contract)
    (winners, human_won, finished), = _rows(
        store, "SELECT winners, human_won, finished FROM games WHERE id = ?", recorder.game_id)
    assert json.loads(winners) == list(game.winner)
    assert human_won == int(0 in game.winner)
    assert finished is not None


def test_the_summary_counts_what_the_engine_scored(store) -> None:
    games = [play_recorded(store, "texas42", seed)[0] for seed in (3, 4, 5)]
    games.append(play_recorded(store, "texas42", 6, human=None)[0])  # watched
    summary = summarise(store)
    row, = summary["by_game"]
    played = games[:3]
    assert row["played"] == 3 and row["watched"] == 1 and row["unfinished"] == 0
    assert row["won"] == sum(0 in g.winner for g in played)
    assert row["hands"] == sum(len(g.results) for g in played)
    mine = [r for g in played for r in g.results if r.bidder == 0]
    assert row["bids"] == len(mine)
    assert row["bids_made"] == sum(bool(r.made) for r in mine)
    taken = [r.points[0] + r.points[2] for g in played for r in g.results if not r.thrown_in]
    assert row["average_points"] == round(sum(taken) / len(taken), 1)
    every = [r for g in games for r in g.results if not r.thrown_in]
    assert sum(b["hands"] for b in summary["made_by_bid"]) == len(every)
    assert sum(b["made"] for b in summary["made_by_bid"]) == sum(bool(r.made) for r in every)
    assert sum(b["yours"] for b in summary["made_by_bid"]) == len(mine)
    assert summary["hands_recorded"] == sum(len(g.results) for g in games)
    last = summary["last_game"]
    assert last["result"] == "watched"
    assert last["score_by_hand"][0] == [r.totals[0] for r in games[-1].results]
    assert last["score_by_hand"][1] == [r.totals[1] for r in games[-1].results]


def test_a_resumed_game_is_counted_once(store) -> None:
    game, first = play_recorded(store, "moon3", seed=2, stop_after=4)
    assert summarise(store)["by_game"][0]["unfinished"] == 1
    # As a save is read back: a new Game from the record, and a recorder knowing nothing.
    again = game_from_record(game_to_record(game))
    again, second = play_recorded(store, "moon3", seed=2, game=again)
    assert second.game_id == first.game_id
    summary = summarise(store)
    assert summary["games_recorded"] == 1
    assert summary["hands_recorded"] == len(again.results)
    assert summary["by_game"][0]["played"] == 1 and summary["by_game"][0]["unfinished"] == 0


def test_the_same_seed_played_twice_is_two_games(store) -> None:
    _, first = play_recorded(store, "moon3", seed=2, stop_after=3)
    game, second = play_recorded(store, "moon3", seed=2)
    assert first.game_id != second.game_id
    summary = summarise(store)
    assert summary["games_recorded"] == 2
    assert summary["hands_recorded"] == 3 + len(game.results)


def test_hands_taken_back_after_they_were_scored_are_dropped(store, tmp_path) -> None:
    _, recorder = play_recorded(store, "texas42", seed=3, stop_after=3)
    # The same game, two hands in: what the game is after undo takes back the third hand.
    with StatsStore(tmp_path / "elsewhere.sqlite3") as elsewhere:
        shorter, _ = play_recorded(elsewhere, "texas42", seed=3, stop_after=2)
    store.write(facts_of(shorter, recorder.game_id, 0, recorder.bots, recorder.started,
                         undo_used=True))
    assert _rows(store, "SELECT COUNT(*) FROM hands") == [(2,)]
    assert _rows(store, "SELECT MAX(hand) FROM hand_seats") == [(1,)]
    assert _rows(store, "SELECT MAX(hand) FROM bids") == [(1,)]
    assert _rows(store, "SELECT undo_used FROM games") == [(1,)]


def _deal_again(game, hand: int):
    """The game cut at the deal of ``hand``, nothing of it played, as "play this deal again"
    makes it: the earlier hands stand."""
    doc = game_to_record(game)
    doc["hands"] = [dict(h) for h in doc["hands"][: hand + 1]]
    doc["hands"][-1]["actions"] = []
    return game_from_record(doc)


@pytest.mark.parametrize("stop_after", [None, 5], ids=["finished", "unfinished"])
def test_a_deal_played_again_is_a_game_of_its_own(store, stop_after) -> None:
    original, first = play_recorded(store, "moon3", seed=2, stop_after=stop_after)
    before = _rows(store, "SELECT * FROM hand_seats ORDER BY game_id, hand, seat")
    again, second = play_recorded(store, "moon3", seed=2, game=_deal_again(original, 2))
    assert second.game_id != first.game_id
    # only the hands played again count; the original game is as it was
    assert _rows(store, "SELECT MIN(hand), COUNT(*) FROM hands WHERE game_id = ?",
                 second.game_id) == [(2, len(again.results) - 2)]
    assert _rows(store, "SELECT * FROM hand_seats WHERE game_id = ? ORDER BY hand, seat",
                 first.game_id) == before
    assert summarise(store)["games_recorded"] == 2


def test_a_deal_played_again_then_resumed_is_still_one_game(store) -> None:
    original, _ = play_recorded(store, "moon3", seed=2)
    part, second = play_recorded(store, "moon3", seed=2, game=_deal_again(original, 2),
                                 stop_after=5)
    resumed, third = play_recorded(store, "moon3", seed=2,
                                   game=game_from_record(game_to_record(part)))
    assert third.game_id == second.game_id and third.first_hand == 2
    assert _rows(store, "SELECT MIN(hand), COUNT(*) FROM hands WHERE game_id = ?",
                 second.game_id) == [(2, len(resumed.results) - 2)]
