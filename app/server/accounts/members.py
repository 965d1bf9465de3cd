"""A club's browser players: each signs in by a name and a secret the server keeps hashed.

The first sign-in with a name nobody has registers it (unless the club takes no new
members: ``register``); later ones need the same secret, and a member may change it by
giving it (``change_secret``).  A name a key's player holds (``reserved``, from ``names``)
is not registered.
The secrets are kept in one file in the server's folder (``members.json``, mode 0600,
replaced whole on every change, never written in part): for each name a random salt and
the secret's scrypt hash, with the scrypt costs it was made with (so they can be raised
later without losing anyone).  No secret is ever written anywhere, the log included.

A file that cannot be read as this one wrote it is reported in the log and kept as it
is: sign-in is closed (nobody is let in, nobody registered) until the server's keeper
mends or moves it; it is read again at the next sign-in once it has changed.

Names are compared as the tables compare them (``names.name_key``): a member signs in as
``Ann`` whether they type ``ann`` or ``ANN``.  Guesses are limited: wrong secrets for a
name from one address (the lock is that address's: nobody elsewhere can lock a member
out), for a name from everywhere (slower, and never for an address the member signed in
from lately), and from one address whatever the names; registrations per address; and at
most two hashes at once (each takes 32 MiB and a tenth of a second of a core), so a flood
of sign-ins costs the games next to nothing.  An address is counted as ``limits.
source_of`` says (an IPv6 /64 as one).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import json
import logging
import os
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ...play.names import name_key
from .identity import Identity, member_identity, name_problem
from .limits import AttemptLimiter, Quieter, source_of

__all__ = ["MEMBERS_NAME", "SECRET_MIN", "SECRET_MAX", "CLOSED", "NO_NEW_MEMBERS", "Members",
           "SignIn", "hash_secret", "secret_problem"]

log = logging.getLogger("moon42.serve")

MEMBERS_NAME = "members.json"
_FORMAT = "moon42-members"
SECRET_MIN, SECRET_MAX = 8, 256  # characters
_SECRET_BYTES = 1024  # of UTF-8: 256 characters of any script
_FILE_BYTES = 16 * 1024 * 1024  # the file read at most (a hundred thousand members)
# scrypt's costs for new secrets: 32 MiB and about 0.1 s of a core here (n is a power of 2).
_N, _R, _P = 2**15, 8, 1
_MOST_N = 2**20  # a cost read from the file is refused above this (the memory it needs)
_HASH_BYTES, _SALT_BYTES = 32, 16
_AT_ONCE = 2  # hashes computed at once
# Wrong secrets: for a name from one address, for a name from everywhere (but from the
# addresses it signed in from lately), and from one address whatever names it tries.
_NAME_TRIES, _NAME_WINDOW = 5, 300.0
_NAME_ALL_TRIES, _NAME_ALL_WINDOW = 30, 3600.0
_ADDRESS_TRIES, _ADDRESS_WINDOW = 10, 60.0
_KNOWN = 4  # addresses remembered a member signed in from
# New names an address may register in an hour.
_REGISTRATIONS, _REGISTRATION_WINDOW = 5, 3600.0
CLOSED = "Sign-in is closed for now: the server's list of members cannot be read. The " \
    "server's keeper has been told; please try again later."
NO_NEW_MEMBERS = "This club takes no new members: only its members sign in here."


def secret_problem(secret: str) -> str | None:
    """Why ``secret`` cannot be a secret, or None."""
    if not SECRET_MIN <= len(secret) <= SECRET_MAX or len(secret.encode()) > _SECRET_BYTES:
        return f"a secret has {SECRET_MIN} to {SECRET_MAX} characters"
    if any(unicodedata.category(c) == "Cc" for c in secret):
        return "a secret holds no control characters"
    return None


def hash_secret(secret: str, salt: bytes, n: int = _N, r: int = _R, p: int = _P) -> bytes:
    """The secret's scrypt hash (NFC first, so a name typed on another keyboard matches)."""
    return hashlib.scrypt(unicodedata.normalize("NFC", secret).encode(), salt=salt, n=n, r=r,
                          p=p, dklen=_HASH_BYTES, maxmem=256 * r * (n + p + 2))


@dataclass(frozen=True)
class _Entry:
    salt: bytes
    digest: bytes
    n: int
    r: int
    p: int
    since: str

    def to_json(self) -> dict[str, Any]:
        return {"salt": base64.b64encode(self.salt).decode(),
                "hash": base64.b64encode(self.digest).decode(),
                "n": self.n, "r": self.r, "p": self.p, "since": self.since}

    @classmethod
    def from_json(cls, data: Any) -> _Entry:
        if not isinstance(data, dict):
            raise ValueError("a member is a JSON object")
        n, r, p = data.get("n"), data.get("r"), data.get("p")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (n, r, p)) \
                or not (2 <= n <= _MOST_N and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 16):
            raise ValueError("a member's scrypt costs are out of range")
        since = data.get("since", "")
        if not isinstance(since, str) or len(since) > 64:
            raise ValueError("a member's date is not a date")
        try:
            salt = base64.b64decode(str(data["salt"]), validate=True)
            digest = base64.b64decode(str(data["hash"]), validate=True)
        except (KeyError, binascii.Error) as error:
            raise ValueError(f"a member's salt or hash is not base64 ({error})") from None
        if not 8 <= len(salt) <= 64 or len(digest) != _HASH_BYTES:
            raise ValueError("a member's salt or hash has the wrong length")
        return cls(salt, digest, n, r, p, since)


@dataclass(frozen=True)
class SignIn:
    """What a sign-in came to: the member (None if refused), what the page says, and the
    HTTP status to say it with."""

    identity: Identity | None
    said: str
    status: int = 200
    new: bool = False


class Members:
    """The members' file, read when it changes, written whole when someone registers."""

    def __init__(self, path: Path, most: int = 10000, register: bool = True,
                 reserved: Callable[[str], str | None] | None = None) -> None:
        self.path, self.most = path, most
        self.register = register  # whether a free name becomes a new member's
        self.reserved = reserved  # why a new member may not take a name others hold
        self.damage: str | None = None  # why the file cannot be used, or None
        self._entries: dict[str, _Entry] = {}
        # The names by their key at the tables (``names.name_key``): no two share one.
        self._folded: dict[str, str] = {}
        self._seen: tuple[int, int, int] | None = None  # the file read: inode, size, mtime
        self._hashing = asyncio.Semaphore(_AT_ONCE)
        self._writing = asyncio.Lock()
        self.name_tries = AttemptLimiter(_NAME_TRIES, _NAME_WINDOW, key=str)  # address+name
        self.name_all_tries = AttemptLimiter(_NAME_ALL_TRIES, _NAME_ALL_WINDOW, key=str)
        # A member's name key -> the addresses they signed in from lately, newest last.
        self.known: dict[str, deque[str]] = {}
        self.address_tries = AttemptLimiter(_ADDRESS_TRIES, _ADDRESS_WINDOW)
        self.registrations = AttemptLimiter(_REGISTRATIONS, _REGISTRATION_WINDOW)
        self.quieter = Quieter()
        self.read()

    def __len__(self) -> int:
        return len(self._entries)

    # ----- the file ------------------------------------------------------------

    def read(self) -> None:
        """Read the file again if it has changed since it was read (a missing file is no
        members yet); a damaged one is said in the log and closes sign-in."""
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            self._entries, self._folded, self._seen, self.damage = {}, {}, None, None
            return
        except OSError as error:
            self._damaged(f"cannot be read ({error.strerror})")
            return
        seen = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
        if seen == self._seen:
            return
        self._seen = seen
        if stat.st_mode & 0o077:
            log.warning("%s could be read by others: made private (0600)", self.path)
            os.chmod(self.path, 0o600)
        try:
            if stat.st_size > _FILE_BYTES:
                raise ValueError(f"it is over {_FILE_BYTES // 2**20} MiB")
            with self.path.open("rb") as file:
                data = json.loads(file.read(_FILE_BYTES + 1))
            if not isinstance(data, dict) or data.get("format") != _FORMAT \
                    or data.get("version") != 1 or not isinstance(data.get("members"), dict):
                raise ValueError(f"it is not a {_FORMAT} file of version 1")
            entries = {}
            for name, entry in data["members"].items():
                if name_problem(name) is not None or unicodedata.normalize("NFC", name) != name:
                    raise ValueError(f"{name[:40]!r} is not a name")
                entries[name] = _Entry.from_json(entry)
        except (OSError, ValueError, UnicodeError, RecursionError) as error:
            self._damaged(f"is damaged: {error}")
            return
        self._entries = entries
        self._folded = {name_key(name): name for name in entries}
        if self.damage is not None:
            log.info("%s can be read again: sign-in is open", self.path)
        self.damage = None

    def _damaged(self, why: str) -> None:
        if self.damage is None or self.quieter.due("members"):
            log.error("%s %s; it is kept as it is, and nobody can sign in from a browser "
                      "until it is mended or moved away", self.path, why)
        self.damage = why

    def _write(self, entries: dict[str, _Entry]) -> None:
        """The whole file anew, private, in place of the old one at once."""
        data = {"format": _FORMAT, "version": 1,
                "members": {name: entry.to_json() for name, entry in entries.items()}}
        partial = self.path.with_name(self.path.name + ".new")
        partial.unlink(missing_ok=True)
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=1)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, self.path)
        folder = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)

    # ----- signing in ----------------------------------------------------------------

    async def sign_in(self, name: str, secret: str, address: str) -> SignIn:
        """Sign ``name`` in with ``secret`` from ``address``, registering a new name."""
        name = self._as_registered(name)
        checked = await self._check(name, secret, address, register=True)
        if isinstance(checked, SignIn):
            return checked
        return SignIn(member_identity(name), f"Welcome back, {name}.")

    def _as_registered(self, name: str) -> str:
        """``name`` as its member registered it, if a member holds it (capitals, width)."""
        name = unicodedata.normalize("NFC", name)
        self.read()
        return self._folded.get(name_key(name), name)

    async def change_secret(self, name: str, old: str, new: str, address: str) -> SignIn:
        """Give member ``name`` the secret ``new``, if ``old`` is theirs (counted as a
        sign-in is: a wrong old secret is a wrong secret)."""
        name = self._as_registered(name)
        problem = secret_problem(new)
        if problem is not None:
            return SignIn(None, f"The new secret: {problem}.", 400)
        if unicodedata.normalize("NFC", new) == unicodedata.normalize("NFC", old):
            return SignIn(None, "The new secret is the old one: choose another.", 400)
        checked = await self._check(name, old, address, register=False)
        if isinstance(checked, SignIn):
            return checked
        salt = os.urandom(_SALT_BYTES)
        async with self._hashing:
            digest = await asyncio.to_thread(hash_secret, new, salt)
        async with self._writing:
            self.read()  # the file may have changed meanwhile
            if self.damage is not None:
                return SignIn(None, CLOSED, 503)
            if self._entries.get(name) != checked:
                return SignIn(None, "The secret of that name changed a moment ago: sign in "
                              "with the new one.", 409)
            entries = dict(self._entries)
            entries[name] = _Entry(salt, digest, _N, _R, _P, checked.since)
            refused = await self._store(entries)
            if refused is not None:
                return refused
        log.info("%s: %r changed their secret", address, name)
        return SignIn(member_identity(name), f"{name}, your secret is changed: sign in with "
                      "it from now on.")

    async def _check(self, name: str, secret: str, address: str,
                     register: bool) -> SignIn | _Entry:
        """Member ``name``'s entry if ``secret`` is theirs; else what to say (or, for a
        free name when ``register``, what registering it came to)."""
        problem = "a name is needed" if not name else name_problem(name)
        if problem is None:
            problem = secret_problem(secret)
        if problem is not None:
            return SignIn(None, problem[0].upper() + problem[1:] + ".", 400)
        key, source = name_key(name), source_of(address)
        known = source in self.known.get(key, ())
        wait = max(self.address_tries.wait_for(address),
                   self.name_tries.wait_for(f"{source} {key}"),
                   0.0 if known else self.name_all_tries.wait_for(key))
        if wait > 0:
            return SignIn(None, f"Too many wrong secrets; try again in "
                          f"{max(1, round(wait))} seconds.", 429)
        self.read()
        if self.damage is not None:
            return SignIn(None, CLOSED, 503)
        entry = self._entries.get(name)
        if entry is None and register and self.register:
            return await self._register(name, secret, address)
        if entry is None:
            self.address_tries.attempt(address)  # names are not to be found by trying
            more = f" {NO_NEW_MEMBERS}" if register else ""
            return SignIn(None, f"There is no member of that name.{more}", 403)
        async with self._hashing:
            digest = await asyncio.to_thread(hash_secret, secret, entry.salt, entry.n,
                                             entry.r, entry.p)
        if not hmac.compare_digest(digest, entry.digest):
            self.name_tries.attempt(f"{source} {key}")
            self.name_all_tries.attempt(key)
            self.address_tries.attempt(address)
            if self.quieter.due(f"{address} {name}"):
                log.info("%s: a wrong secret for %r", address, name)
            more = " (A new name needs a name nobody has taken.)" if self.register else ""
            return SignIn(None, f"That is not the secret of that name.{more}", 403)
        self._know(key, source)
        return entry

    def _know(self, key: str, source: str) -> None:
        """The member whose name key is ``key`` signed in from ``source``: wrong secrets
        from everywhere else do not shut it out."""
        sources = self.known.setdefault(key, deque(maxlen=_KNOWN))
        if source in sources:
            sources.remove(source)
        sources.append(source)

    async def _register(self, name: str, secret: str, address: str) -> SignIn:
        if name_key(name) in self._folded:
            return SignIn(None, "That name is taken (names that differ only in capitals are "
                          "one name): choose another.", 403)
        reserved = self.reserved(name) if self.reserved is not None else None
        if reserved is not None:
            return SignIn(None, reserved[0].upper() + reserved[1:] + ".", 403)
        if len(self._entries) >= self.most:
            return SignIn(None, "This server has as many members as it takes: new names "
                          "cannot be registered.", 503)
        if self.registrations.wait_for(address) > 0:
            return SignIn(None, "Too many new names from this address; try again later.", 429)
        self.registrations.attempt(address)
        salt = os.urandom(_SALT_BYTES)
        async with self._hashing:
            digest = await asyncio.to_thread(hash_secret, secret, salt)
        since = datetime.now(UTC).isoformat(timespec="seconds")
        async with self._writing:
            self.read()  # someone may have registered it, or the file changed, meanwhile
            if self.damage is not None:
                return SignIn(None, CLOSED, 503)
            if name_key(name) in self._folded:
                return SignIn(None, "That name was taken a moment ago: choose another.", 403)
            entries = dict(self._entries)
            entries[name] = _Entry(salt, digest, _N, _R, _P, since)
            refused = await self._store(entries)
            if refused is not None:
                return refused
        log.info("%s: %r registered", address, name)
        self._know(name_key(name), source_of(address))
        return SignIn(member_identity(name), f"Welcome, {name}: the name is yours.", new=True)

    async def _store(self, entries: dict[str, _Entry]) -> SignIn | None:
        """Write ``entries`` as the file (holding ``_writing``); what to say if it cannot
        be written, else None."""
        try:
            await asyncio.to_thread(self._write, entries)
        except OSError as error:
            log.error("%s cannot be written: %s", self.path, error)
            return SignIn(None, "The server cannot keep its members' list now; please try "
                          "again later.", 503)
        self._entries = entries
        self._folded = {name_key(name): name for name in entries}
        stat = self.path.stat()
        self._seen = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
        return None

    def holder(self, key: str) -> str | None:
        """The member whose name has the key ``key`` at the tables, if any."""
        self.read()
        return self._folded.get(key)
