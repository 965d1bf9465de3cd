"""When the app stops on an error of its own: a few plain lines for the player, and the
details in a file of its own.

Textual's way is to print the error's whole traceback with its local values as the app
ends, which fills an 80x24 screen (an SSH player's whole terminal) with code.  Instead the
traceback is written to ``crashes/`` in the player's data folder (the last ``KEPT`` of them,
each at most ``MAX_BYTES``), and the player reads what happened, that their game is saved,
and where the details are.  With Textual's ``debug`` feature on (``TEXTUAL=debug``) the
traceback is shown as Textual shows it.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from ..play.paths import CRASHES, data_dir

__all__ = ["KEPT", "MAX_BYTES", "crash_words", "lines_start_at_the_left", "report", "save_crash"]

KEPT = 5  # crash reports kept in a player's folder, the newest
MAX_BYTES = 64 * 1024  # of one report


def save_crash(details: str) -> Path | None:
    """``details`` in a new file of ``crashes/`` (older ones beyond ``KEPT`` removed), or
    None if it cannot be written."""
    try:
        folder = data_dir() / CRASHES
        folder.mkdir(exist_ok=True)
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
        data = details.encode("utf-8", "replace")
        if len(data) > MAX_BYTES:  # the end of a traceback says most: keep it
            data = b"(the start is cut)\n" + data[-MAX_BYTES:]
        path.write_bytes(data)
        reports = sorted(folder.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
        for old in reports[:-KEPT]:
            old.unlink(missing_ok=True)
        return path
    except OSError:
        return None


def crash_words(error: BaseException, saved: Path | None, served: bool = False) -> str:
    """What the player reads as the app ends, in short lines (a long folder's path folds)."""
    lines = [f"moon42 stopped on an error of its own ({type(error).__name__}).",
             "Your games are saved: every move is."]
    if saved is None:
        lines.append("Its details could not be written to the data folder.")
    elif served:  # the file is the server's: its name is what its keeper needs
        lines += [f"The details are kept on the server, as {saved.name};",
                  "telling whoever runs it helps mend it."]
    else:
        lines += [f"The details are in {saved.name}, in the folder", str(saved.parent),
                  "Sending them to whoever runs moon42 for you helps mend it."]
    return "\n".join(lines)


def report(error: BaseException, served: bool = False) -> str:
    """The error's traceback saved, and the words for the player."""
    details = "".join(traceback.format_exception(error))
    return crash_words(error, save_crash(details), served)


def lines_start_at_the_left(stream: object) -> None:
    """Let ``stream``'s terminal start each new line at the left edge again, as a terminal
    does by default: a game served over SSH runs on a terminal set raw from the start, which
    the app puts back as it ends, and its last words would run down the screen in a stair."""
    try:
        import termios  # optional: Windows has none, and its consoles need nothing of this
    except ImportError:
        return
    try:
        fd = stream.fileno()  # type: ignore[attr-defined]
        modes = termios.tcgetattr(fd)
        modes[1] |= termios.OPOST | termios.ONLCR
        termios.tcsetattr(fd, termios.TCSADRAIN, modes)
    except (termios.error, AttributeError, OSError, ValueError):
        pass  # not a terminal: nothing to set
