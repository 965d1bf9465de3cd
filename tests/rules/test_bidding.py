"""rules/README.md 3: the auction (Texas 42's mark bids of 9.3 are in test_texas42_contracts.py)."""

from __future__ import annotations

import pytest

from moon42.rules import Game, Phase, RuleError, parse_tile
from moon42.rules.actions import Bid, Pass, Play, Plunge, Splash
from moon42.rules.bidding import bid_label
from moon42.rules.events import BiddingWon, BidMade, HandScored, Passed, ThrownIn, WidowTaken
from moon42.rules.views import BidEntry
from tests.rules.support import act, auction, bid_names, build


@pytest.mark.parametrize(
    ("min_bid", "legal"),
    [(3, ["pass", 3, 4, 5, 6, 7, 21]), (4, ["pass", 4, 5, 6, 7, 21]), (5, ["pass", 5, 6, 7, 21])],
)
def test_moon_bids_run_from_min_bid_to_seven_or_21(min_bid: int, legal: list) -> None:
    for game in ("moon3", "moon4"):
        g = build(game, options={"min_bid": min_bid})
        assert bid_names(g) == legal


@pytest.mark.parametrize("value", [0, 2, 3, 8, 14, 20, 22, 42])
def test_moon_bid_out_of_range_is_refused(value: int) -> None:
    g = build("moon4")
    seat = g.to_act.seat
    with pytest.raises(RuleError, match="not a Moon bid") as caught:
        g.apply(Bid(seat, value))
    assert caught.value.rule
    assert g.view(0).bids == ()


def test_min_bid_three_allows_three_and_five_refuses_four() -> None:
    g = build("moon3", options={"min_bid": 3})
    act(g, "3")
    assert g.view(0).high_bid == 3
    g = build("moon3", options={"min_bid": 5})
    with pytest.raises(RuleError, match="not a Moon bid"):
        act(g, "4")


def test_a_bid_must_top_the_high_bid() -> None:
    g = build("moon4", dealer=3)
    act(g, "5")
    for value in (4, 5):
        with pytest.raises(RuleError, match="not higher"):
            g.apply(Bid(1, value))
    assert bid_names(g) == ["pass", 6, 7, 21]
    act(g, "7")
    assert bid_names(g) == ["pass", 21]


def test_every_player_bids_once_and_the_highest_bid_wins() -> None:
    g = build("moon4", dealer=3)
    events = act(g, "4", "5", "pass", "6")
    assert g.phase is Phase.TRUMP
    assert events[-1] == BiddingWon(3, 6, "bid")
    view = g.view(1)
    assert view.bidder == 3 and view.high_bid == 6 and view.declarer == 3
    assert view.bids == (
        BidEntry(0, 4, "bid"),
        BidEntry(1, 5, "bid"),
        BidEntry(2, None, "pass"),
        BidEntry(3, 6, "bid"),
    )
    assert g.to_act == (3, "trump")


def test_the_first_bidder_gets_no_second_turn_when_outbid() -> None:
    g = build("moon3", dealer=2)
    act(g, "4", "5", "6")
    assert g.phase is Phase.WIDOW
    assert g.view(2).bidder == 2
    with pytest.raises(RuleError):
        g.apply(Bid(0, 7))


@pytest.mark.parametrize(("game", "phase"), [("moon3", Phase.WIDOW), ("moon4", Phase.TRUMP)])
def test_shooting_the_moon_ends_the_bidding_at_once(game: str, phase: Phase) -> None:
    g = build(game)  # dealer is the last seat: seat 0 bids first
    events = act(g, "21")
    assert events[0] == BidMade(0, 21, "bid")
    assert events[1] == BiddingWon(0, 21, "bid")
    assert g.phase is phase
    assert [e.seat for e in g.view(1).bids] == [0]


def test_texas42_bids_run_from_30_to_42_or_84() -> None:
    g = build("texas42")
    assert bid_names(g) == ["pass", *range(30, 43), 84]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (29, "not a Texas 42 bid"),
        (43, "not a Texas 42 bid"),
        (83, "not a Texas 42 bid"),
        (85, "not a Texas 42 bid"),
        (126, "mark raises"),
        (168, "mark raises"),
        (5, "not a Texas 42 bid"),
    ],
)
def test_texas42_bids_out_of_range_are_refused(value: int, message: str) -> None:
    g = build("texas42")
    with pytest.raises(RuleError, match=message):
        g.apply(Bid(g.to_act.seat, value))


def test_texas42_bid_must_top_the_high_bid_and_84_tops_everything() -> None:
    g = build("texas42")
    act(g, "35")
    assert bid_names(g) == ["pass", *range(36, 43), 84]
    with pytest.raises(RuleError, match="not higher"):
        act(g, "35")
    act(g, "42")
    assert bid_names(g) == ["pass", 84]


def test_texas42_84_ends_the_bidding_at_once() -> None:
    g = build("texas42")
    first = g.to_act.seat
    events = act(g, "84")
    assert events[-1] == BiddingWon(first, 84, "bid")
    assert g.phase is Phase.TRUMP and g.to_act == (first, "trump")
    assert len(g.view(0).bids) == 1


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_when_everybody_passes_the_hand_is_thrown_in(game: str) -> None:
    g = Game.new(game, seed=21)
    dealer = g.view(0).dealer
    events = auction(g, {})
    assert [type(e) for e in events[-3:-1]] == [Passed, ThrownIn]
    assert events[-2] == ThrownIn(dealer)
    assert isinstance(events[-1], HandScored)
    result = g.results[-1]
    assert result.thrown_in and result.bidder is None and result.bid is None
    assert result.made is None and result.contract is None
    assert result.score == (0,) * g.seats and g.scores == [0] * g.seats
    assert g.phase is Phase.HAND_OVER and g.to_act is None and g.legal_actions() == ()
    assert g.winner is None
    with pytest.raises(RuleError, match="hand is over"):
        g.apply(Pass((dealer + 1) % g.seats))


@pytest.mark.parametrize(("game", "minimum"), [("moon3", 4), ("moon4", 4), ("texas42", 30)])
def test_forced_bid_the_dealer_may_not_pass_when_all_others_passed(game: str, minimum: int) -> None:
    g = build(game, options={"forced_bid": True})
    dealer = g.view(0).dealer
    while g.to_act.seat != dealer:
        act(g, "pass")
    legal = bid_names(g)
    assert "pass" not in legal and legal[0] == minimum
    with pytest.raises(RuleError, match="must bid"):
        g.apply(Pass(dealer))
    assert g.phase is Phase.BIDDING and g.to_act == (dealer, "bid")
    act(g, str(minimum))
    assert g.view(0).bidder == dealer and g.view(0).high_bid == minimum


def test_forced_bid_the_dealer_may_pass_when_someone_has_bid() -> None:
    g = build("moon4", options={"forced_bid": True}, dealer=3)
    act(g, "pass", "5", "pass")
    assert "pass" in bid_names(g)
    act(g, "pass")
    assert g.view(0).bidder == 1


def test_without_forced_bid_the_dealer_may_pass_too() -> None:
    g = build("moon3", dealer=2)
    act(g, "pass", "pass")
    assert "pass" in bid_names(g)


def test_a_bid_out_of_turn_is_refused() -> None:
    g = build("moon4", dealer=3)
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(Bid(2, 5))
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(Pass(3))
    assert g.view(0).bids == ()


def test_another_kind_of_action_during_the_bidding_is_refused() -> None:
    g = build("moon4", {0: "6-6 6-5 6-4 6-3 6-2 6-1 6-0"}, dealer=3)
    with pytest.raises(RuleError, match="cannot play now"):
        g.apply(Play(0, parse_tile("6-6")))


def test_a_seat_that_is_not_a_seat_of_the_game_is_refused() -> None:
    g = build("moon3", dealer=2)
    with pytest.raises(RuleError, match="not a seat"):
        g.apply(Bid(3, 5))


def test_plunge_and_splash_are_not_moonbid_names() -> None:
    g = build("moon4", {0: "6-6 5-5 4-4 3-3 2-2 1-1 0-0"}, dealer=3)
    for action in (Plunge(0), Splash(0)):
        with pytest.raises(RuleError, match="not played"):
            g.apply(action)


def test_moon3_bidder_takes_the_widow_after_winning() -> None:
    g = build("moon3", dealer=0)
    events = act(g, "pass", "5", "pass")
    assert BiddingWon(2, 5, "bid") in events and WidowTaken(2) in events


def test_bid_labels() -> None:
    assert bid_label(None) == "pass"
    assert bid_label(5) == "5"
    assert bid_label(21) == "moon"
    assert bid_label(30, is_moon=False) == "30"
    assert bid_label(84, is_moon=False) == "84 (2 marks)"
    assert bid_label(168, "plunge", is_moon=False) == "Plunge (4 marks)"
