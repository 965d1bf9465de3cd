"""A busy machine turns new players away, with a message, and keeps its games going."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from moon42.app.server.sessions.busy import MIN_ANSWERS, BusyGauge

from .harness import AT_TABLE, LOBBY_TITLE, PATIENCE, Server, Tmux, wait_until
from .test_parts import Clock


def test_the_gauge_is_busy_while_the_median_answer_is_over_the_threshold() -> None:
    clock = Clock()
    gauge = BusyGauge(threshold_ms=50.0, window=10.0, clock=clock)
    for _ in range(MIN_ANSWERS - 1):
        gauge.answered(0.200)
    assert not gauge.busy()  # too few answers to say
    gauge.answered(0.200)
    assert gauge.busy() and round(gauge.answer_ms()) == 200
    for _ in range(MIN_ANSWERS + 1):  # the quick answers are now the most
        gauge.answered(0.010)
    assert not gauge.busy() and round(gauge.answer_ms()) == 10
    for _ in range(2 * MIN_ANSWERS + 2):
        gauge.answered(0.080)
    assert gauge.busy()
    clock.now += 11  # the window forgets them
    assert not gauge.busy() and gauge.answer_ms() == 0.0
    never = BusyGauge(threshold_ms=None, clock=clock)
    for _ in range(MIN_ANSWERS):
        never.answered(5.0)
    assert not never.busy()


@pytest.fixture
def tmux():
    terminals = Tmux()
    yield terminals
    terminals.kill()


@pytest.mark.needs("ssh", "tmux")
@pytest.mark.slow
def test_a_new_player_on_a_busy_server_is_told_so_and_the_game_goes_on(
        tmp_path: Path, tmux: Tmux) -> None:
    # However quickly the games answer, it is "too slow" for this server.
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "srv"), "--busy-answer", "0.000001")
    try:
        tmux.open("ann", server.ssh(None, "-tt", user="ann"))
        tmux.wait_for("ann", LOBBY_TITLE)

        def pressed() -> bool:
            tmux.keys("ann", "Down")
            return "the machine is busy" in server.log()

        wait_until(pressed, every=0.3, what="the busy gauge", shown=server.log)
        said = subprocess.run(server.ssh(None, "-tt", user="bob"), capture_output=True,
                              text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
        assert said.returncode == 1
        assert "The moon42 server is busy" in said.stderr + said.stdout
        assert "game refused: the machine is busy" in server.log()
        assert "guest-bob" not in server.log()
        # Ann's game goes on.
        tmux.keys("ann", "Enter")
        tmux.wait_for("ann", AT_TABLE)
        tmux.keys("ann", "C-q")
        tmux.wait_for("ann", "CLIENT-ENDED 0")
    finally:
        assert server.stop() == 0, server.log()


@pytest.mark.slow
def test_a_busy_web_server_turns_new_tabs_away_and_the_game_goes_on(tmp_path: Path) -> None:
    import asyncio
    import urllib.error
    import urllib.request

    import aiohttp

    from .test_web import _drawn, _game, start

    server, url = start(tmp_path, "--busy-answer", "0.000001")
    try:
        async def play() -> None:
            async with aiohttp.ClientSession() as session:
                first = await _game(session, url)
                await _drawn(first)
                async with asyncio.timeout(PATIENCE):
                    while "the machine is busy" not in server.log():
                        await first.send_json(["stdin", "\x1b[B"])
                        await asyncio.sleep(0.3)
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await _game(session, url)
                assert refused.value.status == 503
                # The game in progress goes on: it still answers keys.
                await first.send_json(["stdin", "\x1b[A"])
                message = await asyncio.wait_for(first.receive(), PATIENCE)
                assert message.type == aiohttp.WSMsgType.BINARY
                await first.close()

        asyncio.run(play())
        with pytest.raises(urllib.error.HTTPError) as page:
            urllib.request.urlopen(url + "/", timeout=PATIENCE)
        assert page.value.code == 503 and "server is busy" in page.value.read().decode()
        assert "game refused: the machine is busy" in server.log()
    finally:
        assert server.stop() == 0, server.log()
