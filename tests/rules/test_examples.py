"""The worked records: ``check`` must give exactly the expected document and exit code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from moon42.app.cli.check import run_check

EXAMPLES = Path(__file__).parent / "examples"
RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def _expected(record: Path) -> dict:
    return json.loads(record.with_name(record.stem + ".expected.json").read_text())


def _without_message(doc):
    if isinstance(doc, dict) and "error" in doc:
        doc = dict(doc)
        doc["error"] = {k: v for k, v in doc["error"].items() if k != "message"}
    return doc


@pytest.mark.parametrize("record", RECORDS, ids=[p.stem for p in RECORDS])
def test_check_matches_the_worked_example(record: Path, capsys) -> None:
    expected = _expected(record)
    code = run_check(str(record))
    out = capsys.readouterr()
    assert code == expected["exit"]
    if expected["output"] is None:
        assert out.out == ""
        assert out.err.strip()
        return
    document = json.loads(out.out)
    assert _without_message(document) == _without_message(expected["output"])
    if "error" in document:
        assert len(document["error"]["message"]) > 10


def test_check_reads_standard_input_through_the_installed_command() -> None:
    record = RECORDS[0]
    done = subprocess.run(
        [sys.executable, "-m", "moon42.app", "check", "-"],
        input=record.read_text(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == _expected(record)["exit"]
    assert json.loads(done.stdout) == _expected(record)["output"]
