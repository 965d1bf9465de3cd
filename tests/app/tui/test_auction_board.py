"""The bidding box's board on a tall table: the auction seat by seat, the hand, the bids
open with their meaning; as many parts as the box has rows for, none cut."""

from __future__ import annotations

import random

import pytest

from moon42.app.tui.text.offers import bid_offers
from moon42.app.tui.widgets.auction_board import board_text
from moon42.rules import Game, Phase, Trump
from moon42.rules.actions import Bid, Pass

from .helpers import new_app, settle


def _bidding_view(game_name: str, seed: int, passes: int = 1, options: dict | None = None):
    game = Game.new(game_name, options=options or {}, seed=seed)
    for _ in range(passes):
        game.apply(Pass(game.to_act.seat))
    return game, game.view(game.to_act.seat)


def test_the_auction_lists_every_seat_in_bidding_order_with_what_it_said() -> None:
    game = Game.new("texas42", seed=3)
    first = game.to_act.seat
    game.apply(Pass(first))
    second = game.to_act.seat
    game.apply(Bid(second, 31))
    view = game.view(game.to_act.seat)
    lines = board_text(view, bid_offers(view), 40, 40).plain.splitlines()
    start = lines.index("The auction")
    rows = lines[start + 1:start + 5]
    names = ["You" if s == view.seat else view.players[s] for s in range(4)]
    assert rows[0].split() == [*names[first].split(), "pass"]
    assert rows[1].split() == [*names[second].split(), "31"]
    assert rows[2].split() == ["You", "to", "bid", "now"]
    assert rows[3].endswith("to bid (dealer)")
    assert f"High bid: 31 by {names[second]}" in lines[start + 5]


def test_the_bids_open_group_a_run_of_alike_bids_and_say_what_each_contracts_to() -> None:
    _, view = _bidding_view("texas42", 3)
    text = board_text(view, bid_offers(view), 40, 40).plain
    assert "30-41   that many points or more" in text
    assert "42      all 42 points" in text
    assert "84 (2 marks)  every trick, 2 marks" in text
    _, moon = _bidding_view("moon3", 5, passes=0)
    text = board_text(moon, bid_offers(moon), 40, 40).plain
    assert "4-7   that many tricks or more" in text
    assert "moon  all 7 tricks: 21 points" in text


def test_the_hand_part_names_the_trump_it_holds_most_of() -> None:
    _, view = _bidding_view("texas42", 3)
    text = board_text(view, bid_offers(view), 40, 40).plain
    held = {n: sum(t.carries(n) for t in view.hand) for n in range(7)}
    most = max(range(7), key=lambda n: (held[n], n))
    doubles = sum(t.is_double for t in view.hand)
    if doubles > held[most]:
        assert "Your hand, doubles as trump" in text
    else:
        assert f"Your hand, {Trump.of_number(most).label} as trump" in text
        assert f"{held[most]} {Trump.of_number(most).label}" in text


@pytest.mark.parametrize("width,height", [(20, 3), (30, 8), (34, 16), (60, 40)])
def test_the_board_never_takes_more_rows_or_columns_than_it_has(width, height) -> None:
    rng = random.Random(width * height)
    for game_name in ("moon3", "moon4", "texas42"):
        options = {"plunge": True, "splash": True} if game_name == "texas42" else {}
        game = Game.new(game_name, options=options, seed=rng.randrange(1000))
        while game.phase is Phase.BIDDING:
            view = game.view(game.to_act.seat)
            lines = board_text(view, bid_offers(view), width, height).plain.splitlines()
            assert len(lines) <= height
            assert all(len(line) <= width for line in lines), lines
            game.apply(rng.choice(game.legal_actions()))


async def _until(pilot, done, limit: int = 400) -> None:
    for _ in range(limit):
        if done():
            return
        await pilot.pause()
    raise AssertionError("the table did not come to the state expected")


async def test_the_board_shows_all_three_parts_at_120x40_and_fits_80x24() -> None:
    app = new_app("texas42", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _until(pilot, lambda: "Bids open" in app.screen.query_one("#board").render().plain)
        shown = app.screen.query_one("#board").render().plain
        assert "The auction" in shown and "Your hand" in shown
        await pilot.resize_terminal(80, 24)
        board = app.screen.query_one("#board")
        await _until(pilot, lambda: board.size.height < 10)
        assert len(board.render().plain.splitlines()) <= board.size.height


@pytest.mark.parametrize("game_name", ["moon3", "moon4", "texas42"])
def test_a_watched_auction_names_every_seat_and_shows_no_hand(game_name: str) -> None:
    """A spectator (and a game of bots) was told "You  to bid (dealer)" and "Your hand,
    sixes as trump: 0 sixes" of a hand it does not have."""
    _, view = _bidding_view(game_name, 7)
    text = board_text(view, [], 40, 40, watching=True).plain
    assert "You" not in text and "Your hand" not in text
    assert all(name in text for name in view.players)
    assert "Your hand" in board_text(view, [], 40, 40).plain
