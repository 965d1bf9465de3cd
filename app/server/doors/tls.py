"""The web door's TLS: its certificate, and the warning a door taking secrets in clear gives.

A club's members send their secret (and ``serve web``'s players the password) in the form
they sign in with.  Over plain HTTP anyone on the way reads it: on loopback that is
nobody, behind a TLS proxy on the same machine too, but on any other address the door
should speak TLS itself (``--tls-cert``, ``--tls-key``), and says loudly when it does not.
"""

from __future__ import annotations

import ssl
from pathlib import Path

__all__ = ["plain_secrets_warning", "tls_context"]


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS settings with ``cert`` (PEM, the chain after it) and its ``key``;
    ValueError saying why they cannot be used."""
    for path in (cert, key):
        if not path.is_file():
            raise ValueError(f"{path}: no such file")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as error:
        raise ValueError(f"a PEM certificate and its private key are needed "
                         f"({getattr(error, 'reason', None) or error})") from None
    return context


def plain_secrets_warning(host: str, tls: bool, loopback: bool, what: str) -> str | None:
    """What to say when a door on ``host`` takes ``what`` (secrets, a password) over plain
    HTTP where others can listen; None when it does not."""
    if tls or loopback:
        return None
    return (f"warning: browsers send {what} to {host} over plain HTTP: anyone on the way "
            "can read them. Give the door a certificate (--tls-cert, --tls-key), or listen "
            "on 127.0.0.1 behind a TLS proxy (README: One club, two doors)")
