"""``x`` on a served game: an unchanged game is written once, and past the server's cap on
a player's records nothing more is written, with a message saying so; finished games'
records are still written (the cap stops only exports)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moon42.app.play.exports import BYTES_VARIABLE, FILES_VARIABLE, CapReached, ExportCap
from moon42.rules import Bid

from .helpers import PLAIN_BOT, new_app, new_bot_or_plain, screen_text, settle, wait_for


@pytest.fixture(autouse=True)
def plain_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)


def records(data_dir: Path) -> list[Path]:
    folder = data_dir / "records"
    return sorted(folder.glob("*.json")) if folder.exists() else []


async def test_x_again_on_an_unchanged_game_writes_nothing_new(data_dir: Path) -> None:
    app = new_app("moon3", seed=4, bots=(PLAIN_BOT,) * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(5):
            await pilot.press("x")
        await wait_for(pilot, lambda: "Unchanged since exported" in screen_text(app),
                       "the table to say the game is already exported")
        assert len(records(data_dir)) == 1
        app.flow.act(next(a for a in app.flow.game.view(0).legal if isinstance(a, Bid)))
        await settle(pilot)
        await pilot.press("x")
        await wait_for(pilot, lambda: len(records(data_dir)) == 2,
                       "a changed game to be exported again")


async def test_past_the_cap_x_says_so_and_writes_nothing(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FILES_VARIABLE, "3")
    folder = data_dir / "records"
    folder.mkdir(parents=True)
    for n in range(3):  # finished games' records count against the cap
        (folder / f"moon3-2026010{n}-000000.json").write_text("{}\n", encoding="utf-8")
    app = new_app("moon3", seed=4, bots=(PLAIN_BOT,) * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("x")
        said = "keeps at most 3 records of yours (you have 3)"
        await wait_for(pilot, lambda: said in screen_text(app), "the cap to be said on screen")
        assert len(records(data_dir)) == 3


def test_the_byte_cap_counts_what_the_folder_holds(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_bytes(b"x" * 900)
    (tmp_path / ".a.json.tmp").write_bytes(b"x" * 5000)  # a write under way is not a record
    ExportCap(bytes=1000).check(tmp_path, 100)
    with pytest.raises(CapReached, match="at most 0 KiB"):
        ExportCap(bytes=1000).check(tmp_path, 101)
    ExportCap().check(tmp_path, 10**9)  # no cap: a game of one's own
    assert ExportCap.from_environment({FILES_VARIABLE: "5", BYTES_VARIABLE: "-1"}) == \
        ExportCap(files=5)
