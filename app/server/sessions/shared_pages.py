"""Where a forked game's memory comes from: the pages it still shares with the warm process
it was forked from (``zygote.py``), those it copied, and its own.  The serve bench reports it."""

from __future__ import annotations

import struct
from pathlib import Path

__all__ = ["pages_against_parent"]


def pages_against_parent(pid: int) -> dict[str, float] | None:
    """Where a game's private memory comes from, in MiB: its heap's pages still shared with
    the warm process it was forked from, those it copied on writing to them (it used an
    object on them: Python counts every use), and pages of its own.  From both processes'
    ``/proc/PID/pagemap`` (which gives page frames to root only), page by page at the same
    address, so a new page where the warm process has one of another mapping counts as
    copied; None where it cannot be read, or for a game with no warm parent."""
    try:
        parent = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        heap = []
        for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
            fields = line.split()
            if len(fields) < 6 or fields[5] == "[heap]":
                low, high = (int(x, 16) for x in fields[0].split("-"))
                heap.append((low, high))
        counts = {"shared": 0, "copied": 0, "own": 0}
        with open(f"/proc/{pid}/pagemap", "rb") as mine, \
                open(f"/proc/{parent}/pagemap", "rb") as theirs:
            for low, high in heap:
                pages = (high - low) // 4096
                mine.seek(low // 4096 * 8)
                theirs.seek(low // 4096 * 8)
                game = struct.unpack(f"{pages}Q", mine.read(pages * 8))
                warm = theirs.read(pages * 8)
                warm_pages = struct.unpack(f"{len(warm) // 8}Q", warm)
                for k, entry in enumerate(game):
                    if not entry >> 63:  # not in memory
                        continue
                    other = warm_pages[k] if k < len(warm_pages) else 0
                    if not other >> 63:
                        counts["own"] += 1
                    elif entry & _FRAME == other & _FRAME:
                        counts["shared"] += 1
                    else:
                        counts["copied"] += 1
    except (OSError, ValueError, IndexError, struct.error):
        return None
    if counts["shared"] == 0 and counts["copied"] == 0:
        return None  # no frames to compare (not root), or a cold game
    return {name: round(n * 4096 / 2**20, 1) for name, n in counts.items()}


_FRAME = (1 << 55) - 1  # a pagemap entry's page frame number
