"""The arena's outcomes deal by deal (``moon42 arena ... --per-deal FILE``), as JSON lines.

A win rate over a few hundred deals moves by several points from the luck of the deals
alone, so two versions of a bot are compared on the *same* deals: what changed is the
difference deal by deal (``ai.lab.paired``).  Every copy of every deal is one line, whole
in itself (the run it belongs to, then the copy's outcome from A's side):

    {"game": "texas42", "a": "expert", "b": "basic", "unit": "hands", "bidding": true,
     "seed": 91, "options": {}, "budget_share": 1.0, "deal": 0, "copy": 0, "a_seats": [0, 2],
     "share": 1.0,
     "margin": 12.0, "hands": 1, "a_bids": 1, "a_made": 1, "b_bids": 0, "b_made": 0,
     "contracts": [{"side": "A", "kind": "points", "made": true, "net": 1.0}]}

``budget_share`` is the share of their budgets the bots thought for (``--share``),
``share`` A's share of the win (1 won, 0 lost, a tie shared), ``margin`` A's points (or
marks, tricks) less B's, ``a_seats`` where A sat, and ``contracts`` each hand won in the
auction (by A or B: the kind of contract, made or not, what it scored for A less B).  A run
against a pool writes one line per member, deal and copy.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from .arena import ArenaConfig, Outcome, seats_of

__all__ = ["PerDealError", "line_of", "read_lines", "write_outcomes", "RUN_KEYS"]

RUN_KEYS = ("game", "a", "b", "unit", "bidding", "seed", "options")
MAX_FILE = 512 * 1024 * 1024  # bytes: far more than any run on one machine writes
MAX_LINE = 64 * 1024  # characters: a whole game's contracts fit many times over
NUMBERS = ("share", "margin")
COUNTS = ("deal", "copy", "hands", "a_bids", "a_made", "b_bids", "b_made")


class PerDealError(ValueError):
    """A per-deal file that cannot be read: what is wrong, and where."""


def line_of(config: ArenaConfig, outcome: Outcome) -> dict[str, Any]:
    """One copy of one deal, ready for ``json.dumps``."""
    seating = seats_of(config.game, outcome.copy)
    return {
        "game": config.game,
        "a": config.a,
        "b": config.b,
        "unit": "games" if config.whole_games else "hands",
        "bidding": config.bidding,
        "seed": config.seed,
        "options": config.rules_options(),
        "budget_share": config.share,
        "deal": outcome.deal,
        "copy": outcome.copy,
        "a_seats": [seat for seat, side in enumerate(seating) if side == "A"],
        "share": outcome.a_share,
        "margin": outcome.margin,
        "hands": outcome.hands,
        "a_bids": outcome.a_bids,
        "a_made": outcome.a_made,
        "b_bids": outcome.b_bids,
        "b_made": outcome.b_made,
        "contracts": [
            {"side": side, "kind": kind, "made": made, "net": net}
            for side, kind, made, net in outcome.contracts
        ],
    }


def write_outcomes(sink: TextIO, config: ArenaConfig, outcomes: list[Outcome]) -> None:
    """One deal's copies, a line each, flushed: a run stopped early keeps what it played."""
    for outcome in outcomes:
        sink.write(json.dumps(line_of(config, outcome)) + "\n")
    sink.flush()


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    """Every line of a per-deal file, checked; a damaged file is reported with the line."""
    try:
        size = path.stat().st_size
    except OSError as error:
        raise PerDealError(f"{path}: cannot read it ({error.strerror or error})") from error
    if size > MAX_FILE:
        raise PerDealError(f"{path}: {size} bytes; a per-deal file has at most {MAX_FILE}")
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            if len(text) > MAX_LINE:
                raise PerDealError(f"{path} line {number}: longer than {MAX_LINE} characters")
            try:
                record = json.loads(text)
            except json.JSONDecodeError as error:
                raise PerDealError(f"{path} line {number}: not JSON ({error.msg})") from error
            problem = _problem(record)
            if problem:
                raise PerDealError(f"{path} line {number}: {problem}; is it an arena's"
                                   " --per-deal file?")
            yield record


def _problem(record: Any) -> str | None:
    """What is wrong with one line, or None."""
    if not isinstance(record, dict):
        return "not a JSON object"
    missing = [k for k in (*RUN_KEYS, *NUMBERS, *COUNTS) if k not in record]
    if missing:
        return "no " + ", ".join(missing)
    for key in NUMBERS:
        value = record[key]
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            return f"{key} is not a number"
    if not 0 <= record["share"] <= 1:
        return "share is not between 0 and 1"
    for key in COUNTS:
        value = record[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return f"{key} is not a count"
    if record["unit"] not in ("hands", "games"):
        return "unit is neither hands nor games"
    return None
