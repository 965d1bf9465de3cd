"""Who is who on a server: its host key, the players' keys, and each player's own folder."""

from __future__ import annotations

import os
import re
from pathlib import Path

import asyncssh

__all__ = ["host_key", "authorized_fingerprints", "player_folder", "HOST_KEY_NAME"]

HOST_KEY_NAME = "ssh_host_ed25519_key"

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")

# Key types that may start an authorized_keys line (anything before is the line's options).
_KEY_TYPES = ("ssh-", "ecdsa-", "sk-", "rsa-")


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


def authorized_fingerprints(path: Path) -> set[str]:
    """The SHA256 fingerprints of the keys in an OpenSSH ``authorized_keys`` file.

    Lines that hold no key (comments, blanks, unknown types) are passed over; an
    unreadable file raises ``OSError``.
    """
    found = set()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        words = line.split()
        starts = [i for i, word in enumerate(words) if word.startswith(_KEY_TYPES)]
        if not starts or line.lstrip().startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(" ".join(words[starts[0]:]))
        except (asyncssh.KeyImportError, ValueError):
            continue
        found.add(key.get_fingerprint("sha256"))
    return found


def player_folder(root: Path, fingerprint: str | None, username: str) -> Path:
    """Where one player's saves, statistics and last lobby live on the server.

    A player who signed in with a key is known by the key; a guest by the name they gave.
    """
    if fingerprint is not None:
        # URL-safe base64, so two keys never share a folder.
        label = "key-" + fingerprint.removeprefix("SHA256:").replace("+", "-").replace("/", "_")
    else:
        label = "guest-" + (username or "anonymous")
    safe = _UNSAFE.sub("_", label)[:80].strip("._") or "guest"
    return root / "players" / safe
