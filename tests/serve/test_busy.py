"""A busy machine turns new players away, with a message, and keeps its games going."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from moon42.app.serve.busy import MIN_ANSWERS, BusyGauge

from .harness import LOBBY_TITLE, PATIENCE, Server, Tmux, wait_until


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


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
        tmux.wait_for("ann", "Your bid")
        tmux.keys("ann", "C-q")
        tmux.wait_for("ann", "CLIENT-ENDED 0")
    finally:
        assert server.stop() == 0, server.log()
