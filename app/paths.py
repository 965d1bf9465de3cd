"""Where moon42 keeps the player's data: saves and statistics.

``MOON42_DATA_DIR`` overrides the platform's user data directory (tests and servers use it
to keep players apart).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_dir"]


def data_dir() -> Path:
    """The data directory, created on first use."""
    folder = os.environ.get("MOON42_DATA_DIR")
    if folder is None:
        from platformdirs import user_data_dir

        folder = user_data_dir("moon42", appauthor=False)
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path
