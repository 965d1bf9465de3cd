"""The players' keys: an OpenSSH ``authorized_keys`` file, read with asyncssh, and its options.

asyncssh reads the file and matches a key, its ``from=`` patterns (addresses, CIDR
blocks, and host names when the server looks them up) and, on ``cert-authority`` lines,
``principals=`` against the certificate.  What asyncssh leaves to the server is done here:
``expiry-time``, and what ``restrict``, ``no-pty`` and ``command=`` mean for a server that
runs one program on a terminal: such a key may sign in but gets no game, and is told why.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import asyncssh

from .identity import Identity, certificate_identity, key_identity

__all__ = ["AuthorizedKeys", "ConnectionKeys", "KeyGrant", "confirmed_host_name"]

log = logging.getLogger("moon42.serve")

# A bigger file is not a list of friends' keys.
_MAX_FILE_BYTES = 1 << 20


@dataclass(frozen=True)
class KeyGrant:
    """What the file says of the key a player signed in with."""

    identity: Identity
    options: Mapping[str, object]

    def refusal(self, now: datetime | None = None) -> str | None:
        """Why this key may not play, or None when it may."""
        options = self.options
        if "command" in options:
            command = str(options["command"])[:60]
            return (f"this key's line in the server's authorized_keys forces a command "
                    f"(command=\"{command}\"); the game is the only thing moon42 runs, so "
                    "the key cannot play here.")
        if options.get("no-pty") or (options.get("restrict") and not options.get("pty")):
            said = "no-pty" if options.get("no-pty") else "restrict"
            return (f"this key's line in the server's authorized_keys says {said}: the game "
                    "needs a terminal, so the key cannot play here.")
        expiry = options.get("expiry-time")
        if expiry is not None:
            ends = _expiry(expiry)
            if ends is None:
                return "this key's expiry-time in the server's authorized_keys is not a date."
            if (now or datetime.now(UTC)) >= ends:
                return (f"this key's line in the server's authorized_keys expired on "
                        f"{ends.astimezone():%Y-%m-%d %H:%M}.")
        return None


def _expiry(values: object) -> datetime | None:
    """The earliest ``expiry-time`` (OpenSSH's YYYYMMDD[HHMM[SS]], local time, or UTC
    with a final Z); None when one is not a date."""
    found = []
    for value in values if isinstance(values, list) else [values]:
        text = str(value)
        utc = text.endswith(("Z", "z"))
        digits = text[:-1] if utc else text
        layout = {8: "%Y%m%d", 12: "%Y%m%d%H%M", 14: "%Y%m%d%H%M%S"}.get(len(digits))
        if layout is None or not digits.isdigit():
            return None
        try:
            moment = datetime.strptime(digits, layout)
        except ValueError:
            return None
        found.append(moment.replace(tzinfo=UTC) if utc else moment.astimezone())
    return min(found) if found else None


class AuthorizedKeys:
    """The file, read again at every sign-in (and parsed again when it has changed)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._text: str | None = None
        self._keys: asyncssh.SSHAuthorizedKeys | None = None

    def read(self) -> asyncssh.SSHAuthorizedKeys | None:
        """The keys in the file now; None when it holds none or cannot be read (said in
        the log once, for each new content)."""
        try:
            with self.path.open("rb") as source:
                data = source.read(_MAX_FILE_BYTES + 1)
        except OSError as error:
            if self._text != "":
                log.warning("cannot read %s: %s", self.path, error)
            self._text, self._keys = "", None
            return None
        if len(data) > _MAX_FILE_BYTES:
            if self._text != "":
                log.warning("%s is over %d bytes: no key is let in", self.path,
                            _MAX_FILE_BYTES)
            self._text, self._keys = "", None
            return None
        text = data.decode("utf-8", errors="replace")
        if text != self._text:
            self._text, self._keys = text, self._parse(text)
        return self._keys

    def _parse(self, text: str) -> asyncssh.SSHAuthorizedKeys | None:
        keys = asyncssh.SSHAuthorizedKeys()
        good = 0
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                asyncssh.import_authorized_keys(line)  # alone, so its own fault is named
            except (ValueError, asyncssh.KeyImportError) as error:
                log.warning("%s line %d is passed over: %s", self.path, number, error)
                continue
            keys.load(line)
            good += 1
        if not good:
            log.warning("%s holds no key: nobody can sign in", self.path)
            return None
        return keys


class ConnectionKeys(asyncssh.SSHAuthorizedKeys):
    """The keys as one connection sees them: its address, its host name (confirmed, or
    none), and which key or certificate it proved it holds.

    Given to asyncssh for certificates (which only asyncssh sees whole); plain keys are
    checked by ``check``, so the server knows which key signed in.
    """

    def __init__(self, keys: asyncssh.SSHAuthorizedKeys, username: str, host: str,
                 address: str) -> None:
        super().__init__()
        self._keys, self._username = keys, username
        self._host, self._address = host, address
        self.grant: KeyGrant | None = None

    def check(self, key: asyncssh.SSHKey) -> bool:
        """Whether a plain key may sign in from here (the grant remembers it)."""
        options = self._keys.validate(key, self._host, self._address)
        if options is None:
            return False
        identity = key_identity(key.get_fingerprint("sha256"), self._username)
        self.grant = KeyGrant(identity, options)
        return True

    def validate(self, key: asyncssh.SSHKey, client_host: str, client_addr: str,
                 cert_principals: Sequence[str] | None = None,
                 ca: bool = False) -> Mapping[str, object] | None:
        if not ca or not cert_principals:
            # Plain keys go to the server's own check; a certificate naming nobody is
            # refused (OpenSSH does the same).
            return None
        options = self._keys.validate(key, self._host, self._address, cert_principals,
                                      ca=True)
        if options is not None:
            # Known by the authority and who it vouches for: the name signed in with, or,
            # when the line names principals, the certificate's own list.
            who = ",".join(sorted(cert_principals)) if options.get("principals") \
                else self._username
            identity = certificate_identity(key.get_fingerprint("sha256"), who,
                                            self._username)
            self.grant = KeyGrant(identity, options)
        return options

    def validate_x509(self, cert: object, client_host: str,
                      client_addr: str) -> tuple[None, None]:
        return None, None


async def confirmed_host_name(address: str, timeout: float = 5.0) -> str:
    """The address's host name, if its name resolves back to it (as OpenSSH's UseDNS
    does); "" otherwise, so that a made-up reverse name matches no ``from=`` pattern."""
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(timeout):
            name, _ = await loop.getnameinfo((address, 0), socket.NI_NAMEREQD)
            found = await loop.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
    except (OSError, TimeoutError, UnicodeError):
        return ""
    return name if any(info[4][0] == address for info in found) else ""
