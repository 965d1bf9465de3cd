"""The registry: built-ins by name, other packages' bots through ``moon42.bots``."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from moon42.ai import registry
from moon42.ai.basic import BasicBot
from moon42.ai.random_bot import RandomBot
from moon42.ai.registry import bot_description, bot_names, make_bot, register

from .test_protocol import FirstLegal

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


def make_first_legal(seed: int | None) -> FirstLegal:
    """Takes the first legal action, always.

    (A plugin's factory, loaded below through a fake entry point.)
    """
    return FirstLegal()


def _fake_entry_points(*entries: tuple[str, str]):
    points = metadata.EntryPoints(
        metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in entries
    )

    def entry_points(**selection):
        assert selection == {"group": registry.ENTRY_POINT_GROUP}
        return points

    return entry_points


@pytest.fixture(autouse=True)
def _no_installed_plugins(monkeypatch):
    """Whatever is installed in this environment, the tests see only what they inject."""
    monkeypatch.setattr(metadata, "entry_points", _fake_entry_points())
    monkeypatch.setattr(registry, "_registered", {})


def test_the_built_ins_are_found_without_installation() -> None:
    assert bot_names() == ["basic", "expert", "normal", "random"]
    assert isinstance(make_bot("basic"), BasicBot)
    assert isinstance(make_bot("random", seed=3), RandomBot)


def test_every_bot_has_a_one_line_description() -> None:
    for name in bot_names():
        text = bot_description(name)
        assert text and "\n" not in text


def test_an_unknown_name_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown bot 'wizard'.*basic, expert, normal, random"):
        make_bot("wizard")


def test_an_entry_point_adds_a_bot(monkeypatch) -> None:
    here = f"{__name__}:make_first_legal"
    monkeypatch.setattr(metadata, "entry_points", _fake_entry_points(("first", here)))
    assert bot_names() == ["basic", "expert", "first", "normal", "random"]
    assert isinstance(make_bot("first", seed=1), FirstLegal)
    assert bot_description("first") == "Takes the first legal action, always."


def test_an_entry_point_cannot_replace_a_built_in(monkeypatch) -> None:
    here = f"{__name__}:make_first_legal"
    monkeypatch.setattr(metadata, "entry_points", _fake_entry_points(("basic", here)))
    assert bot_names() == ["basic", "expert", "normal", "random"]
    assert isinstance(make_bot("basic"), BasicBot)


def test_omniscient_can_be_made_but_is_never_listed() -> None:
    assert "omniscient" not in bot_names()
    assert make_bot("omniscient") is not None
    with pytest.raises(ValueError, match="built in"):
        register("omniscient", make_first_legal)


def test_register_adds_a_bot_but_not_over_a_built_in() -> None:
    register("first", make_first_legal)
    assert "first" in bot_names()
    assert isinstance(make_bot("first"), FirstLegal)
    with pytest.raises(ValueError, match="built in"):
        register("random", make_first_legal)


def test_a_factory_must_make_a_strategy() -> None:
    register("broken", lambda seed: object())
    with pytest.raises(TypeError, match="broken"):
        make_bot("broken")


def test_pyproject_declares_the_built_ins() -> None:
    table = tomllib.loads(PYPROJECT.read_text())["project"]["entry-points"]["moon42.bots"]
    assert set(table) == set(registry.BUILT_IN)
    for name, value in table.items():
        loaded = metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP).load()
        assert loaded is registry.BUILT_IN[name]
