"""One lobby setting on one line: a label and a value that Left and Right change."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

__all__ = ["SettingRow"]


class SettingRow(Widget, can_focus=True):
    BINDINGS = [
        Binding("left,h", "step(-1)", "Change", key_display="←→", id="setting-left"),
        Binding("right,l", "step(1)", "Change", key_display="←→", show=False,
                id="setting-right"),
    ]

    @dataclass
    class Changed(Message):
        row: SettingRow
        value: Any

    def __init__(
        self,
        label: str,
        values: list[Any],
        value: Any,
        default: Any = None,
        help_text: str = "",
        show: Callable[[Any], str] = str,
        name: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(name=name, **kwargs)
        self.label, self.values, self.default = label, values, default
        self.help_text, self.show = help_text, show
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        marker = "> " if self.has_focus else "  "
        text.append(f"{marker}{self.label:<22}", "bold" if self.has_focus else "")
        text.append(f"< {self.show(self.value)} >", "reverse" if self.has_focus else "bold")
        if self.default is not None:
            same = self.value == self.default
            text.append("  (default)" if same else f"  (default {self.show(self.default)})",
                        "dim")
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
