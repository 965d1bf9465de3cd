"""A busy machine turns new players away, with a message, and keeps its games going."""

from __future__ import annotations

import subprocess
from pathlib import Path

from moon42.app.serve.busy import BusyGauge

from .harness import PATIENCE, Server, wait_until


def test_the_gauge_is_busy_while_the_mean_lateness_is_over_the_threshold() -> None:
    gauge = BusyGauge(threshold_ms=20.0, every=0.1, window=1.0)
    assert not gauge.busy()  # nothing measured yet
    for _ in range(10):
        gauge.note(0.005)
    assert not gauge.busy() and round(gauge.lag_ms(), 3) == 5.0
    gauge.note(0.300)  # one late waking: 5 * 0.9 + 300 * 0.1 ms on average
    assert gauge.busy() and round(gauge.lag_ms(), 3) == 34.5
    for _ in range(10):  # the window forgets it
        gauge.note(0.001)
    assert not gauge.busy()
    assert not BusyGauge(threshold_ms=None).busy()


def test_a_new_player_on_a_busy_server_is_told_so(tmp_path: Path) -> None:
    # The server is "busy" as soon as it has woken once, however little late.
    server = Server(tmp_path, "ssh", "--port", "0", "--guest", "--data-dir",
                    str(tmp_path / "srv"), "--busy-lag", "0.000001")
    try:
        wait_until(lambda: "the machine is busy" in server.log(), what="the busy gauge",
                   shown=server.log)
        said = subprocess.run(server.ssh(None, "-tt", user="ann"), capture_output=True,
                              text=True, timeout=PATIENCE, stdin=subprocess.DEVNULL)
        assert said.returncode == 1
        assert "The moon42 server is busy" in said.stderr + said.stdout
        assert "game refused: the machine is busy" in server.log()
        assert "game starts" not in server.log()
    finally:
        assert server.stop() == 0, server.log()
