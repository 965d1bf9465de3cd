"""A duplicate match's record (app/play/match_record.py): saved in records/, read back with
every game replayed and checked, each table's game a record ``moon42 check`` accepts, and
``moon42 match`` printing the comparison."""

from __future__ import annotations

import copy
import json
import random

import pytest

from moon42.app import cli
from moon42.app.play.match_record import MatchError, match_document, read_match, save_match
from moon42.app.play.match_words import match_lines
from moon42.rules import Game, Phase, options_for
from moon42.rules.duplicate import deal_game, match_deal, turned


def _played(game: Game, rng: random.Random) -> Game:
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _match(game: str, seed: int, deals: int) -> dict:
    options = options_for(game, {})
    rng = random.Random(seed)
    played = []
    for number in range(deals):
        deal = match_deal(options, seed, number)
        names = ["You", "Ann", "Bob", "Cat"][: options.seats]
        played.append((_played(deal_game(options, deal, seed, names), rng),
                       _played(deal_game(options, turned(deal), seed, names), rng)))
    return match_document(options, seed, played)


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_a_saved_match_reads_back_with_its_comparison(game: str, capsys) -> None:
    doc = _match(game, 5, 2)
    path = save_match(doc)
    assert path.parent.name == "records" and path.name.startswith(f"match-{game}-")
    match = read_match(json.loads(path.read_text()))
    assert match.seed == 5 and len(match.deals) == 2
    assert cli.main(["match", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == match_lines(match.options, 5, match.deals)
    assert "Deal 2" in out and "Total over 2 deals, against table B:" in out
    assert "Table B:" in out and "First difference" in out or "the same way" in out


def test_each_tables_game_is_a_record_check_accepts(tmp_path, capsys) -> None:
    path = save_match(_match("texas42", 9, 2))
    assert cli.main(["match", str(path), "--table", "B", "--deal", "2"]) == 0
    record = tmp_path / "b2.json"
    record.write_text(capsys.readouterr().out)
    assert json.loads(record.read_text())["format"] == "moon42/1"
    assert cli.main(["check", str(record)]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["ok"] is True and checked["hands"][0]["complete"] is True


def test_a_match_cannot_claim_a_deal_it_did_not_play() -> None:
    doc = _match("texas42", 3, 2)
    swapped = copy.deepcopy(doc)
    swapped["deals"].reverse()  # the right games, under the wrong deal numbers
    with pytest.raises(MatchError, match="deal 1, table A: not the deal seed 3 gives it"):
        read_match(swapped)
    same = copy.deepcopy(doc)
    same["deals"][0]["B"] = same["deals"][0]["A"]  # table B not turned
    with pytest.raises(MatchError, match="deal 1, table B"):
        read_match(same)
    broken = copy.deepcopy(doc)
    broken["deals"][1]["A"]["hands"][0]["actions"][0]["bid"] = 17
    with pytest.raises(MatchError, match="deal 2, table A: .*hand 0, action 0"):
        read_match(broken)
    for bad in ({**doc, "deals": []}, {**doc, "seed": -1}, {**doc, "format": "moon42/1"},
                {**doc, "turn": 2}, {**doc, "deals": [doc["deals"][0]] * 65}):
        with pytest.raises(MatchError):
            read_match(bad)


def test_a_file_that_is_no_match_exits_2(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "moon42/1"}))
    assert cli.main(["match", str(path)]) == 2
    assert "moon42 match: a match record is" in capsys.readouterr().err


def test_view_opens_one_tables_deal_face_up(monkeypatch) -> None:
    from moon42.app.tui.replay_viewer import ReplayApp

    opened = []
    monkeypatch.setattr(ReplayApp, "run", lambda self: opened.append(self.replay))
    path = save_match(_match("moon4", 4, 2))
    assert cli.main(["match", str(path), "--table", "A", "--deal", "2", "--view"]) == 0
    (replay,) = opened
    assert replay.face_up and replay.record["hands"][0]["deal"] == _match(
        "moon4", 4, 2)["deals"][1]["A"]["hands"][0]["deal"]
