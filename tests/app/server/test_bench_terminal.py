"""The serve bench's players read their screens from the bytes their games send: cursor
moves and text, with colours, modes and titles skipped, whatever the packets cut."""

from __future__ import annotations

from moon42.app.server.bench.terminal_text import TerminalText

FRAME = ("\x1b[?1049h\x1b]0;moon42\x07\x1b[1;1H\x1b[1;33mYour bid\x1b[0m: 30"
         "\x1b[3;5H╭──╮ 4-2 é\x1b[24;75Hlast\x1b[2;1Hsecond").encode()


def test_a_frame_is_read_into_its_rows() -> None:
    screen = TerminalText(80, 24)
    screen.feed(FRAME)
    rows = screen.text().splitlines()
    assert rows[0] == "Your bid: 30"
    assert rows[1] == "second"
    assert rows[2] == "    ╭──╮ 4-2 é"
    assert rows[23] == " " * 74 + "last"


def test_packets_cut_anywhere_read_the_same() -> None:
    whole = TerminalText(80, 24)
    whole.feed(FRAME)
    for size in (1, 2, 3, 5, 7):
        cut = TerminalText(80, 24)
        for at in range(0, len(FRAME), size):
            cut.feed(FRAME[at:at + size])
        assert cut.text() == whole.text(), size


def test_text_past_the_edge_is_dropped() -> None:
    screen = TerminalText(10, 2)
    screen.feed(b"\x1b[1;8Habcdef\x1b[99;99Hz")
    assert screen.text() == "       abc\n         z"
