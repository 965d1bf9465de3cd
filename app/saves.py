"""The game in progress on disk: autosave after every action, resume, and records in and out.

The save is a game record (moon42/1) with one extra member, ``moon42``, that holds what the
record does not: each seat's bot, the pace, the undo house rule and whether undo was used.
``moon42 check`` ignores that member, so a save is also an ordinary record.

Every write is atomic: a temporary file in the same folder, flushed and synced, renamed
over the old one, then the folder synced.  A process killed at any moment leaves either
the old save or the new one, never half of one.  A save that cannot be read is moved
aside (``autosave.damaged-<time>.json``), never overwritten nor deleted.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from moon42.rules import Game, Phase, RecordError, RuleError
from moon42.rules.record import game_from_record, game_to_record

from .config import DEFAULT_NAMES, DEFAULT_PACE, GameConfig
from .paths import data_dir
from .words import GAME_TITLES

if TYPE_CHECKING:
    from moon42.rules.events import Event

    from .flow import Flow

__all__ = [
    "SAVE_NAME",
    "APP_MEMBER",
    "Saved",
    "DamagedSave",
    "Autosave",
    "write_atomic",
    "save_path",
    "records_dir",
    "record_of",
    "save_game",
    "clear_save",
    "load_save",
    "load_record_file",
    "saved_from_doc",
    "export_game",
    "keep_finished",
    "describe",
    "move_aside",
    "shown",
    "SaveOffer",
    "lobby_offer",
    "start_autosave",
]

SAVE_NAME = "autosave.json"
APP_MEMBER = "moon42"


@dataclass(frozen=True)
class Saved:
    """A game read back from disk, and the setup to go on playing it."""

    game: Game
    config: GameConfig
    undo_used: bool = False


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


def shown(path: Path) -> str:
    """A path as a player reads it: ``~/.local/share/moon42/records/moon3-….json``."""
    try:
        return f"~{os.sep}{path.relative_to(Path.home())}"
    except (ValueError, RuntimeError):
        return str(path)


# ----- files ---------------------------------------------------------------


def _stamp() -> str:
    """The local time in file names: ``20261130-0142``."""
    return time.strftime("%Y%m%d-%H%M%S")


def save_path() -> Path:
    return data_dir() / SAVE_NAME


def records_dir() -> Path:
    folder = data_dir() / "records"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (not possible, nor needed, everywhere)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old file or the new, whole."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def _left_over_temporaries(folder: Path) -> None:
    """Temporary files of a write that was killed halfway; the save itself is whole."""
    for stray in folder.glob(f".{SAVE_NAME}.*.tmp"):
        with contextlib.suppress(OSError):
            stray.unlink()


def move_aside(path: Path) -> Path:
    """Rename a damaged file to ``<stem>.damaged-<time>.json``, never over another file."""
    stamp = _stamp()
    for n in range(1000):
        extra = f"-{n}" if n else ""
        target = path.with_name(f"{path.stem}.damaged-{stamp}{extra}{path.suffix}")
        try:
            os.link(path, target)  # fails if the target exists: nothing is overwritten
        except FileExistsError:
            continue
        except OSError:  # no hard links here: check, then rename
            if target.exists():
                continue
            os.replace(path, target)
        else:
            path.unlink()
        _sync_folder(path.parent)
        return target
    raise OSError(f"too many damaged saves beside {path}")


# ----- a game to a document and back -----------------------------------------


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
            "difficulty": getattr(config, "difficulty", None),
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
    bots = [b if isinstance(b, str) and (known_bots is None or b in known_bots) else default
            for b in bots[: game.seats]]
    bots += [default] * (game.seats - len(bots))
    pace = extra.get("pace")
    if isinstance(pace, bool) or not isinstance(pace, int | float) or not 0 <= pace <= 60:
        pace = DEFAULT_PACE
    setup = {
        "bots": tuple(bots),
        "pace": float(pace),
        "watch": extra.get("watch") is True,
        "allow_undo": extra.get("allow_undo") is not False,
    }
    if isinstance(extra.get("difficulty"), str):  # the level the bots were made at
        setup["difficulty"] = extra["difficulty"]
    return setup, extra.get("undo_used") is True


def saved_from_doc(doc: Any, known_bots: list[str] | None = None) -> Saved:
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
    # Names missing, blank or too few (a hand-written record): the usual names fill in.
    given = doc.get("players")
    given = [str(p).strip() for p in given] if isinstance(given, list) else []
    given += [""] * (game.seats - len(given))
    names = tuple(n or DEFAULT_NAMES[s] for s, n in enumerate(given[: game.seats]))
    game.players = names
    config = GameConfig(game=game.options.game, options=game.options.to_dict(), names=names,
                        seed=game.seed, **setup)
    return Saved(game, config, undo_used)


def _read_doc(path: Path) -> Any:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise DamagedSave(f"It cannot be read ({error.strerror}).") from None
    if not data.strip():
        raise DamagedSave("It is empty.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedSave("It is not text.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise DamagedSave(f"It is not complete JSON (it stops making sense at {where}); "
                          "it may have been cut short.") from None


# ----- the autosave ------------------------------------------------------------


def save_game(game: Game, config: GameConfig, pace: float | None = None,
              undo_used: bool = False) -> Path:
    path = save_path()
    text = json.dumps(record_of(game, config, pace, undo_used), separators=(",", ":"))
    write_atomic(path, text)
    return path


def clear_save() -> None:
    with contextlib.suppress(FileNotFoundError):
        save_path().unlink()
    _sync_folder(data_dir())


def load_save(known_bots: list[str] | None = None) -> Saved | None:
    """The saved game, or None if there is none; a damaged one is moved aside and reported."""
    path = save_path()
    _left_over_temporaries(path.parent)
    if not path.exists():
        return None
    try:
        saved = saved_from_doc(_read_doc(path), known_bots)
    except DamagedSave as error:
        raise DamagedSave(error.reason, move_aside(path)) from None
    return saved


def keep_finished(game: Game, config: GameConfig, undo_used: bool = False) -> Path:
    """A finished game's record goes to ``records/``; the autosave is cleared."""
    path = export_game(game, config, undo_used=undo_used)
    clear_save()
    return path


class Autosave:
    """A flow listener: the game on disk after every change, its record kept when it ends."""

    def __init__(self) -> None:
        self.failed: str | None = None
        self.finished: Path | None = None

    def __call__(self, flow: Flow, events: list[Event]) -> None:
        undo_used = getattr(flow, "undo_used", False)
        try:
            if flow.game.phase is Phase.GAME_OVER:
                if self.finished is None:  # the help and README say where it goes
                    self.finished = keep_finished(flow.game, flow.config, undo_used)
                return
            save_game(flow.game, flow.config, flow.pace, undo_used)
            self.failed = None
        except OSError as error:
            reason = f"The game could not be saved: {error.strerror or error}."
            if reason != self.failed:  # say it once, not after every move
                self.failed = reason
                flow.app.notify(reason, severity="warning", timeout=8)


def start_autosave(flow: Flow, undo_used: bool = False) -> None:
    """Follow a game the player plays (a watched game is not saved: it would replace theirs)."""
    flow.undo_used = flow.undo_used or undo_used
    if flow.config.watch:
        return
    autosave = Autosave()
    flow.listeners.append(autosave)
    autosave(flow, [])  # at once: a new game replaces the old save before its first move


@dataclass(frozen=True)
class SaveOffer:
    """What the lobby says about the save: a game to resume, or a damaged file put aside."""

    text: str
    resumable: bool


def lobby_offer(known_bots: list[str] | None = None) -> SaveOffer | None:
    try:
        saved = load_save(known_bots)
    except DamagedSave as error:
        return SaveOffer(f"Your saved game could not be read. {error} "
                         "Start a new game below.", False)
    except OSError as error:
        return SaveOffer(f"Your saved game could not be read ({error.strerror or error}).",
                         False)
    if saved is None:
        return None
    return SaveOffer(f"Resume (r): {describe(saved)}", True)


# ----- records in and out --------------------------------------------------------


def export_game(game: Game, config: GameConfig | None = None, path: Path | None = None,
                undo_used: bool = False) -> Path:
    """Write the game's record (to ``records/<game>-<time>.json`` unless told where)."""
    if path is None:
        stamp = _stamp()
        folder = records_dir()
        path = folder / f"{game.options.game}-{stamp}.json"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{game.options.game}-{stamp}-{n}.json"
    text = json.dumps(record_of(game, config, None, undo_used), indent=1)
    write_atomic(Path(path), text + "\n")
    return Path(path)


def load_record_file(path: str | Path, known_bots: list[str] | None = None) -> Saved:
    """A record from anywhere (``play --from``): nothing is moved, renamed or written."""
    return saved_from_doc(_read_doc(Path(path)), known_bots)


def describe(saved: Saved) -> str:
    """``Texas 42, hand 3, marks You & Bob 4, Ann & Cat 2``: what the resume offer shows."""
    game = saved.game
    names, scores = game.players, game.scores
    unit = "marks" if game.options.uses_marks else "points"
    if game.options.partnerships:
        score = f"{names[0]} & {names[2]} {scores[0]}, {names[1]} & {names[3]} {scores[1]}"
    else:
        score = ", ".join(f"{name} {points}" for name, points in zip(names, scores, strict=True))
    return f"{GAME_TITLES[game.options.game]}, hand {len(game.log)}, {unit} {score}"
