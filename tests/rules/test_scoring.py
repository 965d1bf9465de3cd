"""rules/README.md 7.1 to 7.4: made or set, what each seat scores, Texas 42's counts and
early end."""

from __future__ import annotations

import pytest

from moon42.rules import Phase, RuleError, parse_tile
from moon42.rules.actions import Play
from moon42.rules.events import HandScored, TrickWon
from tests.rules.positions import ALL_SIXES, D4, D4_PLAYS, M3, M3_PLAYS
from tests.rules.support import act, auction, build, rotate


def moon3_hand(
    bid: int | str, *, keep_widow: bool = False, options: dict | None = None, bidder: int = 0
):
    """Seat ``bidder`` bids and takes 6 tricks (7 when it keeps the widow's 0-0)."""
    g = build("moon3", rotate(M3, bidder, 3), widow="0-0", dealer=(bidder + 2) % 3, options=options)
    auction(g, {bidder: bid})
    act(g, "2-1" if keep_widow else "0-0", "6", *M3_PLAYS)
    act(g, "0-0 2-2 1-1" if keep_widow else "2-1 2-2 1-1")
    return g


@pytest.mark.parametrize(
    ("bid", "keep", "made", "tricks", "score"),
    [
        (6, False, True, (6, 1, 0), (6, 1, 0)),
        (5, False, True, (6, 1, 0), (5, 1, 0)),  # made: the bidder scores the bid
        (4, True, True, (7, 0, 0), (4, 0, 0)),
        (7, True, True, (7, 0, 0), (7, 0, 0)),  # "at least": a bid of 7 can be made
        (7, False, False, (6, 1, 0), (-7, 1, 0)),  # set: loses the bid; others keep tricks
        (21, False, False, (6, 1, 0), (-21, 1, 0)),
    ],
)
def test_moon3_points(bid: int, keep: bool, made: bool, tricks: tuple, score: tuple) -> None:
    g = moon3_hand(bid, keep_widow=keep)
    result = g.results[-1]
    assert (result.bidder, result.bid, result.made) == (0, bid, made)
    assert result.tricks_won == tricks
    assert result.points == tricks  # in Moon a trick is one point
    assert result.score == score
    assert tuple(g.scores) == score == result.totals
    assert not result.uses_marks


def test_moon3_made_moon_scores_21_and_reaches_the_target() -> None:
    g = moon3_hand(21, keep_widow=True)
    assert g.results[-1].score == (21, 0, 0) and g.results[-1].made
    assert g.phase is Phase.GAME_OVER and g.winner == (0,)


@pytest.mark.parametrize(
    ("bid", "keep", "score"),
    [(5, False, (1, 0, 0)), (21, True, (1, 0, 0)), (7, False, (0, 1, 1)), (21, False, (0, 1, 1))],
)
def test_moon3_marks_one_mark_to_the_bidder_or_to_every_other_player(
    bid: int, keep: bool, score: tuple
) -> None:
    g = moon3_hand(bid, keep_widow=keep, options={"scoring": "marks"})
    assert g.results[-1].score == score
    assert g.results[-1].uses_marks
    assert g.winner is None and g.phase is Phase.HAND_OVER


def test_moon3_scores_follow_the_seat_that_bid() -> None:
    g = moon3_hand(5, bidder=2)
    assert g.results[-1].score == (1, 0, 5)  # seat 0 now holds the 2-2


def _play_on(g) -> None:
    """Play out the hand: seat 0 plays its highest legal tile, the others their lowest."""
    while g.phase is Phase.PLAY:
        legal = g.legal_actions()
        act(g, str(legal[-1 if g.to_act.seat == 0 else 0].tile))


def moon4_hand(bid: int, options: dict | None = None):
    g = build("moon4", D4, dealer=3, options=options)
    auction(g, {0: bid})
    act(g, "6", *D4_PLAYS)
    return g


@pytest.mark.parametrize(
    ("bid", "made", "score"),
    [
        (4, True, (5, 2, 5, 2)),  # made: the side scores the tricks it took, not the bid
        (5, True, (5, 2, 5, 2)),
        (6, False, (-6, 2, -6, 2)),  # set: the side loses the bid; the others keep tricks
        (21, False, (-21, 2, -21, 2)),
    ],
)
def test_moon4_points(bid: int, made: bool, score: tuple) -> None:
    g = moon4_hand(bid)
    result = g.results[-1]
    assert result.made is made
    assert result.tricks_won == (5, 2, 0, 0)
    assert result.points == result.tricks_won
    assert result.score == score and tuple(g.scores) == score


def test_moon4_made_moon_scores_21_not_seven() -> None:
    g = build("moon4", ALL_SIXES, dealer=3)
    auction(g, {0: 21})
    act(g, "6")
    _play_on(g)
    result = g.results[-1]
    assert result.made and result.tricks_won[0] == 7
    assert result.score == (21, 0, 21, 0)
    assert g.winner == (0, 2)


@pytest.mark.parametrize(("bid", "score"), [(5, (1, 0, 1, 0)), (6, (0, 1, 0, 1))])
def test_moon4_marks(bid: int, score: tuple) -> None:
    g = moon4_hand(bid, {"scoring": "marks"})
    assert g.results[-1].score == score
    assert g.options.target == 7 and g.winner is None


def test_moon_always_plays_all_seven_tricks() -> None:
    g = build("moon4", D4, dealer=3)
    auction(g, {0: 7})
    act(g, "6", *D4_PLAYS[:5])
    assert g.phase is Phase.PLAY  # the bid of 7 cannot be made any more, yet play goes on
    act(g, *D4_PLAYS[5:])
    assert len(g.results[-1].tricks) == 7


# Texas 42 with the same deal: seat 0 holds 1-0, so seat 3 deals and seat 0 bids first.
# Trick points: 6, 6, 11, 1, 1 to side 0-2 (25); 6, 11 to side 1-3 (17).
def texas_hand(bid: int, options: dict | None = None, plays=D4_PLAYS):
    g = build("texas42", D4, options=options)
    assert g.to_act == (0, "bid")
    auction(g, {0: bid})
    act(g, "6")
    for trick in plays:
        if g.phase is not Phase.PLAY:
            break
        act(g, trick)
    return g


def test_texas42_a_trick_is_one_point_plus_its_count() -> None:
    g = texas_hand(30, {"play_out": True})
    result = g.results[-1]
    assert [t.points for t in result.tricks] == [6, 6, 11, 1, 1, 6, 11]
    assert result.points == (25, 17, 0, 0)
    assert sum(result.points) == 42
    assert result.tricks_won == (5, 2, 0, 0)


def test_texas42_trick_events_carry_the_points() -> None:
    g = build("texas42", D4)
    auction(g, {0: 30})
    act(g, "6")
    events = act(g, *D4_PLAYS[:3])
    won = [e for e in events if isinstance(e, TrickWon)]
    assert [(e.seat, e.points) for e in won] == [(0, 6), (0, 6), (0, 11)]


def test_texas42_set_gives_the_marks_to_the_other_side() -> None:
    g = texas_hand(30, {"play_out": True})
    result = g.results[-1]
    assert result.made is False and result.uses_marks
    assert result.score == (0, 1, 0, 1)


# Seat 1 throws 5-5 on the fifth trick instead of 5-4: side 0-2 has 35 after five tricks.
RICH = [*D4_PLAYS[:4], "6-2 5-5 4-4 2-0", "1-0 1-1 3-2 2-1", "5-4 3-3 2-2 0-0"]


def test_texas42_early_end_when_the_bidders_reach_their_bid() -> None:
    g = texas_hand(30, plays=RICH)
    result = g.results[-1]
    assert len(result.tricks) == 5
    assert result.points == (35, 0, 0, 0) and result.made
    assert result.score == (1, 0, 1, 0)
    assert g.phase is Phase.HAND_OVER and g.to_act is None
    with pytest.raises(RuleError, match="hand is over"):
        g.apply(Play(0, parse_tile("1-0")))


def test_texas42_play_out_plays_all_seven_with_the_same_outcome() -> None:
    g = texas_hand(30, {"play_out": True}, plays=RICH)
    result = g.results[-1]
    assert len(result.tricks) == 7
    assert result.points == (35, 7, 0, 0) and result.made
    assert result.score == (1, 0, 1, 0)


def test_texas42_early_end_when_the_other_side_passes_42_minus_the_bid() -> None:
    # Bid 37: the other side may take at most 5; its 6 points on trick six end the hand.
    g = texas_hand(37)
    result = g.results[-1]
    assert len(result.tricks) == 6 and not result.made
    assert result.points == (25, 6, 0, 0)
    assert result.score == (0, 1, 0, 1)


def test_texas42_bid_of_36_is_not_yet_lost_with_six_points_against() -> None:
    g = texas_hand(36)
    assert len(g.results[-1].tricks) == 7  # 6 is not more than 42 - 36
    assert not g.results[-1].made


def test_texas42_early_end_on_the_first_trick_lost() -> None:
    # Seat 0 leads 1-0 first: 1-1 wins 1 + 5 (4-1) = 6 points; with a bid of 37 that is over.
    g = build("texas42", D4)
    auction(g, {0: 37})
    events = act(g, "6", "1-0 1-1 4-1 2-1")
    assert isinstance(events[-1], HandScored)
    assert len(g.results[-1].tricks) == 1 and g.results[-1].made is False


@pytest.mark.parametrize(("bid", "marks"), [(42, 1), (84, 2)])
def test_texas42_mark_bid_ends_as_soon_as_the_bidders_lose_a_trick(bid: int, marks: int) -> None:
    g = texas_hand(bid)
    result = g.results[-1]
    assert len(result.tricks) == 6 and not result.made
    assert result.score == (0, marks, 0, marks)


@pytest.mark.parametrize(("bid", "marks"), [(42, 1), (84, 2)])
def test_texas42_mark_bid_made_by_taking_every_trick(bid: int, marks: int) -> None:
    g = build("texas42", ALL_SIXES)
    auction(g, {0: bid})
    act(g, "6")
    _play_on(g)
    result = g.results[-1]
    assert result.made and result.tricks_won[0] == 7 and result.points[0] == 42
    assert result.score == (marks, 0, marks, 0)


def test_texas42_partners_points_count_for_the_side() -> None:
    # Seat 2 wins the tricks for side 0-2 here: seat 0 bids, its partner holds the sixes.
    g = build("texas42", {2: "6-6 6-5 6-4 6-3 6-2 6-1 6-0", 0: "5-5 5-4 5-3 5-2 5-1 5-0 4-4"})
    auction(g, {0: 42})
    act(g, "6")
    while g.phase is Phase.PLAY:
        seat = g.to_act.seat
        legal = g.legal_actions()
        act(g, str(legal[-1 if seat == 2 else 0].tile))
    result = g.results[-1]
    assert result.tricks_won[1] == result.tricks_won[3] == 0
    assert result.points[0] + result.points[2] == 42
    assert result.made and result.score == (1, 0, 1, 0)
