"""A whole game of bots in the real app, headless, at pace 0, autosaving after every action.

``python -m tests.app.play.autosave_driver GAME SEED`` (MOON42_DATA_DIR says where to save). The
kill tests start it, kill it with SIGKILL at some moment and read the save it left. A
watched game is not saved by the app itself (it would fill the player's saved games), so
the driver follows it with the same ``Autosave`` the player's games use, in a saved game of
its own.
"""

from __future__ import annotations

import os
import sys

from moon42.app.play.config import GameConfig
from moon42.app.play.saves import Autosave, new_slot
from moon42.app.tui.app import Moon42App
from moon42.rules import Phase

__all__ = ["driver_config", "DRIVER_NAMES"]

DRIVER_NAMES = ("Ann", "Bob", "Cat", "Dan")


def driver_config(game: str, seed: int) -> GameConfig:
    # No claims: the uninterrupted game the test compares with is played out trick by trick.
    return GameConfig(game=game, seed=seed, pace=0.0, watch=True, names=DRIVER_NAMES,
                      bots=("basic",) * 4, bot_claims=False)


class _Driver(Moon42App):
    def start_game(self, config, push=False, game=None, undo_used=False) -> None:
        super().start_game(config, push, game, undo_used)
        assert self.flow is not None
        autosave = Autosave(new_slot(config.game))
        self.flow.listeners.append(autosave)
        self.flow.listeners.append(self._at_the_end)
        autosave(self.flow, [])

    def _at_the_end(self, flow, events) -> None:
        if flow.game.phase is Phase.GAME_OVER:  # the record is kept: nothing more to see
            os._exit(0)


def main(game: str, seed: int) -> None:
    _Driver(driver_config(game, seed), lobby=False).run(headless=True, size=(80, 24))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
