"""``random``: every legal action equally likely, from its own seeded generator."""

from __future__ import annotations

import random

from moon42.rules.actions import Action
from moon42.rules.views import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    """Uniform over the legal actions; the same seed and the same views give the same choices."""

    description = "Plays any legal move at random: a baseline, not an opponent."

    def __init__(self, seed: int | None = None) -> None:
        # Its own generator, so bots sharing a process never disturb each other's sequence.
        self._rng = random.Random(seed)

    def _any(self, view: SeatView) -> Action:
        return self._rng.choice(view.legal)

    bid = discard = trump = play = _any
