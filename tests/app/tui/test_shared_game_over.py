"""The game's end at a shared table offers only the keys that work there: back to the
tables, or quit.  A game of one's own is played again, replayed and dealt again from its
end; a shared table's is not, so those keys are neither shown nor taken."""

from __future__ import annotations

import random
from typing import Any

from textual.widgets import Footer, Static

from moon42.app.play.view_codec import encode
from moon42.app.tui.app import Moon42App
from moon42.app.tui.remote_flow import RemoteFlow
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.rules import Game, Phase

from .helpers import wait_for


def _game_over() -> Game:
    """A game of Moon for three played to its end by random legal moves."""
    game = Game.new("moon3", options={"target": 3}, seed=11)
    rng = random.Random(11)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        turn = game.to_act
        assert turn is not None
        game.apply(rng.choice(game.view(turn.seat).legal))
    return game


def _footer_keys(screen: GameOverScreen) -> str:
    return " ".join(str(key.render()) for key in screen.query_one(Footer).children)


async def test_the_shared_game_over_offers_only_leaving_and_quitting() -> None:
    game = _game_over()
    sent: list[dict[str, Any]] = []
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = RemoteFlow(app, app.glyphs, sent.append, lambda: None, table_number=12)
        app.push_screen(flow.table)
        await pilot.pause()
        flow.receive({"type": "view", "table": 12, "seat": 0, "view": encode(game.view(0)),
                      "events": encode([]), "pace": 1.0})
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), "the end")
        over = app.screen
        await pilot.pause()
        prompt = str(over.query_one("#over-prompt", Static).render())
        assert prompt == "l: back to the shared tables, q: quit"
        keys = _footer_keys(over)
        assert "Back to the tables" in keys
        for gone in ("Play again", "Replay", "Deal again"):
            assert gone not in keys, keys
        await pilot.press("n", "r", "p")  # nothing: the screen stays, nothing is asked
        assert app.screen is over and sent == []
        await pilot.press("enter")
        assert "l goes back to the shared tables" in str(
            over.query_one("#over-prompt", Static).render())
        await pilot.press("l")
        await wait_for(pilot, lambda: sent == [{"op": "leave"}], "leaving the table")
