"""Shared tables end to end: two real OpenSSH clients in tmux at one table.

Every wait is for what the screen shows, with a deadline generous enough for a machine
that is busy with other work (two Textual apps and a server on two shared cores).
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

import pytest

from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.store import STATS_NAME, StatsStore
from tests.app.tui.helpers import tile_names

from .harness import (
    LOBBY_TITLE,
    PATIENCE,
    Server,
    Tmux,
    deal,
    my_turn,
    play_turns,
    processes_mentioning,
    wait_until,
)

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh", "tmux")]  # servers and app processes

CODE_ASKED = "Enter takes the seat"  # the seat code's dialog, ready for the digits

SUMMARY = "Press Enter for the next hand."
AT_TABLE = "esc Leave"


def hand_tiles(screen: str) -> set[str]:
    """The tiles named under the hand's pictures (the line after the boxes' bottoms; the
    tile under the cursor, at the player's turn to play, is drawn in heavy lines).  A name
    may carry a mark once trump is named (``4-2T``: a trump)."""
    lines = screen.splitlines()
    for i, line in enumerate(lines[:-1]):
        if line.lstrip()[:1] in ("└", "┗"):
            return tile_names(lines[i + 1])
    return set()


def play_until_summary(tmux: Tmux, names: list[str]) -> None:
    """Each player presses Enter (the first choice) at their turns until every one of them
    sees the hand's summary."""
    play_turns(tmux, names, done=lambda screen: SUMMARY in screen,
               turn=lambda screen: AT_TABLE in screen and my_turn(screen))


def sit_down(tmux: Tmux, name: str, key: str) -> str:
    tmux.wait_for(name, LOBBY_TITLE)
    tmux.keys(name, "t")
    tmux.wait_for(name, "Shared tables")
    tmux.keys(name, key)
    code = seated(tmux, name)
    if key == "o":  # the table gathers its players: its opener deals at once
        deal(tmux, name)
    tmux.wait_for(name, AT_TABLE)
    return code


def at_the_tables(tmux: Tmux, server: Server, names: tuple[str, ...]) -> None:
    """Each of ``names`` signs in as a guest over SSH and opens the tables screen."""
    for name in names:
        tmux.open(name, server.ssh(None, "-tt", user=name))
        tmux.wait_for(name, LOBBY_TITLE)
        tmux.keys(name, "t")
        tmux.wait_for(name, "Shared tables")


def seated(tmux: Tmux, name: str) -> str:
    """A guest who sits down is told the seat's code first; Enter goes on to the table
    (or to the hand's summary, if that is where the table is)."""
    told = tmux.wait_for(name, "This seat's code")
    tmux.keys(name, "Enter")
    wait_until(lambda: "This seat's code" not in tmux.screen(name), what="the table")
    match = re.search(r"^\s*│?\s*(\d{6})\s*│?\s*$", told, re.M)
    assert match, told
    return match.group(1)


def seat_code(tmux: Tmux, name: str) -> str:
    """The seat's code, as the table says it on ``c``."""
    tmux.keys(name, "c")
    shown = tmux.wait_for(name, "Seat code")
    match = re.search(r"Seat code (\d{6})", shown)
    assert match, shown
    return match.group(1)


def asked_for_the_code(tmux: Tmux, server: Server, terminal: str, user: str) -> None:
    """A new session as ``user`` is offered the seat its name holds, and asked its code."""
    tmux.open(terminal, server.ssh(None, "-tt", user=user))
    tmux.wait_for(terminal, LOBBY_TITLE)
    tmux.keys(terminal, "t")
    tmux.wait_for(terminal, "You hold a seat at table 1: type 1, Enter and give its seat code")
    tmux.keys(terminal, "1", "Enter")
    tmux.wait_for(terminal, CODE_ASKED)


def test_two_players_share_a_table_and_a_dropped_player_comes_back(tmp_path: Path) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "server"), "--seat-grace", "2", "--table-pace", "0")
    # Ann's last lobby set a target no hand can reach: a made moon (21 points) in the
    # first two hands would otherwise end the game before bob's connection drops.
    lobby = tmp_path / "server" / "players" / "guest-ann" / "data" / "lobby.json"
    lobby.parent.mkdir(parents=True)
    lobby.write_text(json.dumps({"game": "moon3", "options": {"target": 99}}))
    tmux = Tmux()
    try:
        tmux.open("ann", server.ssh(None, "-tt", user="ann"))
        tmux.open("bob", server.ssh(None, "-tt", user="bob"))
        sit_down(tmux, "ann", "o")  # ann opens a table...
        tmux.wait_for("bob", LOBBY_TITLE)
        tmux.keys("bob", "t")
        tmux.wait_for("bob", "1. Moon for 3")  # ...bob sees it listed, and sits
        tmux.keys("bob", "1", "Enter")
        code = seated(tmux, "bob")
        tmux.wait_for("bob", AT_TABLE)

        # Each sees their own hand, and only that: two different sets of tiles. Ann has not
        # moved yet: seven. Bob's seat may have: a bot played it until he sat down, and a bot
        # that wins the bid before ann's turn comes takes the widow and leads (the deal is
        # the table's own, random: about one deal in 250).
        def both_hands():
            hands = [hand_tiles(tmux.screen(n)) for n in ("ann", "bob")]
            return hands if len(hands[0]) == 7 and 6 <= len(hands[1]) <= 8 else None

        started = time.monotonic()
        ann_tiles, bob_tiles = wait_until(both_hands, what="both hands",
                                          shown=lambda: tmux.screens("ann", "bob"))
        print(f"both hands on screen {time.monotonic() - started:.1f} s after bob sat down")
        assert not ann_tiles & bob_tiles
        for name in ("ann", "bob"):
            screen = tmux.screen(name)
            assert "ann" in screen and "bob" in screen and "Bot C" in screen

        # While bob is signed in, nobody else is bob.
        impostor = subprocess.run(server.ssh(None, "-tt", user="bob"), capture_output=True,
                                  text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
        assert impostor.returncode == 255 and "'bob' is signed in" in impostor.stderr

        play_until_summary(tmux, ["ann", "bob"])
        assert "/99" in tmux.screen("bob")  # the table was opened with ann's house rules
        tmux.keys("ann", "Enter")
        tmux.keys("bob", "Enter")
        for name in ("ann", "bob"):
            wait_until(lambda n=name: SUMMARY not in tmux.screen(n), what="hand 2")

        # Bob's connection drops in the middle of the hand: after the grace, a bot plays
        # his seat and ann plays on to the end of the hand.
        assert seat_code(tmux, "bob") == code  # c says it again
        tmux._tmux("kill-session", "-t", "bob")
        tmux.wait_for("ann", "bob? (away")  # at once; then "(away, bot)" as the bot plays
        play_until_summary(tmux, ["ann"])

        # Someone else takes the name bob, now free: the seat is offered, but not given.
        asked_for_the_code(tmux, server, "eve", "bob")
        wrong = "000000" if code != "000000" else "111111"
        tmux.keys("eve", wrong, "Enter")
        tmux.wait_for("eve", "That is not the code of seat 2")
        tmux.keys("eve", "Escape")
        assert AT_TABLE not in tmux.screen("eve")
        tmux.keys("eve", "Escape")
        tmux.wait_for("eve", LOBBY_TITLE)
        tmux.keys("eve", "C-q")
        tmux.wait_for("eve", "CLIENT-ENDED 0")

        # Bob comes back, is offered his seat, and takes it back with its code.
        asked_for_the_code(tmux, server, "bob", "bob")
        tmux.keys("bob", code, "Enter")
        assert seated(tmux, "bob") == code  # the same seat, the same code
        tmux.wait_for("bob", SUMMARY)
        tmux.keys("ann", "Enter")
        tmux.keys("bob", "Enter")
        wait_until(lambda: len(hand_tiles(tmux.screen("bob"))) == 7, what="hand 3",
                   shown=lambda: tmux.screens("bob"))
        play_until_summary(tmux, ["ann", "bob"])

        # Leaving: back to the tables, and on out.
        for name in ("ann", "bob"):
            tmux.keys(name, "Enter")
            wait_until(lambda n=name: SUMMARY not in tmux.screen(n), what="the table")
            tmux.keys(name, "Escape")
            tmux.wait_for(name, "Shared tables")
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
    assert not processes_mentioning(str(tmp_path / "server"))
    # The three hands are in both players' statistics, from their own seats (bob's second
    # hand too, played out by a bot in his seat while he was away).
    for name in ("ann", "bob"):
        kept = summarise(StatsStore(tmp_path / "server" / "players" / f"guest-{name}" / "data"
                                    / STATS_NAME))
        assert (kept["games_recorded"], kept["hands_recorded"]) == (1, 3), (name, kept)
        assert {"ann?", "bob?"} <= set(kept["last_game"]["players"])  # guests, as shown


def test_tables_past_nine_are_joined_watched_and_taken_back_by_number(tmp_path: Path) -> None:
    """Table numbers are never used twice: once a server has opened more than nine tables in
    its life, a table's number has two digits, typed and then Enter, for sitting down,
    watching and taking a seat back."""
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "server"), "--seat-grace", "600", "--table-pace", "0")
    lobby = tmp_path / "server" / "players" / "guest-ann" / "data" / "lobby.json"
    lobby.parent.mkdir(parents=True)
    lobby.write_text(json.dumps({"game": "moon3", "options": {"target": 99}}))
    tmux = Tmux()
    try:
        tmux.open("ann", server.ssh(None, "-tt", user="ann"))
        tmux.wait_for("ann", LOBBY_TITLE)
        tmux.keys("ann", "t")
        for number in range(1, 12):  # ann opens tables 1 to 11 and leaves each
            tmux.wait_for("ann", "Shared tables")
            tmux.keys("ann", "o")
            seated(tmux, "ann")
            tmux.wait_for("ann", AT_TABLE)
            tmux.keys("ann", "Escape")
            wait_until(lambda: "No tables are open yet" in tmux.screen("ann"),
                       what=f"table {number} closed", shown=lambda: tmux.screens("ann"))
        tmux.keys("ann", "o")  # table 12, where ann stays
        seated(tmux, "ann")
        deal(tmux, "ann")
        tmux.wait_for("ann", AT_TABLE)

        tmux.open("bob", server.ssh(None, "-tt", user="bob"))
        tmux.wait_for("bob", LOBBY_TITLE)
        tmux.keys("bob", "t")
        tmux.wait_for("bob", "12. Moon for 3")
        tmux.keys("bob", "1", "2")
        tmux.wait_for("bob", "Table 12_")  # the digits show as they are typed
        tmux.keys("bob", "Enter")
        code = seated(tmux, "bob")
        tmux.wait_for("bob", AT_TABLE)
        wait_until(lambda: "bob?" in tmux.screen("ann"), what="bob at ann's table")

        tmux.open("cat", server.ssh(None, "-tt", user="cat"))
        tmux.wait_for("cat", LOBBY_TITLE)
        tmux.keys("cat", "t")
        tmux.wait_for("cat", "12. Moon for 3")
        tmux.keys("cat", "w", "1", "2")
        tmux.wait_for("cat", "Watch table 12_")
        tmux.keys("cat", "Enter")
        watching = tmux.wait_for("cat", "Next seat")  # a spectator's table
        assert "ann?" in watching and "bob?" in watching

        # Bob drops, comes back, and takes his seat back by its number and its code.
        tmux._tmux("kill-session", "-t", "bob")
        tmux.wait_for("cat", "bob? (away")
        tmux.open("bob", server.ssh(None, "-tt", user="bob"))
        tmux.wait_for("bob", LOBBY_TITLE)
        tmux.keys("bob", "t")
        tmux.wait_for("bob", "You hold a seat at table 12: type 12, Enter and give its seat")
        tmux.keys("bob", "1", "2", "Enter")
        tmux.wait_for("bob", CODE_ASKED)
        tmux.keys("bob", code, "Enter")
        assert seated(tmux, "bob") == code
        tmux.wait_for("bob", AT_TABLE)
        wait_until(lambda: "bob? (away" not in tmux.screen("cat"), what="bob back for cat",
                   shown=lambda: tmux.screens("cat"))
        for name in ("ann", "bob", "cat"):
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
    assert not processes_mentioning(str(tmp_path / "server"))
