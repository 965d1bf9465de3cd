"""``moon42 check FILE``: exit 0, 1 and 2 as rules/RECORDS.md says."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from moon42.rules.game import Game
from moon42.rules.record import game_to_record
from tests.rules.positions import D4, moon3_doc
from tests.rules.support import hand_entry, record

MAIN = Path(__file__).resolve().parents[2]


def run_check(tmp_path: Path, content: str | bytes) -> subprocess.CompletedProcess:
    path = tmp_path / "record.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "moon42.app", "check", str(path)],
        cwd=MAIN,
        capture_output=True,
        text=True,
        check=False,
    )


def run_check_stdin(content: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "moon42.app", "check", "-"],
        cwd=MAIN,
        input=content,
        capture_output=True,
        text=True,
        check=False,
    )


def _doc(change=None) -> str:
    doc = moon3_doc()
    if change is not None:
        change(doc)
    return json.dumps(doc)


MEMBERS = {"ok", "hands", "scores", "winner", "to_act"}


def test_exit_0_for_a_legal_record(tmp_path: Path) -> None:
    done = run_check(tmp_path, _doc())
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert set(out) == MEMBERS and out["ok"] is True
    assert out["hands"][0]["tricks"] == [{"leader": 2, "plays": ["6-4", "6-6", "6-3"], "winner": 0}]
    assert out["hands"][0]["bid"] == 6 and out["hands"][0]["trump"] == "6"
    assert out["to_act"] == {"seat": 0, "kind": "play"}
    assert out["scores"] == [0, 0, 0] and out["winner"] is None


def test_exit_0_for_a_complete_thrown_in_hand(tmp_path: Path) -> None:
    hand = hand_entry(
        "moon4", D4, dealer=3, actions=[{"seat": s, "bid": "pass"} for s in (0, 1, 2, 3)]
    )
    done = run_check(tmp_path, json.dumps(record("moon4", [hand])))
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert out["hands"][0]["complete"] is True and out["hands"][0]["made"] is None
    assert out["to_act"] is None


def test_exit_1_for_a_record_that_breaks_a_rule(tmp_path: Path) -> None:
    def fault(doc: dict) -> None:
        doc["hands"][0]["actions"][7] = {"seat": 1, "play": "5-5"}

    done = run_check(tmp_path, _doc(fault))
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert set(out) == MEMBERS | {"error"} and out["ok"] is False
    assert out["error"]["hand"] == 0 and out["error"]["action"] == 7
    assert "follow" in out["error"]["message"]
    assert out["hands"][0]["tricks"] == [{"leader": 2, "plays": ["6-4", "6-6"], "winner": None}]
    assert out["to_act"] == {"seat": 1, "kind": "play"}


def test_exit_1_for_a_wrong_dealer_with_a_null_action(tmp_path: Path) -> None:
    def fault(doc: dict) -> None:
        doc["game"] = "texas42"
        doc["options"] = {}
        doc["hands"] = [hand_entry("texas42", D4, dealer=0)]  # seat 0 holds 1-0: seat 3 deals

    done = run_check(tmp_path, _doc(fault))
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert out["error"]["hand"] == 0 and out["error"]["action"] is None
    assert out["hands"] == []


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["hands"][0]["actions"].__setitem__(5, {"seat": 2, "play": "6-0"}), 5),
        (lambda d: d["hands"][0]["actions"].__setitem__(4, {"seat": 2, "trump": "seven"}), 4),
        (lambda d: d["hands"][0]["actions"].__setitem__(0, {"seat": 3, "bid": 5}), 0),
    ],
    ids=["tile the set lacks", "trump not offered", "seat not of the game"],
)
def test_exit_1_for_well_formed_values_that_break_the_rules(
    tmp_path: Path, change: Any, where: int
) -> None:
    done = run_check(tmp_path, _doc(change))
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"]["action"] == where


def _set(path: list, value: Any):
    def change(doc: dict) -> None:
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


NOT_RECORDS = [
    ("not JSON", "{not json"),
    ("empty file", ""),
    ("not UTF-8", b"\xff\xfe{}"),
    ("not an object", "[1, 2, 3]"),
    ("a number", "42"),
    ("wrong format", _doc(_set(["format"], "moon42/0"))),
    ("wrong game", _doc(_set(["game"], "moon"))),
    ("unknown option", _doc(_set(["options", "wild_doubles"], True))),
    ("option not fitting the game", _doc(_set(["options", "plunge"], True))),
    ("bad target", _doc(_set(["options", "target"], 0))),
    ("fractional target", _doc(_set(["options", "target"], 10.5))),
    ("bad option value", _doc(_set(["options", "no_trump_doubles"], "sideways"))),
    ("malformed tile in a deal", _doc(_set(["hands", 0, "deal", 1, 0], "6-7"))),
    ("malformed tile in a play", _doc(_set(["hands", 0, "actions", 6, "play"], "66"))),
    ("deal not the right set", _doc(_set(["hands", 0, "widow"], ["2-0"]))),
    (
        "a seat dealt six",
        _doc(_set(["hands", 0, "deal", 0], ["6-6", "6-5", "5-4", "4-4", "3-1", "2-2"])),
    ),
    (
        "action with two kinds",
        _doc(_set(["hands", 0, "actions", 0], {"seat": 0, "bid": 5, "play": "6-6"})),
    ),
    ("action with no kind", _doc(_set(["hands", 0, "actions", 0], {"seat": 0}))),
    ("seat not whole", _doc(_set(["hands", 0, "actions", 0, "seat"], 0.5))),
    ("dealer not whole", _doc(_set(["hands", 0, "dealer"], "two"))),
    ("bid not whole", _doc(_set(["hands", 0, "actions", 0, "bid"], 4.5))),
    ("bid a string", _doc(_set(["hands", 0, "actions", 0, "bid"], "5"))),
    ("trump not a string", _doc(_set(["hands", 0, "actions", 4, "trump"], 6))),
    ("tile with a trailing newline", _doc(_set(["hands", 0, "deal", 0, 0], "6-6\n"))),
    ("options not an object", _doc(_set(["options"], []))),
]


@pytest.mark.parametrize(
    "content", [c for _, c in NOT_RECORDS], ids=[name for name, _ in NOT_RECORDS]
)
def test_exit_2_prints_nothing_on_stdout_and_a_reason_on_stderr(
    tmp_path: Path, content: str | bytes
) -> None:
    done = run_check(tmp_path, content)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip()) > 10


def test_exit_2_for_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "moon42.app", "check", str(tmp_path / "missing.json")],
        cwd=MAIN,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == "" and done.stderr.strip()


def test_exit_2_even_where_an_earlier_action_breaks_a_rule(tmp_path: Path) -> None:
    def change(doc: dict) -> None:
        doc["hands"][0]["actions"][0] = {"seat": 2, "bid": 5}  # out of turn
        doc["hands"][0]["actions"][7] = {"seat": 1, "play": "x-3"}  # not a tile

    done = run_check(tmp_path, _doc(change))
    assert done.returncode == 2 and done.stdout == ""


def test_a_bid_of_5_0_is_accepted_as_5(tmp_path: Path) -> None:
    done = run_check(tmp_path, _doc(_set(["hands", 0, "actions", 0, "bid"], 5.0)))
    assert done.returncode == 0
    assert '"bid": 5.0' in _doc(_set(["hands", 0, "actions", 0, "bid"], 5.0))
    out = json.loads(done.stdout)
    assert out["ok"] is True and out["hands"][0]["bid"] == 6


def test_a_whole_float_bid_that_wins_is_reported_as_a_whole_number(tmp_path: Path) -> None:
    def change(doc: dict) -> None:
        doc["hands"][0]["actions"][2] = {"seat": 2, "bid": 6.0}

    done = run_check(tmp_path, _doc(change))
    assert done.returncode == 0
    bid = json.loads(done.stdout)["hands"][0]["bid"]
    assert bid == 6 and type(bid) is int
    assert "6.0" not in done.stdout


def test_standard_input_with_dash(tmp_path: Path) -> None:
    done = run_check_stdin(_doc())
    assert done.returncode == 0
    assert json.loads(done.stdout) == json.loads(run_check(tmp_path, _doc()).stdout)
    bad = run_check_stdin("[]")
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.strip()
    faulty = run_check_stdin(_doc(_set(["hands", 0, "actions", 0], {"seat": 1, "bid": 5})))
    assert faulty.returncode == 1 and json.loads(faulty.stdout)["ok"] is False


def test_members_not_in_the_format_and_players_are_ignored(tmp_path: Path) -> None:
    def change(doc: dict) -> None:
        doc["note"] = {"anything": [1, 2]}
        doc["players"] = 17
        doc["hands"][0]["comment"] = "ok"

    done = run_check(tmp_path, _doc(change))
    assert done.returncode == 0 and json.loads(done.stdout)["ok"] is True


# ----- hostile files and pipes (rules/RECORDS.md, "Limits") ------------------------------


def _with(extra: str) -> str:
    """The format's example with ``extra`` (JSON text) as one more member."""
    return _doc()[:-1] + f', "extra": {extra}}}'


HOSTILE = [
    ("100,000 nested arrays", "[" * 100_000 + "]" * 100_000),
    ("100,000 nested objects", '{"a":' * 100_000 + "1" + "}" * 100_000),
    ("100,000 arrays never closed", "[" * 100_000),
    ("nested 33 deep in an ignored member", _with("[" * 32 + "]" * 32)),
    ("an integer of 5,000 digits", _with("1" * 5000)),
    ("a number of 33 characters", _with("0." + "1" * 31)),
    ("a seed of 2^63", _doc(_set(["seed"], 2**63))),
    ("a target of 2^63", _doc(_set(["options", "target"], 2**63))),
    ("a target of 10,001", _doc(_set(["options", "target"], 10_001))),
    ("a member named twice", '{"format": "moon42/1", "format": "moon42/1", "game": "moon3"}'),
    ("NaN", _with("NaN")),
]


@pytest.mark.parametrize("content", [c for _, c in HOSTILE], ids=[n for n, _ in HOSTILE])
def test_a_hostile_file_is_not_a_record_and_no_traceback(tmp_path: Path, content: str) -> None:
    done = run_check(tmp_path, content)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and len(done.stderr) < 300


def test_a_file_over_3_mib_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(3 * 1024 * 1024 + 1)  # a sparse file: nothing to read, all to refuse
    done = run_check(tmp_path, path.read_bytes())
    assert done.returncode == 2 and "larger than 3 MiB" in done.stderr
    big = "[" + " " * (3 * 1024 * 1024) + "]"
    done = run_check_stdin(big)
    assert done.returncode == 2 and "larger than 3 MiB" in done.stderr


def test_a_2_mb_string_is_quoted_in_40_characters(tmp_path: Path) -> None:
    done = run_check(tmp_path, _doc(_set(["hands", 0, "actions", 6, "play"], "x" * 2_000_000)))
    assert done.returncode == 2
    assert "x" * 41 not in done.stderr and len(done.stderr) < 300
    faulty = _doc(_set(["hands", 0, "actions", 4], {"seat": 2, "trump": "y" * 2_000_000}))
    done = run_check(tmp_path, faulty)
    assert done.returncode == 1
    assert len(json.loads(done.stdout)["error"]["message"]) < 200


def _long_record() -> str:
    """Three hundred hands all passed: a record whose check output is far over a pipe's 64 KiB."""
    from moon42.rules import Game
    from moon42.rules.actions import Pass
    from moon42.rules.record import game_to_record

    game = Game.new("moon4", seed=5)
    for _ in range(300):
        while game.to_act is not None:
            game.apply(Pass(game.to_act.seat))
        game.next_hand()
    return json.dumps(game_to_record(game))


@pytest.mark.parametrize(("change", "verdict"), [(None, 0), ("fault", 1)])
def test_a_reader_that_stops_early_gets_no_traceback_and_the_verdict(
    tmp_path: Path, change: str | None, verdict: int
) -> None:
    doc = json.loads(_long_record())
    if change == "fault":  # a late hand's first call out of turn
        last = doc["hands"][-2]
        last["actions"][0]["seat"] = (last["actions"][0]["seat"] + 1) % 4
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    # As ``moon42 check long.json | head -c 100``: read a little, then close the pipe.
    process = subprocess.Popen([sys.executable, "-m", "moon42.app", "check", str(path)],
                               cwd=MAIN, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.read(100)
    process.stdout.close()
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == verdict
    assert first.startswith(b"{") and err == ""


def test_a_legal_record_just_under_3_mib_is_checked(tmp_path: Path) -> None:
    # Thousands of whole hands, played from seeded deals, repeated in the dealers' turn:
    # as large a record as the limit allows is read and replayed, not refused.
    rng = random.Random(7)
    game = Game.new("texas42", {"target": 10000}, seed=7)
    for _ in range(8):  # two turns of the four dealers
        while game.hand_in_progress and game.to_act is not None:
            game.apply(rng.choice(game.legal_actions()))
        game.next_hand()
    doc = game_to_record(game)
    cycle = doc["hands"][:8]
    doc["hands"] = []
    limit = 3 * 1024 * 1024
    while len(json.dumps(doc)) + len(json.dumps(cycle)) < limit:
        doc["hands"].extend(cycle)
    content = json.dumps(doc)
    assert limit - 100_000 < len(content) <= limit
    done = run_check(tmp_path, content)
    assert done.returncode == 0, done.stderr[-300:]
    assert json.loads(done.stdout)["ok"] is True
