"""Both bots only ever choose legal actions, in every game and under every house rule,
and the same seeds always give the same game."""

from __future__ import annotations

import random

import pytest

from moon42.ai.basic import BasicBot
from moon42.ai.protocol import Strategy
from moon42.ai.random_bot import RandomBot
from moon42.ai.registry import make_bot
from moon42.rules import Game
from moon42.rules.record import game_to_record

from .helpers import DaringBot, DecisionsSeen, play_hands, random_options

GAMES = ("moon3", "moon4", "texas42")
GAMES_PER_RULE = 250
HANDS_PER_GAME = 4


def _seating(rng: random.Random, seats: int, seed: int) -> list[Strategy]:
    """All basic, all random, or a mix: basic must also cope with what the others bid and name."""
    mix = rng.choice(("basic", "random", "mixed", "mixed"))
    kinds = ("basic", "random", "daring")
    names = [mix if mix != "mixed" else rng.choice(kinds) for _ in range(seats)]
    return [
        DaringBot(seed * 10 + s) if name == "daring" else make_bot(name, seed * 10 + s)
        for s, name in enumerate(names)
    ]


@pytest.mark.parametrize("game_name", GAMES)
def test_bots_choose_only_legal_actions(game_name: str) -> None:
    note = DecisionsSeen(BasicBot)

    for seed in range(GAMES_PER_RULE):
        rng = random.Random(seed)
        options = random_options(rng, game_name)
        game = Game.new(game_name, options=options, seed=seed)
        play_hands(game, _seating(rng, game.seats, seed), HANDS_PER_GAME, note)

    # The runs reach what they claim to test: every decision, and the section 9 contracts.
    note.assert_complete(game_name)


def _played(game_name: str, seed: int, bot_seed: int, names: list[str]) -> dict:
    options = random_options(random.Random(seed), game_name)
    game = Game.new(game_name, options=options, seed=seed)
    bots = [make_bot(name, bot_seed + s) for s, name in enumerate(names)]
    play_hands(game, bots, HANDS_PER_GAME)
    return game_to_record(game)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_same_seeds_give_the_same_game(game_name: str) -> None:
    seats = 3 if game_name == "moon3" else 4
    for seed in range(10):
        names = ["random", "basic", "random", "basic"][:seats]
        assert _played(game_name, seed, 7, names) == _played(game_name, seed, 7, names)
    random_a = _played(game_name, 1, 7, ["random"] * seats)
    random_b = _played(game_name, 1, 8, ["random"] * seats)
    assert random_a != random_b


def test_basic_ignores_its_seed() -> None:
    assert _played("texas42", 3, 1, ["basic"] * 4) == _played("texas42", 3, 99, ["basic"] * 4)


def test_random_is_uniform_and_keeps_its_own_generator() -> None:
    game = Game.new("texas42", seed=5)
    view = game.view(game.to_act.seat)
    quiet = RandomBot(3)
    expected = [quiet.bid(view) for _ in range(3000)]
    noisy = RandomBot(3)
    drawn = []
    for _ in range(3000):
        random.random()
        drawn.append(noisy.bid(view))
    assert drawn == expected
    share = len(expected) / len(view.legal)
    for action in view.legal:
        assert 0.6 * share < expected.count(action) < 1.4 * share
