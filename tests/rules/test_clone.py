"""Game.clone(): a copy that shares nothing mutable and plays on exactly as the original."""

from __future__ import annotations

import copy
import random
from enum import Enum

from hypothesis import given
from hypothesis import strategies as st

from moon42.rules import Game, Options, Phase, options_for
from moon42.rules.dealing import Shuffler
from moon42.rules.record import game_to_record
from moon42.rules.trump import TrickRules
from tests.rules.test_properties import SETTINGS, choose, play, setups

# Values nothing changes in place: the clone may share them with the original.
_IMMUTABLE = (int, str, bytes, float, bool, type(None), Enum, Options, Shuffler, TrickRules)


def _immutable(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_immutable(v) for v in value)
    if isinstance(value, frozenset):
        return True
    # Frozen dataclasses (actions, results, tiles) and named tuples of such.
    params = getattr(type(value), "__dataclass_params__", None)
    if params is not None:
        return params.frozen
    return isinstance(value, _IMMUTABLE)


def _shared_mutables(a: Game, b: Game) -> list[str]:
    """The slots (and the hand logs' fields) where the two games hold one mutable object."""
    out = []
    for name in Game.__slots__:
        x, y = getattr(a, name), getattr(b, name)
        if x is y and not _immutable(x):
            out.append(name)
    for h, (x, y) in enumerate(zip(a.log, b.log, strict=True)):
        if x is y or x.actions is y.actions:
            out.append(f"log[{h}]")
    return out


def _state(g: Game) -> tuple:
    return (
        game_to_record(g),
        g.phase,
        g.to_act,
        g.legal_actions(),
        list(g.scores),
        list(g.results),
        g.winner,
        tuple(g.view(s) for s in range(g.seats)),
    )


def _play_on(g: Game, rng: random.Random, steps: int) -> list:
    """Up to ``steps`` random legal actions (dealing on between hands); the events of each."""
    events: list = []
    for _ in range(steps):
        if g.phase is Phase.GAME_OVER:
            break
        if g.phase is Phase.HAND_OVER:
            events.append(g.next_hand())
            continue
        events.append(g.apply(choose(g, rng)))
    return events


def test_playing_on_a_clone_leaves_the_original_as_it_was() -> None:
    original = Game.new("texas42", seed=7)
    _play_on(original, random.Random(1), 12)
    before = _state(original)
    clone = original.clone()
    assert _state(clone) == before
    _play_on(clone, random.Random(2), 60)
    assert game_to_record(clone) != game_to_record(original)
    assert _state(original) == before


def test_a_clone_shares_no_list_with_its_original() -> None:
    g = Game.new("moon3", seed=3)
    _play_on(g, random.Random(3), 30)
    clone = g.clone()
    assert len(g.__getstate__()) == len(Game.__slots__)  # every slot, once
    assert _shared_mutables(g, clone) == []
    assert clone._actions is clone.log[-1].actions  # its actions land in its own log


def test_copy_copy_gives_a_game_that_plays_on_as_the_original() -> None:
    g = Game.new("moon4", seed=5)
    _play_on(g, random.Random(5), 25)
    other = copy.copy(g)
    assert _shared_mutables(g, other) == []
    assert _state(other) == _state(g)
    assert _play_on(other, random.Random(6), 50) == _play_on(g, random.Random(6), 50)
    assert _state(other) == _state(g)


def test_a_clone_of_a_game_not_yet_dealt_deals_like_the_original() -> None:
    g = Game(options_for("moon4", {}), seed=11)
    clone = g.clone()
    assert clone.next_hand() == g.next_hand()
    assert game_to_record(clone) == game_to_record(g)


@SETTINGS
@given(setups, st.integers(0, 150), st.integers(0, 2**32))
def test_a_clone_plays_on_exactly_as_the_original(setup, stop: int, later: int) -> None:
    game, options, seed = setup
    g = play(game, options, seed, hands=3, max_steps=stop).game
    before = _state(g)
    clone = g.clone()
    assert _shared_mutables(g, clone) == []
    assert _state(clone) == before
    # The same actions on both give the same events and the same game.
    rng_g, rng_c = random.Random(later), random.Random(later)
    assert _play_on(clone, rng_c, 80) == _play_on(g, rng_g, 80)
    assert _state(clone) == _state(g)
    # And from there they are two games: playing one leaves the other alone.
    after = _state(g)
    _play_on(clone, random.Random(later + 1), 40)
    assert _state(g) == after
