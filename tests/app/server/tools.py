"""The programs the serve tests drive (tmux, the OpenSSH client, Chromium), and what a test
says when one is missing.

A test that needs one says so with ``@pytest.mark.needs("tmux", "ssh")``; it is checked
before the test sets anything up (``conftest``), and again where the harness starts the
program.  In CI (the ``CI`` variable set, as ``.ci/run`` and CI services set it) a missing
program is a failure that names it and its package: CI installs them, and a test that
did not run there must not pass unseen.  Elsewhere the test is skipped, with the same words.
"""

from __future__ import annotations

import os
import shutil

import pytest

__all__ = ["TOOLS", "missing", "need"]

# What a test may need: the programs it runs, and the Debian package that has them.
TOOLS: dict[str, tuple[tuple[str, ...], str]] = {
    "tmux": (("tmux",), "tmux"),
    "ssh": (("ssh", "ssh-keygen"), "openssh-client"),
    "chromium": (("chromium",), "chromium"),
}


def missing(tool: str) -> str | None:
    """Why ``tool`` cannot be used here, or None."""
    programs, package = TOOLS[tool]
    absent = [program for program in programs if shutil.which(program) is None]
    if not absent:
        return None
    return (f"this test needs {' and '.join(absent)}, which is not on the PATH: install it "
            f"with `apt-get install {package}` (.ci/run does)")


def need(*tools: str) -> None:
    """Fail (in CI) or skip (elsewhere) the test now if one of ``tools`` is missing."""
    for tool in tools:
        why = missing(tool)
        if why is None:
            continue
        if os.environ.get("CI"):
            pytest.fail(f"{why}; CI must run every test", pytrace=False)
        pytest.skip(why)
