"""In a terminal the game's key reader sleeps until a key comes (``moon42.app.tui.quiet_input``),
and keys, a lone Escape and quitting work as before. The game runs on a real PTY."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time
from pathlib import Path

import pytest
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver

from moon42.app.tui import textual_pin
from moon42.app.tui.app import Moon42App
from moon42.app.tui.quiet_input import QuietDriver, driver_for

DEADLINE = 120.0  # a state that comes returns at once; CI's cores are shared


class Terminal:
    """``moon42`` on a PTY of 80x24: what it has drawn, keys to send."""

    def __init__(self, data_dir) -> None:
        env = dict(os.environ, TERM="xterm-256color", MOON42_DATA_DIR=str(data_dir))
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the game
            os.execve(sys.executable, [sys.executable, "-m", "moon42.app.cli"], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.drawn = bytearray()
        self.status: int | None = None  # once the game has ended

    def read(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            if select.select([self.fd], [], [], min(left, 0.05))[0]:
                try:
                    self.drawn.extend(os.read(self.fd, 65536))
                except OSError:
                    return

    def wait_for(self, text: str, since: int = 0, timeout: float = DEADLINE) -> None:
        deadline = time.monotonic() + timeout
        while text.encode() not in self.drawn[since:]:
            assert time.monotonic() < deadline, f"timed out waiting for {text!r}"
            self.read(0.1)

    def send(self, keys: bytes) -> int:
        mark = len(self.drawn)
        os.write(self.fd, keys)
        return mark

    def wakes(self) -> int:
        """How many times the game's threads have gone to sleep and woken so far."""
        total = 0
        for thread in os.listdir(f"/proc/{self.pid}/task"):
            status = Path(f"/proc/{self.pid}/task/{thread}/status").read_text()
            total += int(status.split("\nvoluntary_ctxt_switches:")[1].split()[0])
        return total

    def ended(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            self.status = status if pid == self.pid else None
        return self.status is not None

    def close(self) -> None:
        if not self.ended():
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def terminal(data_dir):
    game = Terminal(data_dir)
    yield game
    game.close()


def test_a_terminal_game_reads_keys_with_the_quiet_driver(monkeypatch) -> None:
    assert Moon42App().get_driver_class() is QuietDriver
    assert driver_for(WebDriver) is WebDriver  # the web door's driver is its own
    monkeypatch.setattr(textual_pin, "on_the_textual_written_for", lambda: False)
    assert driver_for(LinuxDriver) is LinuxDriver  # another Textual: its own driver


@pytest.mark.slow  # a game started on a PTY, watched for seconds
def test_the_key_reader_sleeps_while_no_key_comes(terminal) -> None:
    terminal.wait_for("Start game")
    terminal.read(1.0)  # the lobby settles
    before = terminal.wakes()
    terminal.read(3.0)
    # Textual's own reader wakes ten times a second: 30 here. Allow a few for the machine.
    assert terminal.wakes() - before <= 5
    mark = terminal.send(b"?")  # help
    terminal.wait_for("Keys on this screen", since=mark)
    mark = terminal.send(b"\x1b")  # a lone Escape: a key once it has waited its time
    terminal.wait_for("Start game", since=mark)
    terminal.send(b"\x11")  # ctrl+q: the reader is woken to stop, and the game ends
    deadline = time.monotonic() + DEADLINE
    while not terminal.ended():
        assert time.monotonic() < deadline, "the game did not end on ctrl+q"
        terminal.read(0.05)
    assert os.waitstatus_to_exitcode(terminal.status) == 0


@pytest.mark.slow  # a game started on a PTY
def test_escape_then_a_digit_at_once_is_both_keys(terminal) -> None:
    # Escape, then a bid typed at once (within Textual's 0.1 s): the digit is not eaten as
    # Alt (or Option) + digit.
    terminal.wait_for("Start game")
    mark = terminal.send(b"\r")  # the lobby's game, Moon for 3
    terminal.wait_for("Your bid:", since=mark)
    mark = terminal.send(b"\x1b5")
    terminal.wait_for("Your bid: 5_", since=mark)


def _own_mib(pid: int) -> float:
    """A process's private memory (what it shares with no other process), in MiB."""
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    found = re.findall(r"^(?:Private_Clean|Private_Dirty|Swap):\s+(\d+) kB", rollup, re.M)
    return sum(int(kib) for kib in found) / 1024


@pytest.mark.slow  # a game on a PTY opens and closes a screen a thousand times
def test_a_screen_opened_and_closed_a_thousand_times_leaves_memory_as_it_was(
        tmp_path, monkeypatch) -> None:
    # The leaderboard (b, only on a server: its file need not exist), opened and closed
    # with the keys sent all at once, as a held key sends them; help (?) after them says
    # when the game has worked through them all.
    monkeypatch.setenv("MOON42_LEADERBOARD", str(tmp_path / "board.json"))
    game = Terminal(tmp_path / "data")
    try:
        game.wait_for("Start game")

        def toggled(times: int) -> float:
            mark = game.send(b"b" * (2 * times) + b"?")
            # Two thousand screens mounted and taken down: a minute on a free core, and
            # CI's two cores are shared with the other tests.
            game.wait_for("Keys on this screen", since=mark, timeout=4 * DEADLINE)
            used = _own_mib(game.pid)
            mark = game.send(b"\x1b")
            game.wait_for("Start game", since=mark)
            return used

        # What a board's first openings leave (caches, the heap), then three thousands.
        used = [toggled(100), toggled(1000), toggled(1000), toggled(1000)]
    finally:
        game.close()
    # Closed screens are let go: the memory levels off. Textual's bounded caches (of text
    # measured, styles, lines) fill over the first thousands, by 7-13 MiB as runs go;
    # the last thousand adds little past the most the earlier ones reached (measured -2.5,
    # 0 and, on a busy machine, 4.5 MiB), where the leak this guards against added about
    # 90 MiB a thousand (a held b: 79 to 483 MiB in 150 s). A served game whose keys kept
    # coming grew without end before the reader waited for the app
    # (tests/app/server/test_held_key.py).
    assert used[-1] - max(used[1:-1]) < 8, used
    assert used[-1] - used[0] < 20, used
