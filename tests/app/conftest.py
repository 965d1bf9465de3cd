"""Shared set-up for the app tests: no animations, no cursor blink, and a data folder (saved
games, statistics, lobby choices) of each test's own, and the same "random" seeds every run."""

from __future__ import annotations

import os
import random
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


@pytest.fixture(autouse=True)
def same_random_seeds():
    """A game started without a seed is dealt a random one (``random.randrange``); each test
    draws the same ones every run, so that a deal that plays out unlike the rest (a bot's
    moon holding every winner ends a hand before the player's first turn, about one deal in
    2,500) fails a test every time or never."""
    random.seed(42)
