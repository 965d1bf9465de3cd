"""Who is who on a server: its host key, the players' names, and each player's own folder.

A player who signs in with a key is known by the key (``key-FINGERPRINT``); a guest by
the name they gave as a reader sees it (``guest-NAME``, the name ``folded``: ``Ann``,
``ANN`` and ``ａｎｎ`` are one guest); a club's browser player by the name their secret
guards (``member-NAME``, as registered).  The folder's name is the player's identity at the
shared tables too, so two players never share one: names are escaped, never trimmed.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from ...play.names import folded

__all__ = ["HOST_KEY_NAME", "Identity", "host_key", "name_problem", "key_identity",
           "guest_identity", "member_identity", "certificate_identity", "player_folder",
           "NAME_CHARACTERS"]

HOST_KEY_NAME = "ssh_host_ed25519_key"

# A name is shown at the tables and is a guest's folder: short, and printable.
NAME_CHARACTERS = 32
NAME_BYTES = 64  # of UTF-8, so an escaped name (3 characters a byte) fits a file name

# Characters a folder name keeps as they are: lower case, so that two names never meet in
# one folder on a file system that ignores case; everything else is written %xx.
_KEPT = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
# The names whose folder the first version named exactly (guest-NAME): moved on first use.
_PLAIN = re.compile(r"[A-Za-z0-9._-]{1,74}")
_GUEST = "guest-"


@dataclass(frozen=True)
class Identity:
    """A signed-in player: ``label`` names their folder and their seats; ``name`` is
    shown at the tables."""

    label: str
    name: str
    by_key: bool


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: made on first start, then kept, so players can trust it."""
    path = folder / HOST_KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    partial = path.with_suffix(".new")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(key.export_private_key())
    os.replace(partial, path)
    return key


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name here, or None when it can."""
    name = unicodedata.normalize("NFC", name)
    if not name:
        return "a name is needed (ssh -l NAME ...)"
    if len(name) > NAME_CHARACTERS or len(name.encode()) > NAME_BYTES:
        return f"a name has at most {NAME_CHARACTERS} characters ({NAME_BYTES} bytes)"
    if name != name.strip():
        return "a name does not start or end with a space"
    for character in name:
        kind = unicodedata.category(character)
        if kind[0] in "CZ" and character != " ":
            return f"a name holds letters, digits, marks and spaces, not U+{ord(character):04X}"
    return None


def _escaped(name: str) -> str:
    return "".join(c if c in _KEPT else "".join(f"%{b:02x}" for b in c.encode())
                   for c in unicodedata.normalize("NFC", name))


def guest_identity(name: str) -> Identity:
    """A guest, known by their name as a reader sees it (checked with ``name_problem``
    first): ``Ann`` and ``ann`` are one guest, with one folder and one seat."""
    name = unicodedata.normalize("NFC", name)
    return Identity(label=_GUEST + _escaped(folded(name)), name=name, by_key=False)


def member_identity(name: str) -> Identity:
    """A club's browser player, known by the name their secret guards (checked with
    ``name_problem`` first).  Signed in as surely as by a key: their seats need no code."""
    name = unicodedata.normalize("NFC", name)
    return Identity(label="member-" + _escaped(name), name=name, by_key=True)


def key_identity(fingerprint: str, name: str) -> Identity:
    """A player known by their key's SHA256 fingerprint (URL-safe base64, as a folder)."""
    label = "key-" + fingerprint.removeprefix("SHA256:").replace("+", "-").replace("/", "_")
    return Identity(label=label, name=unicodedata.normalize("NFC", name), by_key=True)


def certificate_identity(authority: str, principals: str, name: str) -> Identity:
    """A player with a certificate: known by the authority that signed it and whom it
    vouches for (hashed: principals are free text)."""
    digest = hashlib.sha256(f"{authority}\0{principals}".encode()).digest()
    label = "cert-" + base64.urlsafe_b64encode(digest).decode().rstrip("=")
    return Identity(label=label, name=unicodedata.normalize("NFC", name), by_key=True)


def player_folder(root: Path, who: Identity) -> Path:
    """Where one player's saves, statistics and last lobby live on the server."""
    folder = root / "players" / who.label
    if who.label.startswith(_GUEST) and not folder.exists():
        # Earlier versions named a guest's folder by the name as typed: letter for letter
        # (the first), then escaped with its capitals (``guest-%41nn``).  The one found is
        # moved to the folded name's folder; once that exists, the others stay as they are.
        olds = [_GUEST + _escaped(who.name)]
        if _PLAIN.fullmatch(who.name) and not who.name.endswith((".", "_")):
            olds.append(_GUEST + who.name)
        for old in olds:
            if old != who.label and (root / "players" / old).is_dir():
                (root / "players" / old).rename(folder)
                break
    return folder
