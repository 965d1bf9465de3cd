"""The server's parts alone: attempt limits, keys, players' folders, the app's environment."""

from __future__ import annotations

import subprocess
from pathlib import Path

import asyncssh
import pytest

from moon42.app import cli
from moon42.app.serve.identity import authorized_fingerprints, host_key, player_folder
from moon42.app.serve.limits import AttemptLimiter
from moon42.app.serve.terminal import app_environment


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


def test_authorized_keys_lines_with_options_and_comments(tmp_path: Path) -> None:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(3)]
    public = [k.export_public_key().decode().strip() for k in keys]
    (tmp_path / "authorized_keys").write_text(
        "# players\n\n"
        f"{public[0]} ann@home\n"
        f'no-port-forwarding,command="echo hi" {public[1]}\n'
        "ssh-ed25519 AAAAnotakey broken\n"
        f"# {public[2]}\n"
    )
    found = authorized_fingerprints(tmp_path / "authorized_keys")
    assert found == {keys[0].get_fingerprint("sha256"), keys[1].get_fingerprint("sha256")}
    with pytest.raises(OSError):
        authorized_fingerprints(tmp_path / "missing")


def test_the_host_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    first = host_key(tmp_path / "server")
    again = host_key(tmp_path / "server")
    assert first.get_fingerprint() == again.get_fingerprint()
    files = list((tmp_path / "server").iterdir())
    assert [f.name for f in files] == ["ssh_host_ed25519_key"]
    assert files[0].stat().st_mode & 0o077 == 0


def test_players_folders_are_safe_and_apart(tmp_path: Path) -> None:
    root = tmp_path
    assert player_folder(root, "SHA256:ab+c/d", "x").name == "key-ab-c_d"
    assert player_folder(root, None, "ann").name == "guest-ann"
    for name in ("../../etc", "..", "a/b", "", "é" * 200, ".hidden"):
        folder = player_folder(root, None, name)
        assert folder.parent == root / "players"
        assert folder.name not in ("", ".", "..") and "/" not in folder.name
        assert len(folder.name) <= 80
    assert player_folder(root, None, "ann") != player_folder(root, None, "bob")


def test_the_app_gets_the_terminal_settings_and_nothing_else(tmp_path: Path) -> None:
    client = {"TERM": "xterm", "COLORTERM": "truecolor", "LANG": "de_DE.UTF-8",
              "NO_COLOR": "1", "LD_PRELOAD": "/tmp/evil.so", "PYTHONPATH": "/tmp",
              "MOON42_DATA_DIR": "/etc"}
    env = app_environment(client, tmp_path / "ann")
    assert env["TERM"] == "xterm" and env["COLORTERM"] == "truecolor"
    assert env["LANG"] == "de_DE.UTF-8" and env["NO_COLOR"] == "1"
    assert "LD_PRELOAD" not in env and "PYTHONPATH" not in env
    assert env["MOON42_DATA_DIR"] == str(tmp_path / "ann" / "data")
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
        (["serve"], "required"),
    ],
)
def test_bad_serve_arguments_are_refused(argv: list[str], complaint: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    assert complaint in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["ssh", "web"])
def test_a_port_in_use_is_a_clear_error(kind: str, tmp_path: Path) -> None:
    import socket
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        who = ["--guest"] if kind == "ssh" else []
        result = subprocess.run(
            [sys.executable, "-m", "moon42.app.cli", "serve", kind, *who, "--port", str(port),
             "--data-dir", str(tmp_path)], capture_output=True, text=True, timeout=60,
        )
    assert result.returncode == 1
    assert f"moon42 serve {kind}:" in result.stderr
    assert "address already in use" in result.stderr
