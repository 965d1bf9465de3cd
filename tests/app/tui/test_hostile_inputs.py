"""Every input has a size and a range, checked where it enters: hostile record files for
``play --from``, ``replay``, ``--resume`` and the lobby; flags; the lobby's memory; the
statistics database on a full disk.  Nothing crashes, nothing is lost."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from moon42.app import cli
from moon42.app.cli import play
from moon42.app.play.config import GameConfig, load_last
from moon42.app.play.paths import lobby_file
from moon42.app.play.records import DamagedSave, load_record_file
from moon42.app.play.saves import open_saved, saved_games
from moon42.app.play.stats.store import StatsError, StatsStore
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.rules.limits import MAX_SEED
from moon42.rules.record import game_to_record

from ..play.stats_games import play_recorded
from ..play.test_saves import played, saved_file
from .helpers import screen_text

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


def _record(**members) -> str:
    doc = json.loads((EXAMPLES / "01-moon3-partial-game.json").read_text(encoding="utf-8"))
    doc.update(members)
    return json.dumps(doc)


def _with(extra: str) -> str:
    return _record()[:-1] + f', "extra": {extra}}}'


HOSTILE = {
    "100,000 nested arrays": "[" * 100_000 + "]" * 100_000,
    "100,000 nested objects": '{"a":' * 100_000 + "1" + "}" * 100_000,
    "an integer of 5,000 digits": _with("1" * 5000),
    "a seed of 2^63": _record(seed=2**63),
    "a target of 2^63": _record(options={"target": 2**63}),
    "a member named twice": _record()[:-1] + ', "game": "moon4"}',
    "NaN": _with("NaN"),
}


@pytest.fixture(params=sorted(HOSTILE), ids=sorted(HOSTILE))
def hostile(request, tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "hostile.json"
    path.write_text(HOSTILE[request.param], encoding="utf-8")
    return request.param, path


def _one_line_reason(err: str) -> None:
    assert "Traceback" not in err
    assert err.strip() and len(err) < 400


def test_play_from_a_hostile_file(hostile, capsys: pytest.CaptureFixture) -> None:
    _, path = hostile
    before = path.read_bytes()
    assert cli.main(["play", "--from", str(path)]) == 2
    _one_line_reason(capsys.readouterr().err)
    assert path.read_bytes() == before  # only read


def test_replay_of_a_hostile_file(hostile, capsys: pytest.CaptureFixture) -> None:
    _, path = hostile
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    _one_line_reason(err)
    assert err.startswith("moon42 replay: ")


def test_resume_of_a_hostile_save_puts_it_aside(hostile, data_dir: Path,
                                               capsys: pytest.CaptureFixture) -> None:
    _, source = hostile
    path = saved_file(played("moon3", 1, 3), GameConfig())
    path.write_bytes(source.read_bytes())
    assert cli.main(["play", "--resume"]) == 2
    _one_line_reason(capsys.readouterr().err.split("\n")[0])
    (kept,) = path.parent.glob("*.damaged-*.json")
    assert kept.read_bytes() == source.read_bytes() and not path.exists()


async def test_the_lobby_opens_over_a_hostile_save_and_keeps_it(hostile,
                                                                data_dir: Path) -> None:
    _, source = hostile
    good = saved_file(played("texas42", 2, 9), GameConfig(game="texas42"))
    bad = saved_file(played("moon3", 1, 3), GameConfig())
    bad.write_bytes(source.read_bytes())
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        assert "A saved game could not be read." in text
        assert [g.path for g in app.screen.saved.games] == [good]
    (kept,) = bad.parent.glob("*.damaged-*.json")
    assert kept.read_bytes() == source.read_bytes()


def test_the_largest_seed_plays_and_is_stored(data_dir: Path, tmp_path: Path) -> None:
    """The seed of the issue's crash: 2^63 - 1 is the largest a record or a flag carries, and
    SQLite stores it; "play again" goes on from 0."""
    with StatsStore(tmp_path / "stats.sqlite3") as store:
        game, _ = play_recorded(store, "moon3", MAX_SEED, stop_after=1)
        with store.reading() as conn:
            assert conn.execute("SELECT seed FROM games").fetchall() == [(MAX_SEED,)]
    path = tmp_path / "max.json"
    path.write_text(json.dumps(game_to_record(game)), encoding="utf-8")
    assert load_record_file(path).config.seed == MAX_SEED


def test_a_save_with_a_seed_past_the_range_is_refused_not_replayed(data_dir: Path) -> None:
    path = saved_file(played("moon3", 3, 8), GameConfig(seed=3))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["seed"] = 2**63
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DamagedSave, match="outside -2\\^63"):
        open_saved(path)
    assert saved_games().games == ()


def test_names_from_a_record_are_cleaned_and_cut(tmp_path: Path) -> None:
    path = tmp_path / "names.json"
    path.write_text(_record(players=["\x1b]0;owned\x07Eve", "Z" * 5000, {"a": 1}]),
                    encoding="utf-8")
    saved = load_record_file(path)
    assert saved.game.players == ("]0;ownedEve", "ZZZZZZZZZZZZ", "Bob")


# ----- flags ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "moon3", "--seed", "1" * 36], "a seed is a whole number from 0 to"),
        (["play", "moon3", "--seed", "-1"], "a seed is a whole number"),
        (["play", "moon3", "--seed", str(2**63)], "a seed is a whole number"),
        (["play", "moon3", "--option", "target=" + "9" * 36], "from 1 to 10,000"),
        (["play", "moon3", "--option", "target=" + "9" * 5000], "whole number"),
        (["play", "moon3", "--pace", "nan"], "the pace is a number of seconds from 0 to 10"),
        (["play", "moon3", "--pace", "inf"], "the pace is"),
        (["play", "moon3", "--pace", "-1"], "the pace is"),
        (["watch", "moon3", "--pace", "10.5"], "the pace is"),
        (["replay", "x.json", "--pace", "nan"], "the pace is"),
        (["watch", "moon3", "--bots", "basic,random"], "names 2 bots for 3 seats"),
        (["play", "moon4", "--bots", "basic,random"], "names 2 bots for 3 other seats"),
        (["play", "moon3", "--name", "N" * 13], "a name is 1 to 12 printable characters"),
        (["play", "moon3", "--name", "\x1b[2J"], "a name is"),
        (["bench", "--seconds", "nan"], "a number of seconds"),
        (["bench", "--bots", "--positions", "0"], "a whole number from 1"),
    ],
)
def test_flags_out_of_range_are_usage_errors(argv: list[str], words: str,
                                             capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert words in err and len(err) < 1000


def test_flags_in_range_are_taken() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["play", "moon4", "--seed", str(MAX_SEED), "--pace", "10",
                              "--bots", "random,basic,normal", "--name", "Zoë",
                              "--option", "target=10000"])
    config = play.game_config(args, parser, watch=False)
    assert config.seed == MAX_SEED and config.pace == 10.0
    assert config.bots == ("basic", "random", "basic", "normal") and config.names[0] == "Zoë"
    assert config.rules_options().target == 10_000


# ----- the lobby's memory ---------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "[" * 100_000,
    '{"game": "moon3", "game": "moon4"}',
    '{"game": "moon3", "pace": NaN}',
])
def test_a_hostile_lobby_memory_gives_the_defaults(text: str) -> None:
    lobby_file().write_text(text, encoding="utf-8")
    assert load_last() == GameConfig()


def test_every_value_of_the_lobby_memory_is_checked() -> None:
    lobby_file().write_text(json.dumps({
        "game": "texas42", "options": {"target": 10**9}, "names": ["\x1b[31mRed", 7, "B" * 99],
        "bots": ["basic", "x" * 999], "seed": -5, "pin_seed": True, "pace": 1e308,
        "difficulty": "godlike", "allow_undo": "no",
    }), encoding="utf-8")
    config = load_last()
    assert config.game == "texas42" and config.options == {}
    assert config.names[:3] == ("[31mRed", "Ann", "BBBBBBBBBBBB")
    assert config.bots[1] == "x" * 40
    assert config.seed is None and not config.pin_seed
    assert config.pace == GameConfig().pace and config.difficulty == "novice"
    assert config.allow_undo is True


# ----- the statistics on a full disk ----------------------------------------------------------


def test_a_full_disk_is_reported_as_a_full_disk(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.sqlite3")
    with pytest.raises(StatsError, match="the disk is full") as caught:
        for seed in range(1, 50):
            with store.connect() as conn:  # no room to grow: SQLite's own "disk is full"
                pages = conn.execute("PRAGMA page_count").fetchone()[0]
                conn.execute(f"PRAGMA max_page_count = {pages}")
            play_recorded(store, "texas42", seed)
    assert "rollback" not in str(caught.value)
    store.close()


def test_a_number_sqlite_cannot_hold_never_reaches_it(tmp_path: Path) -> None:
    from moon42.rules import Game

    with StatsStore(tmp_path / "stats.sqlite3") as store:
        game = Game.new("moon3", seed=2**64)  # no entry point makes one: the store says so
        with pytest.raises(StatsError, match="too large"):
            play_recorded(store, "moon3", 1, game=game, stop_after=1)


def test_the_store_rejects_nothing_it_can_hold(tmp_path: Path) -> None:
    with StatsStore(tmp_path / "stats.sqlite3") as store:
        play_recorded(store, "moon4", 0, stop_after=1)
        with store.reading() as conn:
            assert conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 1
    assert sqlite3.connect(tmp_path / "stats.sqlite3").execute(
        "SELECT seed FROM games").fetchall() == [(0,)]
