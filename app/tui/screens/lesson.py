"""A lesson's table: the own table's screen, with the lesson's words in a panel over its top
between moves.  While the words show, the table's keys rest and Enter (or Space, or Esc)
goes on; r shows the last words again."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...play.glyphs import UNICODE, Glyphs
from .own_table import OwnFlow, OwnTableScreen

__all__ = ["LessonScreen"]

# The table's keys that rest while the lesson speaks (the others only look: log, tiles...).
_RESTING = ("move", "confirm", "pass_bid", "trump_key", "erase", "hint", "digit", "claim")


class LessonScreen(OwnTableScreen):
    """The table of a lesson (see the module's docstring)."""

    BINDINGS = [
        # Enter and Space go on through the table's own confirm (``action_confirm``).
        Binding("escape", "go_on", "Go on", key_display="Esc", show=False, id="go-on"),
        Binding("r", "read_again", "Read again", id="read-again"),
    ]

    def __init__(self, flow: OwnFlow, glyphs: Glyphs = UNICODE) -> None:
        super().__init__(flow, glyphs)
        self.undo_allowed = False
        self.words: tuple[str, str] | None = None  # the title and words on show
        self.keys_text = ""  # what the panel's last line says the keys do
        self.went_on = lambda: None  # called when the words are read (the flow sets it)

    def compose(self) -> ComposeResult:
        yield from super().compose()
        with Vertical(id="lesson-box"):  # its title and keys on its border: rows are few
            yield Static("", id="lesson-text", markup=False)

    def on_mount(self) -> None:
        if self.glyphs.ascii:
            self.query_one("#lesson-box").styles.border = ("ascii", "green")
        if self.words is not None:
            self._draw_words()

    # ----- the words -----------------------------------------------------

    def show_words(self, title: str, text: str, keys: str = "Enter: go on") -> None:
        """Show the lesson's words over the table; the table's keys rest until Enter."""
        self.words, self.keys_text = (title, text), keys
        if self.is_mounted:
            self._draw_words()

    def _draw_words(self) -> None:
        assert self.words is not None
        title, text = self.words
        self.query_one("#lesson-text", Static).update(text)
        box = self.query_one("#lesson-box")
        box.border_title, box.border_subtitle = title, self.keys_text
        box.display = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            return self.words is not None
        if action == "read_again":
            return self.words is None
        if self.words is not None and action in _RESTING and action != "confirm":
            return False
        return super().check_action(action, parameters)

    def action_confirm(self) -> None:
        if self.words is not None:
            self.action_go_on()
        else:
            super().action_confirm()

    def action_go_on(self) -> None:
        if self.words is None:
            return
        self.words = None
        self.query_one("#lesson-box").display = False
        self.refresh_bindings()
        self.went_on()

    def action_read_again(self) -> None:
        again = getattr(self.flow, "read_again", None)
        if again is not None:
            again()
