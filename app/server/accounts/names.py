"""Names at the shared tables: how each shows its player signed in, and who may use which.

A name at a table (a seat, the tables list, a chat line, a spectator's screen) carries a
mark for how its player signed in, always last, so nothing typed into a name can hide it:

- ``ann``: signed in over SSH with a key (or a certificate) the server knows;
- ``Zoë+``: a club member, signed in on the web page with their name and secret;
- ``bob?``: a guest, whose name nobody checked (anyone may use a free name).

A name ending in one of the marks (or in a character that stands for one: a full-width
``？``) is shown without it, and a new guest or member may not choose such a name.

Names are compared as the tables show them to a reader: case, width and the marks set
aside (``name_key``).  A member's name, and the name a key's player last played under, is
theirs: a guest cannot take it, a new member cannot register it, and another key's player
cannot play under it.  The bots' names are nobody's.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable
from pathlib import Path

from ...play.names import GUEST_MARK, MEMBER_MARK, bare_name, is_mark, name_key
from .identity import Identity
from .leaderboard import NAME_FILE, remembered_name

__all__ = ["ClubNames", "kind_of", "mark_problem",
           "shown_name"]

_MARKS = {"guest": GUEST_MARK, "member": MEMBER_MARK, "key": ""}
SHOWN_CHARACTERS = 16  # of a name at the tables, before its mark
_BOTS = frozenset(f"bot {letter}" for letter in "abcd")  # the tables' bots' names
_MOST_FOLDERS = 10000  # players' folders read for the names keys' players hold


def kind_of(who: Identity) -> str:
    """How ``who`` signed in: "key" (a key or a certificate), "member" or "guest"."""
    prefix = who.label.partition("-")[0]
    return {"member": "member", "guest": "guest"}.get(prefix, "key")


def shown_name(who: Identity) -> str:
    """``who``'s name as the tables show it: at most ``SHOWN_CHARACTERS``, and its mark."""
    name = bare_name(bare_name(who.name)[:SHOWN_CHARACTERS]) or "Player"
    return name + _MARKS[kind_of(who)]


def mark_problem(name: str) -> str | None:
    """Why a new guest or member may not take ``name`` (one ending as a mark), or None."""
    name = unicodedata.normalize("NFC", name)
    if name and is_mark(name[-1]):
        return (f"a name does not end with {GUEST_MARK} or {MEMBER_MARK}: the tables add "
                "those to say how a player signed in")
    return None


class ClubNames:
    """The names held on this server: each member's (asked of ``members``) and the one
    each key's player last played under (read from their folders at the start, then
    kept up to date as they sign in)."""

    def __init__(self, folder: Path,
                 members: Callable[[str], str | None] | None = None) -> None:
        self.folder = folder
        self.members = members  # name key -> the member's name, if a member holds it
        self._keys: dict[str, str] = {}  # name key -> the label of the key that holds it
        self._names: dict[str, str] = {}  # label -> that key's name key

    def read(self) -> None:
        """The names keys' players last played under, from their folders (the first
        ``_MOST_FOLDERS``).  Done once, at the start, before anyone signs in."""
        players = self.folder / "players"
        try:
            with os.scandir(players) as entries:
                labels = sorted(e.name for e in entries if e.is_dir(follow_symlinks=False))
        except OSError:
            return
        # Only keys' folders: a flood of guests' folders must not push them out of reach.
        keys = [label for label in labels if label.startswith(("key-", "cert-"))]
        for label in keys[:_MOST_FOLDERS]:
            if (players / label / NAME_FILE).exists():
                name = remembered_name(players / label)
                if name != "?":
                    self._hold(label, name_key(name))

    def _hold(self, label: str, key: str) -> None:
        before = self._names.pop(label, None)
        if before is not None and self._keys.get(before) == label:
            del self._keys[before]
        if key not in self._keys:  # the first to hold it keeps it
            self._keys[key] = label
            self._names[label] = key

    def holder(self, name: str) -> tuple[str, str] | None:
        """Who holds ``name``: ("member", their name) or ("key", the key's label)."""
        key = name_key(name)
        member = self.members(key) if self.members is not None else None
        if member is not None:
            return "member", member
        label = self._keys.get(key)
        return ("key", label) if label is not None else None

    def refusal(self, who: Identity) -> str | None:
        """Why ``who`` may not play under their name here, or None (then the name is
        theirs from now on, if they signed in with a key)."""
        kind = kind_of(who)
        problem = self._common_problem(who.name, check_mark=kind == "guest")
        held = self.holder(who.name)
        if problem is None and held is not None \
                and held != ("key", who.label) and not (held[0] == kind == "member"):
            whose = "a member of this club" if held[0] == "member" else \
                "a player who signs in with a key"
            problem = f"that name belongs to {whose}: choose another"
        if problem is not None:
            return problem[0].upper() + problem[1:] + "."
        if kind == "key":
            self._hold(who.label, name_key(who.name))
        return None

    def new_member_problem(self, name: str) -> str | None:
        """Why a new member may not register ``name`` (members' own names are checked by
        ``members``), or None."""
        problem = self._common_problem(name, check_mark=True)
        if problem is None and self.key_holds(name):
            problem = "that name belongs to a player who signs in with a key: choose another"
        return problem

    @staticmethod
    def _common_problem(name: str, check_mark: bool) -> str | None:
        if name_key(name) in _BOTS:
            return "that is a name of the tables' bots: choose another"
        return mark_problem(name) if check_mark else None

    def key_holds(self, name: str) -> bool:
        """Whether a key's player holds ``name``."""
        return name_key(name) in self._keys
