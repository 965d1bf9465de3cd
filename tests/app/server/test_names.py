"""Names at the shared tables: each shows how its player signed in, by a mark nothing typed
can hide, and a name held by a member or a key's player is nobody else's."""

from __future__ import annotations

import asyncio
import json
import unicodedata
from pathlib import Path

import pytest

from moon42.app.play.names import name_key
from moon42.app.play.served import Served
from moon42.app.server.accounts.identity import (
    Identity,
    guest_identity,
    key_identity,
    member_identity,
)
from moon42.app.server.accounts.leaderboard import remember_name
from moon42.app.server.accounts.members import Members
from moon42.app.server.accounts.names import ClubNames, kind_of, mark_problem, shown_name
from moon42.app.tui.screens.help import rules_text

SECRET = "a long secret"

# Names that try to look like another kind's: marks, their full-width and small forms,
# superscripts, spaces before a mark, a mark in the middle.
TRICKS = ["Zoë", "Zoë+", "Zoë?", "Zoë＋", "Zoë﹢", "Zoë⁺", "Zoë？", "Zoë﹖", "Zoë +", "Zoë ?",
          "Zoë+?", "Zoë?+", "+", "?", "＋？", "a+b", "Zoë" + "x" * 30 + "+"]


def ends_as(shown: str) -> str:
    """The mark a reader sees at the end of a shown name ("" for none)."""
    last = unicodedata.normalize("NFKC", shown[-1])
    return last if last in "+?" else ""


@pytest.mark.parametrize("name", TRICKS)
def test_the_mark_says_how_the_player_signed_in_whatever_the_name(name: str) -> None:
    assert ends_as(shown_name(guest_identity(name))) == "?"
    assert ends_as(shown_name(member_identity(name))) == "+"
    assert ends_as(shown_name(key_identity("SHA256:abc", name))) == ""
    for who in (guest_identity(name), member_identity(name), key_identity("SHA256:x", name)):
        shown = shown_name(who)
        assert len(shown) <= 17 and shown.rstrip("+?") and not shown.rstrip("+?").endswith(" ")


def test_names_as_shown() -> None:
    assert shown_name(key_identity("SHA256:abc", "ann")) == "ann"
    assert shown_name(member_identity("Zoë")) == "Zoë+"
    assert shown_name(guest_identity("bob")) == "bob?"
    assert shown_name(guest_identity("Zoë+")) == "Zoë?"  # a guest cannot look a member
    assert shown_name(key_identity("SHA256:abc", "ann?")) == "ann"
    assert shown_name(guest_identity("a" * 32)) == "a" * 16 + "?"
    assert shown_name(guest_identity("?")) == "Player?"
    assert kind_of(key_identity("SHA256:abc", "x")) == "key"
    assert kind_of(Identity("cert-abc", "x", by_key=True)) == "key"
    assert name_key("ZOË+") == name_key("zoë") == name_key("Zoë？") == name_key("ｚｏë")


def test_a_guest_may_not_take_a_members_or_a_keys_name(tmp_path: Path) -> None:
    # bob last played here with a key; Zoë is a member.
    bob = key_identity("SHA256:bobkey", "Bob")
    remember_name(tmp_path / "players" / bob.label, bob)
    names = ClubNames(tmp_path, members=lambda key: "Zoë" if key == "zoë" else None)
    names.read()
    for name in ("Zoë", "zoë", "ZOË", "ｚｏë"):
        said = names.refusal(guest_identity(name))
        assert said is not None and "belongs to a member of this club" in said, name
    for name in ("bob", "BOB", "Ｂｏｂ"):
        said = names.refusal(guest_identity(name))
        assert said is not None and "a player who signs in with a key" in said, name
    for name in ("Zoë?", "ann+", "ann＋"):
        said = names.refusal(guest_identity(name))
        assert said is not None and said.startswith("A name does not end with ? or +"), name
    for name in ("Bot A", "bot d"):
        said = names.refusal(guest_identity(name))
        assert said is not None and "the tables' bots" in said
    assert names.refusal(guest_identity("ann")) is None
    assert names.refusal(guest_identity("Bot E")) is None
    assert names.refusal(member_identity("Zoë")) is None  # the member herself


def test_a_keys_name_is_its_own_until_it_plays_under_another(tmp_path: Path) -> None:
    names = ClubNames(tmp_path, members=lambda key: "Zoë" if key == "zoë" else None)
    ann, other = key_identity("SHA256:annkey", "ann"), key_identity("SHA256:other", "Ann")
    assert names.refusal(ann) is None
    assert names.refusal(ann) is None  # again: it is hers
    said = names.refusal(other)
    assert said is not None and "a player who signs in with a key" in said
    said = names.refusal(key_identity("SHA256:other", "zoë"))
    assert said is not None and "belongs to a member" in said
    assert names.key_holds("ANN") and names.new_member_problem("Ann") is not None
    assert names.refusal(key_identity("SHA256:annkey", "annie")) is None  # ann moves on
    assert not names.key_holds("ann") and names.refusal(other) is None
    assert names.new_member_problem("Cat") is None
    assert "the tables' bots" in (names.new_member_problem("BOT B") or "")
    assert "does not end with" in (names.new_member_problem("Cat+") or "")


def test_read_at_the_start_from_the_players_folders(tmp_path: Path) -> None:
    for fingerprint, name in (("SHA256:one", "Ann"), ("SHA256:two", "Bob")):
        who = key_identity(fingerprint, name)
        remember_name(tmp_path / "players" / who.label, who)
    remember_name(tmp_path / "players" / "guest-cat", guest_identity("Cat"))  # not held
    (tmp_path / "players" / "key-broken").mkdir()
    (tmp_path / "players" / "key-broken" / "name").write_bytes(b"\xff\xfe")
    names = ClubNames(tmp_path)
    names.read()
    assert names.key_holds("ann") and names.key_holds("bob") and not names.key_holds("cat")
    assert ClubNames(tmp_path / "nowhere").key_holds("ann") is False  # no folder: no names


def test_a_new_member_may_not_register_a_keys_name(tmp_path: Path) -> None:
    names = ClubNames(tmp_path)
    assert names.refusal(key_identity("SHA256:annkey", "Ann")) is None
    members = Members(tmp_path / "members.json", reserved=names.new_member_problem)
    names.members = members.holder

    async def main() -> None:
        said = await members.sign_in("ann", SECRET, "10.0.0.1")
        assert said.identity is None and said.status == 403
        assert "belongs to a player who signs in with a key" in said.said
        said = await members.sign_in("Cat+", SECRET, "10.0.0.1")
        assert said.identity is None and "does not end with" in said.said
        said = await members.sign_in("Zoë", SECRET, "10.0.0.1")
        assert said.identity == member_identity("Zoë")

    asyncio.run(main())
    assert list(json.loads((tmp_path / "members.json").read_text())["members"]) == ["Zoë"]
    assert names.holder("ZOË") == ("member", "Zoë")
    said = names.refusal(key_identity("SHA256:other", "zoë"))
    assert said is not None and "belongs to a member" in said


def test_mark_problem() -> None:
    assert mark_problem("ann") is None and mark_problem("a+b") is None
    assert mark_problem("ann?") is not None and mark_problem("ann﹖") is not None


def test_the_help_on_a_server_explains_the_marks() -> None:
    assert "Shared tables on this server" not in rules_text("moon3")
    served = Served.from_environment({"MOON42_TABLES_SOCKET": "/nowhere/tables.sock"})
    said = rules_text("moon3", served=served)
    assert "Shared tables on this server" in said
    assert "**Zoë+** is a club" in said and "**bob?** is a guest" in said
    assert "on a hand's summary and on the scoreboard" in said
