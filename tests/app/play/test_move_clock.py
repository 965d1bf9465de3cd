"""The move clock: a connected player's turn that runs past it is played for them, everyone
is told, the last seconds are counted down, and three in a row make the player away."""

from __future__ import annotations

import random

from moon42.app.play.config import NAME_LIMIT
from moon42.app.play.move_clock import AWAY_AFTER
from moon42.app.play.table import Table

from .test_tables import ANN, BOB, Clock, Inbox, guest, run_bots


def clocked(clock: Clock, seconds: float = 60.0) -> Table:
    t = Table(1, "texas42", seed=7, grace=5, pace=0, clock=clock, codes=lambda: "1",
              gather=True, move_clock=seconds)
    return t


def to_ann(t: Table) -> None:
    run_bots(t)
    assert t.game.to_act.seat == 0


def test_a_turn_past_the_clock_is_played_for_the_player_and_everyone_is_told():
    clock = Clock()
    t = clocked(clock)
    ann, bob = Inbox(), Inbox()
    t.take(ANN, ann)
    t.take(BOB, bob, seat=2)
    t.start(ANN)
    to_ann(t)
    view = [m for m in ann.messages if m["type"] == "view"][-1]
    assert view["clock"] == 60.0  # Ann is told how long she has
    clock.now += 59.0
    assert not t.clock_ran_out() and not t.bot_plays(0)
    clock.now += 1.0
    moves = t.moves
    assert t.clock_ran_out() and t.bot_plays(0)
    told = [m for m in bob.messages if m["type"] == "timed-out"]
    assert told and told[-1]["name"] == "Ann" and "took too long" in told[-1]["text"]
    assert [m for m in ann.messages if m["type"] == "timed-out"]
    t.bot_step()  # the table plays Ann's turn as her bot would
    assert t.moves == moves + 1 and t.seats[0].timeouts == 1
    # Every hand log says so, the players' and the spectators' alike, for this hand only.
    bid = t.game.view(0).bids[-1]
    assert bid.seat == 0
    said = "passed" if bid.value is None else f"bid {bid.value}"
    assert [m for m in bob.messages if m["type"] == "view"][-1]["played_for"] == [(0, said)]
    # The next hand's log starts afresh.
    rng = random.Random(1)
    while t.game.hand_number == 0:
        run_bots(t)
        turn = t.game.to_act
        if turn is None:
            t.next_hand(ANN)
            t.next_hand(BOB)
            t.deal()
        else:
            who = ANN if turn.seat == 0 else BOB
            t.act(who, rng.choice(t.game.view(turn.seat).legal))
    assert [m for m in bob.messages if m["type"] == "view"][-1]["played_for"] == []
    assert not t.bot_plays(0) or t.game.to_act is None or t.game.to_act.seat != 0


def test_three_turns_timed_out_running_make_the_player_away_until_a_key():
    clock = Clock()
    t = clocked(clock, 10.0)
    ann = Inbox()
    t.take(ANN, ann)
    t.start(ANN)
    for _ in range(AWAY_AFTER):
        to_ann(t)
        clock.now += 10.0
        assert t.clock_ran_out()
        t.bot_step()
    assert t.seats[0].timeouts == AWAY_AFTER
    assert t.bot_plays(0) and t.names()[0] == "Ann (away, bot)"
    assert [m for m in ann.messages if m["type"] == "view"][-1]["away"] is True
    assert t.move_clock.left(t) is None  # an away player's turns are not timed
    t.here(ANN)  # a key pressed
    assert t.seats[0].timeouts == 0 and t.names()[0] == "Ann"


def test_a_move_made_in_time_resets_the_count_and_no_clock_means_no_end():
    clock = Clock()
    t = clocked(clock, 10.0)
    t.take(ANN, Inbox())
    t.start(ANN)
    to_ann(t)
    clock.now += 10.0
    assert t.clock_ran_out()
    t.bot_step()
    to_ann(t)
    t.act(ANN, t.game.legal_actions()[0])
    assert t.seats[0].timeouts == 0
    off = clocked(clock, 0.0)
    off.take(ANN, Inbox())
    off.start(ANN)
    to_ann(off)
    clock.now += 10_000
    assert not off.clock_ran_out() and not off.bot_plays(0)


def test_a_player_who_drops_is_shown_away_at_once():
    clock = Clock()
    t = clocked(clock)
    bob = Inbox()
    t.take(ANN, Inbox())
    t.take(BOB, bob, seat=2)
    t.drop(ANN)
    assert bob.messages[-1]["type"] == "gathering"
    assert bob.messages[-1]["seats"][0]["connected"] is False
    t.start(BOB)  # the opener is away: Bob may not start the first game
    assert t.gathers_now()


def test_the_next_hand_waits_for_no_player_who_is_away_unless_all_are():
    """At a hand's summary the table deals once every player has seen it; a player away
    after running out of time is not waited for (their partner would wait the summary's
    whole minute every hand), unless every player is away."""
    clock = Clock()
    t = clocked(clock, 10.0)
    t.take(ANN, Inbox())
    t.take(BOB, Inbox(), seat=2)
    t.start(ANN)
    t.seats[2].timeouts = AWAY_AFTER  # Bob ran out of time three turns running
    rng = random.Random(3)
    while t.game.to_act is not None:
        run_bots(t)
        turn = t.game.to_act
        if turn is not None and not t.bot_plays(turn.seat):
            t.act(ANN, rng.choice(t.game.view(turn.seat).legal))
    assert t.deal_due() > 0  # Ann has not seen the summary yet
    t.next_hand(ANN)
    assert t.deal_due() == 0.0  # Bob, away, is not waited for
    t.seats[0].timeouts = AWAY_AFTER
    t.ready.clear()
    assert t.deal_due() > 0  # both away: the table waits, as for anyone


def test_what_everyone_is_told_of_a_turn_run_out_fits_a_line_at_80_columns():
    """The longest name a table shows (twelve letters and a guest's mark) and the words of
    a turn run out, and of the third running, fit the message line (78 columns)."""
    clock = Clock()
    t = clocked(clock, 10.0)
    name = "B" * NAME_LIMIT + "?"
    inbox = Inbox()
    t.take(guest(name), inbox)
    t.start(guest(name))
    for _ in range(AWAY_AFTER):
        to_ann(t)
        clock.now += 10.0
        assert t.clock_ran_out()
        t.bot_step()
    told = [m["text"] for m in inbox.messages if m["type"] == "timed-out"]
    assert len(told) == AWAY_AFTER and told[0].startswith(name)
    assert "until they press a key" in told[-1]
    assert max(map(len, told)) <= 78
