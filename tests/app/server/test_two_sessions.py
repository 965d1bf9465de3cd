"""One player, two SSH sessions at once: both play, neither game is lost.  The second session
sees the first one's game as open elsewhere, is told where, and starts a game of its own;
afterwards both games are listed.  The player signs in with a key: a guest's name is taken
while it is signed in, so only a key's player can have two sessions at once."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from moon42.app.server.accounts.identity import key_identity

from .harness import AT_TABLE, LOBBY_TITLE, Server, Tmux, make_key, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.needs("ssh", "tmux")]  # an SSH server and two sessions



def _saves(player: Path) -> list[dict]:
    """The player's saved games (whole: every write is atomic)."""
    return [json.loads(path.read_text(encoding="utf-8"))
            for path in sorted((player / "saves").glob("*.json"))]


def test_two_sessions_of_one_player_lose_no_game(tmp_path: Path) -> None:
    key = make_key(tmp_path, "ann")
    (tmp_path / "authorized_keys").write_text(key.with_suffix(".pub").read_text())
    fingerprint = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(key)],
                                 check=True, capture_output=True, text=True).stdout.split()[1]
    server = Server(tmp_path, "ssh", "--port", "0", "--authorized-keys",
                    str(tmp_path / "authorized_keys"), "--data-dir", str(tmp_path / "server"))
    label = key_identity(fingerprint, "ann").label
    player = tmp_path / "server" / "players" / label / "data"
    tmux = Tmux()
    try:
        # The first session starts a game of Texas 42 (its lobby remembers that choice).
        player.mkdir(parents=True)
        (player / "lobby.json").write_text(json.dumps({"game": "texas42", "pace": 0}))
        tmux.open("first", server.ssh(key, "-tt", user="ann"))
        tmux.wait_for("first", LOBBY_TITLE)
        tmux.keys("first", "Enter")
        tmux.wait_for("first", AT_TABLE)
        wait_until(lambda: len(_saves(player)) == 1, what="the first game saved")

        # The second session sees it open elsewhere and is told so when it asks for it...
        tmux.open("second", server.ssh(key, "-tt", user="ann"))
        lobby = tmux.wait_for("second", "[open elsewhere] Texas 42")
        assert LOBBY_TITLE in lobby
        tmux.keys("second", "r")
        told = tmux.wait_for("second", "This game is open in another window")
        assert "start a new game" in told
        # ...and starts another game of its own instead.
        tmux.keys("second", "n")
        tmux.wait_for("second", AT_TABLE)
        wait_until(lambda: len(_saves(player)) == 2, what="both games saved")

        # Both sessions quit; both games are still there, each in its own file.
        for name in ("first", "second"):
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED")
        saves = _saves(player)
        assert [doc["game"] for doc in saves] == ["texas42", "texas42"]
        assert saves[0]["hands"][0]["deal"] != saves[1]["hands"][0]["deal"]  # two games
        assert not list((player / "saves").glob("*.lock"))  # both let go of their games

        # A third session lists both, and resumes the Texas 42 game.
        tmux.open("third", server.ssh(key, "-tt", user="ann"))
        tmux.wait_for("third", "Saved games (2 of 20)")
        # The heading can be on the terminal before the rows under it: wait for both rows.
        lobby = wait_until(lambda: (screen := tmux.screen("third")).count("Texas 42, hand 1") == 2
                           and screen, what="both saved games listed",
                           shown=lambda: tmux.screen("third"))
        assert "[open elsewhere]" not in lobby
    finally:
        tmux.kill()
        assert server.stop() == 0, server.log()
