"""A duplicate match of one's own on the screen (``moon42 play GAME --duplicate``).

Each deal: the player plays it at table A (the own table's screens, one hand and its
summary), then watches table B play it from the seat holding the player's tiles, then the
comparison.  At the end, the match's result.  ``app/play/duplicate_match.py`` holds the
match; this module only moves between its screens, one worker (``match``) from the first
deal to the result.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from moon42.rules import Game
from moon42.rules.events import Event

from ..play.config import GameConfig
from ..play.duplicate_match import LocalMatch
from ..play.files import shown
from ..play.match_words import deal_lines, total_lines
from ..play.words import GAME_TITLES
from .flow import Flow
from .screens.match_result import MatchScreen
from .screens.summary import HandSummaryScreen

__all__ = ["DealFlow", "MatchRunner"]


class DealFlow(Flow):
    """One deal at one table: the hand, its summary (the player's table only), and then
    ``done`` holds the game, instead of a next hand."""

    def __init__(self, app: Any, config: GameConfig, game: Game, seat: int,
                 label: str) -> None:
        super().__init__(app, config, app.glyphs, lambda choice: None, game=game, seat=seat)
        self.table.heading = label
        self.done: asyncio.Future[Game] = asyncio.get_running_loop().create_future()

    def _hand_over(self, events: list[Event]) -> None:
        self.waiting = None
        self._run(self._deal_over(events))

    _game_over = _hand_over  # a hand that reaches the target ends the deal all the same

    def close(self) -> None:
        super().close()
        if not self.done.done():  # the app is closing: the match goes no further
            self.done.cancel()

    async def _deal_over(self, events: list[Event]) -> None:
        await self._pause_after(events)
        await self._until_room()
        view = self.view
        assert view is not None
        if self.human is not None:
            self.waiting = "summary"
            await self.app.push_screen_wait(HandSummaryScreen(
                view.results[-1], view, self.glyphs,
                prompt="Press Enter to watch the deal at the other table."))
        self.waiting = None
        if not self.done.done():
            self.done.set_result(self.game)


class MatchRunner:
    """The match from its first deal to its result (see the module's docstring)."""

    def __init__(self, app: Any, config: GameConfig, deals: int,
                 on_over: Callable[[str], object], push: bool = True) -> None:
        # ``app`` is the Moon42App (its module imports this one): the flow being played is
        # its ``flow``, and ``on_over`` hears the choice at the end ("lobby" or "quit").
        self.app, self.config, self.on_over = app, config, on_over
        self.push = push  # the first table goes over the screen there (else in its place)
        self.match = LocalMatch(config, deals)

    def start(self) -> None:
        self.app.run_worker(self._run(), group="match", exclusive=True, name="match")

    async def _table(self, game: Game, config: GameConfig, seat: int, label: str,
                     first: bool) -> Game:
        app = self.app
        flow = DealFlow(app, config, game, seat, label)
        app.flow = flow
        if first:
            await app.push_screen(flow.table)
        else:
            await app.switch_screen(flow.table)
        flow.start()
        try:
            return await flow.done
        finally:
            flow.close()

    async def _run(self) -> None:
        match, app = self.match, self.app
        title = f"{GAME_TITLES[match.options.game]} duplicate match, seed {match.seed}"
        while not match.over:
            deal = f"deal {match.number + 1} of {match.deals}"
            # The status line's start: short, as the line is full once a hand is bid.
            of = f"{match.number + 1}/{match.deals}"
            at_a = await self._table(match.table_a(), match.config, 0, f"Table A {of}",
                                     first=match.number == 0 and self.push)
            at_b = await self._table(match.table_b(), match.config_b(), match.watch_seat,
                                     f"Table B {of}", first=False)
            try:
                path = match.finish(at_a, at_b)
                kept = f"The match is kept in {shown(path)}."
            except OSError as error:
                kept = f"The match could not be written: {error}"
            lines = deal_lines(match.options, match.number - 1, at_a, at_b)
            lines += ["", *total_lines(match.options, at_a.players, match.played)]
            if match.over:
                await app.push_screen_wait(MatchScreen(
                    f"{title}: {deal}", lines, "Press Enter for the match's result."))
                # The total first, where it shows without scrolling; each deal under it.
                lines = total_lines(match.options, at_a.players, match.played) + ["", kept, ""]
                for number, (a, b) in enumerate(match.played):
                    lines += deal_lines(match.options, number, a, b)
                choice = await app.push_screen_wait(MatchScreen(
                    f"{title}: the result", lines,
                    "Enter: the lobby. q: quit.", last=True))
                self.on_over(choice)
                return
            await app.push_screen_wait(MatchScreen(
                f"{title}: {deal}", lines, "Press Enter to play the next deal."))
