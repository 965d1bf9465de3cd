"""Saved games: every game in progress in a file of its own, resumed, abandoned, finished.

A game the player plays is saved after every action in ``saves/<game>-<start>.json`` in the
data folder, a record the app writes (app/play/records.py).  No game is ever discarded
without the player saying so: a new game gets a file of its own, up to SAVES_LIMIT of them;
a game abandoned from the lobby (which asks first) or finished leaves its record in
``records/``.  One process writes a game at a time: it holds the game's lock while it plays
it (app/play/locks.py); another is told where the game is open.

Every write is atomic (app/play/files.py), so a process killed at any moment leaves the game as
it was before or after the last action, whole.  A save that cannot be loaded, for any
reason, is renamed ``<name>.damaged-<time>.json`` and kept.  Earlier versions kept one
game, ``autosave.json``; it joins the saved games the first time they are looked at.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from moon42.rules import Game, Phase

from .config import GameConfig
from .files import DAMAGED, clear_temporaries, move_aside, stamp, sync_folder, write_atomic
from .locks import GameLock, GameLocked, Holder, Slot, holder_of
from .paths import data_dir, records_dir, saves_dir
from .records import (
    DamagedSave,
    Saved,
    describe,
    export_game,
    read_doc,
    record_of,
    saved_from_doc,
)

if TYPE_CHECKING:
    from moon42.rules.events import Event

    from .following import GameInProgress

__all__ = [
    "SAVES_LIMIT",
    "OLD_SAVE",
    "Slot",
    "SavedGame",
    "SavedGames",
    "TooManySaves",
    "saved_games",
    "find_saved",
    "open_saved",
    "new_slot",
    "abandon",
    "save_game",
    "Autosave",
    "start_autosave",
    "when_text",
]

SAVES_LIMIT = 20
OLD_SAVE = "autosave.json"


@dataclass(frozen=True)
class SavedGame:
    """A game in the saves folder, as the lobby and ``--resume`` list it."""

    path: Path
    title: str  # "Texas 42, hand 3, marks You & Bob 4, Ann & Cat 2"
    saved_at: float  # when it was last saved (seconds since the epoch)
    game: str  # moon3, moon4 or texas42
    open_in: Holder | None  # who has it open, if anyone

    @property
    def name(self) -> str:
        return self.path.stem


@dataclass(frozen=True)
class SavedGames:
    """The saved games, latest first, and news of the saves that had to be put aside."""

    games: tuple[SavedGame, ...]
    damaged: tuple[str, ...]

    @property
    def full(self) -> bool:
        return len(self.games) >= SAVES_LIMIT


class TooManySaves(Exception):
    """SAVES_LIMIT games are saved already; ``oldest`` is the one that would have to go."""

    def __init__(self, oldest: SavedGame) -> None:
        super().__init__(f"{SAVES_LIMIT} games are saved already, the most moon42 keeps")
        self.oldest = oldest


# ----- the list --------------------------------------------------------------


def _adopt_old_save() -> None:
    """An earlier version's ``autosave.json`` becomes a saved game like the others."""
    old = data_dir() / OLD_SAVE
    clear_temporaries(old)
    if not old.exists():
        return
    try:
        game = read_doc(old).get("game")
    except (DamagedSave, AttributeError):
        game = None
    prefix = game if game in ("moon3", "moon4", "texas42") else "autosave"
    when = time.strftime("%Y%m%d-%H%M%S", time.localtime(old.stat().st_mtime))
    for n in range(1, 1000):
        target = saves_dir() / f"{prefix}-{when}{'' if n == 1 else f'-{n}'}.json"
        try:
            os.link(old, target)  # never over another file; two processes: one wins
        except FileExistsError:
            continue
        except FileNotFoundError:  # another moon42 adopted it first
            return
        with contextlib.suppress(FileNotFoundError):
            old.unlink()
        sync_folder(old.parent)
        return


def _save_files() -> list[Path]:
    # Regular files only: reading a pipe or a device put there would never end.
    return [p for p in saves_dir().glob("*.json") if DAMAGED not in p.name and p.is_file()]


def _put_aside(path: Path, error: DamagedSave) -> str | None:
    """Rename a save that cannot be loaded (unless another process has it open): the news."""
    try:
        lock = GameLock.take(path)
    except GameLocked:
        return None
    try:
        if not path.exists():
            return None
        kept = move_aside(path)
    except OSError as failure:
        return f"A saved game could not be read. {error.reason} ({failure})"
    finally:
        lock.release()
    return f"A saved game could not be read. {DamagedSave(error.reason, kept)}"


def saved_games(known_bots: list[str] | None = None) -> SavedGames:
    """Every saved game, latest first; those that cannot be loaded are put aside."""
    _adopt_old_save()
    games, damaged = [], []
    for path in _save_files():
        open_in = holder_of(path)
        try:
            saved_at = path.stat().st_mtime
            doc = read_doc(path)
            title = describe(saved_from_doc(doc, known_bots))
        except FileNotFoundError:  # finished or abandoned as we looked
            continue
        except DamagedSave as error:
            if open_in is None:
                news = _put_aside(path, error)
                if news:
                    damaged.append(news)
                continue
            title = "a game being saved elsewhere"
            doc = {}
        game = doc.get("game") if isinstance(doc, dict) else None
        games.append(SavedGame(path, title, saved_at, game if isinstance(game, str) else "",
                               open_in))
    games.sort(key=lambda g: (g.saved_at, g.name), reverse=True)
    return SavedGames(tuple(games), tuple(damaged))


def find_saved(games: SavedGames, choice: str) -> SavedGame | None:
    """The game ``choice`` names: its number in the list (1 is the latest), its name, or a
    game (moon3, moon4, texas42: the latest of it)."""
    choice = choice.strip()
    if choice.isdigit() and len(choice) <= 3:
        number = int(choice)
        return games.games[number - 1] if 1 <= number <= len(games.games) else None
    for saved in games.games:
        if choice in (saved.name, saved.path.name):
            return saved
    return next((saved for saved in games.games if saved.game == choice), None)


def when_text(moment: float, now: float | None = None) -> str:
    """``today 14:02``, ``yesterday 09:10``, ``2 Mar 14:02`` or ``2 Mar 2025``."""
    now = time.time() if now is None else now
    then, today = time.localtime(moment), time.localtime(now)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1)) -
            time.mktime(then[:3] + (0, 0, 0, 0, 0, -1)))
    clock = time.strftime("%H:%M", then)
    if 0 <= days < 3600:  # a day that is 23 or 25 hours long still counts as one
        return f"today {clock}"
    if 0 < days < 2 * 86400 - 3600:
        return f"yesterday {clock}"
    if then.tm_year == today.tm_year:
        return f"{then.tm_mday} {time.strftime('%b', then)} {clock}"
    return f"{then.tm_mday} {time.strftime('%b %Y', then)}"


# ----- one game --------------------------------------------------------------


def open_saved(path: Path, known_bots: list[str] | None = None) -> Saved:
    """Lock a saved game and load it; GameLocked if it is open elsewhere, DamagedSave (after
    putting it aside) if it cannot be loaded."""
    lock = GameLock.take(path)
    try:
        clear_temporaries(path)
        if not path.exists():
            raise DamagedSave("That game is no longer saved: it was finished or abandoned "
                              "elsewhere.")
        try:
            saved = saved_from_doc(read_doc(path), known_bots, Slot(path, lock))
        except DamagedSave as error:
            raise DamagedSave(error.reason, move_aside(path)) from None
    except BaseException:
        lock.release()
        raise
    return saved


def new_slot(game: str, limit: int = SAVES_LIMIT) -> Slot:
    """A new saved game's file name, locked; TooManySaves when ``limit`` are saved."""
    saved = saved_games()
    if len(saved.games) >= limit:
        raise TooManySaves(saved.games[-1])
    folder = saves_dir()
    when = stamp()
    for n in range(1, 1000):
        path = folder / f"{game}-{when}{'' if n == 1 else f'-{n}'}.json"
        if path.exists():
            continue
        try:
            lock = GameLock.take(path)
        except GameLocked:  # another moon42 took this name this very second
            continue
        if path.exists():  # saved by another between the look and the lock
            lock.release()
            continue
        return Slot(path, lock)
    raise OSError(f"no free name for a saved game in {folder}")


def abandon(saved: SavedGame) -> Path:
    """Take a game off the saved games; its record goes to ``records/``.  GameLocked if it
    is open elsewhere."""
    lock = GameLock.take(saved.path)
    try:
        target = _free_name(records_dir(), saved.path.name)
        os.link(saved.path, target)  # the record is in records/ before the save goes
        saved.path.unlink()
        clear_temporaries(saved.path)
        sync_folder(target.parent)
        sync_folder(saved.path.parent)
    finally:
        lock.release()
    return target


def _free_name(folder: Path, name: str) -> Path:
    path = folder / name
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{Path(name).stem}-{n}.json"
    return path


# ----- following a game ----------------------------------------------------------


def save_game(game: Game, config: GameConfig, path: Path, pace: float | None = None,
              undo_used: bool = False) -> Path:
    text = json.dumps(record_of(game, config, pace, undo_used), separators=(",", ":"))
    write_atomic(path, text)
    return path


class Autosave:
    """A flow listener: the game on disk after every change, its record kept when it ends.

    It writes only while it holds the game's lock; ``close`` lets go of it (the game stays
    saved, for later)."""

    def __init__(self, slot: Slot) -> None:
        self.slot: Slot | None = slot
        self.failed: str | None = None
        self.finished: Path | None = None

    def __call__(self, flow: GameInProgress, events: list[Event]) -> None:
        slot = self.slot
        if slot is None:
            return
        undo_used = flow.undo_used
        try:
            if flow.game.phase is Phase.GAME_OVER:
                self.finished = export_game(flow.game, flow.config, undo_used=undo_used)
                with contextlib.suppress(FileNotFoundError):
                    slot.path.unlink()
                sync_folder(slot.path.parent)
                self.close()
                return
            save_game(flow.game, flow.config, slot.path, flow.pace, undo_used)
            self.failed = None
        except OSError as error:
            reason = f"The game could not be saved: {error.strerror or error}."
            if reason != self.failed:  # say it once, not after every move
                self.failed = reason
                flow.warn(reason)

    def close(self) -> None:
        slot, self.slot = self.slot, None
        if slot is not None:
            slot.lock.release()


def start_autosave(flow: GameInProgress, slot: Slot, undo_used: bool = False) -> Autosave:
    """Follow a game the player plays in ``slot`` (a watched game is not saved)."""
    flow.undo_used = flow.undo_used or undo_used
    autosave = Autosave(slot)
    flow.listeners.append(autosave)
    autosave(flow, [])  # at once: the game is on disk before its first move
    return autosave
