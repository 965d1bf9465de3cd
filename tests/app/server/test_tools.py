"""A serve test whose program is missing says which and how to install it: a failure in
CI, which installs them all, and a skip elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import Tmux, make_key
from .tools import need


@pytest.fixture
def bare_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A PATH with none of the programs on it."""
    monkeypatch.setenv("PATH", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(("tool", "program", "package"), [
    ("tmux", "tmux", "tmux"), ("ssh", "ssh", "openssh-client"),
    ("chromium", "chromium", "chromium")])
def test_a_missing_program_fails_in_ci_naming_it_and_its_package(
        bare_path: Path, monkeypatch: pytest.MonkeyPatch, tool: str, program: str,
        package: str) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception) as failed:
        need(tool)
    said = str(failed.value)
    assert f"needs {program}" in said and f"apt-get install {package}" in said, said
    assert "CI must run every test" in said


def test_a_missing_program_skips_elsewhere_with_the_reason(
        bare_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"needs tmux.*apt-get install tmux"):
        Tmux()  # the harness checks where it starts the program, too
    with pytest.raises(pytest.skip.Exception, match=r"needs ssh and ssh-keygen"):
        make_key(bare_path, "ann")


def test_a_program_on_the_path_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "tmux"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("CI", "true")
    need("tmux")  # nothing raised
