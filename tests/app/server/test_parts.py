"""The server's parts alone: limits, the terminal and its modes, the app's environment, flags."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from moon42.app import cli
from moon42.app.server.accounts.limits import (
    AttemptLimiter,
    ConnectionCount,
    InputBudget,
    Quieter,
    Startups,
    source_of,
)
from moon42.app.server.sessions.modes import TerminalModes
from moon42.app.server.sessions.terminal import MAX_COLUMNS, MAX_ROWS, app_environment, clamp_size


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_an_address_gets_so_many_attempts_in_a_window() -> None:
    clock = Clock()
    limiter = AttemptLimiter(3, 10.0, clock)
    assert [limiter.attempt("10.0.0.1") for _ in range(3)] == [1, 2, 3]
    assert limiter.attempt("10.0.0.1") == 4  # one too many: the caller refuses it
    assert limiter.attempt("10.0.0.2") == 1  # other addresses are not held back
    assert limiter.wait_for("10.0.0.1") == pytest.approx(10.0)
    clock.now += 10.5
    assert limiter.wait_for("10.0.0.1") == 0.0
    assert limiter.attempt("10.0.0.1") == 1


def test_hammering_keeps_an_address_shut_out() -> None:
    clock = Clock()
    limiter = AttemptLimiter(2, 10.0, clock)
    for _ in range(20):
        limiter.attempt("10.0.0.1")
        clock.now += 1.0
    # Refused attempts count too: the last two were a second apart, so wait for the older.
    assert limiter.wait_for("10.0.0.1") == pytest.approx(8.0)


def test_connections_are_counted_in_all_and_per_address() -> None:
    count = ConnectionCount(total=3, per_address=2)
    assert count.admit("10.0.0.1") is None and count.admit("10.0.0.1") is None
    assert "10.0.0.1 has 2 connections open" in count.admit("10.0.0.1")
    assert count.admit("10.0.0.2") is None
    assert "3 connections open" in count.admit("10.0.0.3")  # the server is full
    count.release("10.0.0.1")
    assert count.open == 2 and count.from_address("10.0.0.1") == 1
    assert count.admit("10.0.0.3") is None
    count.release("10.0.0.9")  # never counted: nothing to release
    assert count.open == 3


def test_the_input_budget_lets_a_burst_through_then_the_rate() -> None:
    clock = Clock()
    budget = InputBudget(rate=100, burst=400, clock=clock)
    assert budget.available() == 400
    assert budget.spend(400) == 0.0 and budget.available() == 0
    assert budget.time_for(50) == pytest.approx(0.5)
    clock.now += 0.5
    assert budget.available() == 50
    assert budget.spend(150) == pytest.approx(1.0)  # overspent by 100: a second to wait
    clock.now += 100
    assert budget.available() == 400  # never more than a burst
    assert budget.time_for(10_000) == 0.0  # at most a burst is waited for


def test_a_line_about_the_same_thing_is_said_once_a_minute() -> None:
    clock = Clock()
    quieter = Quieter(60, clock)
    assert quieter.due("10.0.0.1 refused") and not quieter.due("10.0.0.1 refused")
    assert quieter.due("10.0.0.2 refused")
    clock.now += 61
    assert quieter.due("10.0.0.1 refused")


def test_terminal_sizes_are_clamped_to_what_a_terminal_can_be() -> None:
    assert clamp_size(70000, 70000) == (MAX_COLUMNS, MAX_ROWS)
    assert clamp_size(2**32 - 1, 2**32 - 1) == (MAX_COLUMNS, MAX_ROWS)
    assert clamp_size(0, 0) == (80, 24)  # unknown
    assert clamp_size(-5, 30) == (1, 30) and clamp_size(120, 40) == (120, 40)


def test_the_modes_a_game_left_on_are_undone_and_nothing_more() -> None:
    modes = TerminalModes()
    start = (b"\x1b[?1049h\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h\x1b[?25l"
             b"\x1b[?1004h\x1b[?2004h\x1b[>1u")
    # Cut anywhere, the sequences are still seen.
    for cut in range(0, len(start), 5):
        modes.saw(start[cut:cut + 5])
    modes.saw(b"drawing the lobby\x1b[1;1H\x1b[?25l")
    undo = modes.undo()
    for sequence in (b"\x1b[?1049l", b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l",
                     b"\x1b[?25h", b"\x1b[?1004l", b"\x1b[?2004l", b"\x1b[<u"):
        assert sequence in undo
    # The screen is left last, the cursor shown after it.
    assert undo.index(b"\x1b[?1000l") < undo.index(b"\x1b[?1049l") < undo.index(b"\x1b[?25h")
    # A game that put everything back itself needs nothing more.
    modes.saw(b"\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[<u"
              b"\x1b[?1049l\x1b[?25h\x1b[?1004l")
    assert modes.undo() == b""
    assert TerminalModes().undo() == b""


def test_the_app_gets_the_terminal_settings_and_nothing_else(tmp_path: Path) -> None:
    client = {"TERM": "xterm", "COLORTERM": "truecolor", "LANG": "de_DE.UTF-8",
              "NO_COLOR": "1", "LD_PRELOAD": "/tmp/evil.so", "PYTHONPATH": "/tmp",
              "MOON42_DATA_DIR": "/etc"}
    env = app_environment(client, tmp_path / "ann")
    assert env["TERM"] == "xterm" and env["COLORTERM"] == "truecolor"
    assert env["LANG"] == "de_DE.UTF-8" and env["NO_COLOR"] == "1"
    assert "LD_PRELOAD" not in env and "PYTHONPATH" not in env
    assert env["MOON42_DATA_DIR"] == str(tmp_path / "ann" / "data")
    assert "MOON42_CONFIG_DIR" not in env
    long = app_environment({"TERM": "x" * 300, "LANG": "a\0b"}, tmp_path / "ann")
    assert long["TERM"] == "xterm-256color" and long["LANG"] == "C.UTF-8"
    bare = app_environment({}, tmp_path / "bob")
    assert bare["LANG"] == "C.UTF-8" and "NO_COLOR" not in bare


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["serve", "ssh"], "one of the arguments --authorized-keys --guest is required"),
        (["serve", "ssh", "--guest", "--authorized-keys", "k"], "not allowed with"),
        (["serve", "ssh", "--guest", "--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["serve", "ssh", "--guest", "--idle-timeout", "0"], "--idle-timeout must be more than 0"),
        (["serve", "ssh", "--authorized-keys", "/no/such/file"], "no such file"),
        (["serve", "ssh", "--guest", "--login-grace", "0"], "--login-grace must be more than 0"),
        (["serve", "ssh", "--guest", "--max-connections", "0"],
         "--max-connections must be at least 1"),
        (["serve", "ssh", "--guest", "--max-per-address", "-1"],
         "--max-per-address must be at least 1"),
        (["serve", "ssh", "--guest", "--input-rate", "0"], "--input-rate must be at least 1"),
        (["serve", "ssh", "--guest", "--bot-workers", "0"], "--bot-workers is 1 to 256"),
        (["serve", "ssh", "--guest", "--busy-answer", "-1"], "--busy-answer is 0 (never busy) to"),
        (["serve", "ssh", "--guest", "--port", "70000"], "--port is 0 to 65535"),
        (["serve", "web", "--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["serve", "web", "--idle-timeout", "-1"], "--idle-timeout must be more than 0"),
        (["serve", "web", "--password", ""], "a password has 1 to 256 characters"),
        (["serve", "web", "--password", "x", "--password-file", "f"], "not allowed with"),
        (["serve", "web", "--password-file", "/no/such/file"], "cannot read a password"),
        (["serve", "web", "--public-url", "example.com"], "--public-url starts with http"),
        (["serve", "club", "--guest", "--web-port", "-1"], "--web-port is 0 to 65535"),
        (["serve", "club", "--guest", "--ssh-port", "65536"], "--ssh-port is 0 to 65535"),
        (["serve", "club", "--guest", "--max-members", "0"], "--max-members is 1 to"),
        (["serve", "club", "--guest", "--public-url", "ftp://x"], "--public-url starts with"),
        (["serve", "club", "--max-sessions", "3"], "one of the arguments --authorized-keys"),
        (["serve", "ssh", "--guest", "--move-clock", "2"], "--move-clock is 0 (no clock) or 5"),
        (["serve", "ssh", "--guest", "--move-clock", "nan"], "--move-clock is 0"),
        (["serve", "club", "--guest", "--move-clock", "3601"], "--move-clock is 0"),
        (["serve"], "required"),
    ],
)
def test_bad_serve_arguments_are_refused(argv: list[str], complaint: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    assert complaint in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["ssh", "web", "club"])
def test_a_port_in_use_is_a_clear_error(kind: str, tmp_path: Path) -> None:
    import socket
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        who = ["--guest"] if kind != "web" else []
        # A club's web door on the port taken: its SSH door, opened first, is closed again.
        where = ["--ssh-port", "0", "--web-port", str(port)] if kind == "club" \
            else ["--port", str(port)]
        result = subprocess.run(
            [sys.executable, "-m", "moon42.app.cli", "serve", kind, *who, *where,
             "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=60,
        )
    assert result.returncode == 1
    assert f"moon42 serve {kind}:" in result.stderr
    assert "address already in use" in result.stderr


def test_an_ipv6_64_is_one_address_to_every_per_address_limit() -> None:
    assert source_of("2001:db8:1:2:aaaa::1") == source_of("2001:db8:1:2::9") \
        == "2001:db8:1:2::/64"
    assert source_of("2001:db8:1:3::1") != source_of("2001:db8:1:2::1")
    assert source_of("::ffff:192.0.2.1") == "192.0.2.1"
    assert source_of("192.0.2.1") != source_of("192.0.2.2")
    count = ConnectionCount(total=100, per_address=2)
    assert count.admit("2001:db8::1") is None and count.admit("2001:db8::2") is None
    assert "2001:db8::/64 has 2 connections" in (count.admit("2001:db8::3") or "")
    limiter = AttemptLimiter(2, 60.0)
    limiter.attempt("2001:db8::1")
    limiter.attempt("2001:db8::2")
    assert limiter.wait_for("2001:db8::3") > 0 and limiter.wait_for("2001:db9::1") == 0


def test_startups_refuse_at_random_between_start_and_full() -> None:
    startups = Startups.parse("10:30:60")
    assert not startups.refuses(9, 0.0)
    assert startups.refuses(10, 0.29) and not startups.refuses(10, 0.31)
    assert startups.refuses(35, 0.64) and not startups.refuses(35, 0.66)
    assert startups.refuses(60, 0.999)
    for wrong in ("10:30", "a:b:c", "60:30:10", "10:0:60", "10:101:60"):
        with pytest.raises(ValueError):
            Startups.parse(wrong)
