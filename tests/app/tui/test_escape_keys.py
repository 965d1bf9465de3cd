"""A lone Escape never eats the key after it (``moon42.app.tui.escape_keys``); a terminal's own
sequences read as before."""

from __future__ import annotations

import time

import pytest
from textual import events
from textual._xterm_parser import XTermParser

from moon42.app.tui.escape_keys import EscapeFirstParser


def keys(parser: XTermParser, data: str) -> list[str]:
    """What the parser makes of ``data``, after Textual's Escape delay has passed."""
    read = list(parser.feed(data))
    time.sleep(0.2)
    read += parser.tick()
    return [e.key if isinstance(e, events.Key) else type(e).__name__ for e in read]


@pytest.mark.parametrize(("data", "read"), [
    ("\x1b42\r", ["escape", "4", "2", "enter"]),
    ("\x1b0", ["escape", "0"]),
    ("\x1bp", ["escape", "p"]),
    ("\x1b?", ["escape", "question_mark"]),
])
def test_escape_and_the_key_after_it_are_both_read(data: str, read: list[str]) -> None:
    assert keys(EscapeFirstParser(), data) == read


def test_textuals_own_parser_eats_the_digit() -> None:
    # What EscapeFirstParser mends: Textual 8.2.8 reads ESC 4 as Option+4, "¢".
    assert keys(XTermParser(), "\x1b42") == ["cent_sign", "2"]


@pytest.mark.parametrize(("data", "read"), [
    ("\x1b", ["escape"]),
    ("\x1b\x1b", ["escape", "escape"]),
    ("\x1b[A", ["up"]),
    ("\x1bOP", ["f1"]),
    ("\x1b[200~4 2\x1b[201~", ["Paste"]),
    ("\x1b[?2026;2$y", ["TerminalSupportsSynchronizedOutput"]),
])
def test_a_terminals_sequences_read_as_before(data: str, read: list[str]) -> None:
    assert keys(EscapeFirstParser(), data) == read == keys(XTermParser(), data)
