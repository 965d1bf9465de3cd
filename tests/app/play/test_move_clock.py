"""The move clock: a connected player's turn that runs past it is played for them, everyone
is told, the last seconds are counted down, and three in a row make the player away."""

from __future__ import annotations

import random

from moon42.app.play.move_clock import AWAY_AFTER
from moon42.app.play.table import Table

from .test_tables import ANN, BOB, Clock, Inbox, run_bots


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
