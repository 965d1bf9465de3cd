"""Files that survive a crash: atomic writes, and damaged files renamed, never overwritten.

Every write is a temporary file in the same folder, flushed and synced, renamed over the
old one, then the folder synced: a process killed at any moment leaves the old file or the
new one, whole.  A file that cannot be read is renamed ``<stem>.damaged-<time>.json``
beside itself and kept.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

__all__ = ["write_atomic", "sync_folder", "move_aside", "clear_temporaries", "stamp", "shown",
           "DAMAGED"]

# What a damaged file's new name holds; the saved games list leaves such files out.
DAMAGED = ".damaged-"


def stamp() -> str:
    """The local time in file names: ``20261130-014233``."""
    return time.strftime("%Y%m%d-%H%M%S")


def shown(path: Path) -> str:
    """A path as a player reads it: ``~/.local/share/moon42/records/moon3-….json``."""
    try:
        return f"~{os.sep}{path.relative_to(Path.home())}"
    except (ValueError, RuntimeError):
        return str(path)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (not possible, nor needed, everywhere)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old file or the new, whole."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    sync_folder(path.parent)


def clear_temporaries(path: Path) -> None:
    """Temporary files of writes to ``path`` that were killed halfway (``path`` is whole)."""
    for stray in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            stray.unlink()


def move_aside(path: Path) -> Path:
    """Rename a damaged file to ``<stem>.damaged-<time>.json``, never over another file."""
    when = stamp()
    for n in range(1000):
        extra = f"-{n}" if n else ""
        target = path.with_name(f"{path.stem}{DAMAGED}{when}{extra}{path.suffix}")
        try:
            os.link(path, target)  # fails if the target exists: nothing is overwritten
        except FileExistsError:
            continue
        except OSError:  # no hard links here: check, then rename
            if target.exists():
                continue
            os.replace(path, target)
        else:
            path.unlink()
        sync_folder(path.parent)
        return target
    raise OSError(f"too many damaged files beside {path}")
