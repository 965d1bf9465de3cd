"""The tables list tells what one would join: the game, target, house rules, bots' level,
seats taken and free, waiting or at hand N, watchers, private; a full table offers to
watch."""

from __future__ import annotations

from moon42.app.play.seats import Sitter
from moon42.app.play.table import Table
from moon42.app.tui.screens.tables import table_line


def sitter(name: str) -> Sitter:
    return Sitter(f"key-{name}", name, f"s-{name}", by_key=True)


def test_a_waiting_private_table_says_its_rules_level_and_free_seats():
    t = Table(4, "texas42", {"forced_bid": True, "target": 3}, seed=1, gather=True,
              level="hard", codes=lambda: "1")
    t.take(sitter("ann"), lambda m: None)
    t.set_private(sitter("ann"), True)
    assert table_line(t.summary()) == ("4. Texas 42 to 3, forced bid; hard bots; waiting: "
                                       "ann (3 free); private")


def test_a_full_waiting_table_offers_to_watch_and_a_table_in_play_says_its_hand():
    t = Table(5, "moon3", seed=1, gather=True, codes=lambda: "1")
    for name in ("ann", "bob", "cat"):
        t.take(sitter(name), lambda m: None)
    assert table_line(t.summary()).endswith("waiting: ann, bob, cat; full: w watches")
    t.start(sitter("ann"))
    t.drop(sitter("cat"))
    assert table_line(t.summary()) == ("5. Moon for 3 to 21; novice bots; hand 1: ann, bob, "
                                       "cat (away)")


def test_a_match_says_its_deal_and_is_over_once_its_result_is_out():
    from moon42.app.play.club_match import ClubMatch, MatchTable
    from moon42.rules.options import options_for

    options = options_for("texas42", {})
    match = ClubMatch(options, 3, deals=1)
    a, b = (MatchTable(match, letter, number, "texas42", options, seed=3, pace=0,
                       codes=lambda: "1") for number, letter in ((1, "A"), (2, "B")))
    match.seat(a, b)
    ann = sitter("ann")
    a.take(ann, lambda m: None)
    a.start(ann)
    assert table_line(a.summary()).startswith("1. Texas 42 match, table A (with 2); novice "
                                              "bots; deal 1 of 1: ann, ")
    for _ in range(500):
        if match.compared:
            break
        for table in (a, b):
            turn = table.game.to_act
            if turn is not None and table.seats[turn.seat].player == ann.player:
                table.act(ann, table.game.legal_actions()[0])
            elif turn is not None:
                table.bot_step()
    assert match.compared  # the result is out; Ann has not read it yet
    assert table_line(a.summary()).startswith("1. Texas 42 match, table A (with 2); novice "
                                              "bots; over: ann, ")
    assert table_line(b.summary()).startswith("2. Texas 42 match, table B (with 1); novice "
                                              "bots; over: ")
