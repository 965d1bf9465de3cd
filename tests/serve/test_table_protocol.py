"""The shared tables' socket: two players' apps at one table over a real Unix socket."""

from __future__ import annotations

import asyncio

from moon42.app.serve.protocol import TableClient, TableServer
from moon42.app.serve.tables import Tables
from moon42.app.serve.view_codec import decode, encode
from moon42.rules import Phase


async def until(client: TableClient, kind: str, test=lambda m: True) -> dict:
    while True:
        message = await asyncio.wait_for(client.receive(), 10)
        assert message is not None, "the server hung up"
        if message["type"] == kind and test(message):
            return message


async def play_until_hand_over(clients: dict[int, TableClient], last: dict[int, dict]):
    """Each player answers their own turns with their first legal move."""
    async def player(seat: int, client: TableClient) -> None:
        while True:
            message = await asyncio.wait_for(client.receive(), 20)
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
        tables = Tables(grace=0.2, pace=0, summary_wait=30)
        server = TableServer(tmp_path / "tables.sock", tables)
        await server.start()
        try:
            ann = await TableClient.connect(tmp_path / "tables.sock", "key-ann", "Ann")
            bob = await TableClient.connect(tmp_path / "tables.sock", "key-bob", "Bob")
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
            await asyncio.sleep(0.1)
            assert not table.bot_plays(1)
            await asyncio.sleep(0.3)
            assert table.bot_plays(1)
            bob = await TableClient.connect(tmp_path / "tables.sock", "key-bob", "Bob")
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
