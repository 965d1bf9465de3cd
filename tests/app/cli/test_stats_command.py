"""``moon42 stats``: the summary as text and as JSON, and plain words when there is none."""

from __future__ import annotations

import json

import pytest

from moon42.app.cli import main
from moon42.app.play.stats.store import StatsStore, stats_path

from ..play.stats_games import play_recorded


def test_no_statistics_yet_is_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No statistics yet")
    assert str(stats_path()) in out
    assert not stats_path().exists()  # looking creates nothing
    assert main(["stats", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games_recorded"] == 0 and summary["recent"] == []
    assert summary["message"].startswith("No statistics yet")


def _record_some() -> list:
    with StatsStore() as store:
        games = [play_recorded(store, "moon3", 1)[0], play_recorded(store, "texas42", 3)[0]]
        play_recorded(store, "texas42", 4, stop_after=2)
    return games


def test_the_text_has_every_summary(capsys: pytest.CaptureFixture[str]) -> None:
    moon, texas = _record_some()
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    for heading in ("Your games", "Made rate by bid", "Last game: Texas 42", "Recent games"):
        assert heading in out
    assert f"3 games, {len(moon.results) + len(texas.results) + 2} hands" in out
    assert max(len(line) for line in out.splitlines()[1:]) <= 80
    assert "unfinished" in out


def test_json_is_one_object_with_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    moon, texas = _record_some()
    assert main(["stats", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    by_game = {row["game"]: row for row in summary["by_game"]}
    assert by_game["moon3"]["played"] == 1
    assert by_game["moon3"]["won"] == int(0 in moon.winner)
    assert by_game["texas42"]["played"] == 1 and by_game["texas42"]["unfinished"] == 1
    assert by_game["texas42"]["hands"] == len(texas.results) + 2
    assert [g["result"] for g in summary["recent"]][0] == "unfinished"
    assert summary["last_game"]["hands"] == 2


def test_an_unreadable_database_is_an_error_not_a_crash(capsys) -> None:
    stats_path().write_text("not a database at all, but long enough to be read" * 50)
    assert main(["stats"]) == 1
    assert "not a database" in capsys.readouterr().err
