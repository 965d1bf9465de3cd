"""Spectators at a shared table: they see the game played and never a tile of a hand.

The concealment property is checked on the bytes a spectator is sent, exactly as the
socket writes them, at the moment they are sent: whatever game, seed or seat they watch
from, over whole games, no tile that some seat holds (or the widow, or the discard) is
in them.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from moon42.app.play.seats import Sitter, TableError
from moon42.app.play.table import Table
from moon42.app.play.view_codec import decode, encode
from moon42.app.tui.widgets.hand_log import log_lines
from moon42.rules import Phase, Tile

from .test_tables import Clock, Inbox, guest, key

ANN = key("Ann")
SAM = guest("Sam")  # a spectator


def table(game: str = "moon3", seed: int = 7, **options: Any) -> Table:
    return Table(1, game, seed=seed, pace=0, clock=Clock(), codes=lambda: "123456",
                 options=options.pop("rules", None), **options)


def concealed(t: Table) -> set[Tile]:
    """The tiles nobody but their holder may know now: every hand, the discard, and the
    widow's tiles not yet played (a bidder's view goes on listing the widow it took)."""
    hidden: set[Tile] = set()
    for seat in range(t.game.seats):
        view = t.game.view(seat)
        hidden |= set(view.hand)
        if view.discard is not None:
            hidden.add(view.discard)
    if t.game.log:
        hidden |= set(t.game.log[-1].widow) - set(t.game.view(0).played)
    return hidden


def tiles_in(data: Any, hand: int) -> set[Tile]:
    """Every tile written in ``data`` (a message read back from its bytes), leaving out the
    results of hands before ``hand``: those are the record of tricks played in a finished
    hand, public since, while the same tiles have been dealt again."""
    found: set[Tile] = set()
    if isinstance(data, list):
        for item in data:
            found |= tiles_in(item, hand)
    elif isinstance(data, dict):
        if data.get("$") == "Tile":
            found.add(Tile(data["v"]))
        elif not (data.get("$") == "HandResult" and data["hand"] < hand):
            for value in data.values():
                found |= tiles_in(value, hand)
    return found


class Watcher:
    """A spectator's connection that checks every message as it is written."""

    def __init__(self, t: Table) -> None:
        self.table = t
        self.views = 0
        self.messages: list[dict] = []

    def __call__(self, message: dict) -> None:
        # The bytes the socket carries (protocol.py writes compact JSON lines).
        sent = json.loads(json.dumps(message, separators=(",", ":")).encode())
        self.messages.append(sent)
        if sent["type"] != "view":
            return
        self.views += 1
        view = decode(sent["view"])
        assert view.hand == () and view.widow == () and view.discard is None
        assert view.legal == ()
        leaked = tiles_in(sent, self.table.game.hand_number) & concealed(self.table)
        assert not leaked, f"{leaked} sent to a spectator in {sent}"


def play_game(t: Table, player: Sitter, seats: int, rng: random.Random, hands: int) -> None:
    """A player at seat 0 plays random legal moves, the bots the rest, for ``hands``
    hands (or the whole game); the summaries are seen at once."""
    t.take(player, Inbox(), seat=0)
    for _ in range(hands):
        for _ in range(400):
            if t.bot_step() is not None:
                continue
            turn = t.game.to_act
            if turn is None:
                break
            t.act(player, rng.choice(t.game.view(0).legal))
        if t.game.phase is Phase.GAME_OVER:
            return
        t.next_hand(player)
        assert t.deal_due() == 0
        t.deal()


@pytest.mark.parametrize("game,rules", [("moon3", {}), ("moon4", {}),
                                        ("texas42", {"nello": True, "plunge": True})])
def test_a_spectator_is_never_sent_a_concealed_tile(game, rules):
    rng = random.Random(game)
    for seed in range(4):
        t = table(game, seed=seed, rules=rules)
        watcher = Watcher(t)
        t.watch(SAM, watcher, seat=rng.randrange(t.game.seats))
        play_game(t, ANN, t.game.seats, rng, hands=6)
        assert watcher.views > 10
        played = {tile for m in watcher.messages if m["type"] == "view"
                  for tile in decode(m["view"]).played}
        assert len(played) >= 14  # the spectator did see the tiles as they were played


def test_a_spectator_sees_the_game_as_it_is_played():
    t = table("moon3", seed=3)
    watcher = Watcher(t)
    t.take(ANN, Inbox(), seat=0)
    t.watch(SAM, watcher, seat=1)
    play_game(t, ANN, 3, random.Random(1), hands=1)
    views = [decode(m["view"]) for m in watcher.messages if m["type"] == "view"]
    last = views[-1]
    assert last.seat == 1 and last.players[0] == "Ann"
    assert any(v.bids for v in views) and any(v.trump is not None for v in views)
    assert any(v.current_trick for v in views) and last.results  # tricks, then the score
    assert all(m.get("watching") is True for m in watcher.messages if m["type"] == "view")
    assert t.summary()["spectators"] == 1


def test_the_hand_of_one_seat_after_the_hand_only_where_the_table_allows_it():
    for reveal in (False, True):
        t = table("moon3", seed=5, reveal=reveal)
        seen: list[dict] = []
        t.watch(SAM, seen.append, seat=2)
        play_game(t, ANN, 3, random.Random(2), hands=1)
        during = [m for m in seen if m["type"] == "view"
                  and decode(m["view"]).phase not in (Phase.HAND_OVER, Phase.GAME_OVER)]
        assert during and all(m["revealed"] is None for m in during)
        after = [m for m in seen if m["type"] == "view" and m not in during]
        if not reveal:
            assert all(m["revealed"] is None for m in after)
            continue
        shown = next(m["revealed"] for m in after if m["revealed"] is not None)
        assert shown["seat"] == 2
        assert set(decode(shown["tiles"])) == set(t.game.log[0].deal[2])
        # Turning to another seat shows no second hand: one seat a hand.
        if t.game.phase is Phase.HAND_OVER:
            t.turn_to(SAM, 0)
            assert seen[-1]["revealed"]["seat"] == 2


def test_spectators_count_toward_the_tables_limit_and_leave_when_they_like():
    t = table("moon3", max_spectators=2)
    t.take(ANN, Inbox())
    t.watch(guest("Sam"), Inbox())
    t.watch(guest("Tom"), Inbox())
    with pytest.raises(TableError, match="as many spectators as it takes"):
        t.watch(guest("Uma"), Inbox())
    with pytest.raises(TableError, match="you sit at table 1"):
        t.watch(ANN, Inbox())
    t.unwatch(guest("Sam"))
    t.watch(guest("Uma"), Inbox())
    assert t.summary()["spectators"] == 2


def test_a_spectator_takes_an_empty_seat_and_is_a_spectator_no_more():
    t = table("moon3")
    t.take(ANN, Inbox())
    sam = Inbox()
    t.watch(SAM, sam)
    assert t.take(SAM, sam) == 1
    assert t.spectator_of(SAM) is None
    view = decode(sam.messages[-1]["view"]) if sam.messages[-1]["type"] == "view" else \
        sam.last_view()
    assert len(view.hand) == 7 and sam.last_view().seat == 1  # a player sees their hand


def test_a_closing_table_tells_its_spectators():
    t = table("moon3")
    t.take(ANN, Inbox())
    sam = Inbox()
    t.watch(SAM, sam)
    t.close()
    assert sam.messages[-1] == {"type": "left", "reason": "The table has closed."}
    assert not t.spectators


def test_the_spectator_view_is_encoded_without_private_fields_filled():
    t = table("moon3")
    t.take(ANN, Inbox())
    sam = Inbox()
    t.watch(SAM, sam)
    raw = sam.messages[-1]["view"]
    assert raw["hand"] == [] and raw["widow"] == [] and raw["discard"] is None
    assert encode(decode(raw)) == raw


def test_the_hand_log_of_a_spectator_calls_nobody_you():
    t = table("moon3", seed=3)
    seen: list[dict] = []
    t.watch(SAM, seen.append, seat=0)
    play_game(t, ANN, 3, random.Random(4), hands=1)
    view = [v for v in (decode(m["view"]) for m in seen if m["type"] == "view")
            if v.phase is Phase.HAND_OVER][-1]
    watched = " ".join(line for line, _ in log_lines(view, watching=True))
    assert "You" not in watched and "Ann" in watched
    assert "You" in " ".join(line for line, _ in log_lines(replace(view, hand=(),
                                                                   seat=0)))
