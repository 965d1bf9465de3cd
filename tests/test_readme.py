"""The README's examples run as written: its engine session is a doctest."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _sessions() -> list[tuple[int, str]]:
    """Each ```pycon block of the README: the line before its first, and its text."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)), m.group(1))
            for m in re.finditer(r"```pycon\n(.*?)```", text, re.DOTALL)]


def test_the_readmes_engine_session_runs_as_shown() -> None:
    sessions = _sessions()
    assert sessions, "the README has no pycon session"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for line, text in sessions:
        test = parser.get_doctest(text, {}, f"the session at line {line + 1}", str(README), line)
        reports: list[str] = []  # (printing them would land in the next example's output)
        result = runner.run(test, out=reports.append)
        assert result.failed == 0, "".join(reports)
        tried += result.attempted
    assert tried >= 5
