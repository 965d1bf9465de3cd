"""JSON text to a document, refused before any other work when it passes a limit.

rules/RECORDS.md ("Limits"): a file over 3 MiB, arrays and objects nested more than 32
deep, a member named twice in one object, a number written with more than 32 characters or
an integer outside -2^63 … 2^63-1 make a document "not a record".  The size is checked
first, then the nesting (on the bytes, so Python's parser never recurses deeper than the
limit), then the rest while the text is parsed.  Every refusal is a ``DocumentError`` whose
text completes "FILE …" in one line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import RecordError
from .limits import (
    LARGEST_INTEGER,
    MAX_DEPTH,
    MAX_DOCUMENT_BYTES,
    MAX_NUMBER_CHARS,
    SMALLEST_INTEGER,
    quoted,
)

__all__ = ["DocumentError", "NotJSON", "PastLimit", "read_document", "LIMIT_TEXT"]

LIMIT_TEXT = f"{MAX_DOCUMENT_BYTES // (1024 * 1024)} MiB"


class DocumentError(RecordError):
    """Text that is not a JSON document within the limits; ``str`` reads after a file name."""


class NotJSON(DocumentError):
    """Empty, not UTF-8, or not JSON (a file cut short, say)."""


class PastLimit(DocumentError):
    """JSON past one of the limits."""


# A JSON string once its escaped backslashes and quotes are gone, or one never closed (to the
# end of the text): its insides do not count towards the nesting.
_STRING = re.compile(rb'"[^"]*(?:"|\Z)')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_AS_SQUARE = bytes.maketrans(b"{}", b"[]")


def _nesting_past_limit(data: bytes) -> bool:
    """Whether arrays and objects nest more than MAX_DEPTH deep anywhere in ``data``.

    The brackets outside strings are peeled one innermost layer at a time: a pair still
    there after MAX_DEPTH layers is nested deeper.  Brackets never closed (a file cut short)
    count as open to the end.
    """
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = _STRING.sub(b"", unescaped).translate(_AS_SQUARE, _NOT_BRACKETS)
    if b"[" * (MAX_DEPTH + 1) in brackets:  # the usual way to nest too deep, found at once
        return True
    for _ in range(MAX_DEPTH):
        if b"[]" not in brackets:
            break
        brackets = brackets.replace(b"[]", b"")
    if b"[]" in brackets:
        return True
    # What is left holds no pair: some closes, then opens never closed.
    return brackets.count(b"[") > MAX_DEPTH


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    members = dict(pairs)
    if len(members) != len(pairs):
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                raise PastLimit(f"names the member {quoted(name)} twice in one object")
            seen.add(name)
    return members


def _number_text(text: str) -> None:
    if len(text) > MAX_NUMBER_CHARS:
        raise PastLimit(f"writes a number with more than {MAX_NUMBER_CHARS} characters: "
                            f"{quoted(text)}")


def _integer(text: str) -> int:
    _number_text(text)
    value = int(text)
    if not SMALLEST_INTEGER <= value <= LARGEST_INTEGER:
        raise PastLimit(f"holds the integer {text}, outside -2^63 … 2^63-1")
    return value


def _fraction(text: str) -> float:
    _number_text(text)
    return float(text)


def _constant(text: str) -> Any:
    raise NotJSON(f"is not JSON: {text} is not a JSON number")


def read_document(data: bytes) -> Any:
    """The JSON value ``data`` holds; DocumentError if it is not JSON or passes a limit."""
    if len(data) > MAX_DOCUMENT_BYTES:
        raise PastLimit(f"is larger than {LIMIT_TEXT}, the most a record may be")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotJSON("is not UTF-8 text") from None
    if not text.strip():
        raise NotJSON("is empty")
    if _nesting_past_limit(data):
        raise PastLimit(f"nests arrays and objects more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_integer,
                          parse_float=_fraction, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise NotJSON(f"is not JSON: {error.msg} (line {error.lineno}, column "
                            f"{error.colno})") from None
