"""Warm games: forked from a process that has loaded the game once, each on its own PTY.

A forked game must be the game a cold process is (its own saves, its own deal), a crash
must end only that game, and a dead zygote must cost nobody their game: new games start
cold meanwhile, and it is started again.
"""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path

import pytest

from .harness import AT_TABLE, LOBBY_TITLE, Server, Tmux, wait_until

pytestmark = pytest.mark.slow  # real servers and games



@pytest.fixture
def tmux():
    terminals = Tmux()
    yield terminals
    terminals.kill()


def _server(tmp_path: Path, *more: str) -> Server:
    return Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                  str(tmp_path / "srv"), *more)


def _starter_pids(server: Server) -> list[int]:
    return [int(pid) for pid in re.findall(r"warm game starter ready \(pid (\d+)\)",
                                           server.log())]


def _game(server: Server, name: str) -> tuple[str, int] | None:
    """How guest ``name``'s latest game started (warm or cold) and its pid."""
    found = re.findall(rf"guest-{name} from \S+: game starts \([^,]+, (warm|cold), pid "
                       r"(\d+)\)", server.log())
    return (found[-1][0], int(found[-1][1])) if found else None


def _seeds(server_folder: Path, name: str) -> list[int]:
    saves = server_folder / "srv" / "players" / f"guest-{name}" / "data" / "saves"
    return [json.loads(path.read_text(encoding="utf-8"))["seed"]
            for path in sorted(saves.glob("*.json"))]


def _ksm_stat(pid: int) -> str:
    """What Linux says of a process's pages merged alike (empty before Linux 6.1)."""
    try:
        return Path(f"/proc/{pid}/ksm_stat").read_text()
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


@pytest.mark.needs("ssh", "tmux")
def test_forked_games_keep_their_own_folders_and_deal_apart(tmp_path: Path,
                                                           tmux: Tmux) -> None:
    server = _server(tmp_path, "--table-pace", "0")
    try:
        wait_until(lambda: _starter_pids(server), what="the warm starter", shown=server.log)
        for name in ("alice", "bob"):
            tmux.open(name, server.ssh(None, "-tt", user=name))
        for name in ("alice", "bob"):
            tmux.wait_for(name, LOBBY_TITLE)
            tmux.keys(name, "Enter")
            tmux.wait_for(name, AT_TABLE)
        seeds = {name: wait_until(lambda n=name: _seeds(tmp_path, n), what=f"{name}'s save")
                 for name in ("alice", "bob")}
        # Each game saved in its own player's folder, and no two forks deal alike.
        assert len(seeds["alice"]) == len(seeds["bob"]) == 1
        assert seeds["alice"] != seeds["bob"]
        assert _game(server, "alice")[0] == _game(server, "bob")[0] == "warm", server.log()
        # The game's own process, not the zygote, is the session on the terminal.
        pid = _game(server, "alice")[1]
        assert os.getsid(pid) == pid
        # Where the kernel can merge pages alike (KSM), the zygote and its games offer
        # theirs; the test process does not, so the offer is the zygote's.
        if "ksm_merge_any" in _ksm_stat(os.getpid()):
            assert "ksm_merge_any: no" in _ksm_stat(os.getpid())
            for process in (_starter_pids(server)[-1], pid):
                assert "ksm_merge_any: yes" in _ksm_stat(process)
        for name in ("alice", "bob"):
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
        assert tmux.modes("alice")["alternate_on"] == "0"
    finally:
        assert server.stop() == 0, server.log()


@pytest.mark.needs("ssh", "tmux")
def test_a_crashed_game_ends_alone_and_a_dead_zygote_is_started_again(
        tmp_path: Path, tmux: Tmux) -> None:
    server = _server(tmp_path)
    try:
        first = wait_until(lambda: _starter_pids(server), what="the warm starter",
                           shown=server.log)[0]
        for name in ("alice", "bob"):
            tmux.open(name, server.ssh(None, "-tt", user=name))
            tmux.wait_for(name, LOBBY_TITLE)
        games = {name: wait_until(lambda n=name: _game(server, n), what=f"{name}'s game")
                 for name in ("alice", "bob")}
        assert {how for how, _ in games.values()} == {"warm"}

        # Alice's game crashes: her session ends, bob's game goes on.
        os.kill(games["alice"][1], signal.SIGKILL)
        tmux.wait_for("alice", "CLIENT-ENDED 1")
        assert _alive(games["bob"][1])

        # The zygote dies: bob's game goes on, a new player gets a game at once (cold
        # while there is no zygote), and a new zygote is started.
        os.kill(first, signal.SIGKILL)
        tmux.open("carol", server.ssh(None, "-tt", user="carol"))
        tmux.wait_for("carol", LOBBY_TITLE)
        wait_until(lambda: len(_starter_pids(server)) == 2, what="a second warm starter",
                   shown=server.log)
        tmux.open("dave", server.ssh(None, "-tt", user="dave"))
        tmux.wait_for("dave", LOBBY_TITLE)
        assert wait_until(lambda: _game(server, "dave"), what="dave's game")[0] == "warm"

        # Bob's game was forked by the dead zygote; it still plays, and ends as it should.
        tmux.keys("bob", "Enter")
        tmux.wait_for("bob", AT_TABLE)
        for name in ("bob", "carol", "dave"):
            tmux.keys(name, "C-q")
            tmux.wait_for(name, "CLIENT-ENDED 0")
    finally:
        assert server.stop() == 0, server.log()


@pytest.mark.needs("ssh", "tmux")
def test_cold_start_runs_every_game_in_a_new_process(tmp_path: Path, tmux: Tmux) -> None:
    server = _server(tmp_path, "--cold-start")
    try:
        tmux.open("alice", server.ssh(None, "-tt", user="alice"))
        tmux.wait_for("alice", LOBBY_TITLE)
        assert wait_until(lambda: _game(server, "alice"), what="the game")[0] == "cold"
        assert not _starter_pids(server)
        tmux.keys("alice", "C-q")
        tmux.wait_for("alice", "CLIENT-ENDED 0")
    finally:
        assert server.stop() == 0, server.log()


def test_web_games_fork_warm_and_end_with_their_tab(tmp_path: Path) -> None:
    import asyncio

    import aiohttp

    from .test_web import _drawn, _game, start

    server, url = start(tmp_path)
    try:
        wait_until(lambda: _starter_pids(server), what="the warm starter", shown=server.log)

        async def play() -> int:
            async with aiohttp.ClientSession() as session:
                ws = await _game(session, url)
                await _drawn(ws)
                found = re.findall(r"web game starts \((warm|cold), pid (\d+)\)", server.log())
                assert [how for how, _ in found] == ["warm"], server.log()
                pid = int(found[0][1])
                assert _alive(pid)
                await ws.close()
                return pid

        pid = asyncio.run(play())
        wait_until(lambda: not _alive(pid), what="the tab's game to end", shown=server.log)
    finally:
        assert server.stop() == 0, server.log()
