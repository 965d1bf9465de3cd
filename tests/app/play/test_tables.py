"""Shared tables: seats, bots in empty seats, drops and returns, and each seat's own view."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from moon42.app.play.seats import CODE_TRIES, SeatCodeNeeded, Sitter, TableError
from moon42.app.play.table import Table
from moon42.app.play.view_codec import decode, encode
from moon42.app.server.tables.hub import Tables
from moon42.app.tui.flow import table_notes
from moon42.app.tui.text.contract_words import waiting_prompt
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


def key(name: str, session: str = "") -> Sitter:
    """A player signed in with a key (any session of the key is the player)."""
    return Sitter(player=f"key-{name.lower()}", name=name, session=session or f"s-{name}",
                  by_key=True)


def guest(name: str, session: str = "") -> Sitter:
    """A guest, known by name, in one session."""
    return Sitter(player=f"guest-{name.lower()}", name=name, session=session or f"s-{name}",
                  by_key=False)


ANN, BOB, CAT = key("Ann"), key("Bob"), key("Cat")


def table(clock: Clock | None = None, game: str = "moon4", grace: float = 5.0) -> Table:
    return Table(1, game, seed=7, grace=grace, pace=0, clock=clock or Clock(),
                 codes=lambda: "123456")


def run_bots(t: Table, limit: int = 200) -> None:
    """Let the bots move until a human is to act (or the hand ends)."""
    for _ in range(limit):
        if t.bot_step() is None:
            return


def test_players_take_seats_and_empty_seats_are_bots():
    t = table()
    ann, bob = Inbox(), Inbox()
    assert t.take(ANN, ann) == 0
    assert t.take(BOB, bob, seat=2) == 2
    assert [t.bot_plays(i) for i in range(4)] == [False, True, False, True]
    assert t.view(1).players == ("Ann", "Bot B", "Bob", "Bot D")
    with pytest.raises(TableError, match="taken by Ann"):
        t.take(CAT, Inbox(), seat=0)
    with pytest.raises(TableError, match="seats 1 to 4"):
        t.take(CAT, Inbox(), seat=4)
    # Joining again is sitting back down in the same seat.
    assert t.take(ANN, ann) == 0
    t.leave(BOB)
    assert t.bot_plays(2) and t.view(0).players[2] == "Bot C"


def test_a_full_table_refuses_another_player():
    t = table(game="moon3")
    for n, who in enumerate(("A", "B", "C")):
        assert t.take(key(who), Inbox()) == n
    with pytest.raises(TableError, match="full"):
        t.take(key("D"), Inbox())


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

    t.take(ANN, inbox_of(0), seat=0)
    t.take(BOB, inbox_of(1), seat=1)
    for _ in range(60):
        run_bots(t)
        if t.game.to_act is None:
            break
        seat = t.game.to_act.seat
        t.act((ANN, BOB)[seat], t.game.legal_actions()[0])
    assert checked.count(0) > 10 and checked.count(1) > 10


def test_a_dropped_player_keeps_the_seat_then_a_bot_plays_until_they_return():
    clock = Clock()
    t = table(clock, grace=5.0)
    ann = Inbox()
    t.take(ANN, ann, seat=0)
    run_bots(t)
    assert t.game.to_act.seat == 0  # the game waits for Ann
    t.drop(ANN)
    assert not t.bot_plays(0)
    assert t.bot_step() is None  # still in the grace: nobody moves
    clock.now += 5.0
    assert t.bot_plays(0)
    moves = t.moves
    assert t.bot_step() is not None and t.moves == moves + 1  # the bot played for Ann
    back = Inbox()
    assert t.take(key("Ann", "a new session"), back) == 0  # Ann is back, by her key
    assert not t.bot_plays(0)
    assert back.last_view().seat == 0
    assert ann.messages and all(m["seat"] == 0 for m in ann.messages if m["type"] == "view")


def test_only_the_player_to_act_may_act_and_bad_moves_change_nothing():
    t = table()
    t.take(ANN, Inbox(), seat=0)
    t.take(BOB, Inbox(), seat=1)
    run_bots(t)
    turn = t.game.to_act
    other = BOB if turn.seat == 0 else ANN
    mine = ANN if turn.seat == 0 else BOB
    with pytest.raises(TableError, match="not your turn"):
        t.act(other, t.game.legal_actions()[0])
    with pytest.raises(TableError, match="not your turn"):
        t.act(mine, Pass(1 - turn.seat))
    with pytest.raises(TableError, match="no seat"):
        t.act(CAT, t.game.legal_actions()[0])
    moves = t.moves
    t.act(mine, t.game.legal_actions()[0])
    assert t.moves == moves + 1


def test_the_table_plays_a_whole_hand_with_its_own_task():
    async def main():
        t = table()
        ann = Inbox()
        t.take(ANN, ann, seat=0)
        task = asyncio.get_running_loop().create_task(t.run())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60  # the bots think in threads: real time, however slow
        while loop.time() < deadline:
            await asyncio.sleep(0.005)
            turn = t.game.to_act
            if t.game.phase is Phase.HAND_OVER:
                break
            if turn is not None and turn.seat == 0:
                t.act(ANN, t.game.legal_actions()[0])
        t.close()
        await asyncio.wait_for(task, 60)
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
        tables = Tables(grace=0, pace=0, empty_close=1.0)
        t = tables.open("moon3", seed=2)
        t.take(ANN, Inbox())
        t.drop(ANN)
        moves = t.moves
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while not t.closed:
            assert loop.time() < deadline, "the empty table never closed"
            await asyncio.sleep(0.05)
        # Nobody was watching: no bot moved while it waited, and it is gone.
        assert t.moves == moves and tables.tables == {}
        await tables.close()

    asyncio.run(main())


def test_a_guests_seat_belongs_to_the_session_that_took_it():
    clock = Clock()
    t = table(clock)
    first, again = guest("Ann", "first"), guest("Ann", "second")
    ann = Inbox()
    assert t.take(first, ann) == 0
    assert t.code_of(first) == "123456" and t.code_of(ANN) == ""
    # Another session under the same name is not her: it may not act, leave or drop her.
    run_bots(t)
    with pytest.raises(TableError, match="no seat"):
        t.act(again, t.game.legal_actions()[0])
    t.leave(again)
    t.drop(again)
    assert t.seats[0].player == "guest-ann" and t.seats[0].send is ann
    # Sitting down needs the seat's code; a wrong one changes nothing.
    with pytest.raises(SeatCodeNeeded, match="type its seat code"):
        t.take(again, Inbox())
    with pytest.raises(SeatCodeNeeded, match="not the code"):
        t.take(again, Inbox(), code="654321")
    assert t.seats[0].session == "first" and t.seats[0].send is ann
    # With the code, the seat is the new session's, and the old one is told.
    back = Inbox()
    assert t.take(again, back, code="123456") == 0
    assert t.seats[0].session == "second" and t.seats[0].send is back
    assert ann.messages[-1]["type"] == "left"
    assert t.seat_of(again) == 0 and t.seat_of(first) is None


def test_wrong_seat_codes_are_counted_and_then_refused_for_a_while():
    clock = Clock()
    t = table(clock)
    t.take(guest("Ann", "first"), Inbox())
    thief = guest("Ann", "thief")
    for _ in range(CODE_TRIES):
        with pytest.raises(SeatCodeNeeded):
            t.take(thief, Inbox(), code="000000")
    # Even the right code is refused now, until the window has passed.
    with pytest.raises(TableError, match="wrong codes"):
        t.take(thief, Inbox(), code="123456")
    clock.now += 601
    assert t.take(thief, Inbox(), code="123456") == 0


def test_a_key_takes_its_seat_back_from_any_session_and_nobody_else_can():
    t = table()
    t.take(key("Ann", "laptop"), Inbox())
    assert t.take(key("Ann", "phone"), Inbox()) == 0
    with pytest.raises(TableError, match="taken by Ann"):
        t.take(guest("Ann"), Inbox(), seat=0)  # a guest of the same name is someone else
    assert t.take(guest("Ann"), Inbox()) == 1


def test_a_dropped_player_is_away_at_once_and_the_bot_playing_for_them_says_so():
    clock = Clock()
    t = table(clock, grace=5.0)
    ann, bob, cat = Inbox(), Inbox(), Inbox()
    t.take(ANN, ann, seat=0)
    t.take(BOB, bob, seat=1)
    t.watch(CAT, cat, seat=2)
    run_bots(t)
    while t.game.to_act.seat != 1:  # to Bob's turn: Ann passes or plays her first choice
        t.act(ANN, t.game.view(0).legal[0])
        run_bots(t)
    t.drop(BOB)
    # At once, on every screen: the player's and the spectator's.
    for inbox in (ann, cat):
        assert inbox.last_view().players[1] == "Bob (away)"
    assert waiting_prompt(ann.last_view(), ann.last_view().players[1]) == \
        "Bob (away) to play."
    clock.now += 5.0  # the grace is over: the bot plays for Bob, and says so
    events = t.bot_step()
    assert events is not None
    for inbox in (ann, cat):
        view = inbox.last_view()
        assert view.players[1] == "Bob (away, bot)"
        _, notes = table_notes(events, view, view.seat, None)
        assert notes and notes[0].startswith("Bob (away, bot) "), notes
    assert t.summary()["seats"][1]["name"] == "Bob"  # the list adds its own "(away)"
    t.take(BOB, Inbox())  # back: the name is his own again, everywhere
    assert ann.last_view().players[1] == cat.last_view().players[1] == "Bob"
