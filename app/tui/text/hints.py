"""Hints: the expert's move for the human's seat, with a reason a player can follow.

``Hints`` asks for advice (``ai.advice.Advice``) in a thread from the table, so the screen
never waits, words it (``hint_words``), and points the hand or the choices at the move so
Enter plays it.  Advice reads the human's view only, and its random numbers are its own:
asking for a hint changes nothing in the game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from moon42.rules.actions import Action
from moon42.rules.views import SeatView

from .figure_moves import Moved, ShownFigure, moved_words, shown_figure
from .hint_words import hint_lines

if TYPE_CHECKING:
    from moon42.ai.advice import Advice

    from ...play.glyphs import Glyphs

__all__ = ["Hints", "HintTable", "HINT_SETTINGS", "HINT_SEED", "given_hint", "GIVEN_KEPT"]

HINT_SEED = 4242
# ``ai.advice.advise``'s keyword arguments; the tests set a fixed number of layouts.
HINT_SETTINGS: dict[str, Any] = {}

# The advice the last hints gave, by the view each was asked in (a view is every fact the
# advice reads, so an equal view was given equal advice): the hand review takes it for
# those moments (``given_hint``) and tells what the hint told, though it weighs the others
# with less thinking than a hint's.
GIVEN_KEPT = 64  # hints remembered: a few hands of one player's turns
_given: OrderedDict[SeatView, Advice] = OrderedDict()
_given_lock = threading.Lock()


def given_hint(view: SeatView) -> Advice | None:
    """The advice a hint gave in ``view`` lately (None: none was asked there)."""
    with _given_lock:
        return _given.get(view)


def _remember(view: SeatView, advice: Advice) -> None:
    with _given_lock:
        _given[view] = advice
        _given.move_to_end(view)
        while len(_given) > GIVEN_KEPT:
            _given.popitem(last=False)


# ----- on the table --------------------------------------------------------------------


def _turn_key(view: SeatView) -> tuple:
    """One turn of one seat: a hint is shown only on the turn it was asked for."""
    return (view.hand_number, len(view.bids), len(view.played), view.phase, view.legal)


class HintTable(Protocol):
    """What hints ask of the table screen they serve (``screens.table.TableScreen``)."""

    view: SeatView | None
    interactive: bool
    glyphs: Glyphs

    @property
    def app(self) -> Any: ...

    @property
    def message_width(self) -> int: ...

    def refuse(self, reason: str) -> None: ...

    def note(self, text: str) -> None: ...

    def run_worker(self, work: Callable[[], None], **options: Any) -> Any: ...

    def show_hint(self, first: str, second: str) -> None: ...

    def point_at(self, action: Action) -> None: ...


class Hints:
    """The table's hint key: asks in a thread, then words and points at the move."""

    def __init__(self, screen: HintTable, think: Callable[..., Advice] | None = None) -> None:
        self.screen = screen
        self.asked: tuple | None = None
        self.advice: Advice | None = None
        self._think = think
        # The last figure shown this hand, and why this turn's moved from it (if it did).
        self.shown: ShownFigure | None = None
        self.moved: Moved | None = None

    def ask(self) -> None:
        screen = self.screen
        view = screen.view
        if view is None or not screen.interactive or not view.my_turn:
            screen.refuse("a hint is for your own turn.")
            return
        key = _turn_key(view)
        if self.asked == key:
            if self.advice is not None:
                self._show(view, self.advice)
            return  # still thinking: one question at a time
        self.asked, self.advice = key, None
        dots = "..." if screen.glyphs.ascii else "…"
        screen.note(f"Hint: thinking{dots}")
        screen.run_worker(lambda: self._work(view), thread=True, group="hint", name="hint")

    def _work(self, view: SeatView) -> None:
        think = self._think
        if think is None:
            # Imported when first asked, for start-up time: advice loads the expert's search.
            from moon42.ai.advice import advise as think
        try:
            advice = think(view, seed=HINT_SEED, **HINT_SETTINGS)
        except Exception as error:  # a hint that fails must not end the game
            self.screen.app.call_from_thread(self.screen.note, f"Hint: none this time ({error}).")
            self.asked = None
            return
        self.screen.app.call_from_thread(self._arrived, view, advice)

    def _arrived(self, view: SeatView, advice: Advice) -> None:
        now = self.screen.view
        if now is None or _turn_key(now) != _turn_key(view):
            return  # the turn has moved on: the hint is stale
        self.advice = advice
        _remember(view, advice)
        figure = shown_figure(view, advice)
        self.moved = moved_words(self.shown, figure)
        if figure is not None:
            self.shown = figure
        self._show(view, advice)

    def _show(self, view: SeatView, advice: Advice) -> None:
        first, second = hint_lines(view, advice, self.screen.message_width, self.moved)
        self.screen.show_hint(first, second)
        self.screen.point_at(advice.action)
