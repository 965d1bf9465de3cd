"""A club table's life over the tables' socket: it gathers, seats are picked and a private
table asks for its code, nothing is dealt until the opener starts it, an idle player's
turns are played for them by the move clock, and the game's record lands in each player's
folder with one account in every player's statistics."""

from __future__ import annotations

import asyncio
import json

from moon42.app.play.connection import TableClient
from moon42.app.play.records import APP_MEMBER
from moon42.app.play.stats.report import summarise
from moon42.app.play.stats.store import StatsStore
from moon42.app.play.stats.table_records import TableRecords
from moon42.app.play.stats.table_stats import TableStats
from moon42.app.play.view_codec import decode
from moon42.app.server.accounts.identity import Identity
from moon42.app.server.tables.hub import Tables
from moon42.app.server.tables.protocol import TableServer
from moon42.rules import Phase
from moon42.rules.check import check_document
from moon42.rules.record import parse_record

from .test_table_protocol import until

PATIENCE = 120.0


async def serve(tmp_path, **settings) -> tuple[TableServer, Tables]:
    stats = TableStats(tmp_path)
    tables = Tables(pace=0, stats=stats, records=TableRecords(tmp_path, stats), **settings)
    server = TableServer(tmp_path / "tables.sock", tables)
    for name in ("ann", "bob", "cat"):
        (tmp_path / "players" / f"key-{name}" / "data").mkdir(parents=True)
        server.admit(f"{name}-token", Identity(f"key-{name}", name, by_key=True))
    await server.start()
    return server, tables


async def connect(tmp_path, name: str) -> TableClient:
    client = await TableClient.connect(tmp_path / "tables.sock", f"{name}-token")
    await until(client, "hello")
    return client


def test_a_table_gathers_seats_are_picked_and_nothing_is_dealt_until_it_starts(tmp_path):
    async def main():
        server, tables = await serve(tmp_path)
        try:
            ann, bob, cat = [await connect(tmp_path, n) for n in ("ann", "bob", "cat")]
            await ann.send({"op": "open", "game": "texas42", "options": {}, "seed": 3,
                            "gather": True, "level": "easy"})
            number = (await until(ann, "seated"))["table"]
            await ann.send({"op": "private", "private": True})
            first = await until(ann, "gathering", lambda m: m["private"])
            assert first["opener"] == 0 and first["level"] == "easy" and first["seat"] == 0
            code = first["code"]
            assert len(code) == 6
            await bob.send({"op": "list"})
            listed = (await until(bob, "tables"))["tables"][0]
            assert listed["waiting"] and listed["private"] and listed["level"] == "easy"
            assert listed["free"] == 3 and listed["target"] == 7
            await bob.send({"op": "join", "table": number})
            assert (await until(bob, "error"))["table_code"] is True
            await bob.send({"op": "join", "table": number, "table_code": code, "seat": 2})
            assert (await until(bob, "seated"))["seat"] == 2
            await ann.send({"op": "invite", "name": "cat"})
            await until(ann, "gathering", lambda m: m["invited"] == ["cat"])
            await cat.send({"op": "join", "table": number})
            assert (await until(cat, "seated"))["seat"] == 1
            await cat.send({"op": "seat", "to": 3})  # Cat moves herself to a free seat
            await until(cat, "gathering", lambda m: m["seat"] == 3)
            await cat.send({"op": "seat", "seat": 0, "to": 1})
            assert "opener" in (await until(cat, "error"))["message"]
            for bad in ({"op": "seat", "to": "x"}, {"op": "seat", "to": 99},
                        {"op": "level", "level": ["expert"]}, {"op": "private", "private": 1},
                        {"op": "invite", "name": "x" * 500}):
                await ann.send(bad)
                assert (await until(ann, "error"))["message"]
            await cat.send({"op": "start"})  # not hers to start
            await bob.send({"op": "list"})
            assert (await until(bob, "tables"))["tables"][0]["waiting"]
            table = tables.get(number)
            assert not table.game.log and table.game.to_act is None
            await ann.send({"op": "start"})
            view = await until(bob, "view")
            assert view["seat"] == 2 and len(table.game.log) == 1
            await ann.close()
            await bob.close()
            await cat.close()
        finally:
            await server.close()

    asyncio.run(main())


def test_an_idle_player_has_their_turns_played_and_everyone_gets_the_record(tmp_path):
    async def main():
        # A real clock, short: nobody at the table ever moves.
        server, tables = await serve(tmp_path, move_clock=0.5)
        try:
            ann, bob = await connect(tmp_path, "ann"), await connect(tmp_path, "bob")
            await ann.send({"op": "open", "game": "texas42", "options": {"target": 1},
                            "seed": 11, "gather": True})
            number = (await until(ann, "seated"))["table"]
            await bob.send({"op": "join", "table": number, "seat": 2})
            await until(bob, "seated")
            await ann.send({"op": "start"})
            told = await until(bob, "timed-out")
            assert "took too long" in told["text"]
            timed = await until(ann, "view", lambda m: m["clock"] is not None)
            assert 0 < timed["clock"] <= 0.5

            async def to_the_end(client: TableClient) -> None:
                while True:
                    message = await asyncio.wait_for(client.receive(), PATIENCE)
                    assert message is not None
                    if message["type"] == "gathering" and message["again"]:
                        return
                    if message["type"] == "view" and \
                            decode(message["view"]).phase is Phase.HAND_OVER:
                        await client.send({"op": "next"})

            await asyncio.wait_for(asyncio.gather(to_the_end(ann), to_the_end(bob)), PATIENCE)
            await ann.close()
            await bob.close()
        finally:
            await server.close()
        return number

    number = asyncio.run(main())
    ids = set()
    for name in ("ann", "bob"):
        data = tmp_path / "players" / f"key-{name}" / "data"
        records = list((data / "records").glob(f"texas42-*-table{number}-ann-*bob*.json"))
        assert len(records) == 1, records
        doc = json.loads(records[0].read_text())
        assert check_document(parse_record(doc))[1] is None  # legal, as `moon42 check` says
        assert doc["players"][0] == "ann" and doc["players"][2] == "bob"
        recent = summarise(StatsStore(data / "stats.sqlite3"))["recent"]
        assert recent and recent[0]["id"] == doc[APP_MEMBER]["game_id"]
        ids.add(doc[APP_MEMBER]["game_id"])
    assert len(ids) == 1
