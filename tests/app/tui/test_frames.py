"""Partial frames draw only the widgets seen in the changed area, and draw the same frame
as Textual's own compositor (``moon42.app.tui.frames``)."""

from __future__ import annotations

import random

from textual._compositor import Compositor
from textual.geometry import Region

from moon42.app.play.paths import lobby_file
from moon42.app.tui import frames, textual_pin
from moon42.app.tui.app import Moon42App

from .helpers import new_app, settle


def _frame(app: Moon42App, changed: list[Region], renders) -> str:
    """The bytes of a partial frame of ``changed``, the widgets chosen by ``renders``."""
    compositor = app.screen._compositor
    compositor._dirty_regions.clear()
    compositor._dirty_regions.update(changed)
    saved = Compositor._get_renders
    Compositor._get_renders = renders
    try:
        update = compositor.render_update()
    finally:
        Compositor._get_renders = saved
    return update.render_segments(app.console) if update is not None else ""


def _changes(app: Moon42App, rng: random.Random) -> list[list[Region]]:
    """Every widget's area alone, then random rectangles, one to three at once."""
    width, height = app.size
    shown = [Region.intersection(region, clip)
             for region, clip in app.screen._compositor.visible_widgets.values()]
    changes = [[region] for region in shown if region]
    for _ in range(60):
        rectangles = []
        for _ in range(rng.randint(1, 3)):
            x, y = rng.randrange(width), rng.randrange(height)
            rectangles.append(Region(x, y, rng.randint(1, width - x), rng.randint(1, height - y)))
        changes.append(rectangles)
    return changes


def _same_frames(app: Moon42App, seed: int) -> int:
    """Every change framed both ways: the bytes are the same. How many were compared."""
    compared = 0
    for changed in _changes(app, random.Random(seed)):
        theirs = _frame(app, changed, frames._textuals_own)
        ours = _frame(app, changed, frames._renders_that_show)
        assert ours == theirs, changed
        compared += 1
    return compared


async def test_the_lobby_draws_the_same_frames_and_fewer_widgets() -> None:
    lobby_file().unlink(missing_ok=True)
    app = Moon42App()
    assert frames.drawing_only_what_shows()  # made by the app, on the Textual pinned
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down")
        await pilot.pause()
        assert _same_frames(app, seed=1) > 60
        row = app.screen.focused.region
        compositor = app.screen._compositor
        theirs = list(frames._textuals_own(compositor, row))
        ours = list(frames._renders_that_show(compositor, row))
        # The row, its parts and the containers behind it; not the other rows of the form.
        assert len(ours) <= 8 < 20 <= len(theirs)


async def test_a_game_table_draws_the_same_frames() -> None:
    app = new_app("texas42", seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert _same_frames(app, seed=2) > 60
    app = new_app("moon3", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _same_frames(app, seed=3) > 60


def test_the_change_is_made_only_on_the_textual_it_was_written_for(monkeypatch) -> None:
    monkeypatch.setattr(Compositor, "_get_renders", frames._textuals_own)
    monkeypatch.setattr(textual_pin, "on_the_textual_written_for", lambda: False)
    assert not frames.draw_only_what_shows()
    assert not frames.drawing_only_what_shows()
    monkeypatch.setattr(textual_pin, "on_the_textual_written_for", lambda: True)
    assert frames.draw_only_what_shows() and frames.drawing_only_what_shows()
