"""The summary laid out: the same tables, bars and sparklines for the screen and the terminal.

Every table fits 80 columns.  Bars and sparklines use the app's glyphs, so ASCII mode
draws them with ASCII characters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..glyphs import Glyphs
from ..words import GAME_TITLES

__all__ = ["Table", "bar", "spark", "tables_of", "score_lines", "last_game_title", "plain_text",
           "BAR_WIDTH"]

BAR_WIDTH = 16
SPARK_WIDTH = 32
_SPARK_LEVELS = {False: "▁▂▃▄▅▆▇█", True: "_.-~=+*#"}


@dataclass(frozen=True)
class Table:
    """A titled table of text cells; ``right`` holds the columns aligned right."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right: frozenset[int] = frozenset()
    note: str = ""


def bar(rate: float | None, glyphs: Glyphs, width: int = BAR_WIDTH) -> str:
    """``████░░░░ 50%``: a rate as a bar and a percentage."""
    if rate is None:
        return ""
    full = round(rate * width)
    return f"{glyphs.bar_full * full}{glyphs.bar_empty * (width - full)} {_percent(rate):>4}"


def spark(values: Sequence[int], glyphs: Glyphs, low: int | None = None,
          high: int | None = None) -> str:
    """One character a value, from ``low`` to ``high`` (by default the values' own range)."""
    levels = _SPARK_LEVELS[glyphs.ascii]
    if not values:
        return ""
    low = min(values) if low is None else low
    high = max(values) if high is None else high
    span = high - low or 1
    top = len(levels) - 1
    return "".join(levels[round((value - low) / span * top)] for value in values)


def _percent(rate: float | None) -> str:
    return "" if rate is None else f"{round(rate * 100)}%"


def _of(part: int, whole: int, rate: float | None) -> str:
    return f"{part}/{whole} {_percent(rate)}" if whole else "-"


def _games_table(rows: list[dict[str, Any]]) -> Table:
    cells = []
    for row in rows:
        won = f"{row['won']} ({_percent(row['win_rate'])})" if row["played"] else "-"
        average = row["average_points"]
        unit = "tricks" if row["points_are"] == "tricks" else "pts"
        cells.append((
            row["title"], str(row["played"]), won, str(row["unfinished"]), str(row["watched"]),
            str(row["hands"]), _of(row["bids_made"], row["bids"], row["made_rate"]),
            "-" if average is None else f"{average:g} {unit}",
        ))
    return Table(
        "Your games",
        ("Game", "Played", "Won", "Left", "Watched", "Hands", "Bids made", "Per hand"),
        tuple(cells), frozenset({1, 3, 4, 5, 6}),
        "Played: finished; Left: quit before the end; Per hand: your side's take.",
    )


def _bids_table(rows: list[dict[str, Any]], glyphs: Glyphs) -> Table:
    cells = []
    shown = None
    for row in rows:
        title = GAME_TITLES.get(row["game"], row["game"]) if row["game"] != shown else ""
        shown = row["game"]
        cells.append((
            title, row["bid"], str(row["hands"]), str(row["made"]),
            bar(row["made_rate"], glyphs), _of(row["yours_made"], row["yours"], None).strip(),
        ))
    return Table(
        "Made rate by bid (every bidder)",
        ("Game", "Bid", "Hands", "Made", "Made rate", "Yours"),
        tuple(cells), frozenset({2, 3}),
    )


def _score(row: dict[str, Any]) -> str:
    totals = row["totals"]
    return "-".join(map(str, totals)) if len(totals) == 2 else "/".join(map(str, totals))


def _recent_table(rows: list[dict[str, Any]]) -> Table:
    cells = tuple(
        (
            row["started"][:16].replace("T", " "), row["title"],
            row["result"] + ("*" if row["undo_used"] else ""), _score(row), row["winner"] or "",
            str(row["hands"]),
        )
        for row in rows
    )
    note = "* undo was used." if any(row["undo_used"] for row in rows) else ""
    return Table("Recent games", ("Started", "Game", "Result", "Score", "Winner", "Hands"),
                 cells, frozenset({5}), note)


def tables_of(summary: dict[str, Any], glyphs: Glyphs) -> tuple[list[Table], list[Table]]:
    """The tables shown before the last game's score (games, bids) and after it (recent)."""
    before = []
    if summary["by_game"]:
        before.append(_games_table(summary["by_game"]))
    if summary["made_by_bid"]:
        before.append(_bids_table(summary["made_by_bid"], glyphs))
    after = [_recent_table(summary["recent"])] if summary["recent"] else []
    return before, after


def score_lines(last: dict[str, Any], glyphs: Glyphs) -> list[tuple[bool, str, str, int]]:
    """(your side?, side, sparkline, final total) for each side of the last game.

    Every side's sparkline is on one scale that starts from zero, so they compare.
    """
    values = [v for series in last["score_by_hand"] for v in series]
    low, high = min([0, *values]), max([0, *values])
    width = max(len(side) for side in last["sides"])
    # A short game's few hands are drawn wider, so its line is as easy to read.
    stretch = max(1, SPARK_WIDTH // max(1, last["hands"]))
    return [
        (index == last["your_side"], f"{side:<{width}}",
         "".join(ch * stretch for ch in spark(series, glyphs, low, high)),
         series[-1] if series else 0)
        for index, (side, series) in enumerate(zip(last["sides"], last["score_by_hand"],
                                                   strict=True))
    ]


def last_game_title(last: dict[str, Any]) -> str:
    """``Last game: Texas 42, 2026-11-29 23:50, won 7-5 marks, 12 hands``."""
    when = last["started"][:16].replace("T", " ")
    hands = f"{last['hands']} hand{'s' * (last['hands'] != 1)}"
    return (f"Last game: {last['title']}, {when}, {last['result']}, "
            f"{_score(last)} {last['unit']}, {hands}")


# ----- plain text, for the terminal ------------------------------------------------------


def _text_table(table: Table) -> list[str]:
    columns = list(zip(table.headers, *table.rows, strict=True))
    widths = [max(len(cell) for cell in column) for column in columns]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(width) if index in table.right else cell.ljust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    lines = [table.title, line(table.headers), line(["-" * w for w in widths])]
    lines += [line(row) for row in table.rows]
    if table.note:
        lines.append(table.note)
    return lines


def plain_text(summary: dict[str, Any], glyphs: Glyphs) -> str:
    """What ``moon42 stats`` prints."""
    if not summary["games_recorded"]:
        return f"{summary['message']}\n(The database will be {summary['database']}.)"
    games, hands = summary["games_recorded"], summary["hands_recorded"]
    lines = [f"moon42 statistics: {games} game{'s' * (games != 1)}, "
             f"{hands} hand{'s' * (hands != 1)} ({summary['database']})"]
    before, after = tables_of(summary, glyphs)
    for table in before:
        lines += ["", *_text_table(table)]
    last = summary["last_game"]
    if last is not None:
        lines += ["", last_game_title(last)]
        for yours, side, sparkline, final in score_lines(last, glyphs):
            lines.append(f"{glyphs.turn if yours else ' '} {side}  {sparkline}  {final}")
    for table in after:
        lines += ["", *_text_table(table)]
    return "\n".join(lines)
