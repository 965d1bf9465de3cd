"""A duplicate match over the tables' socket: its requests checked, two players' apps at
its two tables, every comparison read with ``match-next``, and the record written."""

from __future__ import annotations

import asyncio

from moon42.app.play.connection import TableClient
from moon42.app.play.match_record import load_match
from moon42.app.play.stats.table_records import TableRecords
from moon42.app.play.view_codec import decode, encode
from moon42.app.server.accounts.identity import Identity
from moon42.app.server.tables.hub import Tables
from moon42.app.server.tables.protocol import TableServer

from .test_table_protocol import PATIENCE, until


async def play_match(client: TableClient) -> list[dict]:
    """Answer every turn with the first legal move, and read every comparison."""
    said = []
    while True:
        message = await asyncio.wait_for(client.receive(), PATIENCE)
        assert message is not None, "the server hung up"
        if message["type"] == "match-deal":
            said.append(message)
            await client.send({"op": "match-next"})
            if message["last"]:
                return said
        elif message["type"] == "view":
            assert message["match"] in ("A", "B")
            view = decode(message["view"])
            if view.my_turn:
                await client.send({"op": "act", "action": encode(view.legal[0])})


def test_two_apps_play_a_match_at_its_two_tables_and_each_gets_its_record(tmp_path):
    async def main():
        for label in ("key-ann", "key-bob"):
            (tmp_path / "players" / label / "data").mkdir(parents=True)
        tables = Tables(pace=0, summary_wait=30, records=TableRecords(tmp_path))
        server = TableServer(tmp_path / "tables.sock", tables)
        server.admit("ann-token", Identity("key-ann", "Ann", by_key=True))
        server.admit("bob-token", Identity("key-bob", "Bob", by_key=True))
        await server.start()
        try:
            ann = await TableClient.connect(tmp_path / "tables.sock", "ann-token")
            bob = await TableClient.connect(tmp_path / "tables.sock", "bob-token")
            await until(ann, "hello")
            await until(bob, "hello")
            # Requests out of range or of the wrong type open nothing.
            for bad in ({"match": "yes"}, {"match": True, "deals": 99},
                        {"match": True, "deals": "2"}, {"match": True, "seed": -1}):
                await ann.send({"op": "open", "game": "moon4", "options": {}, **bad})
                assert (await until(ann, "error"))["message"]
            assert not tables.tables
            await ann.send({"op": "match-next"})
            assert "not at a table" in (await until(ann, "error"))["message"]
            await ann.send({"op": "open", "game": "moon4", "options": {}, "seed": 8,
                            "match": True, "deals": 2})
            gathering = await until(ann, "gathering")  # pushed before the answer
            seated = await until(ann, "seated")
            a, b = gathering["match"]["tables"]
            assert seated["table"] == a and gathering["match"]["table"] == "A"
            await bob.send({"op": "join", "table": b, "seat": 0})
            assert (await until(bob, "gathering"))["match"]["table"] == "B"
            await bob.send({"op": "start"})
            assert "opener" in (await until(bob, "error"))["message"]
            await ann.send({"op": "start"})
            said_ann, said_bob = await asyncio.gather(play_match(ann), play_match(bob))
            assert [m["deal"] for m in said_ann] == [m["deal"] for m in said_bob] == [1, 2]
            assert said_ann[-1]["lines"] == said_bob[-1]["lines"]
            await ann.close()
            await bob.close()
        finally:
            await server.close()

    asyncio.run(main())
    for label, table in (("key-ann", "A"), ("key-bob", "B")):
        found = list((tmp_path / "players" / label / "data" / "records").glob("match-*"))
        assert len(found) == 1
        match = load_match(found[0])
        assert len(match.deals) == 2 and match.seed == 8
        names = match.deals[0][0 if table == "A" else 1].players
        assert names[0] == ("Ann" if table == "A" else "Bob")
