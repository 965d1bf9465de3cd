"""Shared tables: seats, bots in empty seats, drops and returns, and each seat's own view."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from moon42.app.serve.tables import Table, TableError, Tables
from moon42.app.serve.view_codec import decode, encode
from moon42.rules import Game, Phase
from moon42.rules.actions import Pass


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Inbox:
    """A player's connection: what the table sent them."""

    def __init__(self) -> None:
        self.messages: list[dict] = []

    def __call__(self, message: dict) -> None:
        self.messages.append(message)

    def last_view(self):
        views = [m for m in self.messages if m["type"] == "view"]
        return decode(views[-1]["view"]) if views else None


def table(clock: Clock | None = None, game: str = "moon4", grace: float = 5.0) -> Table:
    return Table(1, game, seed=7, grace=grace, pace=0, clock=clock or Clock())


def run_bots(t: Table, limit: int = 200) -> None:
    """Let the bots move until a human is to act (or the hand ends)."""
    for _ in range(limit):
        if t.bot_step() is None:
            return


def test_players_take_seats_and_empty_seats_are_bots():
    t = table()
    ann, bob = Inbox(), Inbox()
    assert t.take("key-ann", "Ann", ann) == 0
    assert t.take("key-bob", "Bob", bob, seat=2) == 2
    assert [t.bot_plays(i) for i in range(4)] == [False, True, False, True]
    assert t.view(1).players == ("Ann", "Bot B", "Bob", "Bot D")
    with pytest.raises(TableError, match="taken by Ann"):
        t.take("key-cat", "Cat", Inbox(), seat=0)
    with pytest.raises(TableError, match="seats 1 to 4"):
        t.take("key-cat", "Cat", Inbox(), seat=4)
    # Joining again is sitting back down in the same seat.
    assert t.take("key-ann", "Ann", ann) == 0
    t.leave("key-bob")
    assert t.bot_plays(2) and t.view(0).players[2] == "Bot C"


def test_a_full_table_refuses_another_player():
    t = table(game="moon3")
    for n, who in enumerate(("a", "b", "c")):
        assert t.take(who, who.upper(), Inbox()) == n
    with pytest.raises(TableError, match="full"):
        t.take("d", "D", Inbox())


def test_every_player_is_sent_only_their_own_tiles():
    t = table()
    checked = []

    def inbox_of(seat: int):
        def receive(message: dict) -> None:
            # At the moment it is sent, the message is exactly the engine's view of that
            # seat (what the seat may know), names aside, and nothing else.
            assert message["seat"] == seat
            engine = replace(t.game.view(seat), players=decode(message["view"]).players)
            assert decode(message["view"]) == engine
            others = {tile for s in range(4) if s != seat for tile in t.game.view(s).hand}
            assert not others & set(decode(message["view"]).hand)
            checked.append(seat)
        return receive

    t.take("key-ann", "Ann", inbox_of(0), seat=0)
    t.take("key-bob", "Bob", inbox_of(1), seat=1)
    for _ in range(60):
        run_bots(t)
        if t.game.to_act is None:
            break
        seat = t.game.to_act.seat
        t.act(("key-ann", "key-bob")[seat], t.game.legal_actions()[0])
    assert checked.count(0) > 10 and checked.count(1) > 10


def test_a_dropped_player_keeps_the_seat_then_a_bot_plays_until_they_return():
    clock = Clock()
    t = table(clock, grace=5.0)
    ann = Inbox()
    t.take("key-ann", "Ann", ann, seat=0)
    run_bots(t)
    assert t.game.to_act.seat == 0  # the game waits for Ann
    t.drop("key-ann")
    assert not t.bot_plays(0)
    assert t.bot_step() is None  # still in the grace: nobody moves
    clock.now += 5.0
    assert t.bot_plays(0)
    moves = t.moves
    assert t.bot_step() is not None and t.moves == moves + 1  # the bot played for Ann
    back = Inbox()
    assert t.take("key-ann", "Ann", back) == 0  # Ann is back, in her seat
    assert not t.bot_plays(0)
    assert back.last_view().seat == 0
    assert ann.messages and all(m["seat"] == 0 for m in ann.messages if m["type"] == "view")


def test_only_the_player_to_act_may_act_and_bad_moves_change_nothing():
    t = table()
    t.take("key-ann", "Ann", Inbox(), seat=0)
    t.take("key-bob", "Bob", Inbox(), seat=1)
    run_bots(t)
    turn = t.game.to_act
    other = "key-bob" if turn.seat == 0 else "key-ann"
    mine = "key-ann" if turn.seat == 0 else "key-bob"
    with pytest.raises(TableError, match="not your turn"):
        t.act(other, t.game.legal_actions()[0])
    with pytest.raises(TableError, match="not your turn"):
        t.act(mine, Pass(1 - turn.seat))
    with pytest.raises(TableError, match="no seat"):
        t.act("key-cat", t.game.legal_actions()[0])
    moves = t.moves
    t.act(mine, t.game.legal_actions()[0])
    assert t.moves == moves + 1


def test_the_table_plays_a_whole_hand_with_its_own_task():
    async def main():
        t = table()
        ann = Inbox()
        t.take("key-ann", "Ann", ann, seat=0)
        task = asyncio.get_running_loop().create_task(t.run())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60  # the bots think in threads: real time, however slow
        while loop.time() < deadline:
            await asyncio.sleep(0.005)
            turn = t.game.to_act
            if t.game.phase is Phase.HAND_OVER:
                break
            if turn is not None and turn.seat == 0:
                t.act("key-ann", t.game.legal_actions()[0])
        t.close()
        await asyncio.wait_for(task, 5)
        return t, ann

    t, ann = asyncio.run(main())
    assert t.game.phase is Phase.HAND_OVER
    assert ann.last_view().phase is Phase.HAND_OVER
    assert ann.messages[-1] == {"type": "left", "reason": "The table has closed."}


def test_views_events_and_actions_cross_the_codec_exactly():
    game = Game.new("texas42", seed=3)
    for _ in range(40):
        view = game.view(game.to_act.seat) if game.to_act else game.view(0)
        assert decode(encode(view)) == view
        if game.to_act is None:
            events = game.next_hand()
        else:
            action = game.legal_actions()[-1]
            assert decode(encode(action)) == action
            events = game.apply(action)
        assert decode(encode(events)) == tuple(events)


def test_a_table_nobody_watches_waits_then_closes():
    async def main():
        tables = Tables(grace=0, pace=0, empty_close=0.3)
        t = tables.open("moon3", seed=2)
        t.take("key-ann", "Ann", Inbox())
        await asyncio.sleep(0.05)
        t.drop("key-ann")
        moves = t.moves
        await asyncio.sleep(0.1)
        assert t.moves == moves and tables.tables == {t.number: t}  # paused, still open
        await asyncio.sleep(0.4)
        assert tables.tables == {} and t.closed
        await tables.close()

    asyncio.run(main())
