"""Everything that reads a record, fed one file, each held to its contract.

- ``check``: the exit code and the document the independent reference gives
  (tests/rules/reference_check.py, which follows rules/RECORDS.md's limits too), nothing on
  standard output and one line on standard error for exit 2;
- ``replay`` (headless, the model the viewer draws): a record check accepts, with a deal,
  loads and every position of it can be stepped to; anything else is a ReplayError;
- ``play --from``: a game goes on exactly when check finds it legal and not over, and every
  value of its setup is within range; otherwise exit 2 with a reason;
- the saved games: the same file as a save is listed and opens exactly when ``play --from``
  would take it; otherwise it is put aside, byte for byte, and reported.

Any exception other than the refusals named here is a failure: the traceback a player saw.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from moon42.app.cli.check import run_check
from moon42.app.cli.resume import saved_to_play
from moon42.app.play.config import MAX_PACE, NAME_LIMIT
from moon42.app.play.locks import lock_path
from moon42.app.play.saves import open_saved, saved_games
from moon42.app.tui.replay.positions import ReplayError, load_replay
from moon42.rules.limits import is_seed
from tests.rules.reference_check import check_text

__all__ = ["Outcome", "feed"]


@dataclass(frozen=True)
class Outcome:
    check: int  # the exit code of check
    replayed: bool  # the replay viewer opened it
    played: bool  # play --from went on with it
    saved: bool  # the saved games listed it
    # each reader's time, in that order (with the checks of its contract, not the reference's)
    seconds: tuple[float, float, float, float]


def _without_message(doc: Any) -> Any:
    if isinstance(doc, dict) and "error" in doc:
        doc = dict(doc, error={k: v for k, v in doc["error"].items() if k != "message"})
    return doc


@contextlib.contextmanager
def _data_dir(folder: Path):
    before = os.environ.get("MOON42_DATA_DIR")
    os.environ["MOON42_DATA_DIR"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            del os.environ["MOON42_DATA_DIR"]
        else:
            os.environ["MOON42_DATA_DIR"] = before


def _check(path: Path, reference: tuple[int, Any]) -> tuple[int, Any]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_check(str(path))
    expected, document = reference
    assert code == expected, f"check exits {code}, the contract says {expected}: {err.getvalue()}"
    if code == 2:
        assert out.getvalue() == ""
        reason = err.getvalue()
        assert reason.startswith("moon42 check: ") and reason.count("\n") == 1, reason
        assert len(reason) < 400, "a message quotes at most 40 characters of a bad value"
        return code, None
    assert err.getvalue() == ""
    mine = json.loads(out.getvalue())
    reference = json.loads(json.dumps(document))
    assert _without_message(mine) == _without_message(reference)
    return code, mine


def _replay(path: Path, check: int, document: Any) -> bool:
    try:
        replay = load_replay(str(path))
    except ReplayError as error:
        assert check == 2 or not document["hands"], f"a record check accepts: {error}"
        assert "\n" not in str(error) and len(str(error)) < 400
        return False
    assert check != 2
    for position in replay.positions:  # every step, every seat's view, as the viewer shows
        assert len(position.views) == replay.options.seats
    return True


def _setup_in_range(saved) -> None:
    config = saved.config
    assert config.seed is None or is_seed(config.seed)
    assert math.isfinite(config.pace) and 0 <= config.pace <= MAX_PACE
    assert all(0 < len(name) <= NAME_LIMIT and name.isprintable() for name in config.names)
    assert 1 <= saved.game.options.target <= 10_000


def _play_from(path: Path, check: int, document: Any) -> bool:
    args = argparse.Namespace(from_file=str(path), resume=None, pace=None, no_undo=False)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        saved, code = saved_to_play(args)
    goes_on = check == 0 and document["winner"] is None
    if saved is None:
        assert code == 2 and not goes_on, err.getvalue()
        assert err.getvalue().startswith("moon42 play: ")
        return False
    assert goes_on, "play --from went on with a record check refuses, or a finished game"
    _setup_in_range(saved)
    return True


def _saved_game(data: bytes, folder: Path, playable: bool) -> bool:
    saves = folder / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "fuzzed-20260101-000000.json"
    path.write_bytes(data)
    listed = saved_games()
    if not playable:
        assert listed.games == () and len(listed.damaged) == 1
        (kept,) = saves.glob("*.damaged-*.json")
        assert kept.read_bytes() == data and not path.exists()
        return False
    assert [g.path for g in listed.games] == [path] and listed.damaged == ()
    opened = open_saved(path)
    try:
        _setup_in_range(opened)
    finally:
        opened.slot.lock.release()
    assert not lock_path(path).exists()
    return True


def feed(data: bytes, folder: Path) -> Outcome:
    """Give ``data`` to every reader, in a data folder of its own under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "record.json"
    path.write_bytes(data)
    reference = check_text(data)  # not timed: the reference is not the product
    marks = [time.perf_counter()]
    with _data_dir(folder / "data"):
        check, document = _check(path, reference)
        marks.append(time.perf_counter())
        replayed = _replay(path, check, document)
        marks.append(time.perf_counter())
        played = _play_from(path, check, document)
        marks.append(time.perf_counter())
        saved = _saved_game(data, folder / "data", played)
        marks.append(time.perf_counter())
    seconds = tuple(b - a for a, b in zip(marks, marks[1:], strict=False))
    return Outcome(check, replayed, played, saved, seconds)  # type: ignore[arg-type]
