"""Driving the app with keys in tests: wait for the flow, read the screen."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.pilot import Pilot

from moon42.ai.registry import make_bot
from moon42.app.play.config import GameConfig
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.app.tui.text.offers import TRUMP_KEYS, trump_offers, trumps_held
from moon42.app.tui.widgets.hand import HandView
from moon42.rules import Action, Pass
from moon42.rules.views import SeatView

if TYPE_CHECKING:
    from moon42.app.tui.remote_flow import RemoteFlow

__all__ = ["new_app", "settle", "screen_text", "tile_key", "play_to_the_end", "PLAIN_BOT",
           "most_trumps_key", "name_trump_or_go_on"]

PLAIN_BOT = "test-plain"
# A tile's name on the screen, alone or with a mark after it (``4-2T`` once trump is named).
TILE_NAME = re.compile(r"(?<![0-9-])([0-6]-[0-6])(?![0-9-])")


def tile_names(text: str) -> set[str]:
    """The tiles named in ``text``."""
    return set(TILE_NAME.findall(text))


class PlainBot:
    """Passes when it may and otherwise takes the first legal action: pictures taken with it
    do not change when the real bots learn to play better."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def _first(self, view: SeatView) -> Action:
        passes = [a for a in view.legal if isinstance(a, Pass)]
        return passes[0] if passes else view.legal[0]

    bid = discard = trump = play = _first


def new_bot_or_plain(name: str, seed: int | None):
    """``moon42.ai.registry.make_bot``, that also knows the plain bot (patched into the flow
    by the picture tests)."""
    return PlainBot(seed) if name == PLAIN_BOT else make_bot(name, seed)


def new_app(game: str, seed: int = 1, **changes) -> Moon42App:
    config = GameConfig(game=game, seed=seed, pace=0.0).with_(**changes)
    return Moon42App(config, lobby=False)


# How long a test waits for a state it expects: generous, since CI shares two cores with
# whatever else runs; a state that comes returns at once.
DEADLINE = 120.0


async def wait_for(pilot: Pilot, check: Callable[[], object], what: str,
                   timeout: float = DEADLINE, step: float | None = None) -> None:
    """Pause until ``check()`` holds, looking first (pilot.press has already waited for the
    key to be handled); AssertionError naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        await pilot.pause(step)


async def settle(pilot: Pilot, timeout: float = DEADLINE) -> None:
    """Pause until the flow waits for someone (the human, a summary, the end)."""
    app = pilot.app
    await wait_for(pilot, lambda: app.flow is None or app.flow.waiting,
                   "the game to come back to the human", timeout)


async def watch_to_game_over(pilot: Pilot, timeout: float = 3 * DEADLINE) -> None:
    """Let a watched game (bots in every seat) play until the game-over screen shows."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen),
                   "the watched game's end", timeout, step=0.05)


def screen_text(app: Moon42App) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def most_trumps_key(app: Moon42App) -> str:
    """The key naming the trump seat 0 holds most of (nothing is chosen for the player)."""
    view = app.flow.game.view(0)
    offers = trump_offers(view)
    held = [trumps_held(view, a.trump) or 0 for a in offers]
    return TRUMP_KEYS[offers[held.index(max(held))].trump]


async def name_trump_or_go_on(pilot: Pilot) -> None:
    """At a trump: name the one held most of; anywhere else, Enter."""
    app = pilot.app
    view = app.flow.game.view(0)
    trump = view.my_turn and view.to_act is not None and view.to_act.kind == "trump"
    await pilot.press(most_trumps_key(app) if trump else "enter")


def tile_key(app: Moon42App, legal: bool = True) -> str:
    """The digit key of the first tile in the hand that is (or is not) playable now."""
    hand = app.screen.query_one("#hand", HandView)
    assert hand.legal is not None
    for index, tile in enumerate(hand.tiles):
        if (tile in hand.legal) == legal:
            return str(index + 1)
    raise AssertionError("no such tile in the hand")


async def play_to_the_end(pilot: Pilot, bid_every: int = 2) -> int:
    """Play seat 0 with keys only until the game-over screen; returns the keys pressed."""
    app = pilot.app
    pressed = 0
    bids = 0
    while True:
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return pressed
        if isinstance(screen, HandSummaryScreen):
            keys = ["enter"]
        else:
            view = app.flow.game.view(0)
            kind = view.to_act.kind
            if kind == "bid":
                bids += 1
                # Every other turn, bid the lowest bid by typing it; otherwise pass.
                if bids % bid_every == 0 and len(view.legal) > 1:
                    lowest = min(a.value for a in view.legal if hasattr(a, "value"))
                    keys = [*str(lowest), "enter"]
                else:
                    keys = ["p"] if any(type(a).__name__ == "Pass" for a in view.legal) else [
                        "enter"
                    ]
            elif kind == "trump":
                keys = [most_trumps_key(app)]
            elif kind == "discard":
                keys = ["right", "enter"]
            else:
                keys = [tile_key(app)]
        await pilot.press(*keys)
        pressed += len(keys)


async def at_a_shared_table(app: Moon42App, pilot: Pilot, send: Callable[[dict], None],
                            table: int = 12, watching: bool = False) -> RemoteFlow:
    """The app at a shared table's seat (or watching it), told its messages by the test
    (``flow.receive``) and sending its own to ``send``; no server."""
    from moon42.app.tui.remote_flow import RemoteFlow

    flow = RemoteFlow(app, app.glyphs, send, lambda: None, watching=watching,
                      table_number=table)
    app.push_screen(flow.table)
    await pilot.pause()
    return flow
