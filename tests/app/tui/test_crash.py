"""An error of the app's own ends it with a few lines for the player and the details in a
file of ``crashes/``, not a screenful of code."""

from __future__ import annotations

import asyncio
import os

import pytest
from rich.text import Text
from textual.binding import Binding

from moon42.app.play.paths import crash_report_since
from moon42.app.tui import crash
from moon42.app.tui.app import Moon42App


class Breaks(Moon42App):
    BINDINGS = [*Moon42App.BINDINGS, Binding("f9", "break", "Break")]

    def action_break(self) -> None:
        raise RuntimeError("a bug of the app's own")


async def test_the_player_reads_a_few_lines_and_the_details_are_kept(data_dir, monkeypatch,
                                                                   capsys) -> None:
    monkeypatch.delenv("TEXTUAL", raising=False)
    app = Breaks()
    with pytest.raises(RuntimeError, match="a bug of the app's own"):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f9")
            await pilot.pause()
    # The pilot raises the error as soon as it happens; the app ends after.
    for _ in range(400):
        if app._exit_renderables or not app.is_running:
            break
        await asyncio.sleep(0.05)
    [saved] = (data_dir / "crashes").glob("crash-*.txt")
    details = saved.read_text()
    assert "Traceback" in details and "action_break" in details
    assert details.rstrip().endswith("RuntimeError: a bug of the app's own")
    said = capsys.readouterr().err
    words = "\n".join(r.plain for r in app._exit_renderables if isinstance(r, Text)) or said
    lines = [line.strip() for line in words.strip().splitlines()]
    assert lines[:3] == ["moon42 stopped on an error of its own (RuntimeError).",
                         "Your games are saved: every move is.",
                         f"The details are in {saved.name}, in the folder"]
    assert "".join(lines[3:-1]) == str(saved.parent)  # (folded if longer than a line)
    assert lines[-1] == "Sending them to whoever runs moon42 for you helps mend it."
    assert "Traceback" not in words


def test_a_served_player_is_told_the_report_is_kept_on_the_server(tmp_path) -> None:
    saved = tmp_path / "crashes" / "crash-20261207-010203-42.txt"
    words = crash.crash_words(KeyError("x"), saved, served=True)
    assert words.splitlines() == [
        "moon42 stopped on an error of its own (KeyError).",
        "Your games are saved: every move is.",
        "The details are kept on the server, as crash-20261207-010203-42.txt;",
        "telling whoever runs it helps mend it."]
    assert str(tmp_path) not in words  # the server's folders are its own


def test_only_the_newest_reports_are_kept_and_each_is_cut_to_its_end(data_dir) -> None:
    folder = data_dir / "crashes"
    folder.mkdir(parents=True)
    for n in range(crash.KEPT + 3):
        old = folder / f"crash-2026010{n}-000000-1.txt"
        old.write_text("old")
        stamp = 1_700_000_000 + n
        os.utime(old, (stamp, stamp))
    path = crash.save_crash("x" * (crash.MAX_BYTES + 100) + "\nValueError: the end")
    assert path is not None
    reports = sorted(folder.glob("crash-*.txt"))
    assert len(reports) == crash.KEPT and path in reports
    assert "crash-20260100-000000-1.txt" not in {p.name for p in reports}  # the oldest went
    data = path.read_bytes()
    assert data.startswith(b"(the start is cut)\n") and data.endswith(b"ValueError: the end")
    assert len(data) <= crash.MAX_BYTES + 20


def test_a_report_that_cannot_be_written_is_said(tmp_path, monkeypatch) -> None:
    blocked = tmp_path / "data"
    blocked.mkdir()
    (blocked / "crashes").write_text("a file where the folder would be")
    monkeypatch.setenv("MOON42_DATA_DIR", str(blocked))
    assert crash.save_crash("details") is None
    assert "could not be written" in crash.crash_words(ValueError(), None)


def test_a_server_finds_the_report_of_a_game_that_stopped(tmp_path) -> None:
    data = tmp_path / "data"
    assert crash_report_since(data, 0.0) is None  # no folder yet
    folder = data / "crashes"
    folder.mkdir(parents=True)
    older, newer = folder / "crash-20261207-010000-1.txt", folder / "crash-20261207-020000-2.txt"
    for path, stamp in ((older, 1_800_000_000), (newer, 1_800_000_100)):
        path.write_text("Traceback")
        os.utime(path, (stamp, stamp))
    assert crash_report_since(data, 1_800_000_050) == newer
    assert crash_report_since(data, 1_800_000_200) is None  # none since the game started
