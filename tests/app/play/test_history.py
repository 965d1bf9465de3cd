"""A player's history: their rated games, found with their records by the game's id, and
their matches, read for the table and seat they played at."""

from __future__ import annotations

import json
from pathlib import Path

from moon42.app.play.records import APP_MEMBER
from moon42.app.play.stats.history import history
from moon42.app.play.stats.store import STATS_NAME, StatsStore
from moon42.rules.record import game_to_record

from .stats_games import play_recorded
from .test_club_match import club_match, play_deal
from .test_tables import ANN, BOB, Inbox


def rated_and_matched(tmp_path: Path) -> tuple[Path, Path, str]:
    """A counted game of Ann's against bots (its record written as a shared table's is),
    and a club match Ann played at table B: her statistics and records/ folders."""
    data = tmp_path / "players" / "key-ann" / "data"
    data.mkdir(parents=True)
    with StatsStore(data / STATS_NAME) as store:
        game, recorder = play_recorded(store, "texas42", seed=3, human=0,
                                       names=["Ann", "Bot B", "Bot C", "Bot D"])
    doc = game_to_record(game)
    doc[APP_MEMBER] = {"game_id": recorder.game_id, "shared": True}
    records = data / "records"
    records.mkdir()
    (records / "texas42-game.json").write_text(json.dumps(doc))
    match = club_match(tmp_path, "texas42", deals=1, seed=2)
    a, b = match.tables
    a.take(BOB, Inbox())
    b.take(ANN, Inbox(), seat=1)
    a.start(BOB)
    play_deal(match, {ANN.player: ANN, BOB.player: BOB})
    return data / STATS_NAME, records, recorder.game_id


def test_the_history_lists_rated_games_with_their_records_and_matches(tmp_path):
    stats, records, _ = rated_and_matched(tmp_path)
    entries, note = history(stats, records)
    assert note == ""
    games = [e for e in entries if not e.match]
    matches = [e for e in entries if e.match]
    assert len(games) == 1 and len(matches) == 1
    game = games[0]
    assert game.game == "Texas 42" and game.path == records / "texas42-game.json"
    assert game.partners == "Bot C" and game.opponents == "Bot B, Bot D"
    assert game.result in ("won", "lost") and game.when[:2] == "20"
    match = matches[0]
    # Ann sat in seat 2 at table B: her partner is in seat 4, her tiles at table A in seat 3.
    assert match.game == "Texas 42 match" and match.path is not None
    assert match.partners == "Bot D" and match.opponents == "Bot A, Bot C"
    assert match.result == "1 deal, table B" and match.other == "Bot C"
    assert match.rating == "not rated"


def test_a_damaged_statistics_file_or_record_is_said_and_the_rest_listed(tmp_path):
    stats, records, _ = rated_and_matched(tmp_path)
    stats.write_bytes(b"not a database" * 100)
    (records / "broken.json").write_text("{")
    entries, note = history(stats, records)
    assert "cannot be read" in note
    assert [e.match for e in entries] == [True]
