"""The expert's thinking budget (CPU seconds, capped in real time) and its aim in the arena."""

from __future__ import annotations

import time

import pytest

from ai import budget as budget_module
from ai.budget import Budget
from ai.expert import ExpertBot
from ai.search.position import Position, for_majority
from app.arena import ArenaConfig, play_deal
from rules import Trump

from .search_helpers import start_play, true_position


def test_no_budget_is_never_spent_and_cpu_spends_one() -> None:
    assert not Budget(None).spent()
    budget = Budget(0.02)
    assert not budget.spent()
    while not budget.spent():
        sum(range(1000))  # busy: CPU time passes
    assert time.thread_time() - budget._cpu >= 0.02


def test_sleeping_is_not_thinking_but_the_wall_clock_caps_it(monkeypatch) -> None:
    budget = Budget(0.05)
    time.sleep(0.06)  # the wall clock passes, the thread's CPU does not
    assert not budget.spent()
    monkeypatch.setattr(budget_module, "WALL_FACTOR", 1)
    assert budget.spent()


@pytest.mark.parametrize(("game_name", "whole"), [("texas42", 42), ("moon4", 7)])
def test_the_majority_goal_is_more_than_half_of_the_hand(game_name, whole) -> None:
    game = start_play(game_name, 4, Trump.of_number(5))
    position = true_position(game)
    aimed = for_majority(position)
    assert aimed.goal == whole // 2 + 1
    # Without it, the goal is the bid: 30 to 42 points, or 4 tricks (the least in Moon).
    assert position.goal in ((30, 34, 42) if game_name == "texas42" else (4,))
    assert aimed.hands == position.hands and aimed.maximisers == position.maximisers


def test_nello_keeps_its_goal() -> None:
    game = start_play("texas42", 7, Trump.NELLO)
    position = true_position(game)
    assert isinstance(position, Position)
    assert for_majority(position).goal == position.goal == 7


class _Aiming(ExpertBot):
    """An expert that records whether the arena asked it to play for the majority."""

    asked: list[bool] = []

    def aim_for_majority(self) -> None:
        super().aim_for_majority()
        _Aiming.asked.append(True)


@pytest.mark.parametrize("bidding", [False, True])
def test_the_arena_asks_for_the_majority_only_without_bidding(monkeypatch, bidding) -> None:
    from ai import registry

    monkeypatch.setitem(registry.BUILT_IN, "expert", _Aiming)
    _Aiming.asked = []
    config = ArenaConfig("texas42", "expert", "basic", deals=1, bidding=bidding, seed=2)
    made: list[ExpertBot] = []
    real = registry.make_bot

    def quick(name, seed=None):
        if name != "expert":
            return real(name, seed)
        bot = real(name, seed, budget=None, layouts=2, call_budget=None)
        made.append(bot)
        return bot

    monkeypatch.setattr("app.arena.make_bot", quick)
    play_deal(config, 0)
    assert len(made) == 4  # two expert seats in each of the two copies
    assert all(bot.majority is not bidding for bot in made)
    assert len(_Aiming.asked) == (0 if bidding else 4)
