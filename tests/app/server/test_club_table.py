"""A club table's life end to end, through the SSH door: two real OpenSSH clients in tmux.

Ann opens a table that gathers (nothing is dealt), Bob joins and picks the seat facing her,
Ann deals; then nobody presses a key: the move clock (5 s here) makes their bids and plays
for them, and the hand and the game go on to the end.  Each gets the game's record in their
own folder, and both play again at the same seats.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moon42.app.play.records import APP_MEMBER
from moon42.rules.check import check_document
from moon42.rules.record import parse_record

from .harness import GATHERING, Server, Tmux, wait_until
from .test_shared_tables import AT_TABLE, at_the_tables, hand_tiles, seated

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh", "tmux")]  # servers and app processes


def test_a_table_gathers_its_idle_players_turns_are_played_and_each_gets_the_record(
        tmp_path: Path) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "server"), "--table-pace", "0", "--move-clock", "5")
    lobby = tmp_path / "server" / "players" / "guest-ann" / "data" / "lobby.json"
    lobby.parent.mkdir(parents=True)
    # One mark wins, and the dealer must bid: the game is one hand.
    lobby.write_text(json.dumps({"game": "texas42", "difficulty": "easy",
                                 "bots": ["normal"] * 4,
                                 "options": {"target": 1, "forced_bid": True}}))
    tmux = Tmux()
    try:
        at_the_tables(tmux, server, ("ann", "bob"))
        tmux.keys("ann", "o")
        seated(tmux, "ann")
        tmux.wait_for("ann", GATHERING)
        tmux.keys("bob", "r")
        listed = tmux.wait_for("bob", "1. Texas 42 to 1")
        assert "forced bid" in listed and "easy bots; waiting: ann? (3 free)" in listed
        tmux.keys("bob", "1", "Enter")
        seated(tmux, "bob")
        tmux.wait_for("bob", GATHERING)
        tmux.keys("bob", "3")  # the seat facing ann: her partner
        tmux.wait_for("ann", "3. bob?")
        assert not hand_tiles(tmux.screen("ann"))  # nothing is dealt while it gathers
        tmux.keys("ann", "Enter")
        wait_until(lambda: GATHERING not in tmux.screen("bob"), what="the deal",
                   shown=lambda: tmux.screens("ann", "bob"))
        # Nobody presses a key from here on.
        tmux.wait_for("bob", "s left to move")  # the countdown, at bob's or ann's turn
        tmux.wait_for("ann", "took too long: played for them")
        for name in ("ann", "bob"):
            wait_until(lambda n=name: "game over" in tmux.screen(n)
                       or "Press Enter for the next hand" in tmux.screen(n),
                       what="the hand's end", timeout=300,
                       shown=lambda: tmux.screens("ann", "bob"))
            if "game over" not in tmux.screen(name):
                tmux.keys(name, "Enter")
            tmux.wait_for(name, "game over", timeout=300)
        records = {}
        for name in ("ann", "bob"):
            folder = tmp_path / "server" / "players" / f"guest-{name}" / "data" / "records"
            wait_until(lambda f=folder: list(f.glob("texas42-*-table1-ann-*-bob-*.json")),
                       what=f"{name}'s record")
            found = list(folder.glob("*.json"))
            assert len(found) == 1, found
            records[name] = json.loads(found[0].read_text())
            assert check_document(parse_record(records[name]))[1] is None
        assert records["ann"][APP_MEMBER]["game_id"] == records["bob"][APP_MEMBER]["game_id"]
        # Play again, at the same seats: each says so.
        tmux.keys("ann", "n")
        tmux.wait_for("ann", "Texas 42 again")
        tmux.keys("bob", "n")
        for name in ("ann", "bob"):
            wait_until(lambda n=name: "Hand 1 ·" in tmux.screen(n) and AT_TABLE
                       in tmux.screen(n), what="the next game",
                       shown=lambda: tmux.screens("ann", "bob"))
        assert any("bob?" in line and "your partner" in line  # dealer or not
                   for line in tmux.screen("ann").splitlines())
        for name in ("ann", "bob"):
            tmux.keys(name, "Escape")
            tmux.wait_for(name, "Shared tables")
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
