"""Whole bot games for the statistics tests: played with the rules and the basic bot alone."""

from __future__ import annotations

from moon42.ai.registry import make_bot
from moon42.app.play.stats.recorder import StatsRecorder
from moon42.app.play.stats.store import StatsStore
from moon42.rules import Game, Phase

__all__ = ["play_recorded", "STARTED"]

STARTED = "2026-11-28T20:15:00-06:00"


def play_recorded(store: StatsStore, game_name: str, seed: int, human: int | None = 0,
                  stop_after: int | None = None, game: Game | None = None,
                  started: str = STARTED, names: list[str] | None = None,
                  undo_used: bool = False, bot: str = "basic",
                  options: dict | None = None) -> tuple[Game, StatsRecorder]:
    """Play (or go on with) a seeded game of bots, feeding every event to a recorder.

    ``stop_after`` stops once that many hands are scored, as a player who quits would.
    """
    if game is None:
        game = Game.new(game_name, options=options, seed=seed, players=names)
    bots = [make_bot(bot, seed * 10 + s) for s in range(game.seats)]
    names_of_bots = [None if s == human else bot for s in range(game.seats)]
    recorder = StatsRecorder(store, game, human, names_of_bots)
    recorder.started = started
    while game.phase is not Phase.GAME_OVER:
        if stop_after is not None and len(game.results) >= stop_after:
            break
        if game.phase is Phase.HAND_OVER:
            events = game.next_hand()
        else:
            turn = game.to_act
            events = game.apply(getattr(bots[turn.seat], turn.kind)(game.view(turn.seat)))
        recorder.follow(game, events, undo_used)
    return game, recorder
