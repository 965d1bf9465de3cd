"""A club table gathers before the deal: seats picked, players moved, the bots' level, a
private table, and the same players offered another game at the same seats."""

from __future__ import annotations

import asyncio

import pytest

from moon42.ai.registry import make_bot
from moon42.app.play.gathering import TableCodeNeeded
from moon42.app.play.seats import TableError
from moon42.app.play.table import Table
from moon42.rules import Phase

from .test_tables import ANN, BOB, CAT, Clock, Inbox, guest


def gathering(game: str = "texas42", clock: Clock | None = None, **kw) -> Table:
    return Table(1, game, seed=7, grace=5, pace=0, clock=clock or Clock(),
                 codes=lambda: "424242", gather=True, **kw)


def play_out(t: Table, players: dict, limit: int = 2000) -> None:
    """Bots and players (their first legal move) until the game is over."""
    for _ in range(limit):
        if t.game.phase is Phase.GAME_OVER:
            return
        if t.game.phase is Phase.HAND_OVER:
            t.deal()
            continue
        turn = t.game.to_act
        who = players.get(turn.seat)
        if who is not None and not t.bot_plays(turn.seat):
            t.act(who, t.game.legal_actions()[0])
        else:
            t.bot_step()
    raise AssertionError("the game did not end")


def test_a_waiting_table_deals_nothing_until_its_opener_starts_it():
    async def main():
        t = gathering()
        ann = Inbox()
        t.take(ANN, ann)
        task = asyncio.get_running_loop().create_task(t.run())
        for _ in range(20):  # the table's task runs, and waits
            await asyncio.sleep(0.01)
        assert not t.game.log and t.game.to_act is None and t.bot_step() is None
        assert all(m["type"] == "gathering" for m in ann.messages)
        assert ann.messages[-1]["opener"] == 0 and ann.messages[-1]["seats"][0]["human"]
        t.start(ANN)
        deadline = asyncio.get_running_loop().time() + 60
        while not any(m["type"] == "view" for m in ann.messages):
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.01)
        t.close()
        await asyncio.wait_for(task, 60)
        return t, ann

    t, ann = asyncio.run(main())
    assert len(t.game.log) == 1
    assert ann.last_view() is not None


def test_players_pick_seats_and_the_opener_moves_them_and_sets_the_bots_level():
    t = gathering()
    ann, bob, cat = Inbox(), Inbox(), Inbox()
    assert t.take(ANN, ann) == 0
    assert t.take(BOB, bob, seat=2) == 2  # Bob picks Ann's partner's seat
    with pytest.raises(TableError, match="taken"):
        t.take(CAT, cat, seat=2)
    assert t.take(CAT, cat, seat=1) == 1
    with pytest.raises(TableError, match="free seat"):
        t.move_seat(BOB, 2, 1)  # not Bob's to move Cat
    with pytest.raises(TableError, match="free seat"):
        t.move_seat(BOB, 0, 3)  # nor Ann
    t.move_seat(BOB, 2, 3)  # himself, to a free seat
    assert [s.name for s in t.seats] == ["Ann", "Cat", "", "Bob"]
    t.move_seat(ANN, 1, 3)  # the opener swaps Cat and Bob
    assert [s.name for s in t.seats] == ["Ann", "Bob", "", "Cat"]
    assert bob.messages[-1]["seat"] == 1 and cat.messages[-1]["seat"] == 3
    with pytest.raises(TableError, match="opener"):
        t.set_level(BOB, "expert")
    with pytest.raises(TableError, match="level"):
        t.set_level(ANN, "grandmaster")
    t.set_level(ANN, "easy")
    assert cat.messages[-1]["level"] == "easy"
    with pytest.raises(TableError, match="only the"):
        t.invite(BOB, "Dan")
    t.start(BOB)  # Bob is ready; only the opener starts the first game
    assert not t.game.log
    t.start(ANN)
    assert len(t.game.log) == 1 and not t.gathers_now()
    assert type(t.bots[2]) is type(make_bot("normal", seed=1))  # easy: the normal bot
    assert t.counted_bots()[2] == "normal"
    assert ann.last_view().players[1] == "Bob"
    with pytest.raises(TableError, match="only while"):
        t.move_seat(ANN, 1, 2)


def test_a_hard_tables_bots_are_counted_as_hard_not_as_the_expert():
    t = gathering()
    t.take(ANN, Inbox())
    t.set_level(ANN, "hard")
    assert t.counted_bots()[1:] == ["hard", "hard", "hard"]
    t.set_level(ANN, "expert")
    assert t.counted_bots()[1:] == ["expert", "expert", "expert"]


def test_a_private_table_takes_the_invited_and_those_who_give_its_code():
    t = gathering()
    t.take(ANN, Inbox())
    t.set_private(ANN, True)
    t.invite(ANN, "Bob")
    with pytest.raises(TableCodeNeeded, match="private"):
        t.take(CAT, Inbox())
    with pytest.raises(TableCodeNeeded, match="not the code"):
        t.take(CAT, Inbox(), table_code="000000")
    assert t.take(BOB, Inbox()) == 1  # invited by name
    assert t.take(CAT, Inbox(), table_code="424242") == 2
    t.leave(BOB)
    with pytest.raises(TableCodeNeeded):
        t.take(guest("Bob?"), Inbox())  # a guest of the invited name is not Bob
    listing = t.summary()
    assert listing["private"] and listing["waiting"]


def test_after_a_game_the_same_players_play_again_when_ready_and_a_leaver_frees_the_seat():
    t = gathering(options={"target": 1})
    ann, bob = Inbox(), Inbox()
    t.take(ANN, ann)
    t.take(BOB, bob, seat=2)
    t.start(ANN)
    first = t.game
    first_dealer = first.log[0].dealer
    play_out(t, {0: ANN, 2: BOB})
    assert t.gathers_now() and t.gathering.again
    assert bob.messages[-1]["type"] == "gathering" and bob.messages[-1]["again"]
    t.start(BOB)  # Bob is ready; Ann not yet
    assert t.game is first and bob.messages[-1]["seats"][2]["ready"]
    t.start(ANN)
    assert t.game is not first and len(t.game.log) == 1 and not t.gathers_now()
    assert [s.name for s in t.seats] == ["Ann", "", "Bob", ""]
    assert t.game.seed == first.seed + 1
    # A game over again, and Bob leaves: the table gathers as at first, for its opener.
    play_out(t, {0: ANN, 2: BOB})
    t.leave(BOB)
    assert t.gathers_now() and not t.gathering.again
    t.take(CAT, Inbox(), seat=2)
    t.start(ANN)
    assert not t.gathers_now() and t.seats[2].name == "Cat"
    assert first_dealer is not None


def test_moon_for_three_again_is_dealt_first_by_the_next_seat():
    t = gathering("moon3", options={"target": 7})
    t.take(ANN, Inbox())
    t.start(ANN)
    dealer = t.game.log[0].dealer
    play_out(t, {0: ANN})
    t.start(ANN)
    assert t.game.log[0].dealer == (dealer + 1) % 3


def test_the_opener_keeps_spectators_chat_off_the_players_screens_during_a_hand():
    from .test_tables import key

    t = gathering()
    ann, dan = Inbox(), Inbox()
    t.take(ANN, ann)
    t.watch(key("Dan"), dan)
    with pytest.raises(TableError, match="opener"):
        t.set_hush(BOB, True)
    t.set_hush(ANN, True)
    t.say(key("Dan"), "before the deal")  # no hand in play: said at once
    assert [m["text"] for m in ann.messages if m["type"] == "chat"] == ["before the deal"]
    t.start(ANN)
    t.say(key("Dan"), "bid big!")
    t.say(ANN, "hello")  # a player's line is never held
    chat = [m["text"] for m in ann.messages if m["type"] == "chat"]
    assert chat == ["before the deal", "hello"]
    assert "bid big!" in [m["text"] for m in dan.messages if m["type"] == "chat"]
    bob = Inbox()
    t.take(BOB, bob)  # a player coming now is told the lines said, not those held back
    assert [m["text"] for m in bob.messages if m["type"] == "chat"] == [
        "before the deal", "hello"]
    for _ in range(500):  # to the hand's end
        if t.game.phase is Phase.HAND_OVER:
            break
        turn = t.game.to_act
        if turn.seat == 0:
            t.act(ANN, t.game.legal_actions()[0])
        elif t.seat_of(BOB) == turn.seat:
            t.act(BOB, t.game.legal_actions()[0])
        else:
            t.bot_step()
    chat = [m["text"] for m in ann.messages if m["type"] == "chat"]
    assert chat == ["before the deal", "hello", "bid big!"]


def test_each_player_gets_the_games_record_once_and_a_leaver_as_far_as_it_went(tmp_path):
    from moon42.app.play.stats.table_records import TableRecords

    records = TableRecords(tmp_path)
    for name in ("ann", "bob"):
        (tmp_path / "players" / f"key-{name}" / "data").mkdir(parents=True)
    t = gathering(options={"target": 1})
    t.listeners.append(records.follow)
    t.leaving.append(records.left)
    ann, bob = Inbox(), Inbox()
    t.take(ANN, ann)
    t.take(BOB, bob, seat=2)
    t.start(ANN)
    t.leave(BOB)  # mid-game: Bob's record holds the game so far
    bobs = list((tmp_path / "players/key-bob/data/records").glob("texas42-*-table1-*.json"))
    assert len(bobs) == 1 and "-Ann-" in bobs[0].name
    play_out(t, {0: ANN})
    anns = list((tmp_path / "players/key-ann/data/records").glob("*.json"))
    assert len(anns) == 1
    assert [m["file"] for m in ann.messages if m["type"] == "recorded"] == [anns[0].name]
    records.closed(t)  # the game is over: nothing more is written
    assert len(list((tmp_path / "players/key-ann/data/records").glob("*.json"))) == 1
