"""Closed widgets' line caches are let go (``app/tui/styles_cache_mend.py``): screens opened
and closed over and over leave no ``StylesCache`` behind, and the lines look the same."""

from __future__ import annotations

import gc

from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.color import Color
from textual.screen import Screen
from textual.style import Style
from textual.widgets import Static

from moon42.app.tui.styles_cache_mend import (
    inner_outer,
    let_closed_widgets_go,
    letting_closed_widgets_go,
)


class _Shown(Screen[None]):
    def compose(self) -> ComposeResult:
        for n in range(5):
            yield Static(f"line {n}", classes="boxed")


class _Opens(App[None]):
    CSS = ".boxed { background: $panel; border: round $accent; height: 3; }"


def _caches() -> int:
    gc.collect()
    return sum(isinstance(o, StylesCache) for o in gc.get_objects())


def test_the_two_backgrounds_are_textuals_own() -> None:
    base, background = Color(10, 20, 30), Color(200, 100, 0, 0.5)
    assert inner_outer(base, background) == (Style(background=base + background),
                                             Style(background=base))


async def test_screens_opened_and_closed_leave_no_line_caches_behind() -> None:
    assert let_closed_widgets_go() and letting_closed_widgets_go()
    app = _Opens()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):  # the first screens warm up what stays
            await app.push_screen(_Shown())
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
        before = _caches()
        for _ in range(60):
            await app.push_screen(_Shown())
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
        # Textual's own kept every closed widget's cache (five a screen: 300 here).
        assert _caches() <= before + 12
