"""``noisy-expert``: a quicker ``expert`` that now and then plays a tile at random.

A member of the opponent pool (``pool``): it plays much as a good player does, but thinks
a fifth as long for a play and half as long for a bid or a trump, and plays a random legal
tile instead of its choice one play in ``NOISE``.  The noise is seeded: its draw comes from
the bot's seed and what its seat knows, so a seeded game is the same game every time.
It reads nobody's habits and plays by no fixed rule, which makes it a check that a reading
of opponents does not hurt against a player who mostly plays well.
"""

from __future__ import annotations

import random

from moon42.rules.actions import Action, Play
from moon42.rules.views import SeatView

from .expert import CALL_BUDGET, PLAY_BUDGET, ExpertBot

__all__ = ["NoisyExpertBot", "NOISE"]

NOISE = 0.15  # the share of plays (with a choice) made at random
PLAY_SHARE = 0.2  # of the expert's play budget
CALL_SHARE = 0.5  # of its bid and trump budget


class NoisyExpertBot(ExpertBot):
    """The expert, thinking less, with one play in seven or so made at random."""

    description = "A quicker expert that now and then plays a tile at random."

    def __init__(self, seed: int | None = None, noise: float = NOISE) -> None:
        super().__init__(
            seed,
            budget=PLAY_BUDGET * PLAY_SHARE,
            call_budget=CALL_BUDGET * CALL_SHARE,
            habit_prior=0.0,
        )
        self.noise = noise

    def play(self, view: SeatView) -> Action:
        plays = [a for a in view.legal if type(a) is Play]
        played = ",".join(str(t) for t in view.played)
        rng = random.Random(f"{self.seed}:noise:{view.hand_number}:{view.seat}:{played}")
        if len(plays) > 1 and rng.random() < self.noise:
            return rng.choice(plays)
        return super().play(view)
