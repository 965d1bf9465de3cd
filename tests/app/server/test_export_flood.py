"""Holding ``x`` (export the record) on a served game fills no disk: an unchanged game is
written once, and past the server's cap on a player's records (``--player-files``) the game
says so and writes nothing more."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import AT_TABLE, LOBBY_TITLE, Server, Tmux, wait_until

pytestmark = pytest.mark.slow  # an SSH server and a real client

CAP = 4


@pytest.fixture
def tmux():
    terminals = Tmux()
    yield terminals
    terminals.kill()


def test_holding_x_writes_one_record_and_the_cap_is_said(tmp_path: Path, tmux: Tmux) -> None:
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "srv"), "--player-files", str(CAP))
    try:
        tmux.open("player", server.ssh(None, "-tt", user="exporter"))
        tmux.wait_for("player", LOBBY_TITLE)
        tmux.keys("player", "Enter")
        tmux.wait_for("player", AT_TABLE)
        tmux.wait_for("player", "Your bid")  # the bots have had their say on the note line
        # The player's records one short of the cap (finished games count).
        records = next((tmp_path / "srv").glob("players/*/data"), None)
        assert records is not None
        records = records / "records"
        records.mkdir(exist_ok=True)
        kept = [records / f"moon3-2026010{n}-000000.json" for n in range(CAP - 1)]
        for path in kept:
            path.write_text("{}\n", encoding="utf-8")
        tmux.keys("player", *["x"] * 300)  # a held key: one record, then "unchanged"
        tmux.wait_for("player", "Unchanged since exported")
        written = [p for p in records.glob("*.json") if p not in kept]
        assert len(written) == 1, written
        # The game moves on (a pass, after every x held before it) to the player's own turn
        # (in this hand, or the next if everyone passed), where the note line stays put: at
        # the cap now, x writes nothing and says so. (Sent while the bots were still bidding
        # and playing, the message could be written over by their moves before the screen
        # was read.)
        tmux.keys("player", "p")
        if "Your turn" not in _turn_or_hand_over(tmux):  # every seat passed: thrown in
            tmux.keys("player", "Enter")
            tmux.wait_for("player", "Your bid")
        tmux.keys("player", *["x"] * 100)
        tmux.wait_for("player", f"keeps at most {CAP} records of yours")
        assert len(list(records.glob("*.json"))) == CAP
    finally:
        assert server.stop() == 0, server.log()


def _turn_or_hand_over(tmux: Tmux) -> str:
    """The screen once it is the player's turn to play or the hand is over."""

    def shows() -> str | None:
        screen = tmux.screen("player")
        return screen if "Your turn" in screen or "Press Enter for the next hand" in screen \
            else None

    return wait_until(shows, what="the player's turn or the hand's end",
                      shown=lambda: tmux.screen("player"))
