"""Which hand of a game to play again: a list of its hands, Enter picks, Escape goes back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from ...play.glyphs import Glyphs
from ..widgets.steady_footer import SteadyFooter

__all__ = ["DealPickerScreen"]


class DealPickerScreen(ModalScreen[int | None]):
    """Which hand to play again: Enter picks, Escape goes back."""

    BINDINGS = [
        Binding("enter", "pick", "Play this hand", key_display="⏎", id="deal-pick"),
        Binding("escape,q", "cancel", "Back", key_display="Esc", id="deal-cancel"),
    ]

    def __init__(self, lines: list[str], glyphs: Glyphs) -> None:
        super().__init__()
        self.lines, self.glyphs = lines, glyphs

    def compose(self) -> ComposeResult:
        with Vertical(id="deal-box"):
            yield Static(
                "Play a deal again: the game picks up at that hand's deal, with the same "
                "tiles and the scores as they stood; you take the bottom seat. A game in "
                "progress stays saved. Enter plays the hand chosen, Escape goes back.",
                id="deal-title",
            )
            yield OptionList(*self.lines, id="deal-list")
        yield SteadyFooter()

    def on_mount(self) -> None:
        if self.glyphs.ascii:
            self.query_one("#deal-box").styles.border = ("ascii", "blue")
        options = self.query_one(OptionList)
        options.highlighted = len(self.lines) - 1
        options.focus()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self.dismiss(message.option_index)

    def action_pick(self) -> None:
        self.dismiss(self.query_one(OptionList).highlighted)

    def action_cancel(self) -> None:
        self.dismiss(None)
