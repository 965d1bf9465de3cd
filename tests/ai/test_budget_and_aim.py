"""The expert's thinking budget (search work, capped in real time) and its aim in the arena."""

from __future__ import annotations

import threading
import time

import pytest

from moon42.ai import budget as budget_module
from moon42.ai.budget import HARD_FACTOR, UNITS_PER_SECOND, Budget
from moon42.ai.expert import CALL_BUDGET, ExpertBot
from moon42.ai.lab.arena import ArenaConfig, play_deal
from moon42.ai.normal import NormalBot
from moon42.ai.protocol import decide
from moon42.ai.search import effort
from moon42.ai.search.position import Position, for_majority
from moon42.ai.search.solver import OutOfBudget, Solver
from moon42.ai.workers import play_all
from moon42.rules import Game, Trump, game_from_record
from moon42.rules.actions import NameTrump

from .search_helpers import start_play, true_position


def test_no_budget_is_never_spent_and_work_spends_one() -> None:
    assert not Budget(None).spent()
    budget = Budget(0.01)
    effort.spend(round(0.01 * UNITS_PER_SECOND))
    assert not budget.spent()  # exactly the budget's work: not over it yet
    effort.spend(1)
    assert budget.spent()


def test_a_scaled_budget_is_its_share_of_the_work() -> None:
    with budget_module.scaled(0.25):
        budget = Budget(0.04)
        with budget_module.scaled(0.5):
            assert Budget(1.0).seconds == 0.5
        assert Budget(1.0).seconds == 0.25  # the outer share again
    assert Budget(0.04).seconds == 0.04 and Budget(None).seconds is None
    effort.spend(round(0.01 * UNITS_PER_SECOND))
    assert not budget.spent()
    effort.spend(1)
    assert budget.spent()  # a quarter of 0.04 s of work
    for share in (0, -0.5, 1.5):
        with pytest.raises(ValueError), budget_module.scaled(share):
            pass


def test_only_a_share_of_a_budget_has_a_hard_stop() -> None:
    assert Budget(None).nodes_left() is None and Budget(0.01).nodes_left() is None
    with budget_module.scaled(0.5):
        budget = Budget(0.01)
        whole = round(0.005 * UNITS_PER_SECOND) * HARD_FACTOR
        assert budget.nodes_left() == whole
        effort.spend(whole - 7)
        assert budget.nodes_left() == 7
        effort.spend(100)
        assert budget.nodes_left() == 0  # never below nothing


def test_a_solver_stops_at_its_node_budget() -> None:
    game = start_play("texas42", 4, Trump.of_number(5))
    position = true_position(game)
    with pytest.raises(OutOfBudget):
        Solver(position, budget=50).reaches(position, position.goal)


@pytest.mark.parametrize("game_name", ["texas42", "moon4", "moon3"])
def test_a_hurried_expert_stops_at_its_hard_limit_and_still_plays_legally(game_name) -> None:
    """At a twentieth of its budgets (a busy server's bots) every decision of a hand, the
    bid and the first lead among them, does at most a few times that share's work."""
    share = 0.05
    bot = ExpertBot(3, budget=0.25, call_budget=1.0)
    most = {"play": 0.25 * 2, "bid": 1.0, "trump": 1.0}  # a play early in the hand: twice
    game = Game.new(game_name, seed=11)
    checked = 0
    while game.to_act is not None:
        view = game.view(game.to_act.seat)
        before = effort.done()
        with budget_module.scaled(share):
            action = decide(bot, view)
        assert action in view.legal
        limit = most.get(view.to_act.kind)
        if limit is not None:
            units = effort.done() - before
            # The hard stop, and the dealing and building of the last layout besides.
            assert units <= HARD_FACTOR * share * limit * UNITS_PER_SECOND + 2_000
            checked += 1
        game.apply(action)
    assert checked > 5


class _Clock:
    """The wall clock as the budget reads it, moved by the test (a busy machine cannot
    stretch a sleep past a cap the test means to stay under)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now


def test_waiting_is_not_thinking_but_the_wall_clock_caps_it(monkeypatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(budget_module, "time", clock)
    monkeypatch.setattr(budget_module, "WALL_FLOOR", 0.0)
    budget = Budget(0.05)
    clock.now += 0.06  # the wall clock passes, no work is done
    assert not budget.spent()  # under four times the budget
    monkeypatch.setattr(budget_module, "WALL_FACTOR", 1)
    assert budget.spent()


def test_a_short_budget_is_capped_no_sooner_than_the_floor(monkeypatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(budget_module, "time", clock)
    monkeypatch.setattr(budget_module, "WALL_FLOOR", 0.3)
    budget = Budget(0.01)
    clock.now += 0.1  # past four times the budget, not past the floor
    assert not budget.spent()
    clock.now += 0.25
    assert budget.spent()


def test_another_threads_work_is_not_this_ones() -> None:
    budget = Budget(0.01)
    worker = threading.Thread(target=effort.spend, args=(10 * UNITS_PER_SECOND,))
    worker.start()
    worker.join()
    assert not budget.spent()


def test_a_solve_spends_work() -> None:
    game = start_play("texas42", 4, Trump.of_number(5))
    position = true_position(game)
    before = effort.done()
    solver = Solver(position)
    solver.reaches(position, position.goal)
    assert effort.done() - before > solver.nodes > 0


@pytest.mark.slow  # the expert's search under a budget, twice
def test_a_budgeted_expert_decides_the_same_on_a_busy_machine(monkeypatch) -> None:
    """Its budget counts work, not time: a slower run (here, every solver's test takes half
    a millisecond of CPU more) solves as many layouts and makes the same decisions."""
    game = Game.new("texas42", seed=5)
    views = []
    while game.to_act is not None and len(views) < 12:
        view = game.view(game.to_act.seat)
        views.append(view)
        game.apply(decide(ExpertBot(3, budget=0.02, call_budget=0.05), view))
    built: list[int] = []
    real_init, real_reaches = Solver.__init__, Solver.reaches

    def counted(self, *args, **kwargs):
        built.append(1)
        real_init(self, *args, **kwargs)

    def run() -> list[tuple[object, int]]:
        out = []
        for view in views:
            built.clear()
            out.append((decide(ExpertBot(3, budget=0.02, call_budget=0.05), view), len(built)))
        return out

    monkeypatch.setattr(Solver, "__init__", counted)
    # Not the wall-clock cap (a loaded machine may reach it with budgets this short): work.
    monkeypatch.setattr(budget_module, "WALL_FLOOR", 1000.0)
    quick = run()

    def slow(self, position, need):
        end = time.thread_time() + 0.0005
        while time.thread_time() < end:
            pass
        return real_reaches(self, position, need)

    monkeypatch.setattr(Solver, "reaches", slow)
    assert {v.to_act.kind for v in views} >= {"bid", "play"}
    assert sum(n for _, n in quick) > 2 * len(views)  # many layouts solved, not one each
    assert run() == quick


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


@pytest.mark.slow  # arena runs of the expert
@pytest.mark.parametrize("bidding", [False, True])
def test_the_arena_asks_for_the_majority_only_without_bidding(monkeypatch, bidding) -> None:
    from moon42.ai import registry

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

    monkeypatch.setattr("moon42.ai.lab.arena.make_bot", quick)
    play_deal(config, 0)
    assert len(made) == 4  # two expert seats in each of the two copies
    assert all(bot.majority is not bidding for bot in made)
    assert len(_Aiming.asked) == (0 if bidding else 4)


def test_a_measurement_s_decisions_end_on_their_work_alone(monkeypatch) -> None:
    monkeypatch.setattr(budget_module, "WALL_FLOOR", 0.0)
    monkeypatch.setattr(budget_module, "WALL_FACTOR", 0)
    with budget_module.without_wall_cap():
        measured = Budget(0.01)
    played = Budget(0.01)
    time.sleep(0.01)
    assert played.spent()  # in a game, the clock ends it
    assert not measured.spent()  # in a measurement, only work does
    effort.spend(round(0.01 * UNITS_PER_SECOND) + 1)
    assert measured.spent()


def test_the_workers_play_every_deal_without_the_wall_cap(monkeypatch) -> None:
    monkeypatch.setattr(budget_module, "WALL_FLOOR", 0.0)  # forked workers inherit these
    monkeypatch.setattr(budget_module, "WALL_FACTOR", 0)
    assert _ended_by_the_clock(0)  # outside a measurement the cap stands
    assert list(play_all(_ended_by_the_clock, [1, 2])) == [False, False]
    assert list(play_all(_ended_by_the_clock, [1, 2], processes=2)) == [False, False]


def _ended_by_the_clock(_job: int) -> bool:
    budget = Budget(1.0)  # no work is done: only the clock can end it
    time.sleep(0.001)
    return budget.spent()


def test_a_decision_s_second_search_shares_its_hard_stop() -> None:
    """A hurried bid that simulates the moon after its bid stops where the whole decision
    must, not at twice that; a whole budget has no hard stop either way."""
    start = effort.done()
    with budget_module.scaled(0.05):
        first = Budget(1.0)
        effort.spend(3_000)
        second, alone = Budget(1.0, since=start), Budget(1.0)
        assert second.nodes_left() == first.nodes_left() == 0.05 * 1.0 * UNITS_PER_SECOND * \
            HARD_FACTOR - 3_000
        assert alone.nodes_left() == 0.05 * 1.0 * UNITS_PER_SECOND * HARD_FACTOR
    assert Budget(1.0, since=start).nodes_left() is None


# Texas 42: seat 0 bid 30 holding four fives with the double; its trump to name.
_FOUR_FIVES = {
    "format": "moon42/1", "game": "texas42", "options": {}, "players": ["A", "B", "C", "D"],
    "seed": 1, "hands": [{"dealer": 2, "deal": [
        ["3-2", "4-3", "5-1", "5-2", "5-4", "5-5", "6-0"],
        ["3-1", "3-3", "4-0", "4-1", "6-1", "6-2", "6-6"],
        ["1-1", "2-0", "2-1", "2-2", "3-0", "4-4", "5-3"],
        ["0-0", "1-0", "4-2", "5-0", "6-3", "6-4", "6-5"]], "widow": [], "actions": [
        {"seat": 3, "bid": "pass"}, {"seat": 0, "bid": 30}, {"seat": 1, "bid": "pass"},
        {"seat": 2, "bid": "pass"}]}],
}


def test_a_call_simulated_on_too_few_layouts_is_made_by_the_rules_of_thumb() -> None:
    """A budget cut so short that a layout or two are solved (a busy server's quick bots)
    named twos from this hand once; such a call is now normal's (fives), and a call with
    its layouts is still the simulation's."""
    view = game_from_record(_FOUR_FIVES).view(0)
    assert view.to_act is not None and view.to_act.kind == "trump"
    hurried = [ExpertBot(seed, budget=0.08, call_budget=0.015, layouts=16)
               for seed in range(20)]
    named = [bot.trump(view) for bot in hurried]
    assert any(bot.few_layouts for bot in hurried)
    assert all(type(a) is NameTrump and a.trump is Trump.FIVES for a in named)
    unhurried = ExpertBot(1, call_budget=CALL_BUDGET)
    assert unhurried.trump(view) == NameTrump(0, Trump.FIVES)
    assert not unhurried.few_layouts
    # The bid too: on too few layouts, normal's bid.
    bidder = game_from_record({**_FOUR_FIVES, "hands": [
        {**_FOUR_FIVES["hands"][0], "actions": [{"seat": 3, "bid": "pass"}]}]}).view(0)
    bot = ExpertBot(3, budget=0.08, call_budget=0.001, layouts=16)
    assert bot.bid(bidder) == NormalBot(3).bid(bidder) and bot.few_layouts
