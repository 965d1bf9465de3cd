"""``moon42 stats [--json]``: the statistics summed up, as text or as one JSON object."""

from __future__ import annotations

import json
import sys

from ..play.glyphs import glyphs_for
from .flags import Commands

__all__ = ["add_stats_parser", "run_stats"]


def add_stats_parser(commands: Commands) -> None:
    stats = commands.add_parser(
        "stats", help="your statistics: games won, made rate by bid, recent games",
        description="Sum up the statistics kept of every game played or watched: games played "
        "and won, made rate by bid (a bid played as Nello or Sevens counted apart), your "
        "average take a hand, the last game's score and the "
        "recent games.  They live in stats.sqlite3 in the data folder (MOON42_DATA_DIR).",
    )
    stats.add_argument("--json", action="store_true", help="print one JSON object")


def run_stats(as_json: bool = False, ascii_only: bool = False) -> int:
    """Exit 0 with the summary (also when nothing is recorded yet); 1 if it cannot be read."""
    # Imported here for start-up time: SQLite and the summary load only for this command.
    from ..play.stats.report import summarise
    from ..play.stats.store import StatsError, StatsStore
    from ..play.stats.tables import plain_text

    try:
        with StatsStore() as store:
            summary = summarise(store)
    except (StatsError, OSError) as error:
        print(f"moon42 stats: {error}", file=sys.stderr)
        return 1
    if as_json:
        json.dump(summary, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(plain_text(summary, glyphs_for(ascii_only)))
    return 0
