"""Watching a shared table end to end: real OpenSSH clients in tmux, one playing, one
watching, talking in the table's chat; a third looks at the list of tables.

Every wait is for what the screen shows, with a deadline generous enough for a busy
machine.
"""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

import pytest

from .harness import LOBBY_TITLE, Server, Tmux, wait_until
from .test_shared_tables import AT_TABLE, SUMMARY, hand_tiles, play_until_summary, sit_down

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh", "tmux")]  # servers and app processes

WATCHING = "v Next seat"  # on a spectator's key line only
HIDDEN = "Hands are hidden from spectators."
WATCHED_SUMMARY = "Enter goes back to the table"  # a spectator's summary of a hand


def say(tmux: Tmux, name: str, line: str) -> None:
    """``/`` opens the chat's input; what is typed once it shows goes into the line, and
    Enter sends it."""
    tmux.keys(name, "/")
    tmux.wait_for(name, "Enter sends, Esc closes")
    tmux.keys(name, "-l", line)
    tmux.keys(name, "Enter")


def test_a_spectator_watches_a_whole_hand_talks_and_goes(tmp_path: Path) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "server"), "--table-pace", "0", "--chat-rate", "3")
    lobby = tmp_path / "server" / "players" / "guest-ann" / "data" / "lobby.json"
    lobby.parent.mkdir(parents=True)
    # No bot claims: the hand is played trick by trick, for bob to watch as it goes.
    lobby.write_text(json.dumps({"game": "moon3", "options": {"target": 99, "forced_bid": True},
                                 "bot_claims": False}))
    tmux = Tmux()
    try:
        for name in ("ann", "bob", "cat"):
            tmux.open(name, server.ssh(None, "-tt", user=name))
        sit_down(tmux, "ann", "o")
        tmux.wait_for("bob", LOBBY_TITLE)
        tmux.keys("bob", "t")
        tmux.wait_for("bob", "1. Moon for 3")
        tmux.keys("bob", "w", "1", "Enter")  # watch table 1
        tmux.wait_for("bob", WATCHING)
        tmux.wait_for("bob", HIDDEN)
        assert not hand_tiles(tmux.screen("bob"))
        tmux.wait_for("cat", LOBBY_TITLE)
        tmux.keys("cat", "t")
        tmux.wait_for("cat", "1 watching")

        # Chat both ways (the socket's tests send what a terminal cannot type).
        say(tmux, "bob", "good luck")
        tmux.wait_for("ann", "bob? (watching): good luck")
        say(tmux, "ann", "thanks")
        wait_until(lambda: "ann?: thanks" in tmux.screen("bob"), what="ann's line",
                   shown=lambda: tmux.screens("ann", "bob"))
        # Closed again, the chat takes no keys: the game's keys work (s shows the scores).
        tmux.keys("bob", "s")
        tmux.wait_for("bob", "the score so far")

        # A whole hand: bob sees the bids, the tricks and the summary, and never a hand.
        seen: list[str] = []
        done = threading.Event()

        def look() -> None:  # bob's screen, all through the hand
            while not done.is_set():
                seen.append(tmux.screen("bob"))
                time.sleep(0.1)

        tmux.keys("bob", "Escape")  # the scores closed
        looking = threading.Thread(target=look)
        looking.start()
        try:
            play_until_summary(tmux, ["ann"])
            tmux.wait_for("bob", WATCHED_SUMMARY)
        finally:
            done.set()
            looking.join()
        assert not any(hand_tiles(screen) for screen in seen)
        # A screen seen twice in a row has settled (a look may catch one being drawn).
        at_table = [screen for before, screen in zip(seen, seen[1:], strict=False)
                    if screen == before and WATCHING in screen]
        for screen in at_table:
            assert HIDDEN in screen, screen
        # The play, as it went: a seat's tricks as they were won.
        assert any(re.search(r"tricks [1-7]", screen) for screen in seen)
        assert "hand 1 is over" in tmux.screen("bob")
        tmux.keys("bob", "Enter")  # closes bob's summary; the table waits for ann alone
        tmux.wait_for("bob", HIDDEN)
        tmux.keys("ann", "Enter")
        wait_until(lambda: SUMMARY not in tmux.screen("ann"), what="hand 2")

        # Bob mutes ann: her next line does not come to him.
        say(tmux, "bob", "/mute ann")
        tmux.wait_for("bob", "You will not see ann's lines")
        say(tmux, "ann", "secret")
        tmux.wait_for("ann", "ann?: secret")
        say(tmux, "bob", "still there?")
        tmux.wait_for("ann", "still there?")
        tmux.wait_for("bob", "bob? (watching): still there?")  # after ann's line, muted
        assert "secret" not in tmux.screen("bob")

        # Bob's connection drops: he is no longer counted as watching.
        tmux._tmux("kill-session", "-t", "bob")
        wait_until(lambda: "watching" not in tmux.screen("cat").split("1. Moon for 3")[1]
                   .split("\n\n")[0], what="the list without bob")  # (its line may wrap)

        # Cat watches, then takes the empty seat.
        tmux.keys("cat", "w", "1", "Enter")
        tmux.wait_for("cat", WATCHING)
        tmux.keys("cat", "j")
        tmux.wait_for("cat", "This seat's code")
        tmux.keys("cat", "Enter")
        tmux.wait_for("cat", AT_TABLE)
        wait_until(lambda: len(hand_tiles(tmux.screen("cat"))) >= 6, what="cat's hand",
                   shown=lambda: tmux.screens("cat"))
        for name in ("ann", "cat"):
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
