"""``moon42 review``: the JSON document as the issue gives it, the text, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.app import cli
from moon42.rules import Game
from moon42.rules.record import game_to_record


def _record(tmp_path: Path, game_name: str, seed: int) -> tuple[Path, list[list[str]]]:
    """A hand played by ``basic`` bots, seat 1 named You; and the legal tiles at each of
    seat 1's plays, as the engine offered them."""
    players = ["Ada", "You", "Bo", "Cy"][: 3 if game_name == "moon3" else 4]
    game = Game.new(game_name, seed=seed, players=players)
    bots = [make_bot("basic", s) for s in range(game.seats)]
    legal = []
    while game.to_act is not None:
        view = game.view(game.to_act.seat)
        if view.seat == 1 and view.to_act.kind == "play":
            legal.append(sorted(str(a.tile) for a in view.legal))
        game.apply(decide(bots[view.seat], view))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_to_record(game)))
    return path, legal


def test_the_json_document_has_every_legal_tile_of_every_play(tmp_path, capsys) -> None:
    path, legal = _record(tmp_path, "moon4", 4)
    assert cli.main(["review", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    [hand] = document["hands"]
    assert hand["hand"] == 1 and hand["seat"] == 1  # the seat named You
    plays = [d for d in hand["decisions"] if d["kind"] == "play"]
    assert [d["trick"] for d in plays] == list(range(1, 8))
    assert [sorted(d["dd"]) for d in plays] == legal
    for d in plays:
        assert d["seat"] == 1 and d["played"] in d["dd"]
        assert all(int(k[0]) >= int(k[2]) and k[1] == "-" for k in d["dd"])
        top = max(d["dd"].values())
        assert sorted(d["best"]) == sorted(k for k, v in d["dd"].items() if v == top)
        assert d["lost"] == top - d["dd"][d["played"]]
        assert d["costly"] == (d["lost"] > 0 or d["verdict"] is not None)
    kinds = {d["kind"] for d in hand["decisions"]}
    assert kinds <= {"bid", "trump", "discard", "play"} and "bid" in kinds


def test_the_text_names_the_hand_and_the_seat(tmp_path, capsys) -> None:
    path, _ = _record(tmp_path, "texas42", 3)
    assert cli.main(["review", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hand 1, seat 0 (Ada): ")
    assert "Trick 1: 4-4 cost 5 points; 2-0" in out


def test_a_file_that_is_no_record_exits_2_with_one_line(tmp_path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{")
    assert cli.main(["review", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("moon42 review: ")


@pytest.mark.parametrize("flags,message", [(["--hand", "2"], "has 1 hands, not 2"),
                                           (["--seat", "3"], "seat 3 is not a seat")])
def test_a_hand_or_seat_the_record_lacks_exits_2(tmp_path, capsys, flags, message) -> None:
    path, _ = _record(tmp_path, "moon3", 2)
    assert cli.main(["review", str(path), *flags]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_a_record_that_breaks_a_rule_is_reviewed_up_to_it(tmp_path, capsys) -> None:
    path, _ = _record(tmp_path, "moon4", 4)
    document = json.loads(path.read_text())
    actions = document["hands"][0]["actions"]
    mine = [i for i, a in enumerate(actions) if a.get("seat") == 1 and "play" in a]
    actions[mine[2]] = {"seat": 1, "play": document["hands"][0]["deal"][0][0]}
    path.write_text(json.dumps(document))
    assert cli.main(["review", str(path), "--json"]) == 0
    [hand] = json.loads(capsys.readouterr().out)["hands"]
    assert "seat 1" in hand["broken"]
    assert [d["trick"] for d in hand["decisions"] if d["kind"] == "play"] == [1, 2]
