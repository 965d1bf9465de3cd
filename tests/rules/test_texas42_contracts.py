"""rules/README.md 9.3 to 9.6: mark bids and raises, Nello, Sevens, Plunge and Splash."""

from __future__ import annotations

import pytest

from moon42.rules import Phase, RuleError, Trump, parse_tile
from moon42.rules.actions import Bid, NameTrump, Play, Plunge, Splash
from moon42.rules.bidding import marks_of
from moon42.rules.events import BiddingWon, BidMade
from moon42.rules.trump import trick_rules
from tests.rules.support import act, auction, bid_names, build, names, tiles


def _trumps(g) -> list[str]:
    return [a.trump.value for a in g.legal_actions()]


def test_marks_of_a_bid() -> None:
    assert [marks_of(b) for b in (30, 41, 42, 84, 126, 168, 210, 252, 294)] == [
        1,
        1,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
    ]


# ----- 9.3 mark raises -------------------------------------------------------------------------

RAISES = {"mark_raises": "one"}


def test_mark_raises_one_84_no_longer_ends_the_bidding() -> None:
    g = build("texas42", options=RAISES)
    first = g.to_act.seat
    act(g, "84")
    assert g.phase is Phase.BIDDING and g.to_act == ((first + 1) % 4, "bid")
    assert bid_names(g) == ["pass", 126]


def test_mark_raises_one_each_raise_is_exactly_one_mark() -> None:
    g = build("texas42", options=RAISES)
    first = g.to_act.seat
    act(g, "84")
    with pytest.raises(RuleError, match="exactly one mark"):
        g.apply(Bid((first + 1) % 4, 168))
    act(g, "126")
    assert bid_names(g) == ["pass", 168]
    act(g, "168", "210")
    assert g.phase is Phase.TRUMP
    assert g.view(0).bidder == (first + 3) % 4 and g.view(0).high_bid == 210


def test_mark_raises_one_42_and_84_may_be_bid_over_a_lower_bid_but_not_126() -> None:
    g = build("texas42", options=RAISES)
    first = g.to_act.seat
    act(g, "35")
    assert bid_names(g) == ["pass", *range(36, 43), 84]
    with pytest.raises(RuleError, match="exactly one mark"):
        g.apply(Bid((first + 1) % 4, 126))
    act(g, "42")
    assert bid_names(g) == ["pass", 84]


def test_mark_raises_one_no_bid_above_seven_marks() -> None:
    g = build("texas42", options=RAISES)
    with pytest.raises(RuleError, match="not a Texas 42 bid"):
        g.apply(Bid(g.to_act.seat, 336))


def test_a_three_mark_bid_scores_three_marks() -> None:
    # Seat 0 holds every six; seat 1 holds 1-0 and bids first.
    g = build("texas42", {0: "6-6 6-5 6-4 6-3 6-2 6-1 6-0"}, options=RAISES)
    assert g.to_act == (1, "bid")
    act(g, "84 pass pass 126", "6")
    while g.phase is Phase.PLAY:
        legal = g.legal_actions()
        act(g, str(legal[-1 if g.to_act.seat == 0 else 0].tile))
    result = g.results[-1]
    assert result.bid == 126 and result.made and result.score == (3, 0, 3, 0)
    assert g.view(1).face_down


def test_without_mark_raises_a_three_mark_bid_is_refused() -> None:
    g = build("texas42", options={"plunge": True})
    act(g, "84")
    assert g.phase is Phase.BIDDING  # Plunge allowed: 84 does not end the bidding
    with pytest.raises(RuleError, match="mark raises"):
        g.apply(Bid(g.to_act.seat, 126))


# ----- 9.4 Nello -------------------------------------------------------------------------------

# Seat 0 (holder of 1-0, first to bid) loses every trick if it leads 1-0; leading 0-0 it wins.
NELLO = {
    0: "1-0 2-0 3-0 4-0 5-0 6-0 0-0",
    1: "1-1 2-2 3-3 4-4 2-1 3-1 3-2",
    2: "4-1 4-2 4-3 5-1 5-2 5-3 5-4",
    3: "5-5 6-6 6-1 6-2 6-3 6-4 6-5",
}
NELLO_PLAYS = [
    "1-0 1-1 6-1",
    "2-2 6-2 2-0",
    "3-3 6-3 3-0",
    "4-4 6-4 4-0",
    "2-1 6-5 5-0",
    "3-1 5-5 6-0",
    "3-2 6-6 0-0",
]


def nello_game(bid: int = 42, **options):
    g = build("texas42", NELLO, options={"nello": True, **options})
    assert g.to_act == (0, "bid")
    auction(g, {0: bid})
    return g


def test_nello_is_offered_to_a_bidder_at_one_mark_or_more() -> None:
    assert "nello" in _trumps(nello_game(42))
    assert "nello" in _trumps(nello_game(84))
    assert "nello" not in _trumps(nello_game(41))
    g = build("texas42", NELLO)
    auction(g, {0: 42})
    assert "nello" not in _trumps(g)  # option off
    with pytest.raises(RuleError, match="not offered"):
        g.apply(NameTrump(0, Trump.NELLO))


def test_nello_partner_sits_out_and_tricks_have_three_tiles() -> None:
    g = nello_game()
    act(g, "nello")
    assert g.view(1).sitting_out == 2 and g.view(1).trump is Trump.NELLO
    assert g.to_act == (0, "play")  # the bidder leads
    order = []
    for trick in NELLO_PLAYS:
        for t in trick.split():
            order.append(g.to_act.seat)
            act(g, t)
    assert 2 not in order
    result = g.results[-1]
    assert [len(t.plays) for t in result.tricks] == [3] * 7
    assert [t.winner for t in result.tricks] == [1] * 7
    assert [[s for s, _ in t.plays] for t in result.tricks[:2]] == [[0, 1, 3], [1, 3, 0]]
    assert result.tricks_won == (0, 7, 0, 0)
    assert result.tricks_won[2] == 0 and result.points[2] == 0
    assert len(g.view(2).hand) == 7  # the partner's tiles stay in its hand, unplayed


def test_nello_made_when_the_bidder_loses_every_trick() -> None:
    g = nello_game()
    act(g, "nello", *NELLO_PLAYS)
    result = g.results[-1]
    assert result.made and result.trump is Trump.NELLO
    assert result.score == (1, 0, 1, 0)


def test_nello_the_partner_may_not_play() -> None:
    g = nello_game()
    act(g, "nello", "1-0 1-1")
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(Play(2, parse_tile("4-1")))
    act(g, "6-1")
    assert g.view(0).tricks[0].winner == 1


@pytest.mark.parametrize(("bid", "marks"), [(42, 1), (84, 2)])
def test_nello_set_as_soon_as_the_bidder_wins_a_trick(bid: int, marks: int) -> None:
    g = nello_game(bid)
    act(g, "nello", "0-0 1-1 5-5")  # nobody else holds a blank: 0-0 wins
    result = g.results[-1]
    assert len(result.tricks) == 1 and result.tricks[0].winner == 0
    assert result.made is False and result.score == (0, marks, 0, marks)
    assert g.phase is Phase.HAND_OVER


def test_nello_with_play_out_plays_seven_tricks_and_is_still_set() -> None:
    g = nello_game(play_out=True)
    act(g, "nello", "0-0 1-1 5-5")
    assert g.phase is Phase.PLAY
    while g.phase is Phase.PLAY:
        act(g, str(g.legal_actions()[0].tile))
    result = g.results[-1]
    assert len(result.tricks) == 7 and result.made is False
    assert result.score == (0, 1, 0, 1)


def test_nello_count_plays_no_part() -> None:
    g = nello_game()
    act(g, "nello", *NELLO_PLAYS)
    result = g.results[-1]
    # 4-1 (count 5) stays in the partner's hand: seat 1 took 7 tricks and 30 count.
    assert result.points == (0, 37, 0, 0)
    assert result.score == (1, 0, 1, 0)  # seat 1's points win the opponents nothing


def test_nello_doubles_low_a_double_is_the_lowest_of_its_suit() -> None:
    g = nello_game(nello_doubles="low")
    act(g, "nello", "1-0 1-1 6-1")
    assert g.view(0).tricks[0].winner == 3  # 6-1 tops 1-0, and 1-1 is below both


def test_nello_doubles_own_a_double_does_not_follow_its_number() -> None:
    g = nello_game(nello_doubles="own")
    act(g, "nello", "1-0")
    assert sorted(names(a.tile for a in g.legal_actions())) == ["2-1", "3-1"]
    with pytest.raises(RuleError, match="follow"):
        g.apply(Play(1, parse_tile("1-1")))


def test_nello_doubles_is_separate_from_no_trump_doubles() -> None:
    g = nello_game(nello_doubles="high", no_trump_doubles="low")
    act(g, "nello", "1-0 1-1 6-1")
    assert g.view(0).tricks[0].winner == 1


# ----- 9.5 Sevens ------------------------------------------------------------------------------


def test_sevens_distance_ranking_and_ties_to_the_first_played() -> None:
    rules = trick_rules(Trump.SEVENS)
    assert rules.sevens
    assert rules.winner_index(tiles("6-0 4-3 5-2")) == 1  # 4-3 is seven: distance 0
    assert rules.winner_index(tiles("6-0 6-2 3-3 4-4")) == 0  # all at distance 1
    assert rules.winner_index(tiles("0-0 1-0 6-6 3-3")) == 3
    assert rules.winner_index(tiles("6-6 0-0")) == 0  # 12 and 0 pips: both 5 from seven


SEVENS_WIN = {0: "6-1 5-2 4-3 6-0 5-1 4-2 3-3"}  # seat 1 gets 0-0 1-0 1-1 2-0 2-1 2-2 3-0


def sevens_game(fixed: dict, bid: int = 42, **options):
    g = build("texas42", fixed, options={"sevens": True, **options})
    auction(g, {0: bid})
    assert "sevens" in _trumps(g)
    act(g, "sevens")
    return g


def test_sevens_is_offered_at_one_mark_or_more_only_with_the_option() -> None:
    g = build("texas42", SEVENS_WIN, options={"sevens": True})
    auction(g, {0: 41})
    assert "sevens" not in _trumps(g)
    g = build("texas42", SEVENS_WIN)
    auction(g, {0: 84})
    assert "sevens" not in _trumps(g)


def test_sevens_everyone_must_play_a_tile_closest_to_seven() -> None:
    g = sevens_game(SEVENS_WIN)
    assert g.to_act == (0, "play")
    assert sorted(names(a.tile for a in g.legal_actions())) == ["4-3", "5-2", "6-1"]
    with pytest.raises(RuleError, match="closest to seven"):
        g.apply(Play(0, parse_tile("6-0")))
    act(g, "6-1")
    assert names(a.tile for a in g.legal_actions()) == ["2-2"]  # distance 3 is seat 1's best
    with pytest.raises(RuleError, match="closest to seven"):
        g.apply(Play(1, parse_tile("0-0")))


def test_sevens_made_by_taking_all_seven_tricks() -> None:
    g = sevens_game(SEVENS_WIN)
    while g.phase is Phase.PLAY:
        act(g, str(g.legal_actions()[0].tile))
    result = g.results[-1]
    assert [len(t.plays) for t in result.tricks] == [4] * 7
    assert result.tricks_won == (7, 0, 0, 0)
    assert result.made and result.score == (1, 0, 1, 0)
    assert result.trump is Trump.SEVENS


SEVENS_LOSE = {0: "6-0 5-1 4-2 3-3 6-2 5-3 4-4", 1: "4-3 0-0 1-1 2-0 2-1 2-2 3-0"}


def test_sevens_ends_at_the_first_trick_the_bidders_lose() -> None:
    g = sevens_game(SEVENS_LOSE, 84)
    assert len(g.legal_actions()) == 7  # every tile of seat 0 is one from seven
    act(g, "6-0")
    assert names(a.tile for a in g.legal_actions()) == ["4-3"]
    while g.phase is Phase.PLAY:
        act(g, str(g.legal_actions()[0].tile))
    result = g.results[-1]
    assert len(result.tricks) == 1 and result.tricks[0].winner == 1
    assert result.made is False and result.score == (0, 2, 0, 2)


def test_sevens_with_play_out_plays_all_seven() -> None:
    g = sevens_game(SEVENS_LOSE, play_out=True)
    while g.phase is Phase.PLAY:
        act(g, str(g.legal_actions()[0].tile))
    result = g.results[-1]
    assert len(result.tricks) == 7 and result.made is False and result.score == (0, 1, 0, 1)


# ----- 9.6 Plunge and Splash -------------------------------------------------------------------

# Seat 0 holds four doubles and 1-0 (it bids first); its partner, seat 2, holds the fives.
PLUNGE = {
    0: "3-3 2-2 1-1 0-0 3-0 2-0 1-0",
    1: "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    2: "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    3: "4-3 4-2 4-1 4-0 3-2 3-1 2-1",
}
BOTH = {"plunge": True, "splash": True}


def test_plunge_needs_four_doubles_and_splash_three() -> None:
    g = build("texas42", PLUNGE, options=BOTH)
    assert bid_names(g)[-2:] == ["plunge", "splash"]
    act(g, "pass")
    assert "plunge" not in bid_names(g) and "splash" not in bid_names(g)  # seat 1 holds one double
    with pytest.raises(RuleError, match="needs 4 doubles"):
        g.apply(Plunge(1))
    with pytest.raises(RuleError, match="needs 3 doubles"):
        g.apply(Splash(1))


def test_plunge_and_splash_are_refused_when_the_option_is_off() -> None:
    g = build("texas42", PLUNGE, options={"splash": True})
    assert "plunge" not in bid_names(g) and "splash" in bid_names(g)
    with pytest.raises(RuleError, match="not played"):
        g.apply(Plunge(0))
    g = build("texas42", PLUNGE, options={"plunge": True})
    with pytest.raises(RuleError, match="not played"):
        g.apply(Splash(0))


# Seat 0 holds four doubles but not 1-0: seat 1 bids first and seat 0 last.
PLUNGE_LAST = {
    0: "3-3 2-2 1-1 0-0 3-0 2-0 2-1",
    1: "6-6 6-5 6-4 6-3 6-2 6-1 1-0",
    2: "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
    3: "4-3 4-2 4-1 4-0 3-2 3-1 6-0",
}


@pytest.mark.parametrize(
    ("before", "options", "contract", "value"),
    [
        ("pass pass pass", {}, "plunge", 168),
        ("pass pass pass", {}, "splash", 126),
        ("35 pass pass", {}, "plunge", 168),
        ("pass pass 84", {}, "plunge", 168),
        ("pass pass 84", {}, "splash", 126),
        ("42 84 pass", {"mark_raises": "one"}, "splash", 126),
        ("84 126 168", {"mark_raises": "one"}, "plunge", 210),
        ("84 126 168", {"mark_raises": "one"}, "splash", 210),
        ("pass 84 126", {"mark_raises": "one"}, "splash", 168),
    ],
)
def test_plunge_and_splash_values(before: str, options: dict, contract: str, value: int) -> None:
    g = build("texas42", PLUNGE_LAST, options={**BOTH, **options})
    assert g.to_act == (1, "bid")
    act(g, before)
    assert g.to_act == (0, "bid")
    assert contract in bid_names(g)
    events = g.apply(Plunge(0) if contract == "plunge" else Splash(0))
    assert events[0] == BidMade(0, value, contract)
    assert events[1] == BiddingWon(0, value, contract)
    view = g.view(1)
    assert view.high_bid == value and view.contract == contract and view.bidder == 0


# Seat 0 (first to bid) holds four doubles, seat 1 three.
PLUNGE_B = {
    0: "3-3 2-2 1-1 0-0 3-0 2-0 1-0",
    1: "6-6 5-5 4-4 6-3 6-2 6-1 6-0",
    2: "6-5 6-4 5-4 5-3 5-2 5-1 5-0",
    3: "4-3 4-2 4-1 4-0 3-2 3-1 2-1",
}


def test_a_later_player_tops_a_plunge_only_by_one_mark_with_mark_raises() -> None:
    g = build("texas42", PLUNGE_B, options={**BOTH, "mark_raises": "one"})
    act(g, "plunge")
    assert bid_names(g) == ["pass", 210, "splash"]
    with pytest.raises(RuleError, match="exactly one mark"):
        g.apply(Bid(1, 252))
    act(g, "210")
    assert g.view(0).high_bid == 210
    assert bid_names(g) == ["pass", 252]


def test_without_mark_raises_only_a_plunge_or_splash_tops_a_plunge() -> None:
    g = build("texas42", PLUNGE_B, options=BOTH)
    act(g, "plunge")
    assert bid_names(g) == ["pass", "splash"]
    with pytest.raises(RuleError, match="mark raises"):
        g.apply(Bid(1, 210))
    events = act(g, "splash")
    assert events == [BidMade(1, 210, "splash")]
    assert bid_names(g) == ["pass"]
    act(g, "pass pass")
    assert g.view(0).bidder == 1 and g.view(0).declarer == 3 and g.to_act == (3, "trump")


def test_plunge_partner_names_trump_but_not_nello_or_sevens() -> None:
    g = build("texas42", PLUNGE, options={**BOTH, "nello": True, "sevens": True})
    events = act(g, "plunge pass pass pass")
    assert events[-1] == BiddingWon(0, 168, "plunge")
    assert g.to_act == (2, "trump")
    view = g.view(0)
    assert view.bidder == 0 and view.declarer == 2 and view.contract == "plunge"
    assert _trumps(g) == ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(NameTrump(0, Trump.FIVES))
    act(g, "5")
    assert g.to_act == (2, "play")  # the partner leads


def test_plunge_made_by_taking_all_seven_tricks_scores_four_marks() -> None:
    g = build("texas42", PLUNGE, options=BOTH)
    act(g, "plunge pass pass pass", "5")
    act(g, "5-5 4-3 3-3 6-5")  # 6-5 must follow trump; 5-5 tops it
    for lead in ("5-4", "5-3", "5-2", "5-1", "5-0", "4-4"):
        act(g, lead)
        while g.phase is Phase.PLAY and g.to_act.seat != 2:
            act(g, str(g.legal_actions()[0].tile))
    result = g.results[-1]
    assert result.tricks_won[0] + result.tricks_won[2] == 7
    assert result.made and result.bid == 168 and result.score == (4, 0, 4, 0)
    assert g.view(3).face_down


def test_plunge_ends_at_the_first_trick_lost() -> None:
    g = build("texas42", PLUNGE, options=BOTH)
    act(g, "plunge pass pass pass", "none", "5-4 4-3 3-0 6-5")  # 6-5 tops 5-4
    result = g.results[-1]
    assert len(result.tricks) == 1 and result.tricks[0].winner == 1
    assert result.made is False and result.score == (0, 4, 0, 4)


def test_splash_won_scores_three_marks_set() -> None:
    g = build("texas42", PLUNGE, options={"splash": True})
    act(g, "splash pass pass pass", "none", "5-4 4-3 3-0 6-5")
    result = g.results[-1]
    assert result.contract == "splash" and result.bid == 126
    assert result.score == (0, 3, 0, 3)


def test_with_plunge_allowed_84_does_not_end_the_bidding() -> None:
    g = build("texas42", PLUNGE, options={"plunge": True})
    act(g, "84")
    assert g.phase is Phase.BIDDING and g.to_act == (1, "bid")
    assert bid_names(g) == ["pass"]
