"""Parsed CSS kept for every app this process makes.

Textual parses an app's CSS (its own and every widget's) into rule sets once per app, in
the app's stylesheet.  A served game is a process forked from a warm parent that has
already drawn the lobby once: keeping the rule sets here, per CSS text and theme, lets
the game use the parent's (shared pages, no second parse: about a tenth of the work of
drawing the lobby).  The tests, which make many apps in one process, gain the same way.

A rule set depends only on its CSS text, where it was read from, its place, scope and
the theme's variables, all of which are in the key; Textual itself hands the same rule
sets to every parse of one stylesheet, so sharing them between stylesheets changes
nothing the app shows.
"""

from __future__ import annotations

from typing import ClassVar

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation

__all__ = ["SharedStylesheet"]

# At most this many parsed sources kept: the app has about a hundred; a theme changed
# back and forth must not grow it without end.
_MOST_SOURCES = 1024


class SharedStylesheet(Stylesheet):
    """A stylesheet that parses each source once per process (and per theme)."""

    _parsed: ClassVar[dict[tuple, list[RuleSet]]] = {}

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._theme: tuple[dict[str, str], tuple] | None = None

    def _theme_key(self) -> tuple:
        """The variables as a key (remade only when Textual replaces them)."""
        if self._theme is None or self._theme[0] is not self._variables:
            self._theme = (self._variables, tuple(sorted(self._variables.items())))
        return self._theme[1]

    def _parse_rules(self, css: str, read_from: CSSLocation, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._theme_key())
        rules = self._parsed.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if len(self._parsed) >= _MOST_SOURCES:
                self._parsed.clear()
            self._parsed[key] = rules
        return rules
