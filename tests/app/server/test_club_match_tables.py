"""A club match opened by the server's tables: two tables with their own tasks, listed
as a match, closed together."""

from __future__ import annotations

import asyncio

from moon42.app.server.tables.hub import Tables
from moon42.rules import Phase

from ..play.test_tables import ANN, Inbox


def test_a_match_of_the_hub_plays_with_the_tables_own_tasks_and_closes_together():
    async def main():
        tables = Tables(pace=0, summary_wait=60)
        a = tables.open_match("texas42", {}, seed=3, deals=2)
        match = a.match
        b = match.tables[1]
        assert [t.number for t in tables.tables.values()] == [a.number, b.number]
        ann = Inbox()
        a.take(ANN, ann)
        a.autoplayed = {0}
        assert tables.listing()[1]["match"]["table"] == "B"
        a.start(ANN)
        deadline = asyncio.get_running_loop().time() + 60
        while not match.over:
            assert asyncio.get_running_loop().time() < deadline
            if match.compared:
                match.seen_by(ANN)  # Ann reads each comparison
            await asyncio.sleep(0.01)
        assert b.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        a.leave(ANN)
        tables.tidy(a)
        assert not tables.tables and a.closed and b.closed
        await tables.close()
        return ann

    ann = asyncio.run(main())
    assert [m["deal"] for m in ann.messages if m["type"] == "match-deal"] == [1, 2]
