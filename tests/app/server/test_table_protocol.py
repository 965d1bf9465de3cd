"""The shared tables' socket: two players' apps at one table over a real Unix socket."""

from __future__ import annotations

import asyncio

from moon42.app.play.connection import TableClient
from moon42.app.play.view_codec import decode, encode
from moon42.app.server.accounts.identity import Identity
from moon42.app.server.tables.hub import Tables
from moon42.app.server.tables.protocol import TableServer
from moon42.rules import Phase

PATIENCE = 120.0  # seconds a message may take on a busy machine


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def until(client: TableClient, kind: str, test=lambda m: True) -> dict:
    while True:
        message = await asyncio.wait_for(client.receive(), PATIENCE)
        assert message is not None, "the server hung up"
        if message["type"] == kind and test(message):
            return message


async def play_until_hand_over(clients: dict[int, TableClient], last: dict[int, dict]):
    """Each player answers their own turns with their first legal move."""
    async def player(seat: int, client: TableClient) -> None:
        while True:
            message = await asyncio.wait_for(client.receive(), PATIENCE)
            assert message is not None
            if message["type"] != "view":
                continue
            last[seat] = message
            view = decode(message["view"])
            assert view.seat == seat
            if view.phase is Phase.HAND_OVER:
                return
            if view.my_turn:
                await client.send({"op": "act", "action": encode(view.legal[0])})

    await asyncio.gather(*(player(s, c) for s, c in clients.items()))


def test_two_players_share_a_table_and_a_dropped_seat_is_kept(tmp_path):
    async def main():
        clock = Clock()  # the seats' grace runs on it; the bots' own pace is 0
        tables = Tables(grace=5, pace=0, summary_wait=30, clock=clock)
        server = TableServer(tmp_path / "tables.sock", tables)
        server.admit("ann-token", Identity("key-ann", "Ann", by_key=True))
        server.admit("bob-token", Identity("key-bob", "Bob", by_key=True))
        await server.start()
        try:
            ann = await TableClient.connect(tmp_path / "tables.sock", "ann-token")
            bob = await TableClient.connect(tmp_path / "tables.sock", "bob-token")
            assert (await until(ann, "hello"))["held"] is None
            await until(bob, "hello")
            await ann.send({"op": "open", "game": "moon3", "options": {}, "seed": 5})
            seated = await until(ann, "seated")
            assert seated["seat"] == 0
            await bob.send({"op": "list"})
            listing = (await until(bob, "tables"))["tables"]
            assert [t["game"] for t in listing] == ["moon3"]
            assert [s["human"] for s in listing[0]["seats"]] == [True, False, False]
            await bob.send({"op": "join", "table": seated["table"], "seat": 0})
            assert "taken by Ann" in (await until(bob, "error"))["message"]
            await bob.send({"op": "join", "table": seated["table"]})
            assert (await until(bob, "seated"))["seat"] == 1
            await bob.send({"op": "act", "action": {"$": "Nonsense"}})
            assert "damaged" in (await until(bob, "error"))["message"]

            last: dict[int, dict] = {}
            await play_until_hand_over({0: ann, 1: bob}, last)
            table = tables.get(seated["table"])
            for seat in (0, 1):
                view = decode(last[seat]["view"])
                assert view.players == ("Ann", "Bob", "Bot C")
                assert view.hand == table.game.view(seat).hand

            # Both have seen the summary: the next hand is dealt.
            await ann.send({"op": "next"})
            await bob.send({"op": "next"})
            await until(ann, "view", lambda m: decode(m["view"]).phase is not Phase.HAND_OVER)

            # Bob drops: after the grace a bot plays his seat; he comes back to it.
            await bob.close()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + PATIENCE
            while table.seats[1].send is not None:  # the server notices he has gone
                assert loop.time() < deadline
                await asyncio.sleep(0.05)
            assert not table.bot_plays(1)
            clock.now += 5
            assert table.bot_plays(1)
            server.admit("bob-again", Identity("key-bob", "Bob", by_key=True))
            bob = await TableClient.connect(tmp_path / "tables.sock", "bob-again")
            assert (await until(bob, "hello"))["held"] == seated["table"]
            await bob.send({"op": "join", "table": seated["table"]})
            assert (await until(bob, "seated"))["seat"] == 1
            assert not table.bot_plays(1)
            await bob.send({"op": "leave"})
            await until(bob, "left")
            assert table.bot_plays(1)
            await ann.send({"op": "leave"})
            await until(ann, "left")
            assert tables.tables == {}  # nobody left at the table: it closed
            await ann.close()
            await bob.close()
        finally:
            await server.close()

    asyncio.run(main())


def test_who_an_app_is_comes_from_its_sessions_token(tmp_path):
    async def main():
        tables = Tables(grace=30, pace=1000, codes=lambda: "424242")
        server = TableServer(tmp_path / "tables.sock", tables)
        server.admit("first", Identity("guest-ann", "Ann", by_key=False))
        await server.start()
        try:
            # A token the server never gave (or took back) is nobody.
            stranger = await TableClient.connect(tmp_path / "tables.sock", "made-up")
            assert "not signed in" in (await until(stranger, "error"))["message"]
            await stranger.send({"op": "list"})
            assert "hello first" in (await until(stranger, "error"))["message"]

            ann = await TableClient.connect(tmp_path / "tables.sock", "first")
            await until(ann, "hello")
            await ann.send({"op": "open", "game": "moon3", "options": {}, "seed": 5})
            seated = await until(ann, "seated")
            assert seated["code"] == "424242"  # told to the guest's own session only

            # Ann's session ends; a new session under her name is offered the seat, but
            # takes it only with the code.
            await ann.close()
            server.revoke("first")
            server.admit("second", Identity("guest-ann", "Ann", by_key=False))
            again = await TableClient.connect(tmp_path / "tables.sock", "second")
            hello = await until(again, "hello")
            assert hello["held"] == seated["table"] and hello["code"] is True
            await again.send({"op": "join", "table": seated["table"]})
            refused = await until(again, "error")
            assert refused["code"] is True and "seat code" in refused["message"]
            await again.send({"op": "join", "table": seated["table"], "code": "111111"})
            assert "not the code" in (await until(again, "error"))["message"]
            await again.send({"op": "join", "table": seated["table"], "code": "424242"})
            assert (await until(again, "seated"))["seat"] == 0
            await again.close()
        finally:
            await server.close()

    asyncio.run(main())


def test_closing_the_table_server_hangs_up_on_every_app(tmp_path):
    """The server stops even with apps connected (Python 3.12's servers wait for every
    connection to close), and each app hears the end."""
    async def main():
        tables = Tables(grace=30, pace=1000)
        server = TableServer(tmp_path / "tables.sock", tables)
        server.admit("first", Identity("guest-ann", "Ann", by_key=False))
        await server.start()
        ann = await TableClient.connect(tmp_path / "tables.sock", "first")
        await until(ann, "hello")
        stranger = await TableClient.connect(tmp_path / "tables.sock", "made-up")
        await until(stranger, "error")  # not signed in, and still connected
        await asyncio.wait_for(server.close(), PATIENCE)
        for app in (ann, stranger):
            assert await asyncio.wait_for(app.receive(), PATIENCE) is None
            await app.close()
        assert not (tmp_path / "tables.sock").exists()

    asyncio.run(main())
