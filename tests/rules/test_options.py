"""The options of rules/README.md (sections 3, 4, 7, 9) and rules/RECORDS.md: names,
defaults, checks."""

from __future__ import annotations

import pytest

from moon42.rules import Game, Options, OptionsError, options_for
from moon42.rules.options import HOUSE_RULES, OPTIONS_OF, Group

BOTH = {"forced_bid", "target", "doubles_trump", "no_trump", "no_trump_doubles"}
MOON = {"min_bid", "scoring", "moon_instant"}
MOON3 = {"remove_double_blank", "trump_before_widow"}
TEXAS = {"play_out", "mark_raises", "nello", "nello_doubles", "sevens", "plunge", "splash"}


def test_each_game_has_the_options_the_record_format_lists() -> None:
    assert set(OPTIONS_OF["moon3"]) == BOTH | MOON | MOON3
    assert set(OPTIONS_OF["moon4"]) == BOTH | MOON
    assert set(OPTIONS_OF["texas42"]) == BOTH | TEXAS


def test_every_option_is_declared_with_a_label_a_group_and_a_one_line_help() -> None:
    assert set(HOUSE_RULES) == BOTH | MOON | MOON3 | TEXAS
    for name, rule in HOUSE_RULES.items():
        assert rule.name == name and rule.label.strip() and rule.help.strip(), name
        assert "\n" not in rule.help
        assert (rule.group is None) == (name == "target"), name
        assert isinstance(rule.group, Group | None)
        default = getattr(Options(game=rule.games[0]), name)
        assert default == rule.default and (not rule.choices or default in rule.choices), name
        assert all(value in rule.choices for value in rule.meanings), name


def test_moon_defaults() -> None:
    for game in ("moon3", "moon4"):
        options = options_for(game, {})
        assert options.to_dict() == {
            "forced_bid": False,
            "target": 21,
            "doubles_trump": True,
            "no_trump": True,
            "no_trump_doubles": "high",
            "min_bid": 4,
            "scoring": "points",
            "moon_instant": False,
            **(
                {"remove_double_blank": False, "trump_before_widow": False}
                if game == "moon3"
                else {}
            ),
        }


def test_texas42_defaults() -> None:
    assert options_for("texas42", {}).to_dict() == {
        "forced_bid": False,
        "target": 7,
        "doubles_trump": True,
        "no_trump": True,
        "no_trump_doubles": "high",
        "play_out": False,
        "mark_raises": "none",
        "nello": False,
        "nello_doubles": "high",
        "sevens": False,
        "plunge": False,
        "splash": False,
    }


def test_moon_by_marks_goes_to_seven_by_default() -> None:
    assert options_for("moon3", {"scoring": "marks"}).target == 7
    assert options_for("moon4", {"scoring": "marks"}).target == 7
    assert options_for("moon4", {"scoring": "marks", "target": 3}).target == 3


def test_game_properties_of_options() -> None:
    moon3, moon4, texas = (options_for(g, {}) for g in ("moon3", "moon4", "texas42"))
    assert (moon3.seats, moon4.seats, texas.seats) == (3, 4, 4)
    assert (moon3.partnerships, moon4.partnerships, texas.partnerships) == (False, True, True)
    assert (moon3.is_moon, moon4.is_moon, texas.is_moon) == (True, True, False)
    assert (moon3.uses_marks, texas.uses_marks) == (False, True)
    assert options_for("moon3", {"scoring": "marks"}).uses_marks


def test_game_new_takes_options_as_a_dict_or_options() -> None:
    by_dict = Game.new("moon4", {"min_bid": 5}, seed=1)
    by_options = Game.new("moon4", options_for("moon4", {"min_bid": 5}), seed=1)
    assert by_dict.options == by_options.options
    assert by_dict.options.min_bid == 5
    assert Game.new("moon4", None, seed=1).options.min_bid == 4


@pytest.mark.parametrize(
    ("game", "values", "message"),
    [
        ("moon3", {"colour": "red"}, "unknown option"),
        ("moon3", {"game": "moon4"}, "unknown option"),
        ("texas42", {"min_bid": 4}, "does not fit"),
        ("texas42", {"scoring": "marks"}, "does not fit"),
        ("texas42", {"moon_instant": True}, "does not fit"),
        ("moon4", {"remove_double_blank": True}, "does not fit"),
        ("moon4", {"trump_before_widow": True}, "does not fit"),
        ("moon3", {"nello": True}, "does not fit"),
        ("moon4", {"play_out": True}, "does not fit"),
        ("moon3", {"min_bid": 6}, "min_bid"),
        ("moon3", {"min_bid": 2}, "min_bid"),
        ("moon3", {"scoring": "tricks"}, "scoring"),
        ("moon4", {"no_trump_doubles": "middle"}, "no_trump_doubles"),
        ("texas42", {"nello_doubles": "none"}, "nello_doubles"),
        ("texas42", {"mark_raises": "two"}, "mark_raises"),
        ("texas42", {"target": 0}, "target"),
        ("texas42", {"target": -3}, "target"),
        ("texas42", {"target": 2.5}, "target"),
        ("texas42", {"target": "7"}, "target"),
        ("texas42", {"target": True}, "target"),
        ("moon4", {"forced_bid": "yes"}, "forced_bid"),
        ("moon4", {"forced_bid": 1}, "forced_bid"),
        ("texas42", {"plunge": None}, "plunge"),
    ],
)
def test_bad_options_are_refused_with_a_reason(game: str, values: dict, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        options_for(game, values)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(OptionsError, match="unknown game"):
        options_for("moon5", {})


def test_a_whole_float_target_counts_as_a_whole_number() -> None:
    assert options_for("texas42", {"target": 5.0}).target == 5
    assert options_for("moon3", {"min_bid": 3.0}).min_bid == 3


def test_options_are_frozen_and_to_dict_round_trips() -> None:
    options = options_for("texas42", {"nello": True, "mark_raises": "one", "target": 3})
    with pytest.raises(AttributeError):
        options.target = 9  # type: ignore[misc]
    assert options_for("texas42", options.to_dict()) == options
    assert Options.from_dict("texas42", options.to_dict()) == options
