"""The shared tables' bots decide in worker processes: the same moves as in the server's
process, the server's loop free while they think, and a table never stalled by a slow or
dead worker."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from moon42.ai.expert import CALL_BUDGET, EARLY, PLAY_BUDGET, QUICK_ABOVE
from moon42.ai.protocol import decide as bot_decide
from moon42.ai.registry import make_bot as new_bot
from moon42.app.play.bot_pool import MIN_SHARE, BotPool, budget_of
from moon42.rules import Game, Phase

from ..server.harness import PATIENCE
from .pool_bots import DyingBot, ShareBot, WaitingBot


async def test_bots_in_the_pool_play_the_moves_they_would_play_in_the_server() -> None:
    pool = BotPool(workers=2)
    try:
        await asyncio.wait_for(pool.warm(), PATIENCE)
        game = Game.new("moon3", seed=11)
        # The random bot keeps its random numbers from move to move: they must come back.
        pooled = {seat: new_bot("random", seed=seat) for seat in range(3)}
        local = {seat: new_bot("random", seed=seat) for seat in range(3)}
        moves = 0
        while game.phase is not Phase.HAND_OVER:
            turn = game.to_act
            assert turn is not None
            view = game.view(turn.seat)
            action, pooled[turn.seat] = await pool.decide(pooled[turn.seat], view)
            assert action == bot_decide(local[turn.seat], view)
            game.apply(action)
            moves += 1
        assert moves > 20
        assert all(not decision.quick for decision in pool.decisions)
    finally:
        pool.close()


async def test_the_loop_goes_on_while_a_bot_thinks_in_another_process(tmp_path: Path) -> None:
    pool = BotPool(workers=1)
    try:
        release = tmp_path / "release"
        game = Game.new("texas42", seed=5)
        view = game.view(game.to_act.seat)
        deciding = asyncio.ensure_future(pool.decide(WaitingBot(release), view))
        # The decision can only end once this loop, running meanwhile, lets it.
        ticks = 0
        while ticks < 20:
            await asyncio.sleep(0.01)
            ticks += 1
        assert not deciding.done()
        release.touch()
        action, bot = await asyncio.wait_for(deciding, PATIENCE)
        assert action in view.legal
        assert bot.decided_in not in (None, os.getpid())
    finally:
        pool.close()


async def test_a_slow_bot_or_a_dead_worker_does_not_stall_the_table(tmp_path: Path) -> None:
    pool = BotPool(workers=1, limit=1.0)
    try:
        game = Game.new("moon3", seed=2)
        view = game.view(game.to_act.seat)
        slow = WaitingBot(tmp_path / "never")
        action, bot = await asyncio.wait_for(pool.decide(slow, view), PATIENCE)
        assert action in view.legal and bot is slow  # the quick bot decided instead
        assert pool.decisions[-1].quick
        (tmp_path / "never").touch()  # the worker is free again

        # The worker's death ends the next decision, not the clock (on a busy machine, the
        # death could take longer to be seen than the second the slow bot was given).
        pool.limit = PATIENCE
        action, _ = await asyncio.wait_for(pool.decide(DyingBot(), view), PATIENCE)
        assert action in view.legal and pool.decisions[-1].quick
        # A new pool took the dead one's place: the next move is the bot's own.
        action, _ = await asyncio.wait_for(pool.decide(new_bot("basic", seed=1), view),
                                           PATIENCE)
        assert action in view.legal and not pool.decisions[-1].quick
    finally:
        pool.close()


def test_a_decision_starting_late_gets_what_is_left_of_its_time() -> None:
    pool = BotPool(workers=2)
    try:
        assert pool.share(1.0, 2.5) == 1.0  # time to spare: all of its budget
        assert pool.share(1.0, 0.5) == 0.5
        assert pool.share(1.0, -3.0) == MIN_SHARE  # past due: the least
        assert pool.share(None, -3.0) == 1.0  # a bot without a budget is never cut
        # Four in line behind it for two workers: a third of its time is its own.
        assert pool.share(1.0, 1.5, queued=4) == pytest.approx(0.5)
        assert pool.share(1.0, 6.0, queued=4) == 1.0
        assert pool.share(None, 1.0, queued=4) == 1.0
        pool.pace = 2.0  # a second of budget has lately taken two
        assert pool.share(1.0, 1.0) == 0.5
        game = Game.new("texas42", seed=5)
        view = game.view(game.to_act.seat)
        assert budget_of(ShareBot(0.25), view) == 0.25
        assert budget_of(new_bot("basic", seed=1), view) is None
        # An expert's own: a bid's, a play's while the hand is asked "made?" (twice the
        # play budget), a later play's.
        expert = new_bot("expert", seed=1)
        seen: dict[tuple[str, bool], float | None] = {}
        while game.to_act is not None:
            view = game.view(game.to_act.seat)
            seen[view.to_act.kind, len(view.hand) > QUICK_ABOVE] = budget_of(expert, view)
            game.apply(bot_decide(new_bot("basic", seed=2), view))
        assert seen["bid", True] == seen["trump", True] == CALL_BUDGET
        assert seen["play", True] == EARLY * PLAY_BUDGET and seen["play", False] == PLAY_BUDGET
    finally:
        pool.close()


async def test_a_free_worker_takes_the_decision_due_first(tmp_path: Path) -> None:
    pool = BotPool(workers=1)
    try:
        await asyncio.wait_for(pool.warm(), PATIENCE)
        game = Game.new("texas42", seed=5)
        view = game.view(game.to_act.seat)
        release = tmp_path / "release"
        first = asyncio.ensure_future(pool.decide(WaitingBot(release), view))
        # While the worker is busy: a bot of 100 s a bid asks, then one of a millisecond.
        patient = asyncio.ensure_future(pool.decide(ShareBot(100.0), view))
        hasty = asyncio.ensure_future(pool.decide(ShareBot(0.001), view))
        async with asyncio.timeout(PATIENCE):
            while pool.waiting < 2:  # both wait for the worker
                await asyncio.sleep(0.01)
        release.touch()
        await asyncio.wait_for(first, PATIENCE)
        (_, patient_bot), (_, hasty_bot) = await asyncio.wait_for(
            asyncio.gather(patient, hasty), PATIENCE)
        # The one due first went first, past due, with the least of its budget; the other
        # still had all of its time, and all of its budget.
        assert hasty_bot.decided_at < patient_bot.decided_at
        assert hasty_bot.seconds == pytest.approx(MIN_SHARE)
        assert patient_bot.seconds == 1.0
        assert sorted(decision.share for decision in pool.decisions) == pytest.approx(
            [MIN_SHARE, 1.0, 1.0])
    finally:
        pool.close()


async def test_closed_and_waited_for_the_pool_leaves_no_worker_running() -> None:
    """A server's stop waits for its pool: closed without waiting, the pool's own thread may
    still be closing its wake-up pipe as the process exits, and Python 3.11 then logs an
    ignored OSError with its traceback (seen once in a server's log at its stop)."""
    pool = BotPool(workers=2)
    await pool.warm()
    workers = list(pool._executor._processes.values())
    thread = pool._executor._executor_manager_thread
    assert len(workers) == 2 and all(w.is_alive() for w in workers) and thread.is_alive()
    await asyncio.to_thread(pool.close, True)
    assert not any(w.is_alive() for w in workers) and not thread.is_alive()
