"""The lobby's Difficulty row: one choice for every seat's bot, ``custom`` when they differ."""

from __future__ import annotations

from textual.screen import Screen

from ...play.difficulty import CUSTOM, LEVELS, level_label, level_of
from .setting import SettingRow

__all__ = ["DifficultyRow", "difficulty_changed"]

HELP = (
    "Sets every bot: novice basic, easy normal, hard a quick expert, expert expert."
    " Mix them seat by seat below (custom). At the table, a gives a hint."
)


class DifficultyRow(SettingRow):
    """The levels, and ``custom``: shown when the seats' bots differ, never stepped onto."""

    def __init__(self, level: str) -> None:
        values = [*LEVELS, CUSTOM]
        super().__init__("Difficulty", values, level, None, HELP, level_label, id="difficulty")

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        if self.value == CUSTOM:
            self.index = (self.index + step) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def show_level(self, level: str) -> None:
        self.index = self.values.index(level)
        self.refresh()


def _bot_rows(screen: Screen) -> list[SettingRow]:
    return [row for row in screen.query(SettingRow) if (row.id or "").startswith("bot-")]


def difficulty_changed(screen: Screen, row: SettingRow) -> bool:
    """Keep the difficulty and the seats' bots in step after ``row`` changed; False when
    ``row`` is neither."""
    difficulty = screen.query_one("#difficulty", DifficultyRow)
    if row is difficulty:
        bot = LEVELS[difficulty.value].bot
        for seat_row in _bot_rows(screen):
            if bot in seat_row.values:
                seat_row.index = seat_row.values.index(bot)
                seat_row.refresh()
        return True
    if (row.id or "").startswith("bot-"):
        chosen = difficulty.value if difficulty.value != CUSTOM else None
        difficulty.show_level(level_of([r.value for r in _bot_rows(screen)], chosen))
        return True
    return False
