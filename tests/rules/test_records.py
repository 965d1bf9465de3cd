"""rules/RECORDS.md: records out and in, their form (RecordError) and their faults (RuleError)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from moon42.rules import Game, Phase, RecordError, RuleError, Trump, parse_tile
from moon42.rules.actions import (
    Bid,
    Discard,
    NameTrump,
    Pass,
    Play,
    Plunge,
    Splash,
    action_to_record,
)
from moon42.rules.check import check_document
from moon42.rules.record import game_from_record, game_to_record, parse_record, replay
from tests.rules.positions import D4, D4_PLAYS, M3, M3_PLAYS, moon3_doc
from tests.rules.support import act, auction, build, hand_entry, record


def test_the_record_format_example_replays() -> None:
    g = game_from_record(moon3_doc())
    assert g.players == ("You", "Ada (bot: expert)", "Bo (bot: normal)")
    assert g.to_act == (0, "play")
    trick = g.view(0).tricks[0]
    assert (trick.leader, trick.winner) == (2, 0)
    assert g.view(2).discard == parse_tile("4-1")
    assert g.view(0).tricks_won == (1, 0, 0)


def test_game_to_record_writes_the_documented_members() -> None:
    g = game_from_record(moon3_doc())
    doc = game_to_record(g)
    assert doc["format"] == "moon42/1" and doc["game"] == "moon3"
    assert doc["options"] == g.options.to_dict()
    assert doc["players"] == ["You", "Ada (bot: expert)", "Bo (bot: normal)"]
    hand = doc["hands"][0]
    original = moon3_doc()["hands"][0]
    assert hand["dealer"] == 2 and hand["widow"] == ["3-2"]
    assert [sorted(h) for h in hand["deal"]] == [sorted(h) for h in original["deal"]]
    assert hand["actions"] == original["actions"]
    assert json.loads(json.dumps(doc)) == doc


def test_tiles_may_be_written_either_way_round_and_come_out_larger_first() -> None:
    doc = moon3_doc()
    hand = doc["hands"][0]
    hand["deal"][0] = ["6-6", "5-6", "4-5", "4-4", "1-3", "2-2", "1-1"]
    hand["widow"] = ["2-3"]
    hand["actions"][3] = {"seat": 2, "discard": "1-4"}
    hand["actions"][5] = {"seat": 2, "play": "4-6"}
    out = game_to_record(game_from_record(doc))["hands"][0]
    assert "6-5" in out["deal"][0] and "5-4" in out["deal"][0] and "3-1" in out["deal"][0]
    assert out["widow"] == ["3-2"]
    assert out["actions"][3] == {"seat": 2, "discard": "4-1"}
    assert out["actions"][5] == {"seat": 2, "play": "6-4"}


def test_a_record_round_trips_through_json() -> None:
    g = build("moon4", D4, dealer=3)
    auction(g, {0: 5})
    act(g, "6", *D4_PLAYS[:3], "6-3")
    doc = game_to_record(g)
    again = game_from_record(json.loads(json.dumps(doc)))
    assert game_to_record(again) == doc
    assert again.view(2) == g.view(2)
    assert again.to_act == g.to_act == (1, "play")


def test_a_record_may_stop_between_hands_and_the_seed_deals_on() -> None:
    g = Game.new("texas42", seed=1234, players=["A", "B", "C", "D"])
    auction(g, {})
    doc = game_to_record(g)
    assert doc["seed"] == 1234
    again = game_from_record(doc)
    assert again.phase is Phase.HAND_OVER and again.to_act is None
    g.next_hand()
    again.next_hand()
    assert game_to_record(again) == game_to_record(g)


def test_actions_in_record_form() -> None:
    t = parse_tile("4-6")
    assert action_to_record(Bid(1, 30)) == {"seat": 1, "bid": 30}
    assert action_to_record(Pass(2)) == {"seat": 2, "bid": "pass"}
    assert action_to_record(Plunge(0)) == {"seat": 0, "bid": "plunge"}
    assert action_to_record(Splash(3)) == {"seat": 3, "bid": "splash"}
    assert action_to_record(Discard(2, t)) == {"seat": 2, "discard": "6-4"}
    assert action_to_record(NameTrump(2, Trump.DOUBLES)) == {"seat": 2, "trump": "doubles"}
    assert action_to_record(NameTrump(2, Trump.NO_TRUMP)) == {"seat": 2, "trump": "none"}
    assert action_to_record(Play(0, t)) == {"seat": 0, "play": "6-4"}


def test_a_bid_of_5_0_counts_as_5_and_whole_float_seats_too() -> None:
    doc = moon3_doc()
    doc["hands"][0]["actions"][0] = {"seat": 0.0, "bid": 5.0}
    doc["hands"][0]["dealer"] = 2.0
    g = game_from_record(doc)
    assert g.view(1).bids[0].value == 5
    assert game_to_record(g)["hands"][0]["actions"][0] == {"seat": 0, "bid": 5}


def test_members_not_named_in_the_format_are_ignored() -> None:
    doc = moon3_doc()
    doc["comment"] = "a friendly game"
    doc["hands"][0]["note"] = "first hand"
    doc["hands"][0]["actions"][0]["thinking"] = 12
    del doc["players"]
    g = game_from_record(doc)
    assert g.to_act == (0, "play")
    doc["players"] = "not a list"
    assert game_from_record(doc).to_act == (0, "play")


def test_options_may_be_left_out_and_take_their_defaults() -> None:
    doc = moon3_doc()
    del doc["options"]
    defaults = game_from_record(moon3_doc()).options.to_dict()
    assert game_from_record(doc).options.to_dict() == defaults


def _mutate(path: list, value: Any = None, delete: bool = False) -> dict:
    doc = moon3_doc()
    node = doc
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


NOT_A_RECORD = [
    ("a list", [], "object"),
    ("a string", "moon42/1", "object"),
    ("no format", _mutate(["format"], delete=True), "format"),
    ("wrong format", _mutate(["format"], "moon42/2"), "format"),
    ("wrong game", _mutate(["game"], "moon5"), "game"),
    ("unknown option", _mutate(["options", "jokers"], True), "unknown option"),
    ("option of another game", _mutate(["options", "nello"], True), "does not fit"),
    (
        "option of moon3 in moon4",
        {**moon3_doc(), "game": "moon4", "options": {"trump_before_widow": True}},
        "does not fit",
    ),
    ("target zero", _mutate(["options", "target"], 0), "target"),
    ("target not whole", _mutate(["options", "target"], 7.5), "target"),
    ("target a string", _mutate(["options", "target"], "21"), "target"),
    ("bad min_bid", _mutate(["options", "min_bid"], 6), "min_bid"),
    ("bad scoring", _mutate(["options", "scoring"], "tricks"), "scoring"),
    ("flag not a bool", _mutate(["options", "forced_bid"], "yes"), "forced_bid"),
    ("options not an object", _mutate(["options"], [1]), "options"),
    ("hands not a list", _mutate(["hands"], {}), "hands"),
    ("hand not an object", _mutate(["hands", 0], "x"), "hand 0"),
    ("no dealer", _mutate(["hands", 0, "dealer"], delete=True), "dealer"),
    ("dealer not whole", _mutate(["hands", 0, "dealer"], 1.5), "dealer"),
    ("dealer a string", _mutate(["hands", 0, "dealer"], "2"), "dealer"),
    ("dealer a bool", _mutate(["hands", 0, "dealer"], True), "dealer"),
    ("malformed tile in the deal", _mutate(["hands", 0, "deal", 0, 0], "7-7"), "not a tile"),
    ("tile not a string", _mutate(["hands", 0, "deal", 0, 0], 66), "not a tile"),
    ("malformed tile in the widow", _mutate(["hands", 0, "widow"], ["3/2"]), "not a tile"),
    ("malformed play", _mutate(["hands", 0, "actions", 5, "play"], "6-44"), "not a tile"),
    ("malformed discard", _mutate(["hands", 0, "actions", 3, "discard"], "four-one"), "not a tile"),
    ("six tiles for a seat", _mutate(["hands", 0, "deal", 0, 6], delete=True), "7 tiles"),
    ("two seats dealt", _mutate(["hands", 0, "deal", 2], delete=True), "3 hands"),
    ("a tile twice", _mutate(["hands", 0, "deal", 0, 0], "6-3"), "each once"),
    ("a tile of another set", _mutate(["hands", 0, "widow"], ["6-0"]), "each once"),
    ("no widow", _mutate(["hands", 0, "widow"], delete=True), "each once"),
    ("two widow tiles", _mutate(["hands", 0, "widow"], ["3-2", "0-0"]), "each once"),
    ("action not an object", _mutate(["hands", 0, "actions", 0], 5), "action 0"),
    ("action of no kind", _mutate(["hands", 0, "actions", 0], {"seat": 0}), "no kind"),
    (
        "action of two kinds",
        _mutate(["hands", 0, "actions", 5], {"seat": 2, "play": "6-4", "discard": "6-4"}),
        "play and discard|discard and play",
    ),
    ("action with no seat", _mutate(["hands", 0, "actions", 0], {"bid": 5}), "seat"),
    ("seat not whole", _mutate(["hands", 0, "actions", 0, "seat"], 0.5), "seat"),
    ("seat a string", _mutate(["hands", 0, "actions", 0, "seat"], "0"), "seat"),
    ("bid not whole", _mutate(["hands", 0, "actions", 0, "bid"], 5.5), "bid"),
    ("bid a word", _mutate(["hands", 0, "actions", 0, "bid"], "five"), "bid"),
    ("bid a bool", _mutate(["hands", 0, "actions", 0, "bid"], True), "bid"),
    ("bid null", _mutate(["hands", 0, "actions", 0, "bid"], None), "bid"),
    ("plunge in Moon", _mutate(["hands", 0, "actions", 0, "bid"], "plunge"), "bid"),
    ("trump not a string", _mutate(["hands", 0, "actions", 4, "trump"], 6), "trump"),
    ("actions not a list", _mutate(["hands", 0, "actions"], {}), "actions"),
    ("tile with a trailing newline", _mutate(["hands", 0, "deal", 0, 0], "6-6\n"), "not a tile"),
    (
        "play with a trailing newline",
        _mutate(["hands", 0, "actions", 5, "play"], "6-4\n"),
        "not a tile",
    ),
    ("options an empty list", _mutate(["options"], []), "options"),
    ("options false", _mutate(["options"], False), "options"),
    ("options zero", _mutate(["options"], 0), "options"),
    ("options an empty string", _mutate(["options"], ""), "options"),
]


def _moon4_widow(value: Any) -> dict:
    doc = record("moon4", [hand_entry("moon4", D4, dealer=3)])
    doc["hands"][0]["widow"] = value
    return doc


NOT_A_RECORD += [
    ("widow an object", _moon4_widow({}), "widow"),
    ("widow zero", _moon4_widow(0), "widow"),
    ("widow an empty string", _moon4_widow(""), "widow"),
    ("widow false", _moon4_widow(False), "widow"),
]


@pytest.mark.parametrize(
    ("doc", "message"),
    [(d, m) for _, d, m in NOT_A_RECORD],
    ids=[name for name, _, _ in NOT_A_RECORD],
)
def test_a_document_that_is_not_a_record_is_refused_with_a_reason(doc: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_record(doc)


def test_the_form_is_checked_before_any_rule_is_replayed() -> None:
    doc = moon3_doc()
    doc["hands"][0]["actions"][0] = {"seat": 1, "bid": 5}  # out of turn: a rule fault
    doc["hands"][0]["actions"][6] = {"seat": 0, "play": "9-9"}  # a form fault later on
    with pytest.raises(RecordError, match="not a tile"):
        parse_record(doc)


def _fault(doc: dict):
    game, fault = replay(parse_record(doc))
    assert fault is not None
    return game, fault


@pytest.mark.parametrize(
    ("action_index", "entry", "message"),
    [
        (0, {"seat": 1, "bid": 5}, "out of turn"),
        (0, {"seat": 0, "bid": 3}, "not a Moon bid"),
        (2, {"seat": 2, "bid": 5}, "not higher"),
        (3, {"seat": 0, "discard": "4-1"}, "out of turn"),
        (3, {"seat": 2, "discard": "5-5"}, "does not hold"),
        (3, {"seat": 2, "trump": "6"}, "cannot trump now"),
        (4, {"seat": 2, "trump": "seven"}, "not a trump"),
        (4, {"seat": 2, "trump": "nello"}, "not offered"),
        (5, {"seat": 2, "play": "6-0"}, "does not hold"),  # a tile of no moon22 set
        (7, {"seat": 1, "play": "5-5"}, "must follow trump"),
        (7, {"seat": 3, "play": "5-5"}, "not a seat"),
        (0, {"seat": -1, "bid": 5}, "not a seat"),
    ],
)
def test_a_record_that_breaks_a_rule_is_a_fault_at_that_action(
    action_index: int, entry: dict, message: str
) -> None:
    doc = moon3_doc()
    doc["hands"][0]["actions"][action_index] = entry
    game, fault = _fault(doc)
    assert (fault.hand, fault.action) == (0, action_index)
    assert message in fault.message
    assert len(game_to_record(game)["hands"][0]["actions"]) == action_index
    with pytest.raises(RuleError, match=f"hand 0, action {action_index}"):
        game_from_record(doc)


def test_the_record_format_example_fault_message_names_the_tile_held() -> None:
    doc = moon3_doc()
    doc["hands"][0]["actions"][7] = {"seat": 1, "play": "5-5"}
    _, fault = _fault(doc)
    assert "seat 1" in fault.message and "6-3" in fault.message


def test_an_action_after_the_hand_is_over_is_a_fault() -> None:
    hand = hand_entry(
        "moon4", D4, dealer=3, actions=[{"seat": s, "bid": "pass"} for s in (0, 1, 2, 3)]
    )
    hand["actions"].append({"seat": 0, "bid": 4})
    _, fault = _fault(record("moon4", [hand]))
    assert (fault.hand, fault.action) == (0, 4) and "over" in fault.message


def test_a_new_hand_while_the_last_is_unfinished_is_a_fault_of_the_hand() -> None:
    first = hand_entry("moon4", D4, dealer=3, actions=[{"seat": 0, "bid": 4}])
    second = hand_entry("moon4", D4, dealer=0)
    game, fault = _fault(record("moon4", [first, second]))
    assert (fault.hand, fault.action) == (1, None) and "not finished" in fault.message
    assert len(game_to_record(game)["hands"]) == 1


def test_a_wrong_dealer_is_a_fault_of_the_hand() -> None:
    first = hand_entry(
        "moon4", D4, dealer=3, actions=[{"seat": s, "bid": "pass"} for s in (0, 1, 2, 3)]
    )
    second = hand_entry("moon4", D4, dealer=2)
    game, fault = _fault(record("moon4", [first, second]))
    assert (fault.hand, fault.action) == (1, None)
    assert game.phase is Phase.HAND_OVER and len(game.results) == 1


def test_check_document_of_a_partial_hand() -> None:
    doc, fault = check_document(parse_record(moon3_doc()))
    assert fault is None
    assert doc == {
        "ok": True,
        "hands": [
            {
                "dealer": 2,
                "bidder": 2,
                "bid": 6,
                "trump": "6",
                "tricks": [{"leader": 2, "plays": ["6-4", "6-6", "6-3"], "winner": 0}],
                "tricks_won": [1, 0, 0],
                "points": [1, 0, 0],
                "made": None,
                "score": [0, 0, 0],
                "complete": False,
            }
        ],
        "scores": [0, 0, 0],
        "winner": None,
        "to_act": {"seat": 0, "kind": "play"},
    }


def test_check_document_of_a_fault_counts_the_hand_already_complete() -> None:
    hand = hand_entry("moon3", M3, widow="0-0", dealer=2)
    actions = [
        {"seat": 0, "bid": 5},
        {"seat": 1, "bid": "pass"},
        {"seat": 2, "bid": "pass"},
        {"seat": 0, "discard": "0-0"},
        {"seat": 0, "trump": "6"},
    ]
    order = [0, 1, 2]
    for trick in [*M3_PLAYS, "2-1 2-2 1-1"]:
        for seat, t in zip(order, trick.split(), strict=True):
            actions.append({"seat": seat, "play": t})
    actions.append({"seat": 1, "play": "2-2"})
    hand["actions"] = actions
    doc, fault = check_document(parse_record(record("moon3", [hand])))
    assert doc["ok"] is False
    assert doc["error"]["hand"] == 0 and doc["error"]["action"] == len(actions) - 1
    assert doc["error"]["message"]
    assert doc["hands"][0]["complete"] is True and doc["hands"][0]["made"] is True
    assert doc["scores"] == [5, 1, 0] and doc["to_act"] is None
    assert set(doc) == {"ok", "hands", "scores", "winner", "to_act", "error"}


def test_check_document_of_a_thrown_in_hand() -> None:
    hand = hand_entry(
        "moon4", D4, dealer=3, actions=[{"seat": s, "bid": "pass"} for s in (0, 1, 2, 3)]
    )
    doc, _ = check_document(parse_record(record("moon4", [hand])))
    entry = doc["hands"][0]
    assert entry["bidder"] is None and entry["bid"] is None and entry["trump"] is None
    assert entry["made"] is None and entry["complete"] is True and entry["tricks"] == []
    assert doc["to_act"] is None


def test_check_document_winner_is_a_seat_or_a_sorted_list_of_two() -> None:
    hand = hand_entry("moon4", {0: "6-6 6-5 6-4 6-3 6-2 6-1 6-0"}, dealer=3)
    g = game_from_record(record("moon4", [hand]))
    auction(g, {0: 21})
    act(g, "6")
    while g.phase is Phase.PLAY:
        legal = g.legal_actions()
        act(g, str(legal[-1 if g.to_act.seat == 0 else 0].tile))
    doc, _ = check_document(parse_record(game_to_record(g)))
    assert doc["winner"] == [0, 2] and doc["scores"] == [21, 0, 21, 0]
    g = build("moon3", M3, widow="0-0", dealer=2, options={"target": 5})
    auction(g, {0: 5})
    act(g, "0-0", "6", *M3_PLAYS, "2-1 2-2 1-1")
    doc, _ = check_document(parse_record(game_to_record(g)))
    assert doc["winner"] == 0 and doc["scores"] == [5, 1, 0]
