"""Play this deal again, and replay this game: from the replay viewer, the scoreboard and the
game-over screen.

Playing a deal again picks the game up at the start of that hand: the same tiles, the same
dealer, the scores as they stood then, and the later hands dealt from the same seed.  You
take seat 0 (the bottom seat, your seat in the game); the other seats keep their bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from moon42.rules.options import Options
from moon42.rules.record import game_from_record, parse_record

from ..play.config import DEFAULT_NAMES
from ..play.difficulty import bot_choices
from ..play.records import DamagedSave, record_of, saved_from_doc
from ..play.words import bid_text, trump_text
from .replay.positions import APP_MEMBER, Replay, record_to_deal
from .screens.deal_picker import DealPickerScreen
from .screens.replay import ReplayScreen

if TYPE_CHECKING:
    from textual.app import App

    from ..play.glyphs import Glyphs

__all__ = ["play_deal_again", "open_replay", "pick_deal_again", "hand_line"]


def play_deal_again(app: App, record: dict[str, Any], hand: int) -> None:
    """Start a game against bots at the deal of ``hand`` (counted from 0) of ``record``."""
    known = bot_choices()
    doc = record_to_deal(record, hand)
    try:
        saved = saved_from_doc(doc, known)
    except DamagedSave as error:  # a record we replayed plays: this is a safety net
        app.notify(f"That deal cannot be played again. {error}", severity="error")
        return
    setup = record.get(APP_MEMBER)
    config = saved.config.with_(watch=False, bots=(known[0],) + saved.config.bots[1:])
    if isinstance(setup, dict) and setup.get("watch") is True:
        # Bots played every seat; seat 0 is yours now.
        names = (DEFAULT_NAMES[0],) + config.names[1:]
        saved.game.players = names
        config = config.with_(names=names)
    pace = getattr(app, "pace", None)
    if pace is not None:
        config = config.with_(pace=pace)
    app.start_game(config, game=saved.game)  # type: ignore[attr-defined]


def _game_record(app: App) -> dict[str, Any] | None:
    """The record of the app's game (with its bots), or None when no game is on."""
    flow = getattr(app, "flow", None)
    if flow is None:
        return None
    return record_of(flow.game, flow.config, flow.pace)


def open_replay(app: App, glyphs: Glyphs, record: dict[str, Any] | None = None) -> None:
    """The replay viewer on the app's game (or ``record``'s), at its last hand."""
    record = record or _game_record(app)
    if record is None:
        return
    app.push_screen(ReplayScreen(Replay.from_doc(record), glyphs, start="last hand"))


def hand_line(number: int, dealer: str, result: Any, players: tuple[str, ...],
              options: Options, glyphs: Glyphs) -> str:
    """One hand in a list: its number, the dealer, and how it went."""
    line = f"Hand {number + 1:>2}  {dealer} dealt"
    if result is None:
        return line + "; not finished"
    if result.thrown_in:
        return line + "; everyone passed"
    bid = bid_text(result.bid, result.contract or "bid", options)
    verdict = f"{glyphs.made} made" if result.made else f"{glyphs.set} set"
    return (f"{line}; {players[result.bidder]} bid {bid}, trump "
            f"{trump_text(result.trump, options)}: {verdict}")


def pick_deal_again(app: App, glyphs: Glyphs, record: dict[str, Any] | None = None,
                    before: Callable[[], None] | None = None) -> None:
    """Ask which hand of the app's game (or ``record``'s) to play again, then start it
    (after ``before``: a shared table is left first)."""
    game = None if record is None else game_from_record(record)
    record = record or _game_record(app)
    if record is None:
        return
    parsed = parse_record(record)
    if game is None:
        game = app.flow.game  # type: ignore[attr-defined]
    results = {r.hand: r for r in game.results}
    players = tuple(game.players)
    lines = [
        hand_line(h, players[hand.dealer], results.get(h), players, parsed.options, glyphs)
        for h, hand in enumerate(parsed.hands)
    ]

    def chosen(hand: int | None) -> None:
        if hand is not None:
            if before is not None:
                before()
            play_deal_again(app, record, hand)

    app.push_screen(DealPickerScreen(lines, glyphs), chosen)
