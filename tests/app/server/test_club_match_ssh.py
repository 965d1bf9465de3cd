"""A club match end to end, through the SSH door: two real OpenSSH clients in tmux.

Ann opens a match (m on the tables screen), Bob sits at its table B, Ann starts it; bots
play the six other seats.  Both press Enter until the match's result, which both see with
each side's total; each has the match's record in their folder, and it replays."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from moon42.app.play.match_record import load_match

from .harness import PATIENCE, Server, Tmux, stuck, wait_until
from .test_shared_tables import at_the_tables, seated

RESEND = 10.0  # seconds after which an Enter that changed nothing is sent again

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh", "tmux")]  # servers and app processes


def test_two_players_play_a_match_at_its_two_tables_through_the_ssh_door(
        tmp_path: Path) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "server"), "--table-pace", "0")
    for name in ("ann", "bob"):
        lobby = tmp_path / "server" / "players" / f"guest-{name}" / "data" / "lobby.json"
        lobby.parent.mkdir(parents=True)
        lobby.write_text(json.dumps({"game": "texas42"}))
    tmux = Tmux()
    try:
        at_the_tables(tmux, server, ("ann", "bob"))
        tmux.keys("ann", "m")
        seated(tmux, "ann")
        tmux.wait_for("ann", "Texas 42 match, table A of tables 1 (A) and 2 (B)")
        tmux.keys("bob", "r")
        tmux.wait_for("bob", "2. Texas 42 match, table B (with 1)")
        tmux.keys("bob", "2", "Enter")
        seated(tmux, "bob")
        tmux.wait_for("bob", "The opener of table A (* there) starts")
        tmux.keys("ann", "Enter")
        # Every turn, summary and comparison: Enter, one at a time.  A player's next Enter
        # waits until the last one has changed the screen (or RESEND seconds), so no Enter
        # is left waiting to land on the result, which Enter leaves; the match may take as
        # long as it likes while each player's screen keeps changing.
        done: set[str] = set()
        sent = {name: ("", 0.0) for name in ("ann", "bob")}
        seen = {name: ("", time.monotonic()) for name in ("ann", "bob")}
        while done != {"ann", "bob"}:
            for name in {"ann", "bob"} - done:
                screen = tmux.screen(name)
                if screen != seen[name][0]:
                    seen[name] = (screen, time.monotonic())
                assert time.monotonic() < seen[name][1] + PATIENCE, \
                    f"{name}'s screen stopped changing\n" + stuck(tmux, server, "ann", "bob")
                assert "CLIENT-ENDED" not in screen, \
                    f"{name}'s app ended\n" + stuck(tmux, server, "ann", "bob")
                if "the result" in screen:
                    done.add(name)
                    continue
                before, at = sent[name]
                if screen != before or time.monotonic() > at + RESEND:
                    tmux.keys(name, "Enter")
                    sent[name] = (screen, time.monotonic())
            time.sleep(0.3)
        for name in ("ann", "bob"):
            def at_the_end(n: str = name) -> bool:
                tmux.keys(n, "PageDown")  # the result's last lines: each side's total
                return "seats 1 & 3 (ann? & Bot C at A, bob? & Bot C at B)" in tmux.screen(n)

            wait_until(at_the_end, every=0.5, what=f"{name}'s result",
                       shown=lambda: tmux.screens("ann", "bob"))
        for name, table in (("ann", 0), ("bob", 1)):
            folder = tmp_path / "server" / "players" / f"guest-{name}" / "data" / "records"
            found = list(folder.glob("match-texas42-*-tables1-2.json"))
            assert len(found) == 1, found
            match = load_match(found[0])
            assert len(match.deals) == 4
            assert f"{name}?" in match.deals[0][table].players
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
