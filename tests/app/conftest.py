"""Shared set-up for the app tests: no animations, no cursor blink, and a data folder (saved
games, statistics, lobby choices) of each test's own."""

from __future__ import annotations

import os
import tempfile

import pytest

# Both are read when Textual and the app are imported, so they come first.
os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ.pop("NO_COLOR", None)
os.environ.setdefault("LANG", "C.UTF-8")
os.environ["MOON42_DATA_DIR"] = tempfile.mkdtemp(prefix="moon42-test-data-")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """Every test its own data folder: games played in one test leave no save for the next."""
    folder = tmp_path / "moon42-data"
    monkeypatch.setenv("MOON42_DATA_DIR", str(folder))
    return folder
