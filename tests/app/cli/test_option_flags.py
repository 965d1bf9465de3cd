"""House rules on the command line: --option KEY=VALUE, and `moon42 options` listing the keys."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from moon42.app import cli
from moon42.app.cli import play
from moon42.rules.options import (
    GAMES,
    HOUSE_RULES,
    OPTIONS_OF,
    OptionsError,
    house_rules_of,
    options_for,
)

README = Path(__file__).resolve().parents[3] / "README.md"


def _listing(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert cli.main(["options", *argv]) == 0
    return capsys.readouterr().out


def _key_lines(text: str) -> dict[str, str]:
    """The listing's first line of each key, by key."""
    lines = {}
    for line in text.splitlines():
        match = re.match(r"    (\w+) +(.+)$", line)
        if match and match.group(1) in HOUSE_RULES:
            lines[match.group(1)] = match.group(2)
    return lines


@pytest.mark.parametrize("game", GAMES)
def test_options_lists_every_key_of_the_game_with_its_values_and_default(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _listing(capsys, game)
    lines = _key_lines(text)
    assert set(lines) == set(OPTIONS_OF[game])
    defaults = options_for(game, {})
    for rule in house_rules_of(game):
        line = lines[rule.name]
        default = getattr(defaults, rule.name)
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        assert f"(default {shown}" in line, line
        for choice in rule.choices:
            word = str(choice).lower() if isinstance(choice, bool) else str(choice)
            assert re.search(rf"\b{word}\b", line.split("(default")[0]), (rule.name, line)
        assert rule.help.split()[0] in text
    assert f"moon42 play {game} --option KEY=VALUE" in text


def test_options_lists_the_keys_in_the_lobbys_order_under_its_groups(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = _listing(capsys, "texas42")
    assert list(_key_lines(text)) == [
        "target", "forced_bid", "mark_raises", "nello", "nello_doubles", "sevens", "plunge",
        "splash", "doubles_trump", "no_trump", "no_trump_doubles", "play_out"]
    assert "  Contracts\n" in text and "  Widow\n" not in text
    assert "1 to 10,000 (default 7)" in text
    moon = _listing(capsys, "moon3")
    assert "(default 21, or 7 with scoring=marks)" in moon
    assert "3, 4 or 5 (default 4)" in moon and "high, low or own (default high)" in moon


@pytest.mark.parametrize("game", GAMES)
def test_a_numbers_range_as_listed_is_the_range_taken(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _key_lines(_listing(capsys, game))
    numbers = [rule for rule in house_rules_of(game) if not rule.choices
               and isinstance(rule.default, int) and not isinstance(rule.default, bool)]
    assert numbers  # the target at least
    for rule in numbers:
        listed = re.match(r"(\d[\d,]*) (?:to (\d[\d,]*)|or more) ", lines[rule.name])
        assert listed, lines[rule.name]
        least = int(listed.group(1).replace(",", ""))
        options_for(game, {rule.name: least})
        with pytest.raises(OptionsError):
            options_for(game, {rule.name: least - 1})
        most = listed.group(2)
        assert (most is None) == (rule.most is None), lines[rule.name]
        if most is not None:
            options_for(game, {rule.name: int(most.replace(",", ""))})
            with pytest.raises(OptionsError):
                options_for(game, {rule.name: int(most.replace(",", "")) + 1})


def test_options_without_a_game_lists_all_three(capsys: pytest.CaptureFixture[str]) -> None:
    text = _listing(capsys)
    for game in GAMES:
        assert f"moon42 play {game} --option KEY=VALUE" in text
    assert text.count("    forced_bid ") == 3 and text.count("    nello ") == 1


@pytest.mark.parametrize(
    ("argv", "fault"),
    [
        (["play", "texas42", "--option", "min_bid=3"], "does not fit the game texas42"),
        (["watch", "moon4", "--option", "colour=red"], "unknown option 'colour'"),
    ],
)
def test_a_wrong_key_names_the_keys_of_the_game(
        argv: list[str], fault: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = argv[1]
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert fault in err
    named = err.split("are ", 1)[1].strip()
    assert named.split(", ") == list(OPTIONS_OF[game])


def test_values_are_read_as_their_options_kind() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["play", "texas42", "--option", "nello=on", "--option",
                              "target= 5", "--option", "nello_doubles=low", "--option",
                              "play_out=No"])
    config = play.game_config(args, parser, watch=False)
    assert config.options == {"nello": True, "target": 5, "nello_doubles": "low",
                              "play_out": False}
    with pytest.raises(SystemExit):
        play.game_config(parser.parse_args(["play", "moon3", "--option", "min_bid=on"]), parser,
                         watch=False)


def test_arena_takes_the_same_flag() -> None:
    from moon42.app.cli.arena import config_of

    parser = cli.build_parser()
    args = parser.parse_args(["arena", "texas42", "basic", "random", "--hands", "1",
                              "--option", "nello=true", "--option", "target=3"])
    assert config_of(args, parser).options == {"nello": True, "target": 3}


def _examples() -> list[list[str]]:
    """Every `moon42 play|watch|arena GAME ... --option ...` in the README and in --help."""
    texts = [README.read_text(encoding="utf-8"), cli.build_parser().epilog or ""]
    found = []
    for text in texts:
        for command in re.findall(r"moon42 ((?:play|watch|arena) [^`\n]*--option[^`\n]*)", text):
            argv = shlex.split(command.split("  ")[0])
            if argv[1] in GAMES:
                found.append(argv)
    return found


def test_every_option_example_in_the_readme_and_the_help_is_a_valid_command() -> None:
    examples = _examples()
    assert len(examples) >= 3
    from moon42.app.cli.arena import config_of

    parser = cli.build_parser()
    for argv in examples:
        args = parser.parse_args(argv)
        if args.command == "arena":
            config_of(args, parser)
        else:
            play.game_config(args, parser, watch=args.command == "watch")
