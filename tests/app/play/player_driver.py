"""A whole game in the real app, headless, with a bot at the keys of seat 0.

``python -m tests.app.play.player_driver GAME SEED`` (MOON42_DATA_DIR says where): the app saves
the game as it would a player's, and seat 0's moves come from a basic bot through the same
call the keys use.  The two-windows test runs two of these on one data folder at once.
"""

from __future__ import annotations

import os
import sys

from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.app.play.config import GameConfig
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.summary import HandSummaryScreen

__all__ = ["player_config"]


def player_config(game: str, seed: int) -> GameConfig:
    # Without bot claims: the test's reference game is the bots' own play, move by move.
    return GameConfig(game=game, seed=seed, pace=0.0, bots=("basic",) * 4, bot_claims=False)


class _Player(Moon42App):
    def start_game(self, config, push=False, game=None, undo_used=False, slot=None) -> None:
        super().start_game(config, push, game, undo_used, slot)
        assert self.flow is not None
        seed = self.flow.game.seed
        self.hands = make_bot("basic", seed=(seed * 7) % 2**32)  # the flow's rule for seat 0
        self.set_interval(0.005, self._play)

    def _play(self) -> None:
        flow = self.flow
        if flow is None:
            return
        if self.autosave is not None and self.autosave.finished is not None:
            os._exit(0)  # the record is kept in records/: the game is done
        summary = self.screen
        if flow.waiting == "summary" and isinstance(summary, HandSummaryScreen):
            if summary.is_mounted:  # as a key would, once it shows
                summary.action_next_hand()
        elif flow.waiting == "human":
            flow.act(decide(self.hands, flow.game.view(0)))


def main(game: str, seed: int) -> None:
    app = _Player(player_config(game, seed), lobby=False)
    app.run(headless=True, size=(80, 24))
    # Here only if the game did not end as it should (the app stopped, or crashed): the test
    # then shows this process's log.
    sys.exit(app.return_code or 1)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
