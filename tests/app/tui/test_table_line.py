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
