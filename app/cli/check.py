"""``moon42 check FILE|-``: replay a game record and print what it holds (rules/RECORDS.md).

Exit 0: a legal record; 1: it breaks the rules; 2: the file is no record (not JSON, past a
limit, not of the format), with one line on standard error and nothing on standard output.
When the reader of the output stops early (``moon42 check FILE | head``), the rest of the
output is dropped quietly and the exit code is still the verdict: the record was checked in
full before the first byte was written, and 1 must keep meaning "breaks a rule".
"""

from __future__ import annotations

import json
import os
import sys
from typing import TextIO

from moon42.rules.check import check_document
from moon42.rules.errors import RecordError
from moon42.rules.record import ParsedRecord, parse_record

from ..play.record_files import DocumentError, UnreadableFile, read_record_file
from .flags import Commands

__all__ = ["add_check_parser", "run_check", "write_quietly"]


def add_check_parser(commands: Commands) -> None:
    check = commands.add_parser(
        "check",
        help="replay a game record and print what it holds",
        description="Replay a game record under the rules and print a JSON summary. "
        "Exit 0: a legal record; 1: it breaks a rule (the summary says where); "
        "2: the file is not a game record (not JSON, or past a limit: larger than 3 MiB, "
        "nested more than 32 deep, a member named twice, a number of more than 32 characters "
        "or outside -2^63..2^63-1). When the reader stops early (check FILE | head), the "
        "output stops quietly and the exit code is still the verdict. Hands and actions in "
        "the summary are counted from 0 (the replay viewer counts them from 1).",
    )
    check.add_argument("file", metavar="FILE", help="the record, or - for standard input")


def write_quietly(stream: TextIO, text: str) -> None:
    """Write ``text``; a reader that has gone away (a closed pipe) is not an error."""
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        # Python would try the flush again at exit and complain: point the stream nowhere.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
            os.close(devnull)
        except (OSError, ValueError):  # a stream with no file behind it (tests)
            pass


def read_record_or_say(path: str, command: str) -> ParsedRecord | None:
    """The record in ``path``, or None when it is none, said in one line on standard error
    (the commands then exit 2)."""
    try:
        return parse_record(read_record_file(path))
    except UnreadableFile as error:
        write_quietly(sys.stderr, f"moon42 {command}: cannot read {path}: {error}\n")
    except DocumentError as error:
        write_quietly(sys.stderr, f"moon42 {command}: {path} {error}\n")
    except RecordError as error:
        write_quietly(sys.stderr, f"moon42 {command}: {path} is not a game record: {error}\n")
    return None


def run_check(path: str) -> int:
    """Exit 0: a legal record; 1: it breaks the rules; 2: the file is no record."""
    record = read_record_or_say(path, "check")
    if record is None:
        return 2
    document, fault = check_document(record)
    write_quietly(sys.stdout, json.dumps(document, indent=1) + "\n")
    return 0 if fault is None else 1
