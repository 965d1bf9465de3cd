"""The running score: every hand so far, each side's change, totals, and the way to the target."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from moon42.rules import HandResult
from moon42.rules.options import Options
from moon42.rules.scoring import units_of

from ...play.glyphs import UNICODE, Glyphs
from ...play.words import bid_text, score_unit, trump_text

__all__ = ["Scoreboard", "unit_names", "tally", "progress_bar", "scoreboard_text"]


def unit_names(options: Options, players: tuple[str, ...]) -> list[str]:
    return [" & ".join(players[s] for s in unit) for unit in units_of(options)]


# The word ALL, stroke by stroke: 42 players keep a game's seven marks this way.
# Each stroke is a list of (row, column, character).
_ALL_STROKES: tuple[tuple[tuple[int, int, str], ...], ...] = (
    ((0, 1, "/"), (1, 0, "/")),
    ((0, 2, "\\"), (1, 3, "\\")),
    ((1, 1, "-"), (1, 2, "-")),
    ((0, 4, "|"), (1, 4, "|")),
    ((1, 5, "_"), (1, 6, "_")),
    ((0, 7, "|"), (1, 7, "|")),
    ((1, 8, "_"), (1, 9, "_")),
)


def tally(marks: int, glyphs: Glyphs) -> tuple[str, str]:
    """Marks drawn as the strokes of ALL (two rows), one ALL for every seven marks."""
    words = []
    for start in range(0, max(marks, 1), 7):
        grid = [[" "] * 10 for _ in range(2)]
        for stroke in _ALL_STROKES[: max(0, min(7, marks - start))]:
            for row, col, char in stroke:
                grid[row][col] = char
        words.append(["".join(r) for r in grid])
    return "  ".join(w[0] for w in words), "  ".join(w[1] for w in words)


def progress_bar(total: int, target: int, width: int, glyphs: Glyphs) -> str:
    filled = max(0, min(width, round(width * total / target))) if target else 0
    return glyphs.bar_full * filled + glyphs.bar_empty * (width - filled)


# The columns the hands' table fits in (an 80-column screen less its padding).
SCOREBOARD_WIDTH = 76


def _cut(name: str, width: int, glyphs: Glyphs) -> str:
    """``name`` in ``width`` columns, its end marked where it is cut."""
    if len(name) <= width:
        return name
    return name[:width - 1] + ("." if glyphs.ascii else "…")


def _result_word(result: HandResult, glyphs: Glyphs) -> str:
    if result.thrown_in:
        return "thrown in"
    return f"{glyphs.made} made" if result.made else f"{glyphs.set} set"


def scoreboard_text(
    options: Options,
    players: tuple[str, ...],
    results: tuple[HandResult, ...],
    scores: tuple[int, ...],
    glyphs: Glyphs = UNICODE,
    last: int | None = None,
) -> Text:
    """History table (the most recent ``last`` hands), totals, and progress to the target."""
    units = units_of(options)
    names = unit_names(options, players)
    bid_w = 12 if options.is_moon else 17  # "Plunge (4 marks)", "126 (3 marks)"
    # The sides' columns share what 76 columns leave: a long name is cut in the heading.
    room = max(7, (SCOREBOARD_WIDTH - 34 - bid_w) // len(names))
    col = min(room, max(7, *(len(n) + 1 for n in names)))
    text = Text(no_wrap=True, overflow="ellipsis")
    head = f"{'Hand':<5}{'Bidder':<9}{'Bid':<{bid_w}}{'Trump':<10}{'Result':<10}"
    head += "".join(f"{_cut(n, col - 1, glyphs):>{col}}" for n in names)
    text.append(head + "\n", "bold underline")
    shown = results if last is None else results[-last:]
    if len(shown) < len(results):
        earlier = len(results) - len(shown)
        text.append(f"  ... {earlier} earlier hand{'s' * (earlier != 1)}\n", "dim")
    for r in shown:
        bidder = players[r.bidder] if r.bidder is not None else "-"
        bid = bid_text(r.bid, r.contract or "bid", options) if r.bid is not None else "-"
        trump = trump_text(r.trump, options).split(" (")[0]  # without the doubles variant
        row = f"{r.hand + 1:<5}{bidder[:8]:<9}{bid[:bid_w - 1]:<{bid_w}}{trump[:9]:<10}"
        row += f"{_result_word(r, glyphs):<10}"
        row += "".join(f"{r.score[u[0]]:>+{col}}" for u in units)
        text.append(row + "\n", "" if r.made or r.thrown_in else "italic")
    totals = f"{'Total':<{34 + bid_w}}" + "".join(f"{scores[u[0]]:>{col}}" for u in units)
    text.append(totals + "\n", "bold")
    text.append(f"\nFirst to {options.target} {score_unit(options, options.target)} wins:\n",
                "bold")
    width = max(len(n) for n in names)
    for name, unit in zip(names, units, strict=True):
        total = scores[unit[0]]
        line = f"  {name:<{width}}  {progress_bar(total, options.target, 20, glyphs)} "
        line += f"{total:>3}/{options.target}"
        if options.uses_marks:
            top, bottom = tally(total, glyphs)
            if top.strip():  # a side with no mark yet draws no empty row above its bar
                text.append(" " * len(line) + "  " + top + "\n")
            line += "  " + bottom
        text.append(line + "\n")
    text.rstrip()
    return text


class Scoreboard(Static):
    def show(
        self,
        options: Options,
        players: tuple[str, ...],
        results: tuple[HandResult, ...],
        scores: tuple[int, ...],
        glyphs: Glyphs = UNICODE,
        last: int | None = None,
    ) -> None:
        self.update(scoreboard_text(options, players, results, scores, glyphs, last))
