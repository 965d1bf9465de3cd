"""The replay viewer's words: the status lines, each seat's panel, the widow and the auction.

Pure functions of a ``Position`` (every seat's view), so the viewer only places them.
"""

from __future__ import annotations

from rich.text import Text

from moon42.rules import Phase, Tile, Trick
from moon42.rules.actions import Play
from moon42.rules.options import Options

from ...play.glyphs import Glyphs
from ...play.words import GAME_TITLES, bid_text, score_unit, trump_text
from ..text.offers import ordered_hand
from ..text.status import led_suit
from ..text.tile_art import compact_tile
from .positions import Position, Replay

__all__ = [
    "status_text",
    "seat_lines",
    "seat_tiles",
    "widow_line",
    "widow_tiles",
    "auction_text",
    "shown_trick",
    "trick_caption",
    "tiles_in_rows",
]


def _scores(position: Position, players: tuple[str, ...], options: Options) -> str:
    scores = position.table.scores
    if options.partnerships:
        return (f"{players[0]} & {players[2]} {scores[0]}, "
                f"{players[1]} & {players[3]} {scores[1]}")
    return ", ".join(f"{players[s]} {scores[s]}" for s in range(options.seats))


def status_text(replay: Replay, glyphs: Glyphs) -> Text:
    """Two lines: the game, the bid and trump; where we are in the record, and the score."""
    position = replay.position
    view, options, names = position.table, replay.options, replay.players
    dot = f" {glyphs.dot} "
    parts = [f"Replay: {GAME_TITLES[options.game]}"]
    if view.bidder is not None and view.phase is not Phase.BIDDING:
        parts.append(f"{names[view.bidder]} bid "
                     f"{bid_text(view.high_bid, view.contract or 'bid', options)}")
    if view.trump is not None:
        parts.append(f"trump: {trump_text(view.trump, options)}")
    led = led_suit(view)
    if led:
        parts.append(f"led: {led}")
    where = (f"Hand {position.hand + 1} of {replay.hands}{dot}move {position.step} of "
             f"{replay.hand_length(position.hand)}")
    score = f"Score {_scores(position, names, options)} (to {options.target} "
    score += f"{score_unit(options, options.target)})"
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(dot.join(parts) + "\n")
    text.append(where + dot + score)
    return text


def seat_lines(position: Position, seat: int, names: tuple[str, ...],
               glyphs: Glyphs) -> list[tuple[str, str]]:
    """(text, style) lines on ``seat``: name, dealer, turn, bid, and what it has taken."""
    view = position.table
    turn = view.to_act is not None and view.to_act.seat == seat
    head = f"{glyphs.turn} " if turn else ""
    head += names[seat]
    if seat == view.dealer:
        head += f" {glyphs.dealer}dealer"
    lines = [(head, "bold reverse" if turn else "bold")]
    entry = next((b for b in reversed(view.bids) if b.seat == seat), None)
    if seat == view.sitting_out:
        lines.append(("sits out (Nello)", "dim"))
    if view.bidder == seat and view.phase is not Phase.BIDDING:
        lines.append((f"BIDDER: {bid_text(view.high_bid, view.contract or 'bid', view.options)}",
                      "bold"))
    elif entry is not None:
        said = bid_text(entry.value, entry.contract, view.options)
        lines.append((f"bid {said}" if entry.value is not None else "passed", ""))
    elif view.phase is Phase.BIDDING:
        lines.append(("no bid yet", "dim"))
    if view.trump is not None:
        taken = view.tricks_won[seat]
        line = f"{taken} trick{'s' * (taken != 1)}"
        if not view.options.is_moon:
            points = view.points[seat]
            line += f", {points} pt{'s' * (points != 1)}"
        lines.append((line, ""))
    if position.seen_by not in (None, seat):
        count = view.hand_sizes[seat]
        lines.append((f"{count} tile{'s' * (count != 1)} face down", "dim"))
    return lines


def seat_tiles(position: Position, seat: int) -> tuple[Tile, ...]:
    """The tiles ``seat`` still holds, trumps first once trump is named."""
    return ordered_hand(position.views[seat])


def tiles_in_rows(tiles: tuple[Tile, ...], per_row: int) -> list[str]:
    faces = [compact_tile(t) for t in tiles]
    return [" ".join(faces[i : i + per_row]) for i in range(0, len(faces), per_row)]


def _widow_state(position: Position) -> tuple[int | None, tuple[Tile, ...], Tile | None]:
    """The bidder, the widow once the bidder has it, and the discard once made."""
    view = position.table
    if view.bidder is None:
        return None, (), None
    bidder_view = position.views[view.bidder]
    return view.bidder, bidder_view.widow, bidder_view.discard


def widow_line(position: Position, names: tuple[str, ...]) -> str:
    """Moon for 3: what became of the widow, in words (in a game not over, only what its
    player knows)."""
    if not position.widow_size:
        return "No widow: the double-blank is out of the game."
    bidder, taken, discard = _widow_state(position)
    if position.seen_by is not None and not taken:
        return _unseen_widow_line(position, names)
    dealt = ", ".join(str(t) for t in (position.widow or taken))
    if bidder is None or not taken:
        return f"The widow, dealt face down: {dealt}"
    if discard is None:
        return f"{names[bidder]} takes the widow ({dealt}) and discards a tile..."
    return f"{names[bidder]} took the widow ({dealt}) and laid aside {discard}"


def _unseen_widow_line(position: Position, names: tuple[str, ...]) -> str:
    """The widow as a seat that has not seen it knows it: face down, then taken."""
    view = position.table
    bidder = view.bidder
    if bidder is None or view.phase is Phase.BIDDING or (
            view.phase is Phase.TRUMP and view.options.trump_before_widow):
        return "The widow lies face down."
    if view.phase is Phase.WIDOW:
        return f"{names[bidder]} takes the widow and discards a tile..."
    return f"{names[bidder]} took the widow and laid a tile aside, face down."


def widow_tiles(position: Position) -> tuple[Tile, ...]:
    """The tiles shown at the widow's place: the widow, then the discard once made (in a
    game not over, only those its player has seen)."""
    bidder, taken, discard = _widow_state(position)
    if discard is not None:
        return (discard,)
    if taken:
        return ()
    return position.widow


def auction_text(position: Position, names: tuple[str, ...], rows: int) -> Text:
    """The bids so far, one a line (the last ``rows`` of them), then what comes next."""
    view = position.table
    options = view.options
    lines: list[tuple[str, str]] = []
    width = max(len(n) for n in names)
    for entry in view.bids:
        said = bid_text(entry.value, entry.contract, options) if entry.value is not None else ""
        lines.append((f"{names[entry.seat]:>{width}}  {'bid ' + said if said else 'pass'}", ""))
    turn = view.to_act
    if view.phase is Phase.BIDDING and turn is not None:
        lines.append((f"{names[turn.seat]:>{width}}  ...", "dim"))
    elif view.phase is Phase.WIDOW and turn is not None:
        lines.append((f"{names[turn.seat]} takes the widow and discards.", "bold"))
    elif view.phase is Phase.TRUMP and turn is not None:
        lines.append((f"{names[turn.seat]} names trump...", "bold"))
    elif view.bidder is None and view.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        lines.append(("Everyone passed: the hand is thrown in.", "bold"))
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, (line, style) in enumerate(lines[-rows:] if rows > 0 else []):
        if i:
            text.append("\n")
        text.append(line, style or None)
    return text


def shown_trick(position: Position) -> Trick | None:
    """The trick in progress, or the one just taken (until the next tile is played)."""
    view = position.table
    if view.current_trick is not None:
        return view.current_trick
    if view.tricks and (isinstance(position.action, Play) or view.phase in (
            Phase.HAND_OVER, Phase.GAME_OVER)):
        return view.tricks[-1]
    return None


def trick_caption(position: Position, names: tuple[str, ...], glyphs: Glyphs) -> str:
    view = position.table
    trick = shown_trick(position)
    over = view.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    if over:
        result = view.results[-1] if view.results else None
        if result is None or result.thrown_in:
            return "The hand is over."
        verdict = f"{glyphs.made} made" if result.made else f"{glyphs.set} set"
        bid = bid_text(result.bid, result.contract or "bid", view.options)
        return f"Hand over: {names[result.bidder]} bid {bid}, {verdict}."
    if trick is not None and trick.winner is not None:
        value = trick.points
        points = "" if view.options.is_moon else f" ({value} point{'s' * (value != 1)})"
        return f"{names[trick.winner]} took trick {len(view.tricks)}{points}."
    return f"Trick {len(view.tricks) + 1}."
