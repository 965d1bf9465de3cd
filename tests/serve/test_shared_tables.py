"""Shared tables end to end: two real OpenSSH clients in tmux at one table."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from .harness import LOBBY_TITLE, Server, Tmux, processes_mentioning, wait_until

SUMMARY = "Press Enter for the next hand."
AT_TABLE = "Leave table"
MY_TURN = ("Your bid", "you must bid", "Discard:", "Name trump:", "Your lead", "Your turn",
           "Sevens:")


def hand_tiles(screen: str) -> set[str]:
    """The tiles named under the hand's pictures (the line after the boxes' bottoms)."""
    lines = screen.splitlines()
    for i, line in enumerate(lines[:-1]):
        if line.lstrip().startswith("└"):
            return set(re.findall(r"\b\d-\d\b", lines[i + 1]))
    return set()


def play_until_summary(tmux: Tmux, names: list[str], timeout: float = 90.0) -> None:
    """Each player presses Enter (the first choice) at their turns until every one of them
    sees the hand's summary."""
    deadline = time.monotonic() + timeout
    done: set[str] = set()
    while done != set(names):
        assert time.monotonic() < deadline, "\n".join(tmux.screen(n) for n in names)
        for name in set(names) - done:
            screen = tmux.screen(name)
            if SUMMARY in screen:
                done.add(name)
            elif AT_TABLE in screen and any(turn in screen for turn in MY_TURN):
                tmux.keys(name, "Enter")
        time.sleep(0.3)


def sit_down(tmux: Tmux, name: str, key: str) -> str:
    tmux.wait_for(name, LOBBY_TITLE)
    tmux.keys(name, "t")
    tmux.wait_for(name, "Shared tables")
    tmux.keys(name, key)
    return tmux.wait_for(name, AT_TABLE)


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
        tmux.wait_for("bob", "1. Moon for 3")  # ...bob sees it listed, and sits at it
        tmux.keys("bob", "1")
        tmux.wait_for("bob", AT_TABLE)

        # Each sees their own hand, and only that: two different sets of seven tiles.
        def both_hands():
            hands = [hand_tiles(tmux.screen(n)) for n in ("ann", "bob")]
            return hands if all(len(h) == 7 for h in hands) else None

        ann_tiles, bob_tiles = wait_until(both_hands, 20, what="both hands")
        assert not ann_tiles & bob_tiles
        for name in ("ann", "bob"):
            screen = tmux.screen(name)
            assert "ann" in screen and "bob" in screen and "Bot C" in screen

        play_until_summary(tmux, ["ann", "bob"])
        assert "/99" in tmux.screen("bob")  # the table was opened with ann's house rules
        tmux.keys("ann", "Enter")
        tmux.keys("bob", "Enter")
        for name in ("ann", "bob"):
            wait_until(lambda n=name: SUMMARY not in tmux.screen(n), 20, what="hand 2")

        # Bob's connection drops in the middle of the hand: after the grace, a bot plays
        # his seat and ann plays on to the end of the hand.
        tmux._tmux("kill-session", "-t", "bob")
        play_until_summary(tmux, ["ann"])

        # Bob comes back, is offered his seat, and takes it back.
        tmux.open("bob", server.ssh(None, "-tt", user="bob"))
        tmux.wait_for("bob", LOBBY_TITLE)
        tmux.keys("bob", "t")
        tmux.wait_for("bob", "You hold a seat at table 1")
        tmux.keys("bob", "1")
        wait_until(lambda: SUMMARY in tmux.screen("bob"), 20, what="bob's summary")
        tmux.keys("ann", "Enter")
        tmux.keys("bob", "Enter")
        wait_until(lambda: len(hand_tiles(tmux.screen("bob"))) == 7, 20, what="hand 3")
        play_until_summary(tmux, ["ann", "bob"])

        # Leaving: back to the tables, and on out.
        for name in ("ann", "bob"):
            tmux.keys(name, "Enter")
            wait_until(lambda n=name: SUMMARY not in tmux.screen(n), 20, what="the table")
            tmux.keys(name, "Escape")
            tmux.wait_for(name, "Shared tables")
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
    assert not processes_mentioning(str(tmp_path / "server"))
