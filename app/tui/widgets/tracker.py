"""The tile tracker: the double-six set by suit, the tiles played struck, yours marked, what is
still out (trumps, and count in Texas 42) and the voids the other players have shown.

Built from a seat's view alone (RULES.md 8).  While a bid of 84 or more is played the earlier
tricks lie face down (RULES.md 7.3): the tracker then knows only the trick on the table, as
the player at the table would without a memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from moon42.rules import TILES, Tile, Trick
from moon42.rules.tiles import MOON21_SET, MOON22_SET
from moon42.rules.trump import TRUMP_SUIT, suit_name
from moon42.rules.views import SeatView

from .line import Line, hanging

__all__ = ["Tracker", "TileCounts", "tile_counts", "tracker_text", "seen_tricks", "voids"]

# Shapes, not colour alone: a played tile is struck and marked x, a tile of yours marked *,
# the tile you laid aside from the widow (Moon for 3's bidder alone knows it) marked ~.
_PLAYED, _YOURS, _ASIDE, _OUT = "x", "*", "~", " "


def tile_set(view: SeatView) -> tuple[Tile, ...]:
    """The tiles in play: Moon for 3 leaves out the blanks but 0-0 (and 0-0 too when the
    table says so), RULES.md 2."""
    if view.game != "moon3":
        return TILES
    return MOON21_SET if view.options.remove_double_blank else MOON22_SET


def seen_tricks(view: SeatView) -> tuple[Trick, ...]:
    """The tricks the table shows face up: all of this hand's, or in an 84 hand only the one
    being played."""
    if view.face_down:
        return (view.current_trick,) if view.current_trick is not None else ()
    return view.tricks_so_far


@dataclass(frozen=True)
class TileCounts:
    played: frozenset[Tile]
    yours: frozenset[Tile]
    out: frozenset[Tile]  # neither played nor yours nor laid aside: in another hand, the widow
    laid_aside: frozenset[Tile] = frozenset()  # your discard: out of play, never played


def tile_counts(view: SeatView) -> TileCounts:
    played = frozenset(t for trick in seen_tricks(view) for t in trick.tiles)
    yours = frozenset(view.hand)
    # Laid aside by you: out of play, and you know where (nobody else does).
    aside = frozenset() if view.discard is None else frozenset({view.discard})
    out = frozenset(tile_set(view)) - played - yours - aside
    return TileCounts(played, yours, out, aside)


def voids(view: SeatView) -> dict[int, list[str]]:
    """For each other seat, the suits it has shown it lacks by not following them."""
    rules = view.trick_rules
    found: dict[int, list[str]] = {}
    if rules is None or rules.sevens:
        return found
    for trick in seen_tricks(view):
        suit = rules.led_suit[trick.plays[0][1]]
        for seat, tile in trick.plays[1:]:
            if seat != view.seat and not rules.follows(tile, suit):
                name = suit_name(suit)
                said = found.setdefault(seat, [])
                if name not in said:
                    said.append(name)
    return found


def _suit_rows(view: SeatView, counts: TileCounts) -> list[tuple[str, list[Tile]]]:
    """Rows of tiles: the trumps first once trump is named, then each number, high first."""
    rules = view.trick_rules
    in_play = tile_set(view)
    trumps = [t for t in in_play if rules is not None and not rules.sevens and rules.is_trump[t]]
    rows = [("T", sorted(trumps, key=lambda t: -rules.power[TRUMP_SUIT][t]))] if trumps else []
    for number in range(6, -1, -1):
        tiles = [t for t in in_play if t.carries(number) and t not in trumps]
        tiles.sort(key=lambda t: (not t.is_double, -t.other(number)))
        if tiles:
            rows.append((str(number), tiles))
    return rows


def _wrapped(line: str, width: int | None) -> str:
    """A line of words (the count out, a seat's voids) broken to ``width`` under itself,
    where the rows of tiles above must not wrap (the text as a whole does not)."""
    return line if width is None else "\n".join(hanging(line, width, 2))


def tracker_text(view: SeatView, width: int | None = None) -> Text:
    counts = tile_counts(view)
    text = Text(no_wrap=True, overflow="ellipsis")
    legend = f"{_PLAYED} played, {_YOURS} yours"
    if counts.laid_aside:
        legend += f", {_ASIDE} laid aside"
    text.append(f"Tiles ({legend})", "bold")
    if view.face_down:
        text.append("\n84 hand: earlier tricks lie face down", "dim")
    for label, tiles in _suit_rows(view, counts):
        text.append(f"\n{label} ")
        for tile in tiles:
            text.append(" ")  # unstyled: a struck space would join two tiles into one
            if tile in counts.played:
                text.append(f"{_PLAYED}{tile}", "dim strike")
            elif tile in counts.yours:
                text.append(f"{_YOURS}{tile}", "bold")
            elif tile in counts.laid_aside:
                text.append(f"{_ASIDE}{tile}", "dim italic")
            else:
                text.append(f"{_OUT}{tile}")
    rules = view.trick_rules
    if rules is not None and not rules.sevens and any(rules.is_trump):
        trumps_out = sum(1 for t in counts.out if rules.is_trump[t])
        text.append(f"\nTrumps out: {trumps_out}")
    if not view.options.is_moon:
        count = [t for t in sorted(counts.out, reverse=True) if t.count]
        listed = ", ".join(str(t) for t in count)
        line = f"Count out: {sum(t.count for t in count)}" + (f" ({listed})" if count else "")
        text.append("\n" + _wrapped(line, width))
    shown = voids(view)
    for seat in sorted(shown):
        text.append("\n" + _wrapped(f"{view.players[seat]} lacks {', '.join(shown[seat])}", width))
    return text


class Tracker(Line):
    """The tracker beside the table (a big terminal); ``show`` with each new view."""

    def show(self, view: SeatView) -> None:
        self.update(tracker_text(view, self.content_size.width or None))
