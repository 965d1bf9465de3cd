"""A table's chat under the game: the last lines said, and a one-line input when opened.

The lines are a ``ChatLog``'s, which several panes may show at once (the table's, and the
hand summary's or the scoreboard's over it): a line added to the log is drawn in each.
The pane is one row at 80x24 (the last line) and a few on a taller terminal.  Closed, it
takes no keys: the game's keys work as ever.  Opened (the screen's chat key), the input has
the focus and every printable key goes into the line; Enter sends it, Esc closes it.  Lines
are drawn as plain text, never as markup: what a player typed is shown as typed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input

from .line import Line

__all__ = ["ChatInput", "ChatLog", "ChatPane", "chat_rows"]

_KEPT = 50  # lines a pane remembers (it shows a few)
TALL_ROWS = 4  # rows of the pane on a terminal of TALL_FROM rows or more
TALL_FROM = 30


def chat_rows(height: int) -> int:
    """The rows of a pane on a terminal ``height`` rows tall."""
    return TALL_ROWS if height >= TALL_FROM else 1


class ChatLog:
    """A table's chat as this player has seen it, and the panes that show it."""

    def __init__(self) -> None:
        self.lines: deque[Text] = deque(maxlen=_KEPT)
        self.panes: list[ChatPane] = []

    def add(self, name: str, text: str, watching: bool) -> None:
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(name, "bold")
        if watching:
            line.append(" (watching)", "dim")
        line.append(f": {text}")
        self._append(line)

    def note(self, text: str) -> Text:
        """What the server said of the chat itself (a mute, a refusal), or of the table (a
        turn the move clock ran out on); the line, for ``drop``."""
        line = Text(text, style="italic", no_wrap=True, overflow="ellipsis")
        self._append(line)
        return line

    def drop(self, line: Text) -> None:
        """A line no longer news taken out (if it is still kept)."""
        if any(kept is line for kept in self.lines):
            self.lines = deque((kept for kept in self.lines if kept is not line),
                               maxlen=self.lines.maxlen)
            for pane in self.panes:
                pane.redraw()

    def _append(self, line: Text) -> None:
        self.lines.append(line)
        for pane in self.panes:
            pane.redraw()


class ChatInput(Input):
    """The line being typed; Esc closes it without sending."""

    BINDINGS = [Binding("escape", "close_chat", "Close chat", key_display="esc",
                        id="chat-close")]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.can_focus = False  # until opened: a screen must not give it the game's keys

    def action_close_chat(self) -> None:
        pane = self.parent
        if isinstance(pane, ChatPane):
            pane.close()


class ChatPane(Vertical):
    DEFAULT_CSS = """
    ChatPane { height: 1; padding: 0 1; }
    ChatPane > #chat-lines { height: 1fr; }
    ChatPane > ChatInput { height: 1; border: none; padding: 0; display: none;
                           background: $boost; }
    ChatPane > ChatInput:focus { border: none; }
    """

    @dataclass
    class Said(Message):
        """The player sent a line (or a /command) from the input."""

        text: str

    def __init__(self, limit: int, hint: str, chat_log: ChatLog | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.limit, self.hint = limit, hint
        self.chat_log = chat_log or ChatLog()

    def compose(self) -> ComposeResult:
        yield Line(id="chat-lines")
        yield ChatInput(max_length=self.limit, id="chat-input",
                        placeholder="Enter sends, Esc closes; /mute NAME, /unmute NAME")

    def on_mount(self) -> None:
        self.chat_log.panes.append(self)
        self.fit(self.app.size.height)

    def on_unmount(self) -> None:
        if self in self.chat_log.panes:
            self.chat_log.panes.remove(self)

    @property
    def lines(self) -> deque[Text]:
        return self.chat_log.lines

    @property
    def is_open(self) -> bool:
        # (A pane mounted but not yet composed, or being taken down, has no input.)
        return any(chat.display for chat in self.query(ChatInput))

    def fit(self, height: int) -> None:
        """A row on a short terminal, a few on a tall one."""
        rows = chat_rows(height)
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows
        self._draw()

    def add(self, name: str, text: str, watching: bool) -> None:
        self.chat_log.add(name, text, watching)

    def note(self, text: str) -> None:
        self.chat_log.note(text)

    def redraw(self) -> None:
        """The log has a new line."""
        self._draw()

    def open(self) -> None:
        chat = self.query_one(ChatInput)
        chat.display = True
        chat.can_focus = True
        chat.focus()
        self._draw()

    def close(self) -> None:
        chat = self.query_one(ChatInput)
        chat.value = ""
        chat.display = False
        chat.can_focus = False
        self.screen.set_focus(None)
        self._draw()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.Said(event.value))
        self.close()

    def _draw(self) -> None:
        # Drawn as its screen resizes: a screen shown and at once closed (a hand's summary
        # as the match's result comes) may be resized with its pane's lines gone.
        found = self.query("#chat-lines").results(Line) if self.is_mounted else iter(())
        shown = next(found, None)
        if shown is None:
            return
        rows = int(self.styles.height.value) if self.styles.height is not None else 1
        room = rows - 1 if self.is_open else rows
        shown.display = room > 0
        if not self.lines:
            shown.update(Text(self.hint, style="dim", no_wrap=True, overflow="ellipsis"))
        else:
            recent = list(self.lines)[-room:] if room > 0 else []
            shown.update(Text("\n", no_wrap=True, overflow="ellipsis").join(recent))
