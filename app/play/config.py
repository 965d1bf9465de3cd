"""A game's setup (game, house rules, seats, seed, pace), and the lobby's memory of the last one.

The memory is ``lobby.json`` in the data folder (app/play/paths.py).  A seed typed in the lobby
deals one game; it is remembered only when the player pins it (``pin_seed``).
"""

from __future__ import annotations

import contextlib
import json
import math
import unicodedata
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from moon42.rules.limits import MAX_SEED, is_seed
from moon42.rules.options import GAMES, SEATS, Options, OptionsError, options_for

from .difficulty import CUSTOM, LEVELS
from .files import write_atomic
from .paths import lobby_file
from .record_files import DocumentError, UnreadableFile, read_record_file

__all__ = ["GameConfig", "DEFAULT_NAMES", "load_last", "save_last", "PACES", "DEFAULT_PACE",
           "MAX_PACE", "NAME_LIMIT", "clean_name", "pace_problem", "seed_problem"]

DEFAULT_NAMES = ("You", "Ann", "Bob", "Cat")
PACES = (0.0, 0.2, 0.4, 0.7, 1.0, 1.5, 2.5)
DEFAULT_PACE = 0.7
MAX_PACE = 10.0  # seconds a bot move stays on screen, at most
NAME_LIMIT = 12  # characters of a player's name


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
    # The lobby keeps the seed for every game, not just the next one.
    pin_seed: bool = False
    # A tile that is the only one the human may play is played for them, after a pause.
    auto_play: bool = False
    # Bots on lead holding only winners show their hand and claim the rest.
    bot_claims: bool = True

    @property
    def seats(self) -> int:
        return SEATS[self.game]

    def rules_options(self) -> Options:
        return options_for(self.game, self.options)

    def players(self) -> list[str]:
        names = list(self.names) + list(DEFAULT_NAMES[len(self.names) :])
        return [clean_name(n) or DEFAULT_NAMES[i] for i, n in enumerate(names[: self.seats])]

    def bot_of(self, seat: int) -> str:
        return self.bots[seat] if seat < len(self.bots) else self.bots[-1]

    def with_(self, **changes: Any) -> GameConfig:
        return replace(self, **changes)


def clean_name(name: object) -> str:
    """A player's name as the table shows it: printable characters only (no terminal
    controls from a hostile record), spaces collapsed, at most NAME_LIMIT characters."""
    if not isinstance(name, str):
        return ""
    shown = "".join(c for c in name[: NAME_LIMIT * 4] if not unicodedata.category(c)
                    .startswith("C"))
    return " ".join(shown.split())[:NAME_LIMIT].strip()


def pace_problem(pace: float) -> str | None:
    """Why ``pace`` cannot be a bot pace, or None."""
    if not math.isfinite(pace) or not 0 <= pace <= MAX_PACE:
        return f"the pace is a number of seconds from 0 to {MAX_PACE:g}, not {pace:g}"
    return None


def seed_problem(seed: int) -> str | None:
    """Why ``seed`` cannot deal a game, or None."""
    if not is_seed(seed):
        return f"a seed is a whole number from 0 to {MAX_SEED}"
    return None


def load_last() -> GameConfig:
    """The last setup started from the lobby, or the defaults where it is missing or bad."""
    try:
        data = read_record_file(lobby_file())
    except (UnreadableFile, DocumentError):
        return GameConfig()
    if not isinstance(data, dict) or data.get("game") not in GAMES:
        return GameConfig()
    game = data["game"]
    options = data.get("options")
    if not isinstance(options, dict):
        options = {}
    try:
        options_for(game, options)
    except OptionsError:
        options = {}
    config = GameConfig(game=game, options=dict(options))

    def strings(key: str, default: tuple[str, ...]) -> tuple[str, ...]:
        values = data.get(key)
        if not isinstance(values, list) or not values:
            return default
        pairs = zip(values, default, strict=False)  # no more than the default has
        return tuple(v[:40] if isinstance(v, str) else d for v, d in pairs)

    pace = data.get("pace")
    if isinstance(pace, bool) or not isinstance(pace, int | float) or pace_problem(pace):
        pace = DEFAULT_PACE
    pinned = data.get("pin_seed") is True and is_seed(data.get("seed"))
    difficulty = data.get("difficulty")
    return config.with_(
        names=tuple(clean_name(n) for n in strings("names", DEFAULT_NAMES)),
        bots=strings("bots", GameConfig.bots),
        seed=data["seed"] if pinned else None,
        pin_seed=pinned,
        pace=float(pace),
        allow_undo=data.get("allow_undo") is not False,
        auto_play=data.get("auto_play") is True,
        bot_claims=data.get("bot_claims") is not False,
        difficulty=difficulty if difficulty in LEVELS or difficulty == CUSTOM else "novice",
    )


def save_last(config: GameConfig) -> None:
    """Remember ``config`` for the next lobby (its seed only if pinned); a read-only disk is
    not worth an error."""
    data = asdict(config)
    data.pop("watch", None)
    if not config.pin_seed:
        data.pop("seed", None)
    with contextlib.suppress(OSError):
        write_atomic(lobby_file(), json.dumps(data, indent=1))
