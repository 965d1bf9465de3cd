"""The rule book (rules/README.md) and the record format (rules/RECORDS.md) stay true: their
sections keep the numbers the code cites, every option is in them, and the record example
checks to exactly the document shown."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

from moon42.rules.check import check_document
from moon42.rules.options import HOUSE_RULES
from moon42.rules.record import parse_record

RULES = Path(__file__).resolve().parents[2] / "rules"
RULE_BOOK = (RULES / "README.md").read_text(encoding="utf-8")
RECORDS = (RULES / "RECORDS.md").read_text(encoding="utf-8")

# The sections code and tests cite ("rules/README.md 7.3"); their numbers must not move.
SECTIONS = [
    "1. Tiles", "2. Seats, partners, dealer", "3. Bidding", "4. Widow", "5. Trump",
    "6. Playing the tricks", "7. Scoring", "7.1 Moon for three", "7.2 Moon for four",
    "7.3 Texas 42", "7.4 Moon by marks", "7.5 Winning the game", "8. What each player knows",
    "9. House rules beyond the core", "9.1 In every game", "9.2 Moon", "9.3 Texas 42: mark bids",
    "9.4 Texas 42: Nello", "9.5 Texas 42: Sevens", "9.6 Texas 42: Plunge and Splash",
]


def test_the_rule_books_sections_keep_their_numbers() -> None:
    headings = re.findall(r"^#{2,3} (.+)$", RULE_BOOK, re.MULTILINE)
    assert len(headings) == len(SECTIONS)
    for heading, expected in zip(headings, SECTIONS, strict=True):
        assert heading.startswith(expected), heading


def test_the_record_format_keeps_its_sections() -> None:
    assert re.findall(r"^## (.+)$", RECORDS, re.MULTILINE) == [
        "The document", "Checking a record", "Limits"]


def test_every_option_is_in_the_rule_book_and_the_record_format() -> None:
    for name in HOUSE_RULES:
        assert f"`{name}`" in RULE_BOOK, name
        assert f"`{name}`" in RECORDS, name


def _json_blocks() -> list:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", RECORDS, re.DOTALL)]


def test_the_example_record_checks_to_the_document_shown() -> None:
    record, shown = _json_blocks()
    document, fault = check_document(parse_record(record))
    assert fault is None and document == shown


def test_the_example_fault_is_the_one_described() -> None:
    record, _ = _json_blocks()
    played, instead = re.search(r"Had seat \d played `(.+?)` rather than `(.+?)`", RECORDS).groups()
    error = json.loads(re.search(r"exit 1 with\n`(\{.+?\})`", RECORDS, re.DOTALL).group(1))
    faulty = copy.deepcopy(record)
    action = faulty["hands"][error["hand"]]["actions"][error["action"]]
    assert action["play"] == instead
    action["play"] = played
    document, fault = check_document(parse_record(faulty))
    assert not document["ok"] and document["error"] == error
    assert fault is not None and fault.rule == "follow suit"


def _citations() -> list[tuple[str, str]]:
    """Every place the code and tests cite the two documents: (file:line, what follows)."""
    root = RULES.parent
    found = []
    for folder in ("rules", "ai", "app", "tests"):
        for path in sorted((root / folder).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for match in re.finditer(r"rules/(README|RECORDS)\.md(.{0,40})", line):
                    found.append((f"{path.relative_to(root)}:{number}", match.group(0)))
    return found


def test_every_cited_section_is_in_the_documents() -> None:
    numbers = {heading.split()[0].rstrip(".")
               for heading in re.findall(r"^#{2,3} (.+)$", RULE_BOOK, re.MULTILINE)}
    record_sections = set(re.findall(r"^## (.+)$", RECORDS, re.MULTILINE))
    cited = _citations()
    assert len(cited) > 50  # the code cites them throughout
    for where, text in cited:
        if text.startswith("rules/README.md"):
            run = re.match(r"rules/README\.md((?:,? ?(?:sections?|and|to|\d+(?:\.\d+)?)\b)*)",
                           text).group(1)
            assert set(re.findall(r"\d+(?:\.\d+)?", run)) <= numbers, where
        else:
            quoted = re.match(r"rules/RECORDS\.md,? \(?\"([^\"]+)\"", text)
            assert quoted is None or quoted.group(1) in record_sections, where
