"""rules/README.md 1: the tiles, how they are written, and the three tile sets."""

from __future__ import annotations

import itertools

import pytest

from moon42.rules import TILES, Game, parse_tile, tile
from moon42.rules.record import game_to_record
from moon42.rules.tiles import FULL_SET, MOON21_SET, MOON22_SET
from tests.rules.support import names


def test_the_full_set_has_one_tile_for_every_pair_of_numbers() -> None:
    pairs = {(t.high, t.low) for t in FULL_SET}
    assert len(FULL_SET) == 28
    assert pairs == {(a, b) for a, b in itertools.product(range(7), repeat=2) if a >= b}
    assert list(TILES) == list(FULL_SET)


def test_a_tile_is_written_with_its_larger_number_first() -> None:
    assert str(tile(4, 6)) == "6-4"
    assert str(tile(6, 4)) == "6-4"
    assert str(tile(0, 0)) == "0-0"
    assert str(tile(5, 5)) == "5-5"
    assert all(str(t) == f"{t.high}-{t.low}" and t.high >= t.low for t in TILES)


def test_input_accepts_either_order() -> None:
    assert parse_tile("4-6") == parse_tile("6-4") == tile(6, 4)
    assert str(parse_tile("0-3")) == "3-0"


@pytest.mark.parametrize(
    "text", ["7-1", "6_4", "64", "6-", "-6-4", " 6-4", "6-4 ", "6-4\n", "6-4-2", "", "a-b", "٦-٤"]
)
def test_malformed_tile_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        parse_tile(text)


def test_tile_numbers_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError):
        tile(7, 0)
    with pytest.raises(ValueError):
        tile(-1, 3)


def test_tile_properties() -> None:
    t = parse_tile("6-4")
    assert (t.high, t.low, t.pips, t.is_double) == (6, 4, 10, False)
    assert t.carries(6) and t.carries(4) and not t.carries(5)
    assert t.other(6) == 4 and t.other(4) == 6
    d = parse_tile("3-3")
    assert d.is_double and d.other(3) == 3 and d.pips == 6


def test_moon22_is_the_full_set_without_the_six_blanks_but_keeps_double_blank() -> None:
    removed = set(FULL_SET) - set(MOON22_SET)
    assert len(MOON22_SET) == 22
    assert sorted(names(removed)) == ["1-0", "2-0", "3-0", "4-0", "5-0", "6-0"]
    assert parse_tile("0-0") in MOON22_SET


def test_moon21_is_moon22_without_double_blank() -> None:
    assert len(MOON21_SET) == 21
    assert set(MOON22_SET) - set(MOON21_SET) == {parse_tile("0-0")}


@pytest.mark.parametrize(
    ("game", "options", "size", "widow"),
    [
        ("moon3", {}, 22, 1),
        ("moon3", {"remove_double_blank": True}, 21, 0),
        ("moon4", {}, 28, 0),
        ("texas42", {}, 28, 0),
    ],
)
def test_each_game_deals_its_set_seven_tiles_a_seat_and_the_rest_to_the_widow(
    game: str, options: dict, size: int, widow: int
) -> None:
    for seed in range(5):
        hand = game_to_record(Game.new(game, options, seed=seed))["hands"][0]
        deal = [[parse_tile(t) for t in held] for held in hand["deal"]]
        dealt = [t for held in deal for t in held] + [parse_tile(t) for t in hand["widow"]]
        assert len(deal) == {"moon3": 3}.get(game, 4)
        assert all(len(held) == 7 for held in deal)
        assert len(hand["widow"]) == widow
        assert len(dealt) == size == len(set(dealt))
        expected = {"moon3": MOON21_SET if options else MOON22_SET}.get(game, FULL_SET)
        assert set(dealt) == set(expected)


def test_a_double_belongs_only_to_its_own_suit_and_other_tiles_to_both() -> None:
    # With no trump named (follow me), suits are as section 1 says.
    from moon42.rules import Trump
    from moon42.rules.trump import trick_rules

    rules = trick_rules(Trump.NO_TRUMP, "high")
    six_six, six_four = parse_tile("6-6"), parse_tile("6-4")
    assert [s for s in range(7) if rules.follows(six_six, s)] == [6]
    assert [s for s in range(7) if rules.follows(six_four, s)] == [4, 6]


def test_texas42_counts_are_five_and_ten_and_add_up_to_35() -> None:
    counts = {str(t): t.count for t in TILES if t.count}
    assert counts == {"5-0": 5, "4-1": 5, "3-2": 5, "6-4": 10, "5-5": 10}
    assert sum(t.count for t in TILES) == 35
    assert 7 + sum(t.count for t in TILES) == 42
