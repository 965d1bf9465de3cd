"""rules/README.md 2: seats, partners, the deal and the dealer."""

from __future__ import annotations

import pytest

from moon42.rules import Game, Phase, RuleError, parse_tile
from moon42.rules.events import HandDealt
from moon42.rules.record import game_from_record, game_to_record
from tests.rules.support import act, auction, build, hand_entry, record

ONE_BLANK = parse_tile("1-0")


def _holder(game: Game, t) -> int:
    return next(s for s in range(game.seats) if t in game.view(s).hand)


@pytest.mark.parametrize(
    ("game", "partner"),
    [("moon4", {0: 2, 1: 3, 2: 0, 3: 1}), ("texas42", {0: 2, 1: 3, 2: 0, 3: 1})],
)
def test_four_player_games_are_partnerships_of_opposite_seats(game: str, partner: dict) -> None:
    g = Game.new(game, seed=3)
    assert {s: g.view(s).partner for s in range(4)} == partner


def test_three_player_moon_has_no_partners() -> None:
    g = Game.new("moon3", seed=3)
    assert [g.view(s).partner for s in range(3)] == [None, None, None]


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_every_player_gets_seven_tiles(game: str) -> None:
    g = Game.new(game, seed=11)
    assert [len(g.view(s).hand) for s in range(g.seats)] == [7] * g.seats
    assert g.view(0).hand_sizes == (7,) * g.seats


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_bidding_goes_clockwise_from_the_dealers_left(game: str) -> None:
    g = Game.new(game, seed=5)
    n = g.seats
    dealer = g.view(0).dealer
    seen = []
    while g.phase is Phase.BIDDING:
        seen.append(g.to_act.seat)
        act(g, "pass")
    assert seen == [(dealer + 1 + i) % n for i in range(n)]


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_the_deal_passes_to_the_left_after_every_hand_even_a_thrown_in_one(game: str) -> None:
    g = Game.new(game, seed=8)
    first = g.view(0).dealer
    dealers = [first]
    for _ in range(5):
        auction(g, {})  # all pass: thrown in
        assert g.phase is Phase.HAND_OVER
        events = g.next_hand()
        assert isinstance(events[0], HandDealt)
        dealers.append(g.view(0).dealer)
        assert events[0].dealer == dealers[-1]
    assert dealers == [(first + i) % g.seats for i in range(6)]


@pytest.mark.parametrize("game", ["moon3", "moon4"])
def test_moon_first_dealer_comes_from_the_seed(game: str) -> None:
    dealers = [Game.new(game, seed=seed).view(0).dealer for seed in range(40)]
    assert dealers == [Game.new(game, seed=seed).view(0).dealer for seed in range(40)]
    assert set(dealers) == set(range(Game.new(game, seed=0).seats))


@pytest.mark.parametrize("game", ["moon3", "moon4"])
def test_a_moon_record_may_name_any_seat_as_first_dealer(game: str) -> None:
    n = 3 if game == "moon3" else 4
    for dealer in range(n):
        g = build(game, dealer=dealer)
        assert g.view(0).dealer == dealer
        assert g.to_act.seat == (dealer + 1) % n


def test_texas42_first_bid_goes_to_the_holder_of_one_blank() -> None:
    for seed in range(30):
        g = Game.new("texas42", seed=seed)
        holder = _holder(g, ONE_BLANK)
        assert g.to_act == (holder, "bid")
        assert g.view(0).dealer == (holder - 1) % 4


def test_texas42_later_dealers_pass_to_the_left_whoever_holds_one_blank() -> None:
    g = Game.new("texas42", seed=4)
    first = g.view(0).dealer
    for i in range(1, 6):
        auction(g, {})
        g.next_hand()
        assert g.view(0).dealer == (first + i) % 4


def test_texas42_record_with_a_wrong_first_dealer_is_refused() -> None:
    good = hand_entry("texas42", {2: "1-0 6-6 6-5 6-4 6-3 6-2 6-1"})
    assert good["dealer"] == 1
    game_from_record(record("texas42", [good]))
    bad = dict(good, dealer=2)
    with pytest.raises(RuleError, match="1-0"):
        game_from_record(record("texas42", [bad]))


def test_a_later_hand_must_be_dealt_by_the_seat_left_of_the_last_dealer() -> None:
    g = build("moon4", dealer=2, actions=[{"seat": s, "bid": "pass"} for s in (3, 0, 1, 2)])
    assert g.phase is Phase.HAND_OVER
    doc = game_to_record(g)
    wrong = hand_entry("moon4", dealer=0)
    with pytest.raises(RuleError, match="left"):
        game_from_record(dict(doc, hands=doc["hands"] + [wrong]))
    right = hand_entry("moon4", dealer=3)
    assert game_from_record(dict(doc, hands=doc["hands"] + [right])).view(0).dealer == 3


@pytest.mark.parametrize("dealer", [-1, 3, 7])
def test_a_dealer_that_is_not_a_seat_is_refused(dealer: int) -> None:
    with pytest.raises(RuleError, match="not a seat"):
        build("moon3", dealer=dealer)


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_the_same_seed_deals_the_same_hands(game: str) -> None:
    a, b = Game.new(game, seed=99), Game.new(game, seed=99)
    assert game_to_record(a)["hands"] == game_to_record(b)["hands"]
    auction(a, {})
    auction(b, {})
    a.next_hand()
    b.next_hand()
    hands = game_to_record(a)["hands"]
    assert hands == game_to_record(b)["hands"]
    assert hands[1]["deal"] != hands[0]["deal"]
    assert game_to_record(Game.new(game, seed=100))["hands"][0]["deal"] != hands[0]["deal"]
