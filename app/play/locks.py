"""One writer per saved game: an advisory lock on ``<save>.lock``, and who holds it.

The lock is ``flock``'s: it belongs to an open file and goes with the process that holds
it, so a lock left by a dead process (killed, or its SSH session dropped) is free at once
and is simply taken over.  The lock file also says who holds it (process, computer,
terminal, since when), for the message a second moon42 shows about the game.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Holder", "GameLocked", "GameLock", "Slot", "lock_path", "holder_of"]

_HOLDER_BYTES = 4096  # a holder's description is a few dozen bytes; a bigger file is not ours
# A lock held a moment by a look (holder_of) is not a game open elsewhere: try a few times.
_TRIES, _PAUSE = 4, 0.03


@dataclass(frozen=True)
class Holder:
    """Who has a game open."""

    pid: int | None = None  # None: the lock file could not be read (being written)
    host: str = ""
    terminal: str = ""
    since: str = ""  # "14:02", local time

    def where(self) -> str:
        """``in another window (process 4242, terminal /dev/pts/3, since 14:02)``."""
        parts = [f"process {self.pid}"] if self.pid is not None else []
        if self.host and self.host != socket.gethostname():
            parts.append(f"on {self.host}")
        if self.terminal:
            parts.append(f"terminal {self.terminal}")
        if self.since:
            parts.append(f"since {self.since}")
        return f"in another window ({', '.join(parts)})" if parts else "in another window"


class GameLocked(Exception):
    """The game is open elsewhere; ``holder`` says where."""

    def __init__(self, holder: Holder) -> None:
        super().__init__(f"the game is open {holder.where()}")
        self.holder = holder


def lock_path(save: Path) -> Path:
    return save.with_suffix(".lock")


def _me() -> dict[str, object]:
    try:
        terminal = os.ttyname(0)
    except OSError:
        terminal = ""
    return {"pid": os.getpid(), "host": socket.gethostname(), "terminal": terminal,
            "since": time.strftime("%H:%M")}


def _read_holder(fd: int) -> Holder:
    try:
        data = json.loads(os.pread(fd, _HOLDER_BYTES, 0))
        return Holder(int(data["pid"]), str(data["host"])[:64], str(data["terminal"])[:64],
                      str(data["since"])[:8])
    except (OSError, ValueError, TypeError, KeyError):  # being written, or not ours
        return Holder()


class GameLock:
    """The lock on one saved game, held until ``release``."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def take(cls, save: Path) -> GameLock:
        """Lock ``save`` for this process; GameLocked if another holds it."""
        path = lock_path(save)
        tries = 0
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_holder(fd)
                os.close(fd)
                tries += 1
                if tries >= _TRIES:
                    raise GameLocked(holder) from None
                # Another moon42 may only be looking (holder_of, for a list): a moment.
                time.sleep(_PAUSE)
                continue
            except OSError:  # a file system without locks: play on, unguarded
                os.close(fd)
                with contextlib.suppress(OSError):
                    path.unlink()
                return cls(path, None)
            # The holder before us may have removed the file as we opened it: lock the one
            # that is there now.
            try:
                same = os.stat(path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        text = json.dumps(_me()).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, text, 0)
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let go of the game.  The lock file goes too, while still held: whoever opened it
        meanwhile finds, once it has the lock, that the file is gone, and starts again."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        os.close(fd)  # closing the file lets go of the lock


def holder_of(save: Path) -> Holder | None:
    """Who has ``save`` open, or None when nobody does (a game this process holds is open
    too)."""
    try:
        fd = os.open(lock_path(save), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:  # no lock file: never opened, or let go of for good
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _read_holder(fd)
    except OSError:
        return None
    finally:
        os.close(fd)  # and with it the shared lock, if it was had
    return None


@dataclass
class Slot:
    """Where a game in progress is saved, and this process's lock on it."""

    path: Path
    lock: GameLock

    @property
    def name(self) -> str:
        return self.path.stem
