"""A key line rebuilt many times keeps only the keys it shows: Textual's Footer left every
rebuilt key bound to it (and alive, with its cached lines) for the life of its screen."""

from __future__ import annotations

import gc

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets._footer import FooterKey

from moon42.app.tui.widgets.steady_footer import SteadyFooter

REBUILDS = 30


class Flipping(App[None]):
    """Its key line shows ``x`` on even turns and ``y`` on odd ones, beside ``z``: each
    turn rebuilds the footer's keys."""

    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [Binding("x", "ex", "Ex"), Binding("y", "why", "Why"),
                Binding("z", "zed", "Zed")]

    def __init__(self) -> None:
        super().__init__()
        self.turn = 0

    def compose(self) -> ComposeResult:
        yield SteadyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("ex", "why"):
            return (action == "ex") == (self.turn % 2 == 0)  # False: not shown
        return True

    def flip(self) -> None:
        self.turn += 1
        self.refresh_bindings()


def _shown(app: App) -> tuple[str, ...]:
    return tuple(key.description for key in
                 app.screen.query_one(SteadyFooter).query(FooterKey))


async def test_a_rebuilt_key_line_lets_go_of_its_old_keys() -> None:
    app = Flipping()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(SteadyFooter)
        shown = set()
        for _ in range(REBUILDS):
            app.flip()
            await pilot.pause(0.05)
            shown.add(_shown(app))
        assert shown == {("Ex", "Zed"), ("Why", "Zed")}  # rebuilt turn by turn
        gc.collect()
        alive = [o for o in gc.get_objects() if isinstance(o, FooterKey)]
        assert len(alive) == 2, f"{len(alive)} keys alive after {REBUILDS} rebuilds"
        bound = getattr(footer, "__watchers")["compact"]
        assert len(bound) == 2 and not any(node._closing for node, _ in bound)
