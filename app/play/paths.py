"""Where moon42 keeps the player's data: saved games, records, statistics, lobby choices.

All of it lives in one folder, the platform's user data folder unless ``MOON42_DATA_DIR``
names another (tests and servers use it to keep players apart).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_dir", "saves_dir", "records_dir", "lobby_file", "crash_report_since",
           "CRASHES", "DATA_VARIABLE"]

DATA_VARIABLE = "MOON42_DATA_DIR"
CRASHES = "crashes"  # the reports of errors that stopped the app (app/tui/crash.py)


def data_dir() -> Path:
    """The data folder, created on first use."""
    folder = os.environ.get(DATA_VARIABLE)
    if folder is None:
        from platformdirs import user_data_dir  # for start-up time: the first call pays

        folder = user_data_dir("moon42", appauthor=False)
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _folder(name: str) -> Path:
    folder = data_dir() / name
    folder.mkdir(exist_ok=True)
    return folder


def saves_dir() -> Path:
    """The games in progress, one file each (app/play/saves.py)."""
    return _folder("saves")


def records_dir() -> Path:
    """The records of finished and abandoned games, and exported ones."""
    return _folder("records")


def lobby_file() -> Path:
    """The lobby's last choices (app/play/config.py)."""
    return data_dir() / "lobby.json"


def crash_report_since(data: Path, since: float) -> Path | None:
    """The newest crash report in the data folder ``data`` written at ``since`` (a time) or
    later: a server's note, as a game ends, of why it stopped."""
    try:
        reports = [(p.stat().st_mtime, p) for p in (data / CRASHES).glob("crash-*.txt")]
    except OSError:
        return None
    newest = max(reports, default=None)
    return newest[1] if newest is not None and newest[0] >= since else None
