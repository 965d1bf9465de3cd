"""A record file (or standard input) read as a JSON document, within the limits.

``check``, ``replay``, ``play --from`` and the saved games all read records here, so every
one of them refuses the same files with the same words: never more than the size limit is
read, and the document's limits are checked before anything looks at what it holds
(rules/document.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from moon42.rules.document import LIMIT_TEXT, DocumentError, NotJSON, PastLimit, read_document
from moon42.rules.limits import MAX_DOCUMENT_BYTES

__all__ = ["UnreadableFile", "read_limited", "read_record_file", "DocumentError", "NotJSON",
           "PastLimit"]


class UnreadableFile(Exception):
    """The file cannot be read at all; ``str`` says why ("No such file or directory")."""


def read_limited(path: str | Path) -> bytes:
    """The bytes of ``path`` (``-``: standard input), never more than the limit and one."""
    too_large = PastLimit(f"is larger than {LIMIT_TEXT}, the most a record may be")
    try:
        if str(path) == "-":
            if sys.stdin is None:  # started with standard input closed
                raise UnreadableFile("there is no standard input")
            data = sys.stdin.buffer.read(MAX_DOCUMENT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                if os.fstat(handle.fileno()).st_size > MAX_DOCUMENT_BYTES:
                    raise too_large
                data = handle.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as error:
        raise UnreadableFile(error.strerror or str(error)) from None
    if len(data) > MAX_DOCUMENT_BYTES:  # a pipe, or a file that grew while it was read
        raise too_large
    return data


def read_record_file(path: str | Path) -> Any:
    """The JSON document in ``path``: UnreadableFile, or DocumentError (not JSON, a limit)."""
    return read_document(read_limited(path))
