"""Bots for the bot pool's tests, importable by its worker processes."""

from __future__ import annotations

import os
import time
from pathlib import Path

from moon42.ai.budget import Budget
from moon42.rules import Action
from moon42.rules.views import SeatView


class WaitingBot:
    """Decides only once ``release`` exists; says which process it decided in."""

    def __init__(self, release: Path) -> None:
        self.release = release
        self.decided_in: int | None = None

    def _first(self, view: SeatView) -> Action:
        while not self.release.exists():
            time.sleep(0.01)
        self.decided_in = os.getpid()
        return view.legal[0]

    bid = discard = trump = play = _first


class DyingBot:
    """Its worker dies as it is asked."""

    def _die(self, view: SeatView) -> Action:
        os._exit(3)

    bid = discard = trump = play = _die


class ShareBot:
    """A bot of ``budget`` seconds a turn that says, from its worker, what a budget of one
    second came to there (the share of its budget it was given) and when it decided."""

    def __init__(self, budget: float) -> None:
        self.budget = self.call_budget = budget
        self.seconds: float | None = None
        self.decided_at: float | None = None

    def seconds_for(self, view: SeatView) -> float:
        return self.budget

    def _first(self, view: SeatView) -> Action:
        self.seconds = Budget(1.0).seconds
        self.decided_at = time.monotonic()  # the machine's clock: every process's
        return view.legal[0]

    bid = discard = trump = play = _first
