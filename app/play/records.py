"""A game and its setup as a record, and back: what saves, exports and ``play --from`` share.

A record the app writes is a game record (moon42/1) with one extra member, ``moon42``, that
holds what the record does not: each seat's bot, the pace, the undo house rule and whether
undo was used.  ``moon42 check`` ignores that member, so a save is also an ordinary record.
Everything read back from a record is checked where it enters: names are cleaned and cut,
the pace and the seed kept to their ranges, unknown bots replaced.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from moon42.rules import Game, Phase, RecordError, RuleError
from moon42.rules.record import game_from_record, game_to_record

from .config import DEFAULT_NAMES, DEFAULT_PACE, GameConfig, clean_name, pace_problem
from .difficulty import CUSTOM, LEVELS
from .files import shown, stamp, write_atomic
from .paths import records_dir
from .record_files import DocumentError, NotJSON, UnreadableFile, read_record_file
from .words import GAME_TITLES

if TYPE_CHECKING:
    from .locks import Slot

__all__ = ["APP_MEMBER", "Saved", "DamagedSave", "record_of", "saved_from_doc", "read_doc",
           "load_record_file", "export_game", "describe"]

APP_MEMBER = "moon42"


@dataclass(frozen=True)
class Saved:
    """A game read back from disk, and the setup to go on playing it; ``slot`` is the saved
    game it came from (locked by this process), None for a record from elsewhere."""

    game: Game
    config: GameConfig
    undo_used: bool = False
    slot: Slot | None = None


class DamagedSave(Exception):
    """A file that is not a game we can continue; ``reason`` says why in plain words."""

    def __init__(self, reason: str, kept_as: Path | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kept_as = kept_as

    def __str__(self) -> str:
        if self.kept_as is None:
            return self.reason
        return f"{self.reason} It was kept as {shown(self.kept_as)}."


def record_of(game: Game, config: GameConfig | None = None, pace: float | None = None,
              undo_used: bool = False) -> dict[str, Any]:
    """The game's record, with the app's setup in its own member."""
    doc = game_to_record(game)
    if config is not None:
        doc[APP_MEMBER] = {
            "bots": [config.bot_of(s) for s in range(game.seats)],
            "pace": config.pace if pace is None else pace,
            "watch": config.watch,
            "allow_undo": config.allow_undo,
            "auto_play": config.auto_play,
            "bot_claims": config.bot_claims,
            "difficulty": config.difficulty,
            "undo_used": undo_used,
            "saved": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
    return doc


def _setup(doc: dict[str, Any], game: Game, known_bots: list[str] | None) -> tuple[dict, bool]:
    extra = doc.get(APP_MEMBER)
    extra = extra if isinstance(extra, dict) else {}
    bots = extra.get("bots")
    default = known_bots[0] if known_bots else "basic"
    if not isinstance(bots, list):
        bots = []
    bots = [b if isinstance(b, str) and len(b) <= 40 and (known_bots is None or b in known_bots)
            else default for b in bots[: game.seats]]
    bots += [default] * (game.seats - len(bots))
    pace = extra.get("pace")
    if isinstance(pace, bool) or not isinstance(pace, int | float) or pace_problem(pace):
        pace = DEFAULT_PACE
    setup = {
        "bots": tuple(bots),
        "pace": float(pace),
        "watch": extra.get("watch") is True,
        "allow_undo": extra.get("allow_undo") is not False,
        "auto_play": extra.get("auto_play") is True,
        "bot_claims": extra.get("bot_claims") is not False,
    }
    level = extra.get("difficulty")
    if level in LEVELS or level == CUSTOM:  # the level the bots were made at
        setup["difficulty"] = level
    return setup, extra.get("undo_used") is True


def saved_from_doc(doc: Any, known_bots: list[str] | None = None,
                   slot: Slot | None = None) -> Saved:
    """The game a record holds, ready to go on; DamagedSave says why it cannot be."""
    try:
        game = game_from_record(doc)
    except RecordError as error:
        raise DamagedSave(f"It is not a game record: {error}.") from None
    except RuleError as error:
        raise DamagedSave(f"Its moves break the rules ({error.message}).") from None
    if not game.log:  # a record of no hands yet: deal the first
        game.next_hand()
    if game.phase is Phase.GAME_OVER:
        raise DamagedSave("That game is over: there is nothing left to play.")
    setup, undo_used = _setup(doc, game, known_bots)
    # Names missing, blank, too few or unprintable (a hand-written record): the usual fill in.
    given = doc.get("players")
    given = [clean_name(p) for p in given[: game.seats]] if isinstance(given, list) else []
    given += [""] * (game.seats - len(given))
    names = tuple(n or DEFAULT_NAMES[s] for s, n in enumerate(given))
    game.players = names
    config = GameConfig(game=game.options.game, options=game.options.to_dict(), names=names,
                        seed=game.seed, **setup)
    return Saved(game, config, undo_used, slot)


def read_doc(path: Path) -> Any:
    """The JSON document in ``path``; DamagedSave says in plain words why there is none."""
    try:
        return read_record_file(path)
    except UnreadableFile as error:
        raise DamagedSave(f"It cannot be read ({error}).") from None
    except NotJSON as error:
        cut = "" if str(error) == "is empty" else "; it may have been cut short"
        raise DamagedSave(f"It {error}{cut}.") from None
    except DocumentError as error:
        raise DamagedSave(f"It {error}.") from None


def load_record_file(path: str | Path, known_bots: list[str] | None = None) -> Saved:
    """A record from anywhere (``play --from``): nothing is moved, renamed or written."""
    return saved_from_doc(read_doc(Path(path)), known_bots)


def export_game(game: Game, config: GameConfig | None = None, path: Path | None = None,
                undo_used: bool = False) -> Path:
    """Write the game's record (to ``records/<game>-<time>.json`` unless told where)."""
    if path is None:
        when = stamp()
        folder = records_dir()
        path = folder / f"{game.options.game}-{when}.json"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{game.options.game}-{when}-{n}.json"
    text = json.dumps(record_of(game, config, None, undo_used), indent=1)
    write_atomic(Path(path), text + "\n")
    return Path(path)


def describe(saved: Saved) -> str:
    """``Texas 42, hand 3, marks You & Bob 4, Ann & Cat 2``: how a saved game is listed."""
    game = saved.game
    names, scores = game.players, game.scores
    unit = "marks" if game.options.uses_marks else "points"
    if game.options.partnerships:
        score = f"{names[0]} & {names[2]} {scores[0]}, {names[1]} & {names[3]} {scores[1]}"
    else:
        score = ", ".join(f"{name} {points}" for name, points in zip(names, scores, strict=True))
    # A hand that is over is not the hand being played: the next one is dealt on resuming.
    hand = f"after hand {len(game.log)}" if game.phase is Phase.HAND_OVER else (
        f"hand {len(game.log)}")
    return f"{GAME_TITLES[game.options.game]}, {hand}, {unit} {score}"
