"""A game's setup (game, house rules, seats, seed, pace), and the lobby's memory of the last one."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from moon42.rules.options import GAMES, SEATS, Options, OptionsError, options_for

__all__ = ["GameConfig", "DEFAULT_NAMES", "config_path", "load_last", "save_last", "PACES"]

DEFAULT_NAMES = ("You", "Ann", "Bob", "Cat")
PACES = (0.0, 0.2, 0.4, 0.7, 1.0, 1.5, 2.5)
DEFAULT_PACE = 0.7


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to start a game; seat 0 is the human unless ``watch``."""

    game: str = "moon3"
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = DEFAULT_NAMES
    bots: tuple[str, ...] = ("basic", "basic", "basic", "basic")
    seed: int | None = None
    pace: float = DEFAULT_PACE
    watch: bool = False
    # The lobby's difficulty (app.difficulty: a level, or "custom" when seats differ).
    difficulty: str = "novice"
    # A house rule of the app: the human may take back a move (games against bots only).
    allow_undo: bool = True

    @property
    def seats(self) -> int:
        return SEATS[self.game]

    def rules_options(self) -> Options:
        return options_for(self.game, self.options)

    def players(self) -> list[str]:
        names = list(self.names) + list(DEFAULT_NAMES[len(self.names) :])
        return [n.strip() or DEFAULT_NAMES[i] for i, n in enumerate(names[: self.seats])]

    def bot_of(self, seat: int) -> str:
        return self.bots[seat] if seat < len(self.bots) else self.bots[-1]

    def with_(self, **changes: Any) -> GameConfig:
        return replace(self, **changes)


def config_path() -> Path:
    """Where the lobby remembers the last setup (``MOON42_CONFIG_DIR`` overrides, for tests)."""
    folder = os.environ.get("MOON42_CONFIG_DIR")
    if folder is None:
        from platformdirs import user_config_dir

        folder = user_config_dir("moon42", appauthor=False)
    return Path(folder) / "lobby.json"


def load_last() -> GameConfig:
    """The last setup started from the lobby, or the defaults if there is none or it is bad."""
    try:
        data = json.loads(config_path().read_text(encoding="utf-8"))
        game = data["game"]
        if game not in GAMES:
            return GameConfig()
        options = dict(data.get("options", {}))
        options_for(game, options)
        return GameConfig(
            game=game,
            options=options,
            names=tuple(str(n) for n in data.get("names", DEFAULT_NAMES))[:4],
            bots=tuple(str(b) for b in data.get("bots", GameConfig.bots))[:4] or GameConfig.bots,
            seed=data.get("seed") if isinstance(data.get("seed"), int) else None,
            pace=float(data.get("pace", DEFAULT_PACE)),
            allow_undo=data.get("allow_undo") is not False,
            difficulty=str(data.get("difficulty", "novice")),
        )
    except (OSError, ValueError, KeyError, TypeError, OptionsError):
        return GameConfig()


def save_last(config: GameConfig) -> None:
    """Remember ``config`` for the next lobby; a read-only disk is not worth an error."""
    data = asdict(config)
    data.pop("watch", None)
    path = config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    except OSError:
        pass
