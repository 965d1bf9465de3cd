"""A club's browser members: names and secrets, hashed, checked, limited, and a damaged
file kept and reported rather than overwritten."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import stat
import unicodedata
from pathlib import Path

import pytest

from moon42.app.server.accounts import members as members_module
from moon42.app.server.accounts.members import (
    CLOSED,
    MEMBERS_NAME,
    NO_NEW_MEMBERS,
    Members,
    hash_secret,
)

SECRET = "correct horse"


def run(coroutine):
    return asyncio.run(coroutine)


def test_a_new_name_registers_and_then_needs_its_secret(tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    book = Members(tmp_path / MEMBERS_NAME)
    with caplog.at_level(logging.INFO, logger="moon42.serve"):
        first = run(book.sign_in("Ann Lee", SECRET, "10.0.0.1"))
        assert first.identity is not None and first.new
        assert first.identity.label == "member-%41nn%20%4cee" and first.identity.by_key
        again = run(book.sign_in("Ann Lee", SECRET, "10.0.0.2"))
        assert again.identity == first.identity and not again.new
        wrong = run(book.sign_in("Ann Lee", "correct horsf", "10.0.0.2"))
        assert wrong.identity is None and wrong.status == 403
    path = tmp_path / MEMBERS_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text()
    assert SECRET not in text and SECRET not in caplog.text
    entry = json.loads(text)["members"]["Ann Lee"]
    digest = hash_secret(SECRET, base64.b64decode(entry["salt"]), entry["n"], entry["r"],
                         entry["p"])
    assert base64.b64decode(entry["hash"]) == digest and len(digest) == 32
    assert entry["n"] >= 2**15 and len(base64.b64decode(entry["salt"])) == 16
    assert not list(tmp_path.glob("*.new"))  # written whole, nothing left behind

    # Another server process (a restart) reads the same file.
    later = Members(path)
    assert len(later) == 1
    assert run(later.sign_in("Ann Lee", SECRET, "10.0.0.3")).identity == first.identity


def test_a_secret_typed_as_decomposed_letters_matches_and_a_name_is_its_member_in_any_case(
        tmp_path: Path) -> None:
    book = Members(tmp_path / MEMBERS_NAME)
    assert run(book.sign_in("Zoë", "crème brûlée", "a")).new
    decomposed = unicodedata.normalize("NFD", "crème brûlée")
    assert run(book.sign_in(unicodedata.normalize("NFD", "Zoë"), decomposed, "a")).identity
    # A name in other capitals or width is the member's name: the same member signs in.
    for typed in ("ZOË", "ｚｏë", "zoë"):
        again = run(book.sign_in(typed, "crème brûlée", "a"))
        assert again.identity is not None and again.identity.name == "Zoë" and not again.new
    wrong = run(book.sign_in("ZOË", "not her secret", "a"))
    assert wrong.identity is None and wrong.status == 403
    assert len(book) == 1


@pytest.mark.parametrize(("name", "secret", "said"), [
    ("", SECRET, "A name is needed"),
    ("x" * 33, SECRET, "at most 32 characters"),
    (" ann", SECRET, "does not start or end with a space"),
    ("ann\u0007", SECRET, "not U+0007"),
    ("ann", "seven77", "8 to 256 characters"),
    ("ann", "s" * 257, "8 to 256 characters"),
    ("ann", "tab\there ok", "no control characters"),
])
def test_names_and_secrets_out_of_bounds_are_refused_before_any_hashing(
        tmp_path: Path, name: str, secret: str, said: str) -> None:
    book = Members(tmp_path / MEMBERS_NAME)
    answer = run(book.sign_in(name, secret, "a"))
    assert answer.identity is None and answer.status == 400 and said in answer.said
    assert not (tmp_path / MEMBERS_NAME).exists()


def test_wrong_secrets_are_limited_per_name_and_per_address(tmp_path: Path) -> None:
    book = Members(tmp_path / MEMBERS_NAME)
    run(book.sign_in("ann", SECRET, "10.9.9.9"))  # ann's home
    run(book.sign_in("bob", SECRET, "10.9.9.9"))
    for number in range(5):  # five guesses at ann's secret from one address
        assert run(book.sign_in("ANN", f"guess {number:04d}", "10.0.0.1")).status == 403
    shut = run(book.sign_in("ann", SECRET, "10.0.0.1"))  # even the right secret waits there
    assert shut.identity is None and shut.status == 429 and "try again in" in shut.said
    # ... and the lock is that address's: ann at home, or anywhere else, is not locked out.
    assert run(book.sign_in("ann", SECRET, "10.9.9.9")).identity is not None
    assert run(book.sign_in("ann", SECRET, "10.0.0.2")).identity is not None
    # From everywhere, a name takes 30 wrong secrets an hour; then only the addresses it
    # signed in from lately still get in with it.
    for number in range(30):
        run(book.sign_in("ann", "a wrong one", f"10.2.{number}.1"))
    assert run(book.sign_in("ann", SECRET, "10.3.0.1")).status == 429
    assert run(book.sign_in("ann", SECRET, "10.9.9.9")).identity is not None
    assert run(book.sign_in("bob", SECRET, "10.9.9.9")).identity is not None  # bob is not shut out

    # One address guessing at many names is shut out on its own, whatever the names.
    for number in range(10):
        assert run(book.sign_in(f"name{number}", SECRET, f"10.1.0.{number}")).new
    for number in range(10):
        assert run(book.sign_in(f"name{number}", "a wrong one", "attacker")).status == 403
    assert run(book.sign_in("bob", SECRET, "attacker")).status == 429
    assert run(book.sign_in("bob", SECRET, "elsewhere")).identity is not None


def test_registrations_from_one_address_are_limited(tmp_path: Path) -> None:
    book = Members(tmp_path / MEMBERS_NAME, most=7)
    for number in range(5):
        assert run(book.sign_in(f"p{number}", SECRET, "one")).new
    refused = run(book.sign_in("p5", SECRET, "one"))
    assert refused.status == 429 and "Too many new names" in refused.said
    assert run(book.sign_in("p5", SECRET, "two")).new
    assert run(book.sign_in("p6", SECRET, "three")).new
    full = run(book.sign_in("p7", SECRET, "four"))  # the most members the server takes
    assert full.status == 503 and "as many members" in full.said
    assert len(Members(tmp_path / MEMBERS_NAME)) == 7


@pytest.mark.parametrize("damage", [
    b"{not json",
    b'{"format": "moon42-members", "version": 2, "members": {}}',
    b'{"format": "moon42-members", "version": 1, "members": {"ann": {"salt": "AAAA"}}}',
    # A cost that would make every sign-in take gigabytes is damage, not a setting.
    b'{"format": "moon42-members", "version": 1, "members": {"ann": {"salt": '
    b'"AAAAAAAAAAAAAAAAAAAAAA==", "hash": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", '
    b'"n": 1073741824, "r": 8, "p": 1}}}',
    b"\xff\xfe garbage",
])
def test_a_damaged_file_is_reported_and_kept_and_sign_in_closes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: bytes) -> None:
    path = tmp_path / MEMBERS_NAME
    path.write_bytes(damage)
    path.chmod(0o600)
    with caplog.at_level(logging.ERROR, logger="moon42.serve"):
        book = Members(path)
        assert book.damage is not None
        for name in ("ann", "newcomer"):
            answer = run(book.sign_in(name, SECRET, "a"))
            assert answer.identity is None and answer.status == 503 and answer.said == CLOSED
    assert path.read_bytes() == damage  # kept, never overwritten
    assert "is kept as it is" in caplog.text

    # Mended (here: moved away), sign-in opens again without a restart.
    path.rename(tmp_path / "members.damaged")
    assert run(book.sign_in("newcomer", SECRET, "a")).new
    assert book.damage is None


def test_a_file_others_could_read_is_made_private(tmp_path: Path) -> None:
    path = tmp_path / MEMBERS_NAME
    run(Members(path).sign_in("ann", SECRET, "a"))
    path.chmod(0o644)
    Members(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_file_over_the_size_limit_is_damage(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / MEMBERS_NAME
    run(Members(path).sign_in("ann", SECRET, "a"))
    monkeypatch.setattr(members_module, "_FILE_BYTES", 100)
    book = Members(path)
    assert book.damage is not None and "MiB" in book.damage


def test_two_sign_ins_at_once_register_a_name_once(tmp_path: Path) -> None:
    book = Members(tmp_path / MEMBERS_NAME)

    async def both():
        return await asyncio.gather(book.sign_in("ann", SECRET, "a"),
                                    book.sign_in("ann", "another secret", "b"))

    answers = run(both())
    assert sum(a.identity is not None for a in answers) == 1
    assert len(Members(tmp_path / MEMBERS_NAME)) == 1


def test_a_member_changes_their_secret_with_the_old_one(tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / MEMBERS_NAME
    book = Members(path)
    ann = run(book.sign_in("Ann", SECRET, "home")).identity
    since = json.loads(path.read_text())["members"]["Ann"]["since"]
    new = "a new secret of mine"
    for old, fresh, status, said in (
            ("not the secret", new, 403, "not the secret"),  # counted as a wrong secret
            (SECRET, "short", 400, "The new secret: a secret has 8 to 256"),
            (SECRET, "x" * 257, 400, "The new secret: a secret has 8 to 256"),
            (SECRET, "bell\x07rings", 400, "no control characters"),
            (SECRET, unicodedata.normalize("NFD", SECRET), 400, "is the old one"),
            ("short", new, 400, "A secret has 8 to 256")):
        answer = run(book.change_secret("Ann", old, fresh, "home"))
        assert (answer.identity, answer.status) == (None, status) and said in answer.said
    assert run(book.sign_in("Ann", SECRET, "home")).identity == ann  # nothing changed
    unknown = run(book.change_secret("Nobody", SECRET, new, "home"))
    assert unknown.status == 403 and "no member of that name" in unknown.said
    assert not (tmp_path / "Nobody").exists() and len(book) == 1  # not registered

    with caplog.at_level(logging.INFO, logger="moon42.serve"):
        changed = run(book.change_secret("Ann", SECRET, new, "home"))
    assert changed.identity == ann and "secret is changed" in changed.said
    assert "'Ann' changed their secret" in caplog.text and new not in caplog.text
    assert run(book.sign_in("Ann", SECRET, "elsewhere")).status == 403
    assert run(Members(path).sign_in("Ann", new, "elsewhere")).identity == ann  # kept
    entry = json.loads(path.read_text())["members"]["Ann"]
    assert base64.b64decode(entry["hash"]) == hash_secret(new, base64.b64decode(entry["salt"]),
                                                          entry["n"], entry["r"], entry["p"])
    assert entry["since"] == since and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert new not in path.read_text() and not list(tmp_path.glob("*.new"))


def test_wrong_old_secrets_are_limited_as_sign_ins_are(tmp_path: Path) -> None:
    book = Members(tmp_path / MEMBERS_NAME)
    run(book.sign_in("ann", SECRET, "home"))
    for number in range(5):
        answer = run(book.change_secret("ann", f"guess {number:04d}", "a new one!", "x"))
        assert answer.status == 403
    assert run(book.change_secret("ann", SECRET, "a new one!", "x")).status == 429
    assert run(book.sign_in("ann", SECRET, "x")).status == 429
    assert run(book.sign_in("ann", SECRET, "home")).identity is not None


def test_a_secret_is_not_changed_in_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / MEMBERS_NAME
    book = Members(path)
    run(book.sign_in("ann", SECRET, "home"))
    kept = path.read_bytes()[:-5]
    path.write_bytes(kept)
    answer = run(book.change_secret("ann", SECRET, "a new one!", "home"))
    assert answer.status == 503 and answer.said == CLOSED and path.read_bytes() == kept


def test_a_club_that_takes_no_new_members_lets_its_members_in(tmp_path: Path) -> None:
    path = tmp_path / MEMBERS_NAME
    run(Members(path).sign_in("ann", SECRET, "home"))
    before = path.read_bytes()
    book = Members(path, register=False)
    refused = run(book.sign_in("newcomer", SECRET, "home"))
    assert refused.identity is None and refused.status == 403
    assert "no member of that name" in refused.said and NO_NEW_MEMBERS in refused.said
    assert run(book.sign_in("ann", SECRET, "home")).identity is not None
    wrong = run(book.sign_in("ann", "not the secret", "home"))
    assert wrong.status == 403 and "A new name" not in wrong.said  # none can be had
    assert path.read_bytes() == before
    # Trying names is counted as guessing secrets is: an address is shut out after ten.
    for number in range(10):
        assert run(book.sign_in(f"name{number}", SECRET, "prober")).status == 403
    assert run(book.sign_in("ann", SECRET, "prober")).status == 429
