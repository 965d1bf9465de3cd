"""``moon42 check FILE|-``: replay a game record and print what it holds (RECORD-FORMAT.md)."""

from __future__ import annotations

import json
import sys

from rules.check import check_document
from rules.errors import RecordError
from rules.record import parse_record


def run_check(path: str) -> int:
    """Exit 0: a legal record; 1: it breaks the rules; 2: the file is no record."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        print(f"moon42 check: cannot read {path}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"moon42 check: {path} is not UTF-8 text", file=sys.stderr)
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
