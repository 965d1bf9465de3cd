"""The game's end at a shared table: another game at the same seats (n), the game's record
replayed (r) from the player's records, back to the tables (l)."""

from __future__ import annotations

import json
import random
from typing import Any

from textual.widgets import Footer, Static

from moon42.app.play.view_codec import encode
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.game_over import GameOverScreen
from moon42.app.tui.screens.gathering import GatheringScreen
from moon42.app.tui.screens.replay import ReplayScreen
from moon42.rules import Game, Phase
from moon42.rules.record import game_to_record

from .helpers import at_a_shared_table, wait_for


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


async def test_the_shared_game_over_offers_another_game_and_its_record(tmp_path,
                                                                         monkeypatch) -> None:
    monkeypatch.setenv("MOON42_DATA_DIR", str(tmp_path))
    game = _game_over()
    (tmp_path / "records").mkdir()
    name = "moon3-20261206-050000-table12-ann-Bot_B-Bot_C.json"
    (tmp_path / "records" / name).write_text(json.dumps(game_to_record(game)))
    sent: list[dict[str, Any]] = []
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, sent.append)
        flow.receive({"type": "view", "table": 12, "seat": 0, "view": encode(game.view(0)),
                      "events": encode([]), "pace": 1.0})
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), "the end")
        over = app.screen
        await pilot.pause()
        prompt = str(over.query_one("#over-prompt", Static).render())
        assert prompt.startswith("n: play again at this table, r: replay this game")
        keys = _footer_keys(over)
        for shown in ("Play again here", "Replay", "Deal again", "Tables"):
            assert shown in keys, keys
        await pilot.press("r")  # no record told yet: nothing opens
        assert app.screen is over
        flow.receive({"type": "recorded", "table": 12, "file": "../../etc/passwd"})
        assert flow.record_file == ""  # a name that is not a record's is not read
        flow.receive({"type": "recorded", "table": 12, "file": name})
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is over, "back at the end")
        offer = {"type": "gathering", "table": 12, "seat": 0, "game": "moon3",
                 "options": {}, "seats": [{"name": "ann", "human": True, "connected": True,
                                           "ready": False}] + [
                     {"name": f"Bot {c}", "human": False, "connected": False,
                      "ready": False} for c in "BC"],
                 "opener": 0, "level": "novice", "private": False, "code": "",
                 "invited": [], "again": True, "games": 1, "hush": False}
        flow.receive(offer)
        assert app.screen is over  # the offer waits for n
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, GatheringScreen), "gathering")
        assert sent[-1] == {"op": "start"}
        assert "again" in str(app.screen.query_one("#gather-title", Static).render())
        flow.receive({"type": "view", "table": 12, "seat": 0,
                      "view": encode(Game.new("moon3", seed=12).view(0)),
                      "events": encode([]), "pace": 1.0})
        await wait_for(pilot, lambda: app.screen is flow.table, "the new game")


async def test_a_spectator_at_the_end_is_brought_back_to_the_table_for_the_next_game() -> None:
    game = _game_over()
    sent: list[dict[str, Any]] = []
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, sent.append, watching=True)
        flow.receive({"type": "view", "table": 12, "seat": 0, "watching": True,
                      "view": encode(game.view(0)), "events": encode([]), "pace": 1.0})
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), "the end")
        await pilot.press("n", "r")  # neither is a spectator's
        assert isinstance(app.screen, GameOverScreen) and sent == []
        flow.receive({"type": "view", "table": 12, "seat": 0, "watching": True,
                      "view": encode(Game.new("moon3", seed=12).view(0)),
                      "events": encode([]), "pace": 1.0})
        await wait_for(pilot, lambda: app.screen is flow.table, "the next game")
