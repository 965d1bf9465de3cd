"""The serve tests' marker for the programs they drive (``tools``)."""

from __future__ import annotations

import pytest

from tests.app.server.tools import TOOLS, need


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"needs(*tools): the test drives these programs "
                            f"({', '.join(TOOLS)}); a missing one fails it in CI and "
                            "skips it elsewhere, with its name and package")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for mark in item.iter_markers("needs"):
        need(*mark.args)
