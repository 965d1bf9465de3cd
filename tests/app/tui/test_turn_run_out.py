"""A turn the move clock ran out on is said once on the player's screen, in the chat's
line, where the bot's move that follows does not overwrite it."""

from __future__ import annotations

from moon42.app.play.view_codec import encode
from moon42.app.tui.app import Moon42App
from moon42.rules import Game

from .helpers import at_a_shared_table, screen_text, wait_for


async def test_a_turn_run_out_is_said_once_and_stays_after_the_next_move() -> None:
    game = Game.new("texas42", seed=5)
    to_act = game.to_act
    assert to_act is not None

    def view_message() -> dict:
        return {"type": "view", "table": 12, "seat": 0, "view": encode(game.view(0)),
                "events": encode([]), "pace": 0.0, "clock": None}

    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, lambda message: None)
        flow.receive(view_message())
        await wait_for(pilot, lambda: "Hand 1" in screen_text(app), "the table")
        said = "ann took too long: played for them."
        flow.receive({"type": "timed-out", "table": 12, "seat": to_act.seat, "name": "ann",
                      "away": False, "text": said})
        await wait_for(pilot, lambda: said in screen_text(app), "the words")
        assert screen_text(app).count(said) == 1
        # The bot's move for them comes next: the words stay.
        events = game.apply(game.legal_actions()[0])
        flow.receive({**view_message(), "events": encode(events)})
        await pilot.pause(0.2)
        assert screen_text(app).count(said) == 1
