"""The app's CSS is parsed once a process (per theme): a second app, like a game forked
from the warm parent that drew the lobby already, parses none of it again."""

from __future__ import annotations

import pytest
from textual.css import stylesheet as textual_stylesheet

from moon42.app.tui.app import Moon42App
from moon42.app.tui.styles import SharedStylesheet

from .helpers import screen_text


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every CSS text Textual's parser is given from now on."""
    seen: list[str] = []
    parse = textual_stylesheet.parse

    def counting(scope, css, *args, **kwargs):
        seen.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(textual_stylesheet, "parse", counting)
    return seen


async def _lobby() -> tuple[str, list]:
    """The lobby drawn at 80x24: its text, and the rule sets its stylesheet holds."""
    app = Moon42App(lobby=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.stylesheet, SharedStylesheet)
        return screen_text(app), list(app.stylesheet.rules)


async def test_a_second_app_parses_no_css_and_draws_the_same_lobby(parses) -> None:
    first_text, first_rules = await _lobby()
    parsed_by_the_first = len(parses)
    second_text, second_rules = await _lobby()
    assert len(parses) == parsed_by_the_first  # nothing parsed for the second app
    assert second_text == first_text
    assert len(second_rules) == len(first_rules)
    assert all(a is b for a, b in zip(second_rules, first_rules, strict=True))


def test_another_theme_is_parsed_for_itself(parses) -> None:
    css = "Label { color: $moon42-test-colour; }"
    red = SharedStylesheet(variables={"moon42-test-colour": "red"})
    blue = SharedStylesheet(variables={"moon42-test-colour": "blue"})
    for sheet in (red, blue):
        sheet.add_source(css, read_from=("test", "Label"))
    red_rules, blue_rules = red.rules, blue.rules
    assert parses.count(css) == 2
    assert str(red_rules[0].styles.color) != str(blue_rules[0].styles.color)
    again = SharedStylesheet(variables={"moon42-test-colour": "blue"})
    again.add_source(css, read_from=("test", "Label"))
    assert again.rules[0] is blue_rules[0]
    assert parses.count(css) == 2


def test_a_theme_changed_later_is_parsed_with_its_own_variables(parses) -> None:
    css = "Label { color: $moon42-test-shade; }"
    sheet = SharedStylesheet(variables={"moon42-test-shade": "green"})
    sheet.add_source(css, read_from=("test", "Shade"))
    green = str(sheet.rules[0].styles.color)
    sheet.set_variables({"moon42-test-shade": "yellow"})
    sheet.parse()
    assert str(sheet.rules[0].styles.color) != green
    fresh = SharedStylesheet(variables={"moon42-test-shade": "green"})
    fresh.add_source(css, read_from=("test", "Shade"))
    assert str(fresh.rules[0].styles.color) == green
