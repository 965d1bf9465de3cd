"""The characters the app draws with: Unicode box drawing, or plain ASCII.

ASCII is used when asked for (``--ascii``) and when the terminal's locale cannot
encode Unicode, so a domino never turns into question marks.
"""

from __future__ import annotations

import codecs
import locale
import os
from dataclasses import dataclass

__all__ = ["Glyphs", "UNICODE", "ASCII", "locale_is_utf8", "glyphs_for"]


@dataclass(frozen=True, slots=True)
class Glyphs:
    """One character set: pips, domino borders and the marks the table uses."""

    pip: str
    # borders: top-left, top, top-join, top-right, side, middle, bottom-left, bottom, bottom-join,
    # bottom-right
    box: str
    dotted: str
    heavy: str
    turn: str
    dealer: str
    bar_full: str
    bar_empty: str
    dot: str
    made: str
    set: str
    arrows: str
    ascii: bool


UNICODE = Glyphs(
    pip="●",
    box="┌─┬┐││└─┴┘",
    dotted="┌┄┬┐┆┆└┄┴┘",
    heavy="┏━┳┓┃┃┗━┻┛",
    turn="▶",
    dealer="◆",
    bar_full="█",
    bar_empty="░",
    dot="·",
    made="✓",
    set="✗",
    arrows="←→",
    ascii=False,
)

ASCII = Glyphs(
    pip="o",
    box="+-++||+-++",
    dotted="....::....",
    heavy="#=#####=##",
    turn=">",
    dealer="*",
    bar_full="#",
    bar_empty="-",
    dot=".",
    made="+",
    set="x",
    arrows="<- ->",
    ascii=True,
)


def locale_is_utf8() -> bool:
    """True when the terminal's locale can show Unicode (LC_ALL, LC_CTYPE, LANG, as C does)."""
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = os.environ.get(name)
        if value:
            upper = value.upper()
            return "UTF-8" in upper or "UTF8" in upper
    try:
        return codecs.lookup(locale.getpreferredencoding(False)).name == "utf-8"
    except LookupError:
        return False


def glyphs_for(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only or not locale_is_utf8() else UNICODE
