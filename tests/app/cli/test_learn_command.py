"""``moon42 learn`` and ``moon42 puzzle``: their arguments checked before the app opens."""

from __future__ import annotations

import pytest

from moon42.app import cli
from moon42.app.cli import learn


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    return capsys.readouterr().err


def test_learn_and_puzzle_arguments_are_checked(capsys) -> None:
    assert "--lesson N needs a GAME" in _error(["learn", "--lesson", "2"], capsys)
    assert "texas42 has no lesson 12; its lessons are 1, 2" in \
        _error(["learn", "texas42", "--lesson", "12"], capsys)
    assert "a whole number from 1 to 99" in _error(["learn", "texas42", "--lesson", "0"], capsys)
    assert "invalid choice" in _error(["learn", "bridge"], capsys)
    assert "invalid choice" in _error(["puzzle", "bridge"], capsys)


def test_learn_opens_the_lesson_asked_for(monkeypatch) -> None:
    opened = []
    monkeypatch.setattr(learn, "_run_app", lambda args, what: opened.append(what) or 0)
    assert cli.main(["learn", "moon4", "--lesson", "2"]) == 0  # the Moon course, lesson 2
    assert opened[-1].key == "moon3-02-widow"
    assert cli.main(["learn"]) == 0 and opened[-1] == ""
    assert cli.main(["learn", "texas42"]) == 0 and opened[-1] == "texas42"
    assert cli.main(["puzzle"]) == 0 and opened[-1] == "puzzle:texas42"


@pytest.mark.parametrize("command", ["learn", "puzzle"])
def test_their_help(command, capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: moon42") and "GAME" in out
