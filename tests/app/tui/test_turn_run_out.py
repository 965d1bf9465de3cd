"""A turn the move clock ran out on is said once on the player's screen, in the chat's
line, where the bot's move that follows does not overwrite it, until the next trick is
over."""

from __future__ import annotations

from moon42.app.play.view_codec import encode
from moon42.app.tui.app import Moon42App
from moon42.rules import Bid, Game, Pass

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


async def test_a_turn_run_out_stops_being_news_once_the_next_trick_is_over() -> None:
    """At 80x24 the chat's one row shows its last line: a turn that ran out in the first
    trick is said there until the second trick is over, then gives way (to the chat's
    invitation here, nothing else having been said)."""
    game = Game.new("texas42", seed=5)

    def view_message(events=()) -> dict:
        return {"type": "view", "table": 12, "seat": 0, "view": encode(game.view(0)),
                "events": encode(list(events)), "pace": 0.0, "clock": None}

    def step() -> list:
        """The first bidder bids, the others pass; then the first legal tile."""
        legal = game.legal_actions()
        if game.to_act.kind == "bid":
            bid = any(entry.value is not None for entry in game.view(0).bids)
            return game.apply(next(a for a in legal if isinstance(a, Pass if bid else Bid)))
        return game.apply(legal[0])

    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, lambda message: None)
        flow.receive(view_message())
        await wait_for(pilot, lambda: "Hand 1" in screen_text(app), "the table")
        while not game.view(0).current_trick:  # the auction, and the first lead
            flow.receive(view_message(step()))
        said = "ann took too long: played for them."
        for _ in range(2):  # two turns run out running: both go
            flow.receive({"type": "timed-out", "table": 12, "seat": game.to_act.seat,
                          "name": "ann", "away": False, "text": said})
            await wait_for(pilot, lambda: said in screen_text(app), "the words")
            flow.receive(view_message(step()))
        while len(game.view(0).tricks) < 2:
            assert said in screen_text(app)
            flow.receive(view_message(step()))
            await pilot.pause()
        await wait_for(pilot, lambda: said not in screen_text(app), "the words to go")
        assert "Table chat: / to say something." in screen_text(app)
