"""A duplicate match's record: the seed, and each deal's game record at both tables.

The document (``moon42-match/1``) is plain JSON::

    {"format": "moon42-match/1", "game": "texas42", "options": {}, "seed": 3, "turn": 1,
     "deals": [{"A": RECORD, "B": RECORD}, ...]}

Each ``RECORD`` is an ordinary game record (rules/RECORDS.md) of one hand, which
``moon42 check`` and ``moon42 replay`` read as they read any game (``moon42 match FILE
--table A --deal 1`` writes one out).  Reading a match replays every record under the rules
and checks that each holds the deal the seed gives, turned at table B (rules/duplicate.py):
a match file cannot claim a deal it did not play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from moon42.rules import Game, game_to_record
from moon42.rules.duplicate import MAX_DEALS, TURN, Deal, match_deal, turned
from moon42.rules.errors import RecordError, RuleError
from moon42.rules.limits import is_seed, quoted
from moon42.rules.options import GAMES, Options, OptionsError, options_for
from moon42.rules.record import game_from_record

from .files import stamp, write_atomic
from .paths import records_dir
from .record_files import DocumentError, UnreadableFile, read_record_file

__all__ = ["FORMAT", "Match", "MatchError", "match_document", "read_match", "load_match",
           "save_match", "TABLES"]

FORMAT = "moon42-match/1"
TABLES = ("A", "B")


class MatchError(Exception):
    """The document is no match record, or one of its games is not the match's."""


@dataclass(frozen=True)
class Match:
    options: Options
    seed: int
    deals: tuple[tuple[Game, Game], ...]  # each deal's game at table A and table B

    @property
    def players(self) -> tuple[str, ...]:
        """Table A's players (whose sides the match is read for)."""
        return self.deals[0][0].players if self.deals else ()


def match_document(options: Options, seed: int, deals: list[tuple[Game, Game]]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": options.game,
        "options": options.to_dict(),
        "seed": seed,
        "turn": TURN,
        "deals": [{"A": game_to_record(a), "B": game_to_record(b)} for a, b in deals],
    }


def _dealt(game: Game, deal: Deal) -> bool:
    log = game.log[0] if len(game.log) == 1 else None
    return (log is not None and log.deal == deal.hands and log.widow == deal.widow
            and log.dealer == deal.dealer)


def read_match(doc: Any) -> Match:
    """The match in ``doc``, every game replayed and checked (``MatchError`` says why not)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise MatchError(f"a match record is a JSON object of the format {FORMAT!r}")
    game = doc.get("game")
    if game not in GAMES:
        raise MatchError(f"the game must be one of {', '.join(GAMES)}, not {quoted(game)}")
    values = doc.get("options")
    try:
        options = options_for(game, values if isinstance(values, dict) else {})
    except OptionsError as error:
        raise MatchError(str(error)) from None
    seed: Any = doc.get("seed")
    if not is_seed(seed):
        raise MatchError(f"the seed must be a whole number from 0 to 2^63-1, not {quoted(seed)}")
    if doc.get("turn", TURN) != TURN:
        raise MatchError(f"the tables must be turned by {TURN} seat, not {quoted(doc['turn'])}")
    deals = doc.get("deals")
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS:
        raise MatchError(f"deals must be a list of 1 to {MAX_DEALS} deals")
    played = []
    for number, entry in enumerate(deals):
        if not isinstance(entry, dict):
            raise MatchError(f"deal {number + 1} is not an object of tables A and B")
        dealt = match_deal(options, seed, number)
        games = []
        for table, deal in zip(TABLES, (dealt, turned(dealt)), strict=True):
            where = f"deal {number + 1}, table {table}"
            try:
                one = game_from_record(entry.get(table))
            except (RecordError, RuleError) as error:
                raise MatchError(f"{where}: {error}") from None
            if one.options != options:
                raise MatchError(f"{where}: the game's options are not the match's")
            if not _dealt(one, deal):
                raise MatchError(f"{where}: not the deal seed {seed} gives it")
            games.append(one)
        played.append((games[0], games[1]))
    return Match(options, seed, tuple(played))


def load_match(path: str | Path) -> Match:
    """The match in a file (``-``: standard input); ``MatchError`` says why it is none."""
    try:
        return read_match(read_record_file(path))
    except UnreadableFile as error:
        raise MatchError(f"cannot read {path}: {error}") from None
    except DocumentError as error:
        raise MatchError(f"{path} {error}") from None


def save_match(doc: dict[str, Any], path: Path | None = None) -> Path:
    """Write a match's record to ``path``, or to records/ (``match-<game>-<time>.json``)."""
    if path is not None:
        write_atomic(path, json.dumps(doc, indent=1) + "\n")
        return path
    folder, when = records_dir(), stamp()
    path = folder / f"match-{doc['game']}-{when}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"match-{doc['game']}-{when}-{n}.json"
    write_atomic(path, json.dumps(doc, indent=1) + "\n")
    return path
