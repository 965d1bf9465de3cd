"""One player's game: the app in its own process on its own pseudo-terminal.

The server copies the remote keys into the PTY and the screen out of it, and sets the PTY's
window size when the remote terminal changes (the kernel then sends the app SIGWINCH).
The PTY starts in raw mode, so the remote terminal's answers to Textual's queries never
echo back as garbage before the app takes over.  How long the app takes to answer a key
with its screen is told to ``answered`` (the busy gauge's measure).

Keys wait in a small buffer of their own only while the PTY is full: ``write`` says when
the app has not taken them all, and ``taken`` is called once it has, so the caller can stop
reading the remote side meanwhile.  Sizes are clamped to what a terminal can be.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import sys
import termios
import time
import tty
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from .busy import NOT_AN_ANSWER
from .modes import TerminalModes

if TYPE_CHECKING:
    from .warm import WarmGame, WarmStarter

__all__ = ["GameTerminal", "app_command", "app_environment", "clamp_size", "MAX_COLUMNS",
           "MAX_ROWS"]

# The variables a remote terminal may set for the app; nothing else of the client's reaches it.
CLIENT_VARIABLES = ("TERM", "COLORTERM", "LANG", "LC_ALL", "LC_CTYPE", "NO_COLOR")

# How long a stopped app has to leave tidily before it is killed.
_GRACE = 2.0

_READ_SIZE = 65536

# The biggest terminal a player can have: a wall of screens in a small font.
MAX_COLUMNS = 1000
MAX_ROWS = 500


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size within reason: 0 (unknown) is 80x24, and no more than the most."""
    return (min(MAX_COLUMNS, max(1, width or 80)), min(MAX_ROWS, max(1, height or 24)))


def app_command() -> list[str]:
    """The command that runs the app (the lobby) with this Python."""
    return [sys.executable, "-m", "moon42.app.cli"]


def app_environment(client: Mapping[str, str], player_dir: Path) -> dict[str, str]:
    """The app's environment: the client's terminal settings and the player's own folders."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(player_dir)),
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "MOON42_DATA_DIR": str(player_dir / "data"),
    }
    for name in CLIENT_VARIABLES:
        value = client.get(name)
        if value is not None and "\0" not in value and len(value) < 256:
            env[name] = value
    return env


def _window(width: int, height: int) -> bytes:
    width, height = clamp_size(width, height)
    return struct.pack("HHHH", height, width, 0, 0)


def _take_terminal() -> None:
    """In the child, after setsid: the PTY becomes its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class GameTerminal:
    """The app running on a PTY; ``write`` sends keys, ``output`` receives the screen,
    ``taken`` hears when keys that waited have all gone to the app."""

    def __init__(self, output: Callable[[bytes], None],
                 taken: Callable[[], None] = lambda: None,
                 answered: Callable[[float], None] = lambda seconds: None) -> None:
        self.output, self.taken, self.answered = output, taken, answered
        self._asked: float | None = None  # when a key went in that the screen has not answered
        self.modes = TerminalModes()
        self.process: asyncio.subprocess.Process | WarmGame | None = None
        self.warm = False  # forked by the warm starter, not a cold process
        self._master: int | None = None
        self._slave_path: str | None = None  # the terminal's side, to drop keys it holds
        self._pending = bytearray()
        self._reading = False
        self._paused = False

    async def start(self, command: list[str], env: dict[str, str], width: int,
                    height: int, starter: WarmStarter | None = None) -> None:
        """Run the app: forked by ``starter`` when it is ready, else ``command`` cold."""
        master, slave = os.openpty()
        try:
            tty.setraw(slave)
            self._slave_path = os.ttyname(slave)
            fcntl.ioctl(slave, termios.TIOCSWINSZ, _window(width, height))
            if starter is not None:
                self.process = await starter.spawn(env, [slave])
                self.warm = self.process is not None
            if self.process is None:
                self.process = await asyncio.create_subprocess_exec(
                    *command, stdin=slave, stdout=slave, stderr=slave, env=env,
                    start_new_session=True, preexec_fn=_take_terminal,
                )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self._master = master
        os.set_blocking(master, False)
        self._read_more()

    async def wait(self) -> int:
        """Wait for the app to end; its exit status."""
        assert self.process is not None
        status = await self.process.wait()
        self._drain()
        self._close()
        return status

    # ----- keys in, screen out -------------------------------------------

    def write(self, data: bytes) -> bool:
        """Send keys to the app; False when some wait (then ``taken`` follows): send no
        more until then."""
        if self._master is None:
            return True
        if self._pending:  # the app is behind already: these wait their turn
            self._pending += data
            return False
        if self._asked is None and data:
            self._asked = time.monotonic()
        self._pending += data
        return self._flush()

    @property
    def waiting(self) -> int:
        """Bytes of keys the app has not taken yet."""
        return len(self._pending)

    def _flush(self) -> bool:
        """Write what waits; whether it all went."""
        master = self._master
        if master is None:
            return True
        loop = asyncio.get_running_loop()
        while self._pending:
            try:
                written = os.write(master, self._pending)
            except BlockingIOError:
                loop.add_writer(master, self._writable)
                return False
            except OSError:
                self._pending.clear()
                break
            del self._pending[:written]
        loop.remove_writer(master)
        return True

    def drop_keys(self) -> None:
        """Forget the keys the app has not read, here and in the terminal: a game that is
        ending does not work through a flood first."""
        self._pending.clear()
        if self._master is not None:
            with contextlib.suppress(ValueError, RuntimeError):
                asyncio.get_running_loop().remove_writer(self._master)
        if self._slave_path is None or self._master is None:
            return
        with contextlib.suppress(OSError):
            slave = os.open(self._slave_path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
            try:
                termios.tcflush(slave, termios.TCIFLUSH)
            finally:
                os.close(slave)

    def _writable(self) -> None:
        if self._flush():
            self.taken()

    def _read_more(self) -> None:
        if self._master is not None and not self._reading and not self._paused:
            asyncio.get_running_loop().add_reader(self._master, self._readable)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._master is not None and self._reading:
            asyncio.get_running_loop().remove_reader(self._master)
        self._reading = False

    def _readable(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, _READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its side
            data = b""
        if not data:
            self._stop_reading()
            return
        if self._asked is not None:
            took = time.monotonic() - self._asked
            self._asked = None
            if took < NOT_AN_ANSWER:
                self.answered(took)
        self.modes.saw(data)
        self.output(data)

    def pause_output(self) -> None:
        """The remote side is slow: stop reading the screen until it catches up."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._read_more()

    def resize(self, width: int, height: int) -> None:
        if self._master is not None:
            with contextlib.suppress(OSError):
                fcntl.ioctl(self._master, termios.TIOCSWINSZ, _window(width, height))

    # ----- the end ---------------------------------------------------------

    async def stop(self) -> None:
        """Hang up on the app, and kill it if it does not leave in time."""
        process = self.process
        if process is None or process.returncode is not None:
            self._close()
            return
        self._signal(signal.SIGHUP)
        try:
            await asyncio.wait_for(asyncio.shield(process.wait()), _GRACE)
        except TimeoutError:
            self._signal(signal.SIGKILL)
            await process.wait()
        self._close()

    def _drain(self) -> None:
        """What the app wrote last (restoring the terminal) still goes to the player."""
        while self._master is not None:
            try:
                data = os.read(self._master, _READ_SIZE)
            except OSError:
                return
            if not data:
                return
            self.modes.saw(data)
            self.output(data)

    def _signal(self, number: int) -> None:
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, number)

    def _close(self) -> None:
        master = self._master
        if master is None:
            return
        self._stop_reading()
        with contextlib.suppress(ValueError, RuntimeError):
            asyncio.get_running_loop().remove_writer(master)
        self._master = None
        os.close(master)
