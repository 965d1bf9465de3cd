"""The command line: the lobby by default, play and watch, and check/bench as before."""

from __future__ import annotations

import pytest

from moon42.app import cli
from moon42.app.cli import play


def parse_config(argv: list[str]):
    parser = cli.build_parser()
    args = parser.parse_args(argv)
    return play.game_config(args, parser, watch=args.command == "watch")


def test_help_explains_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for word in ("play", "watch", "check", "bench", "--ascii", "--pace", "lobby"):
        assert word in out


COMMANDS = ("play", "watch", "check", "options", "replay", "review", "bench", "arena", "serve",
            "stats")


@pytest.mark.parametrize("argv", [[], *([c] for c in COMMANDS), ["serve", "ssh"], ["serve", "web"]])
def test_every_help_prints_its_percent_signs_once(argv, capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main([*argv, "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: moon42") and "%%" not in out
    if argv == ["arena"]:
        assert "95% intervals" in " ".join(out.split())


def test_play_takes_seed_bots_and_house_rules() -> None:
    config = parse_config(["play", "moon3", "--seed", "9", "--bots", "random,basic",
                           "--option", "min_bid=3", "--option", "forced_bid=true"])
    assert config.game == "moon3" and config.seed == 9 and not config.watch
    assert config.bots == ("basic", "random", "basic")
    assert config.options == {"min_bid": 3, "forced_bid": True}
    assert config.rules_options().min_bid == 3


def test_one_bot_name_fills_every_seat_when_watching() -> None:
    config = parse_config(["watch", "texas42", "--bots", "random", "--pace", "0"])
    assert config.watch and config.bots == ("random",) * 4 and config.pace == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "moon3", "--option", "nello=true"],
        ["play", "texas42", "--option", "target"],
        ["play", "moon4", "--bots", "nobody"],
        ["play", "chess"],
    ],
)
def test_bad_arguments_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_config(argv)
    assert exit_info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_check_and_bench_are_still_there() -> None:
    args = cli.build_parser().parse_args(["bench", "--seconds", "0.1", "--json"])
    assert args.command == "bench" and args.json
    args = cli.build_parser().parse_args(["check", "-"])
    assert args.file == "-"
