"""Who is who: the host key, players' names and folders, and the authorized_keys file."""

from __future__ import annotations

import asyncio
import logging
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncssh
import pytest

from moon42.app.server.accounts.identity import (
    guest_identity,
    host_key,
    key_identity,
    name_problem,
    player_folder,
)
from moon42.app.server.accounts.keys import (
    AuthorizedKeys,
    ConnectionKeys,
    KeyGrant,
    confirmed_host_name,
)


def test_the_host_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    first = host_key(tmp_path / "server")
    again = host_key(tmp_path / "server")
    assert first.get_fingerprint() == again.get_fingerprint()
    files = list((tmp_path / "server").iterdir())
    assert [f.name for f in files] == ["ssh_host_ed25519_key"]
    assert files[0].stat().st_mode & 0o077 == 0


@pytest.mark.parametrize("names", [
    ("Ötani", "Ōtani"), ("a b", "a/b", "a_b", "a%5fb"), ("日本", "中文", "한국"),
    ("x" * 31 + "a", "x" * 31 + "b"), ("a.b", "a_b"),
])
def test_different_names_are_different_players_in_different_folders(
        names: tuple[str, ...], tmp_path: Path) -> None:
    for name in names:
        assert name_problem(name) is None, name
    folders = {player_folder(tmp_path, guest_identity(n)) for n in names}
    assert len(folders) == len(names)
    # Apart even where a file system takes upper and lower case for one letter.
    assert len({f.name.lower() for f in folders}) == len(names)
    for folder in folders:
        assert folder.parent == tmp_path / "players"
        assert "/" not in folder.name and len(folder.name.encode()) < 255


def test_one_name_written_two_ways_is_one_player(tmp_path: Path) -> None:
    composed, decomposed = "\u00d6tani", "O\u0308tani"
    assert player_folder(tmp_path, guest_identity(composed)) == \
        player_folder(tmp_path, guest_identity(decomposed))
    # As a reader sees it: capitals and width aside, a guest's name is one name.
    for name in ("ann", "Ann", "ANN", "ａｎｎ"):
        assert player_folder(tmp_path, guest_identity(name)).name == "guest-ann"
    assert guest_identity("ANN").name == "ANN"  # shown as typed


def test_a_guest_folder_kept_with_its_capitals_is_moved_once(tmp_path: Path) -> None:
    old = tmp_path / "players" / "guest-%41nn"  # where an earlier version kept "Ann"
    (old / "data").mkdir(parents=True)
    (old / "data" / "autosave.json").write_text("{}")
    folder = player_folder(tmp_path, guest_identity("Ann"))
    assert folder.name == "guest-ann" and (folder / "data" / "autosave.json").exists()
    assert not old.exists()
    # Once the name's folder is there, another old one ("ANN"'s) is left as it was.
    other = tmp_path / "players" / "guest-%41%4e%4e"
    other.mkdir()
    assert player_folder(tmp_path, guest_identity("ANN")) == folder and other.exists()


@pytest.mark.parametrize(("name", "problem"), [
    ("", "a name is needed"),
    ("x" * 33, "at most 32 characters"),
    ("😀" * 17, "at most 32 characters (64 bytes)"),
    (" ann", "does not start or end with a space"),
    ("ann\n", "does not start or end with a space"),
    ("an\x1bn", "not U+001B"),
    ("an\u200bn", "not U+200B"),  # zero width: two names that look alike
    ("an\u00a0n", "not U+00A0"),
])
def test_names_that_cannot_be_players(name: str, problem: str) -> None:
    said = name_problem(name)
    assert said is not None and problem in said


def test_a_guest_folder_of_the_first_version_is_moved_not_lost(tmp_path: Path) -> None:
    old = tmp_path / "players" / "guest-Ann.B"
    (old / "data").mkdir(parents=True)
    (old / "data" / "autosave.json").write_text("{}")
    folder = player_folder(tmp_path, guest_identity("Ann.B"))
    assert folder.name == "guest-ann%2eb" and (folder / "data" / "autosave.json").exists()
    assert not old.exists()
    # A name the first version trimmed or replaced could be someone else's: not moved.
    lossy = tmp_path / "players" / "guest-a_b"
    lossy.mkdir()
    assert player_folder(tmp_path, guest_identity("a b")).name == "guest-a%20b"
    assert lossy.exists()


def test_key_folders_are_safe_and_apart(tmp_path: Path) -> None:
    assert key_identity("SHA256:ab+c/d", "x").label == "key-ab-c_d"
    assert key_identity("SHA256:ab+c/d", "x").by_key
    assert not guest_identity("x").by_key


# ----- authorized_keys ---------------------------------------------------------


def _keys(count: int) -> list[asyncssh.SSHKey]:
    """Public keys (as a client shows them), of new private keys."""
    return [asyncssh.import_public_key(asyncssh.generate_private_key("ssh-ed25519")
                                       .export_public_key()) for _ in range(count)]


def _line(key: asyncssh.SSHKey, options: str = "") -> str:
    public = key.export_public_key().decode().strip()
    return f"{options} {public}".strip() + "\n"


def test_the_file_is_read_line_by_line_and_bad_lines_are_said(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    keys = _keys(3)
    path = tmp_path / "authorized_keys"
    path.write_text("# players\n\n" + _line(keys[0]) + 'from="10.0.0.1 ' + _line(keys[1])
                    + "ssh-ed25519 AAAAnotakey broken\n" + "# " + _line(keys[2]))
    authorized = AuthorizedKeys(path)
    with caplog.at_level(logging.WARNING, "moon42.serve"):
        found = authorized.read()
        assert found is not None
        said = caplog.text
        caplog.clear()
        assert authorized.read() is found  # unchanged: parsed once, said once
        assert caplog.text == ""
    assert "line 4 is passed over" in said and "line 5 is passed over" in said
    assert found.validate(keys[0], "", "10.0.0.1") == {}
    assert found.validate(keys[1], "", "10.0.0.1") is None
    assert found.validate(keys[2], "", "10.0.0.1") is None
    # A key added while the server runs is let in at the next sign-in.
    path.write_text(path.read_text() + _line(keys[2]))
    assert authorized.read().validate(keys[2], "", "10.0.0.1") == {}


def test_a_missing_empty_or_huge_file_lets_nobody_in(tmp_path: Path) -> None:
    path = tmp_path / "authorized_keys"
    assert AuthorizedKeys(path).read() is None
    path.write_text("# nobody yet\n")
    assert AuthorizedKeys(path).read() is None
    path.write_text(_line(_keys(1)[0]) * 20_000)
    assert path.stat().st_size > 1 << 20
    assert AuthorizedKeys(path).read() is None


@pytest.mark.parametrize(("pattern", "address", "host", "allowed"), [
    ("10.9.9.9", "127.0.0.1", "", False),
    ("127.0.0.1", "127.0.0.1", "", True),
    ("127.0.0.0/8", "127.0.0.9", "", True),
    ("10.*", "10.1.2.3", "", True),
    ("*,!127.0.0.1", "127.0.0.1", "", False),
    ("*.example.com", "10.1.2.3", "", False),  # a host name without a confirmed name
    ("*.example.com", "10.1.2.3", "play.example.com", True),
    ("*.example.com", "10.1.2.3", "example.org", False),
])
def test_from_patterns_match_addresses_and_confirmed_host_names(
        pattern: str, address: str, host: str, allowed: bool, tmp_path: Path) -> None:
    key, other = _keys(2)
    path = tmp_path / "authorized_keys"
    path.write_text(_line(key, f'from="{pattern}"'))
    keys = ConnectionKeys(AuthorizedKeys(path).read(), "ann", host, address)
    assert keys.check(key) is allowed
    assert not keys.check(other)
    if allowed:
        assert keys.grant is not None
        assert keys.grant.identity == key_identity(key.get_fingerprint("sha256"), "ann")


def test_a_host_name_counts_only_if_it_resolves_back_to_the_address() -> None:
    name = asyncio.run(confirmed_host_name("127.0.0.1"))  # "localhost", on most machines
    assert name and "127.0.0.1" in socket.gethostbyname_ex(name)[2]
    assert asyncio.run(confirmed_host_name("192.0.2.77", timeout=3)) == ""  # no name


def _grant(**options: object) -> KeyGrant:
    return KeyGrant(key_identity("SHA256:x", "ann"), options)


@pytest.mark.parametrize(("options", "refusal"), [
    ({}, None),
    ({"command": "/bin/false"}, 'forces a command (command="/bin/false")'),
    ({"no-pty": True}, "says no-pty: the game needs a terminal"),
    ({"restrict": True}, "says restrict: the game needs a terminal"),
    ({"restrict": True, "pty": True}, None),
    ({"no-port-forwarding": True, "no-agent-forwarding": True}, None),
    ({"expiry-time": ["20200101"]}, "expired on 2020-01-01"),
    ({"expiry-time": ["209901010000Z"]}, None),
    ({"expiry-time": ["209901010000Z", "20200101"]}, "expired on 2020-01-01"),
    ({"expiry-time": ["tomorrow"]}, "is not a date"),
    ({"expiry-time": ["20201301"]}, "is not a date"),
])
def test_what_a_keys_options_mean_for_a_game(options: dict, refusal: str | None) -> None:
    said = _grant(**options).refusal()
    if refusal is None:
        assert said is None
    else:
        assert said is not None and refusal in said


def test_an_expiry_time_is_local_time_unless_it_says_utc() -> None:
    soon = datetime.now(UTC) + timedelta(minutes=5)
    local = soon.astimezone().strftime("%Y%m%d%H%M")
    assert _grant(**{"expiry-time": [local]}).refusal() is None
    assert "expired" in _grant(**{"expiry-time": [local]}).refusal(soon + timedelta(minutes=1))
    utc = soon.strftime("%Y%m%d%H%M") + "Z"
    assert _grant(**{"expiry-time": [utc]}).refusal() is None
