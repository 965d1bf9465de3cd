"""Counted games made up from a seed, as members' statistics would tell them: what the
ratings are measured on (``python -m moon42.app.server.bench.ratings``) and tested with."""

from __future__ import annotations

import random

from .ranked import PlayedGame
from .ratings import PlayerGames

__all__ = ["made_up"]

_SEATS = {"moon3": 3, "moon4": 4, "texas42": 4}
_BOTS = ("basic", "normal", "expert")


def made_up(players: int, games: int, shared: float, seed: int) -> list[PlayerGames]:
    """``players`` members' counted games, as their statistics would tell them."""
    rng = random.Random(seed)
    labels = [f"member-p{n}" for n in range(players)]
    played: dict[str, list[PlayedGame]] = {label: [] for label in labels}
    totals: dict[str, dict[str, tuple[int, ...]]] = {label: {} for label in labels}
    number = 0
    while min(len(g) for g in played.values()) < games:
        number += 1
        kind = rng.choice(tuple(_SEATS))
        seats = _SEATS[kind]
        owner = min(labels, key=lambda label: (len(played[label]), rng.random()))
        people = [owner]
        if rng.random() < shared and players >= seats:
            people += rng.sample([label for label in labels if label != owner],
                                 rng.randint(1, seats - 1))
        sat = rng.sample(range(seats), len(people))
        bots = tuple(None if s in sat else rng.choice(_BOTS) for s in range(seats))
        winner = rng.randrange(seats)
        winners = (winner, (winner + 2) % 4) if seats == 4 else (winner,)
        scores = tuple(21 if s == winner else rng.randint(-10, 20) for s in range(seats))
        finished = f"2026-12-01T{number // 3600 % 24:02d}:{number // 60 % 60:02d}:" \
                   f"{number % 60:02d}+00:00"
        for label, seat in zip(people, sat, strict=True):
            played[label].append(PlayedGame(f"g{number}", kind, 21, kind == "texas42", bots,
                                            seat, False, True, seat in winners, finished,
                                            tuple(sorted(winners))))
            totals[label][f"g{number}"] = scores
    return [PlayerGames(label, False, tuple(played[label]), totals[label])
            for label in labels]
