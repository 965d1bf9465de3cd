"""The record a shared table sends for the hand review: to its seated players, once a hand is
over and only then, without the seed; never to a spectator.  What a client is sent is
checked before it is reviewed."""

from __future__ import annotations

import copy
import json
import random

from moon42.app.play.review_subject import MAX_ACTIONS, from_message, human_seat
from moon42.app.play.table import Table
from moon42.app.play.view_codec import decode
from moon42.rules import Phase

from .test_spectators import SAM, play_game
from .test_tables import Clock, Inbox, key

ANN = key("Ann")


def _table(game: str) -> Table:
    return Table(1, game, seed=5, pace=0, clock=Clock(), codes=lambda: "123456")


def test_only_seated_players_get_the_record_and_only_once_the_hand_is_over():
    for game in ("texas42", "moon3"):
        t = _table(game)
        spectator = Inbox()
        t.watch(SAM, spectator, seat=1)
        rng = random.Random(3)
        play_game(t, ANN, t.game.seats, rng, hands=2)
        ann = t.seats[0].send
        views = [m for m in ann.messages if m["type"] == "view"]
        over = [m for m in views if decode(m["view"]).phase in (Phase.HAND_OVER,
                                                                 Phase.GAME_OVER)]
        assert over and len(over) < len(views)
        sent = [m for m in views if "record" in m]
        # Once for each hand over, in the first view after it ended.
        assert len(sent) == len({decode(m["view"]).hand_number for m in over})
        for message in sent:
            assert decode(message["view"]).phase in (Phase.HAND_OVER, Phase.GAME_OVER)
            record = message["record"]
            assert "seed" not in record
            assert len(record["hands"]) == decode(message["view"]).hand_number + 1
        assert spectator.messages and all("record" not in m for m in spectator.messages)
        # The record sent is a record of the game so far: its last hand is reviewable.
        subject = from_message(json.loads(json.dumps(over[0]["record"])), 0)
        assert subject is not None and subject.hand == len(over[0]["record"]["hands"]) - 1
        assert subject.mine and subject.whose == "your"


def test_what_a_client_is_sent_is_checked():
    t = _table("texas42")
    t.take(ANN, Inbox(), seat=0)
    play_game(t, ANN, 4, random.Random(1), hands=1)
    sent = next(m["record"] for m in reversed(t.seats[0].send.messages) if "record" in m)
    assert from_message(sent, 0) is not None
    assert from_message(sent, None) is None  # a spectator's flow has no seat
    assert from_message(sent, 4) is None  # no such seat
    for junk in (None, [], "x", {"hands": []}, {"hands": "x"}, {"hands": [1]}):
        assert from_message(junk, 0) is None
    long = copy.deepcopy(sent)
    long["hands"][-1]["actions"] = [{"seat": 0, "bid": "pass"}] * (MAX_ACTIONS + 1)
    assert from_message(long, 0) is None
    broken = copy.deepcopy(sent)
    broken["hands"][-1]["deal"] = broken["hands"][-1]["deal"][:2]
    assert from_message(broken, 0) is None


def test_the_reviewed_seat_of_a_record_is_the_one_named_you():
    assert human_seat(["Ann", "You", "Bob"]) == 1
    assert human_seat(["Ann", "Bob"]) == 0
    assert human_seat(None) == 0


def test_the_record_is_sent_once_a_hand_and_again_to_a_player_back_at_the_table():
    t = _table("texas42")
    rng = random.Random(2)
    first = Inbox()
    t.take(ANN, first, seat=0)
    while t.game.phase is not Phase.HAND_OVER:
        if t.bot_step() is None:
            t.act(ANN, rng.choice(t.game.view(0).legal))
    assert sum("record" in m for m in first.messages) == 1
    views = len(first.messages)
    t.take(key("Bob"), Inbox(), seat=1)  # views sent to all again while the hand is over
    assert len(first.messages) > views
    assert sum("record" in m for m in first.messages) == 1
    # The same player's new connection (signed in again) is sent the record afresh.
    t.drop(ANN, first)
    again = Inbox()
    t.take(ANN, again, seat=0)
    sent = [m["record"] for m in again.messages if "record" in m]
    assert len(sent) == 1 and len(sent[0]["hands"]) == 1
    assert from_message(sent[0], 0) is not None
