"""``moon42 check FILE|-``: replay a game record and print what it holds (RECORD-FORMAT.md)."""

from __future__ import annotations

import json
import sys

from moon42.rules.check import check_document
from moon42.rules.errors import RecordError
from moon42.rules.record import parse_record


def read_text(path: str, command: str) -> str:
    """A record file's text (``-`` is standard input); ValueError says, in the command's
    words, why it cannot be read."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise ValueError(f"{command}: cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{command}: {path} is not UTF-8 text") from None


def run_check(path: str) -> int:
    """Exit 0: a legal record; 1: it breaks the rules; 2: the file is no record."""
    try:
        text = read_text(path, "moon42 check")
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        print(f"moon42 check: {path} is not JSON: {error}", file=sys.stderr)
        return 2
    try:
        record = parse_record(doc)
    except RecordError as error:
        print(f"moon42 check: {path} is not a game record: {error}", file=sys.stderr)
        return 2
    document, fault = check_document(record)
    json.dump(document, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0 if fault is None else 1
