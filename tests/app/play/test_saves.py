"""Saves on disk: atomic writes, damaged and truncated saves, records in and out, the CLI.

(The saved games as a list, their locks and ``--resume WHICH``: test_saved_games.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.app.cli import main
from moon42.app.play.config import GameConfig
from moon42.app.play.files import write_atomic
from moon42.app.play.records import (
    APP_MEMBER,
    DamagedSave,
    export_game,
    load_record_file,
)
from moon42.app.play.saves import new_slot, open_saved, save_game, saved_games
from moon42.rules import Game, Phase
from moon42.rules.record import game_from_record, game_to_record

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"


def played(game: str, seed: int, actions: int) -> Game:
    """A game of basic bots, ``actions`` actions in (hands dealt as they come)."""
    g = Game.new(game, seed=seed, players=["You", "Ann", "Bob", "Cat"][: 3 if game == "moon3"
                                                                        else 4])
    bots = {s: make_bot("basic", seed=(seed * 7 + s) % 2**32) for s in range(g.seats)}
    done = 0
    while done < actions and g.phase is not Phase.GAME_OVER:
        if g.phase is Phase.HAND_OVER:
            g.next_hand()
            continue
        seat = g.to_act.seat
        g.apply(decide(bots[seat], g.view(seat)))
        done += 1
    return g


def saved_file(game: Game, config: GameConfig, **changes) -> Path:
    """``game`` written as a saved game of its own (its lock let go, as after Ctrl+Q)."""
    slot = new_slot(config.game)
    save_game(game, config, slot.path, **changes)
    slot.lock.release()
    return slot.path


def load_only_save():
    """The one saved game, opened (and let go of again)."""
    (only,) = saved_games().games
    saved = open_saved(only.path)
    saved.slot.lock.release()
    return saved


def same_state(a: Game, b: Game, seed: bool = True) -> None:
    """The same game in every seat's eyes (and the same seed, for the deals still to come)."""
    first, second = game_to_record(a), game_to_record(b)
    if not seed:
        first.pop("seed"), second.pop("seed")
    assert first == second
    assert a.phase is b.phase and a.to_act == b.to_act and a.scores == b.scores
    for seat in range(a.seats):
        assert a.view(seat) == b.view(seat)


# ----- writing --------------------------------------------------------------------------


def test_an_atomic_write_replaces_the_whole_file_and_leaves_no_temporary(tmp_path: Path):
    path = tmp_path / "autosave.json"
    write_atomic(path, "first")
    write_atomic(path, "second, longer")
    assert path.read_text(encoding="utf-8") == "second, longer"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_a_write_that_fails_halfway_keeps_the_old_file(tmp_path: Path):
    path = tmp_path / "autosave.json"
    write_atomic(path, "the old save")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(path, "half a save \ud800 that cannot be encoded")
    assert path.read_text(encoding="utf-8") == "the old save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_a_save_is_a_record_check_accepts(data_dir: Path, capsys: pytest.CaptureFixture):
    game = played("texas42", 3, 20)
    path = saved_file(game, GameConfig(game="texas42", bots=("basic", "normal", "random")))
    assert main(["check", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc[APP_MEMBER]["bots"] == ["basic", "normal", "random", "random"]


def test_the_save_comes_back_as_it_was(data_dir: Path):
    game = played("moon4", 8, 37)
    config = GameConfig(game="moon4", names=("Me", "Ann", "Bob", "Cat"), seed=8,
                        bots=("basic", "normal", "basic", "random"), pace=1.5, allow_undo=False,
                        difficulty="custom")
    saved_file(game, config, pace=0.4, undo_used=True)
    saved = load_only_save()
    same_state(saved.game, game)
    assert saved.config.bots == config.bots and saved.config.seed == 8
    assert saved.config.pace == 0.4 and saved.config.allow_undo is False
    assert saved.undo_used is True and saved.config.difficulty == "custom"
    score = f"points You & Bob {game.scores[0]}, Ann & Cat {game.scores[1]}"
    (listed,) = saved_games().games
    assert listed.title == f"Moon for 4, hand {len(game.log)}, {score}"


# ----- damaged and truncated saves ----------------------------------------------------------

_RULE_BREAKING = {"format": "moon42/1", "game": "moon3", "hands": [{
    "dealer": 0,
    "deal": [["6-6", "6-5", "5-4", "4-4", "3-1", "2-2", "1-1"],
             ["6-3", "5-5", "5-2", "4-2", "3-3", "2-1", "0-0"],
             ["6-4", "6-2", "6-1", "5-3", "5-1", "4-3", "4-1"]],
    "widow": ["3-2"],
    "actions": [{"seat": 2, "bid": 5}],  # seat 1 bids first after dealer 0
}]}


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b'{"format": "moon42/1", "game": "moon3", "hands": [{"dea', "cut short"),
        (b"\xff\xfe\x00garbage", "not UTF-8 text"),
        (b"[1, 2, 3]", "not a game record"),
        (b'{"format": "moon42/9", "game": "moon3", "hands": []}', "not a game record"),
        (json.dumps(_RULE_BREAKING).encode(), "break the rules"),
    ],
    ids=["empty", "truncated", "binary", "not-an-object", "wrong-format", "breaks-rules"],
)
def test_a_damaged_save_is_reported_and_moved_aside(data_dir: Path, content: bytes, reason: str):
    path = saved_file(played("moon3", 1, 3), GameConfig())
    path.write_bytes(content)
    with pytest.raises(DamagedSave) as caught:
        open_saved(path)
    assert reason in caught.value.reason
    kept = caught.value.kept_as
    assert kept is not None and kept.parent == path.parent
    assert kept.name.startswith(f"{path.stem}.damaged-") and kept.suffix == ".json"
    assert kept.read_bytes() == content
    assert not path.exists() and not path.with_suffix(".lock").exists()
    # Afterwards there is nothing to resume, and the player starts afresh.
    assert saved_games().games == ()


def test_every_cut_of_a_real_save_is_damaged_and_none_overwrites_another(data_dir: Path):
    path = saved_file(played("texas42", 5, 30), GameConfig(game="texas42"))
    text = path.read_bytes()
    cuts = [1, 10, len(text) // 3, len(text) // 2, len(text) - 2, len(text) - 1]
    for cut in cuts:
        path.write_bytes(text[:cut])
        with pytest.raises(DamagedSave, match="cut short"):
            open_saved(path)
    kept = sorted(path.parent.glob(f"{path.stem}.damaged-*.json"))
    assert len(kept) == len(cuts)  # the same second, yet every one kept
    assert sorted(p.read_bytes() for p in kept) == sorted(text[:c] for c in cuts)


def test_the_list_says_why_a_save_was_put_aside(data_dir: Path):
    path = saved_file(played("moon3", 1, 3), GameConfig())
    path.write_text('{"format": "moon42/1", "ga', encoding="utf-8")
    listed = saved_games()
    assert listed.games == ()
    (news,) = listed.damaged
    assert "could not be read" in news and f"{path.stem}.damaged-" in news
    assert saved_games().damaged == ()


def test_the_temporary_file_of_a_killed_write_is_cleared(data_dir: Path):
    path = saved_file(played("moon3", 2, 5), GameConfig())
    stray = path.with_name(f".{path.name}.abc123.tmp")
    stray.write_text('{"format": "moo', encoding="utf-8")
    assert load_only_save() is not None
    assert not stray.exists() and path.exists()


# ----- the command line ----------------------------------------------------------------------


def test_play_resume_with_no_save_says_so(data_dir: Path, capsys: pytest.CaptureFixture):
    assert main(["play", "--resume"]) == 2
    assert "no saved game to resume" in capsys.readouterr().err


def test_play_resume_with_a_damaged_save(data_dir: Path, capsys: pytest.CaptureFixture):
    path = saved_file(played("moon3", 1, 3), GameConfig())
    path.write_text("{", encoding="utf-8")
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "could not be read" in err and "kept as" in err and "moon42 play GAME" in err
    assert [p.read_text() for p in path.parent.glob("*.damaged-*.json")] == ["{"]


def test_play_from_a_bad_file_loses_nothing(tmp_path: Path, capsys: pytest.CaptureFixture):
    bad = tmp_path / "mine.json"
    bad.write_text('{"format": "moon42/1", "game": "chess"}', encoding="utf-8")
    assert main(["play", "--from", str(bad)]) == 2
    assert "not a game record" in capsys.readouterr().err
    assert bad.read_text(encoding="utf-8") == '{"format": "moon42/1", "game": "chess"}'
    assert main(["play", "--from", str(tmp_path / "missing.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_play_needs_a_game_or_a_save(capsys: pytest.CaptureFixture):
    with pytest.raises(SystemExit) as caught:
        main(["play"])
    assert caught.value.code == 2
    assert "--resume" in capsys.readouterr().err


# ----- records in and out ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")
                                        if not p.name.endswith(".expected.json")))
def test_the_format_examples_load_with_from(name: str):
    path = EXAMPLES / name
    expected = json.loads(path.with_name(name.replace(".json", ".expected.json")).read_text())
    if expected["exit"] == 2:  # not a record, or past a limit of the format
        with pytest.raises(DamagedSave, match="not a game record|twice|deep|integer"):
            load_record_file(path)
    elif expected["exit"] == 1:
        with pytest.raises(DamagedSave, match="break the rules"):
            load_record_file(path)
    elif expected["output"]["winner"] is not None:
        with pytest.raises(DamagedSave, match="over"):
            load_record_file(path)
    else:
        saved = load_record_file(path)
        game = game_from_record(json.loads(path.read_text()))
        if game.log:  # the record has no seed: the deals still to come are the app's own
            same_state(saved.game, game, seed=False)
        assert saved.config.bots == ("basic",) * saved.game.seats
        assert saved.config.game == game.options.game


def test_a_hand_written_record_gets_default_names_and_bots(tmp_path: Path):
    path = tmp_path / "by-hand.json"
    path.write_text(json.dumps({"format": "moon42/1", "game": "texas42",
                                "options": {"nello": True}, "hands": []}), encoding="utf-8")
    saved = load_record_file(path)
    assert saved.game.players == ("You", "Ann", "Bob", "Cat")
    assert saved.config.names == ("You", "Ann", "Bob", "Cat")
    assert saved.config.options == {"nello": True} | saved.config.options
    assert saved.game.phase is Phase.BIDDING and len(saved.game.log) == 1
    assert saved.config.bots == ("basic",) * 4


def test_a_record_with_too_few_names_gets_the_rest(tmp_path: Path):
    doc = json.loads((EXAMPLES / "01-moon3-partial-game.json").read_text(encoding="utf-8"))
    doc["players"] = ["Zed", ""]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    saved = load_record_file(path)
    assert saved.game.players == ("Zed", "Ann", "Bob") == saved.config.names


def test_export_then_import_is_lossless(data_dir: Path):
    game = played("texas42", 21, 61)
    config = GameConfig(game="texas42", bots=("basic", "normal", "basic", "normal"), seed=21)
    path = export_game(game, config, undo_used=True)
    assert path.parent == data_dir / "records"
    again = load_record_file(path)
    same_state(again.game, game)
    assert again.config.bots == config.bots and again.undo_used is True
    # And once more through the file: the same bytes of record.
    second = export_game(again.game, again.config, undo_used=True)
    first_doc, second_doc = (json.loads(p.read_text()) for p in (path, second))
    first_doc.pop(APP_MEMBER)
    second_doc.pop(APP_MEMBER)
    assert first_doc == second_doc and path != second
