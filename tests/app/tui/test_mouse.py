"""A click (or a tap in the browser) does what the keys do: a bid or a trump clicked is made,
a tile clicked is played, and a click out of turn is refused as a key would be."""

from __future__ import annotations

import pytest

from moon42.app.tui.widgets.choices import ChoiceBar
from moon42.app.tui.widgets.hand import HandView
from moon42.rules import Bid, NameTrump

from .helpers import PLAIN_BOT, new_app, new_bot_or_plain, screen_text, settle, wait_for


@pytest.fixture(autouse=True)
def plain_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)


def _spot(width: int, height: int, find) -> tuple[int, int]:
    """A cell of the widget where ``find(x, y)`` holds."""
    for y in range(height):
        for x in range(width):
            if find(x, y):
                return x, y
    raise AssertionError("nothing drawn there")


async def _click_choice(pilot, index: int) -> None:
    bar = pilot.app.screen.query_one("#choices", ChoiceBar)
    await wait_for(pilot, lambda: bar.size.width and len(bar.choices) > index,
                   "the choices to show")
    x, y = _spot(bar.size.width, bar.size.height, lambda x, y: bar.choice_at(x, y) == index)
    await pilot.click(bar, offset=(x, y))


async def _click_tile(pilot, index: int) -> None:
    hand = pilot.app.screen.query_one("#hand", HandView)
    x, y = _spot(hand.size.width, hand.size.height, lambda x, y: hand.tile_at(x, y) == index)
    await pilot.click(hand, offset=(x, y))


async def test_a_bid_a_trump_and_a_tile_are_chosen_by_clicks() -> None:
    app = new_app("texas42", seed=3, bots=(PLAIN_BOT,) * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.flow.game
        assert game.to_act.seat == 0 and game.to_act.kind == "bid"
        offers = app.screen.offers
        bid = max((i for i, a in enumerate(offers) if isinstance(a, Bid)),
                  key=lambda i: offers[i].value)
        await _click_choice(pilot, bid)
        await wait_for(pilot, lambda: any(entry.seat == 0 and entry.value == offers[bid].value
                                          for entry in app.flow.game.view(0).bids),
                       "the clicked bid to be made")
        await wait_for(pilot, lambda: app.flow.waiting == "human"
                       and app.flow.game.to_act.kind == "trump", "seat 0 to name trump")
        trumps = app.screen.offers
        await _click_choice(pilot, 0)
        await wait_for(pilot, lambda: app.flow.game.view(0).trump == trumps[0].trump,
                       "the clicked trump to be named")
        assert isinstance(trumps[0], NameTrump)
        await wait_for(pilot, lambda: app.flow.waiting == "human"
                       and app.flow.game.to_act.kind == "play", "seat 0 to lead")
        hand = app.screen.query_one("#hand", HandView)
        assert hand.legal is not None
        index = next(i for i, tile in enumerate(hand.tiles) if tile in hand.legal)
        tile = hand.tiles[index]
        await _click_tile(pilot, index)
        await wait_for(pilot, lambda: tile not in app.flow.game.view(0).hand,
                       "the clicked tile to be played")


async def test_a_tile_clicked_out_of_turn_is_refused() -> None:
    app = new_app("texas42", seed=3, bots=(PLAIN_BOT,) * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.view = app.flow.game.view(1)  # as if it were another seat's turn
        await _click_tile(pilot, 0)
        await wait_for(pilot, lambda: "Refused: Wait" in screen_text(app), "the refusal")
