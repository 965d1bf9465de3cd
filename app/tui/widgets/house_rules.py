"""The lobby's house rules: a preset row, then the options by group, each with its default.

Each row is made from its option's declaration (``moon42.rules.options.HouseRule``).

Choosing a preset sets the rows; changing a row by hand shows "Custom" (or the preset it now
matches), and Custom stays one step away on the preset row, so a player's own mix is not lost
by looking at the presets.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from moon42.rules.options import HOUSE_RULES, HouseRule, Options, options_for

from ...play.presets import (
    CUSTOM,
    PRESET_HELP,
    groups_for,
    house_rules,
    preset_of,
    preset_options,
    presets_for,
)
from .setting import SettingRow

__all__ = ["PresetRow", "GroupTitle", "house_rule_rows", "option_row", "preset_chosen",
           "option_changed"]

# The longest game the lobby offers (the command line and records may ask for more).
_LONGEST = 99


def _on_off(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def option_row(rule: HouseRule, value: Any, default: Any, **kwargs: Any) -> SettingRow:
    """The row of one option, at ``value``; its values are the declared choices, or whole
    numbers from the least the option takes."""
    values = list(rule.choices) or list(range(rule.least, _LONGEST + 1))
    return SettingRow(rule.label, values, value, default, rule.help, _on_off, name=rule.name,
                      **kwargs)


class GroupTitle(Static):
    """A group's name over its rows."""

    DEFAULT_CSS = """
    GroupTitle {
        height: 1;
        padding: 0 0 0 2;
        text-style: bold underline;
        color: $text-muted;
    }
    """


class PresetRow(SettingRow):
    """The preset row: its help follows the preset shown; Custom only once there is one."""

    def __init__(self, game: str, options: dict[str, Any], **kwargs: Any) -> None:
        current = preset_of(game, options)
        names = presets_for(game) + [CUSTOM]
        super().__init__("House rules", names, current, None, "", id="preset", **kwargs)
        self.game = game
        self.custom: dict[str, Any] | None = house_rules(game, options) if current == CUSTOM \
            else None

    @property  # type: ignore[override]
    def help_text(self) -> str:
        return f"{self.value}: {PRESET_HELP[self.value]}"

    @help_text.setter
    def help_text(self, value: str) -> None:  # SettingRow sets it; the preset's wins
        pass

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        if self.value == CUSTOM and self.custom is None:
            self.index = (self.index + step) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def show_preset(self, name: str) -> None:
        self.index = self.values.index(name)
        self.refresh()


def house_rule_rows(game: str, options: dict[str, Any]) -> list[Widget]:
    """The preset row and every house rule of ``game`` under its group's title."""
    resolved = options_for(game, options)
    defaults = Options(game=game)
    widgets: list[Widget] = [PresetRow(game, options)]
    for title, members in groups_for(game):
        widgets.append(GroupTitle(title))
        for option in members:
            widgets.append(option_row(HOUSE_RULES[option], getattr(resolved, option),
                                      getattr(defaults, option), classes="option"))
    return widgets


def _shown_options(screen: Screen) -> dict[str, Any]:
    return {row.name: row.value for row in screen.query("SettingRow.option") if row.name}


def preset_chosen(screen: Screen, row: PresetRow) -> bool:
    """Set the rows to the preset now shown; True when the scoring rule changed."""
    game = row.game
    if row.value == CUSTOM:
        chosen = dict(row.custom or {})
    else:
        chosen = preset_options(game, row.value)
    resolved = options_for(game, chosen)
    scoring_changed = False
    for option in screen.query("SettingRow.option").results(SettingRow):
        value = getattr(resolved, option.name or "")
        if value != option.value:
            scoring_changed |= option.name == "scoring"
            option.index = option.values.index(value)
            option.refresh()
    _describe(screen, row)
    return scoring_changed


def option_changed(screen: Screen) -> None:
    """A row changed by hand: the preset row shows the preset it now matches, or Custom."""
    row = screen.query_one("#preset", PresetRow)
    shown = _shown_options(screen)
    name = preset_of(row.game, shown)
    if name == CUSTOM:
        row.custom = house_rules(row.game, shown)
    row.show_preset(name)


def _describe(screen: Screen, row: PresetRow) -> None:
    if row.has_focus:
        screen.query_one("#lobby-help", Static).update(row.help_text, layout=False)
