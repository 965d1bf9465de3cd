"""A club match's table on a player's screen: a deal that ends the game is only the deal's
end, each comparison is shown and read (``match-next``), the next deal comes back to the
table, and the result's Enter leaves the match's table."""

from __future__ import annotations

import random
from typing import Any

from moon42.app.play.view_codec import encode
from moon42.app.tui.app import Moon42App
from moon42.app.tui.remote_flow import RemoteFlow
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.match_result import RESULT_HOLD, MatchScreen
from moon42.rules import Game, Phase
from moon42.rules.duplicate import deal_game, match_deal

from .helpers import screen_text, wait_for


def _played(seed: int) -> Game:
    """A match's deal of Moon for three played out by random legal moves."""
    options = Game.new("moon3", seed=seed).options
    game = deal_game(options, match_deal(options, seed, 0), seed)
    rng = random.Random(seed)
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        turn = game.to_act
        assert turn is not None
        game.apply(rng.choice(game.view(turn.seat).legal))
    return game


def _view(game: Game) -> dict[str, Any]:
    return {"type": "view", "table": 3, "seat": 0, "view": encode(game.view(0)),
            "events": encode([]), "pace": 1.0, "match": "A"}


async def test_each_comparison_is_read_before_the_next_deal_and_the_result_leaves(
        tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MOON42_DATA_DIR", str(tmp_path))
    sent: list[dict[str, Any]] = []
    left: list[bool] = []
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = RemoteFlow(app, app.glyphs, sent.append, lambda: left.append(True),
                          table_number=3)
        app.push_screen(flow.table)
        await pilot.pause()
        over = _played(5)
        over.phase = Phase.GAME_OVER  # a deal that reached the target ends only the deal
        flow.receive(_view(over))
        await pilot.pause()
        assert not isinstance(app.screen, GameOverScreen)
        assert flow.in_match
        flow.receive({"type": "match-deal", "title": "Moon for 3 match: deal 1 of 2",
                      "last": False, "deal": 1, "deals": 2,
                      "lines": ["Deal 1", "x" * 5000] + ["more"] * 400})
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen), "the comparison")
        screen = app.screen
        assert isinstance(screen, MatchScreen) and len(screen.lines) == 200
        assert max(len(line) for line in screen.lines) <= 300  # what the server says is cut
        await pilot.pause()
        assert "deal 1 of 2" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: {"op": "match-next"} in sent, "read")
        assert app.screen is flow.table
        # The next deal: a new game of one hand, at the table again.
        fresh = Game.new("moon3", seed=6)
        flow.receive(_view(fresh))
        await pilot.pause()
        assert app.screen is flow.table and flow._summed_up == -1
        flow.receive({"type": "match-deal", "title": "Moon for 3 match: the result",
                      "last": True, "deal": 2, "deals": 2, "lines": ["Total over 2 deals"]})
        await wait_for(pilot, lambda: isinstance(app.screen, MatchScreen), "the result")
        sent.clear()
        await pilot.press("enter")  # at once, as a key held through the deals: not skipped
        assert isinstance(app.screen, MatchScreen) and not left
        await pilot.pause(RESULT_HOLD)
        await pilot.press("enter")
        await wait_for(pilot, lambda: left, "back to the tables")
        assert sent == [{"op": "match-next"}, {"op": "leave"}]
