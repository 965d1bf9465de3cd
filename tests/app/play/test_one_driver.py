"""A table is the one thing that plays a game: whole games of all three games, a game of
one's own (a ``LocalTable`` reached in this process) and a server's shared table alike, at
engine speed and with no terminal.  The players here are plain functions that answer the
table's messages as the app's screens would."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from moon42.app.play.config import GameConfig
from moon42.app.play.local import LocalConnection, LocalTable
from moon42.app.play.seats import Sitter
from moon42.app.play.table import Table
from moon42.app.play.view_codec import decode
from moon42.rules import Game, Phase
from moon42.rules.events import Event, HandDealt, TilePlayed
from moon42.rules.record import game_from_record, game_to_record
from moon42.rules.views import SeatView

GAMES = ("moon3", "moon4", "texas42")
DEADLINE = 120.0  # seconds a whole game may take on a busy machine (it takes well under one)


class Player:
    """One seat's end of a table: keeps every view, picks a move when it is its turn (the
    first legal one, or a seeded random one), and says it has seen each hand's summary."""

    def __init__(self, seed: int = 0) -> None:
        self.views: list[SeatView] = []
        self.events: list[Event] = []
        self.choose = random.Random(seed).choice
        self.act: Callable[[object], None] = lambda action: None
        self.seen: Callable[[], None] = lambda: None
        self.summed_up = -1

    def receive(self, message: dict) -> None:
        if message["type"] != "view":
            return
        view = decode(message["view"])
        self.views.append(view)
        self.events += decode(message["events"])
        loop = asyncio.get_running_loop()
        # Answered from the loop, as an app does: not from inside the table's own call.
        if view.phase is Phase.HAND_OVER and self.summed_up != view.hand_number:
            self.summed_up = view.hand_number
            loop.call_soon(self.seen)
        elif view.my_turn and view.phase is not Phase.GAME_OVER:
            loop.call_soon(self._move, view)

    def _move(self, view: SeatView) -> None:
        if self.views[-1] is view:  # still the table as it stands
            self.act(self.choose(list(view.legal)))


async def until_over(table: Table) -> None:
    task = asyncio.create_task(table.run())
    try:
        async with asyncio.timeout(DEADLINE):
            while table.game.phase is not Phase.GAME_OVER:
                await asyncio.sleep(0.005)
    finally:
        table.close()
        await asyncio.wait_for(task, DEADLINE)


def local_game(game: str, seed: int, watch: bool) -> tuple[LocalTable, Player, list]:
    config = GameConfig(game=game, seed=seed, pace=0.0, watch=watch,
                        bots=("basic",) * 4, options={"target": 1} if game != "moon3" else {})
    table = LocalTable(config)
    heard: list[list[Event]] = []
    table.listeners.append(lambda followed, events: heard.append(events))
    player = Player(seed)
    connection = LocalConnection(table, player.receive)
    player.act, player.seen = connection.act, connection.next_hand
    connection.sit_down()
    return table, player, heard


def same_game_again(game: Game) -> Game:
    """The game as its record gives it back: every action legal, in order."""
    return game_from_record(game_to_record(game))


@pytest.mark.parametrize("game", GAMES)
async def test_a_game_of_ones_own_is_played_to_its_end_by_its_table(game: str) -> None:
    table, player, heard = local_game(game, seed=11, watch=False)
    await until_over(table)
    assert table.game.phase is Phase.GAME_OVER
    assert game_to_record(same_game_again(table.game)) == game_to_record(table.game)
    # The player moved for seat 0, the bots for the others, and seat 0 saw only its tiles.
    assert any(view.my_turn for view in player.views)
    assert {view.seat for view in player.views} == {0}
    # Whatever followed the game heard every event the player was told of, in order.
    assert [e for events in heard for e in events] == player.events
    # Every hand after the first was dealt by the table (the first came with the game).
    assert sum(isinstance(e, HandDealt) for e in player.events) == len(table.game.results) - 1


@pytest.mark.parametrize("game", GAMES)
async def test_a_watched_game_is_played_by_bots_in_every_seat(game: str) -> None:
    table, player, _ = local_game(game, seed=5, watch=True)
    tried: list[object] = []
    player.act = tried.append  # the watcher never moves: a bot plays seat 0 too
    await until_over(table)
    assert table.game.phase is Phase.GAME_OVER and table.human is None
    assert table.bot_plays(0)
    assert {view.seat for view in player.views} == {0}
    assert any(view.my_turn for view in player.views) and tried  # seat 0 had turns...
    assert any(isinstance(e, TilePlayed) and e.seat == 0 for e in player.events)  # ...its bot's


async def test_the_same_seed_and_moves_give_the_same_game() -> None:
    records = []
    for _ in range(2):
        table, _, _ = local_game("texas42", seed=23, watch=False)
        await until_over(table)
        records.append(game_to_record(table.game))
    assert records[0] == records[1]


@pytest.mark.parametrize("game", GAMES)
async def test_a_shared_table_plays_a_whole_game_for_two_players_and_bots(game: str) -> None:
    table = Table(1, game, options={"target": 1} if game != "moon3" else {}, seed=3, pace=0,
                  summary_wait=None)
    players = {}
    for seat, name in enumerate(("Ann", "Bob")):
        who = Sitter(player=f"key-{name}", name=name, session=f"s-{name}", by_key=True)
        player = Player(seat)
        player.act = lambda action, who=who: table.act(who, action)
        player.seen = lambda who=who: table.next_hand(who)
        table.take(who, player.receive, seat=seat)
        players[seat] = player
    await until_over(table)
    assert table.game.phase is Phase.GAME_OVER
    assert game_to_record(same_game_again(table.game)) == game_to_record(table.game)
    for seat, player in players.items():
        assert {view.seat for view in player.views} == {seat}
        assert any(view.my_turn for view in player.views)


async def test_undo_at_a_local_table_takes_the_players_move_and_the_bots_answers_back() -> None:
    config = GameConfig(game="moon3", seed=8, pace=0.0, bots=("basic",) * 4)
    table = LocalTable(config)
    player = Player()
    connection = LocalConnection(table, player.receive)
    connection.sit_down()
    task = asyncio.create_task(table.run())
    try:
        async with asyncio.timeout(DEADLINE):
            while table.waiting != "human":
                await asyncio.sleep(0.005)
            before = game_to_record(table.game)
            connection.act(list(table.game.view(0).legal)[0])
            while table.waiting != "human":  # the bots have answered
                await asyncio.sleep(0.005)
            assert game_to_record(table.game) != before
            note = connection.undo()
            assert note.startswith("Took back") and table.undo_used
            assert game_to_record(table.game) == before and table.waiting == "human"
            # The player was sent the game as it stands again, with no events.
            assert player.views[-1].my_turn and table.game.view(0).hand == player.views[-1].hand
    finally:
        table.close()
        await asyncio.wait_for(task, DEADLINE)


async def test_a_move_made_as_another_seat_changes_nothing_and_says_why() -> None:
    config = GameConfig(game="texas42", seed=4, pace=0.0, bots=("basic",) * 4)
    table = LocalTable(config)
    said: list[dict] = []
    connection = LocalConnection(table, said.append)
    connection.sit_down()
    task = asyncio.create_task(table.run())
    try:
        async with asyncio.timeout(DEADLINE):
            while table.waiting != "human":
                await asyncio.sleep(0.005)
            before = game_to_record(table.game)
            view = table.game.view(0)
            wrong = replace(view.legal[0], seat=1)  # a move made as another seat
            connection.act(wrong)
            assert game_to_record(table.game) == before and view.my_turn
            assert said[-1]["type"] == "error" and "not your turn" in said[-1]["message"]
    finally:
        table.close()
        await asyncio.wait_for(task, DEADLINE)
