"""rules/README.md 7.5 (winning the game, "bidder goes out") and 9.2 (moon_instant)."""

from __future__ import annotations

import pytest

from moon42.rules import Game, Phase, RuleError
from moon42.rules.actions import Pass
from moon42.rules.events import GameWon, HandScored
from moon42.rules.record import game_from_record, game_to_record
from tests.rules.positions import (
    ALL_SIXES,
    D4,
    D4_PLAYS,
    D4B,
    D4B_PLAYS,
    M3,
    M3_PLAYS,
    M3_SPLIT,
    M3_SPLIT_PLAYS,
)
from tests.rules.support import act, auction, build, deal_next, hand_entry, rotate


def _m3(g: Game, bidder: int, bid: int | str, keep_widow: bool = False) -> list:
    """Seat ``bidder`` holds M3's strong hand: 6 tricks, or 7 keeping the widow."""
    auction(g, {bidder: bid})
    events = act(g, "2-1" if keep_widow else "0-0", "6", *M3_PLAYS)
    return events + act(g, "0-0 2-2 1-1" if keep_widow else "2-1 2-2 1-1")


def m3_game(bidder: int, bid: int | str, options: dict, keep_widow: bool = False) -> Game:
    g = build("moon3", rotate(M3, bidder, 3), widow="0-0", dealer=(bidder + 2) % 3, options=options)
    _m3(g, bidder, bid, keep_widow)
    return g


def m3_next(g: Game, bidder: int, bid: int | str, keep_widow: bool = False) -> Game:
    g = deal_next(g, rotate(M3, bidder, 3), widow="0-0")
    _m3(g, bidder, bid, keep_widow)
    return g


def test_the_game_goes_on_while_nobody_reaches_the_target() -> None:
    g = m3_game(0, 5, {"target": 6})
    assert g.scores == [5, 1, 0] and g.winner is None and g.phase is Phase.HAND_OVER


def test_one_player_at_the_target_wins() -> None:
    g = build("moon3", M3, widow="0-0", dealer=2, options={"target": 6})
    events = _m3(g, 0, 6)
    assert g.scores == [6, 1, 0]
    assert events[-2:] == [HandScored(g.results[-1]), GameWon((0,))]
    assert g.winner == (0,) and g.phase is Phase.GAME_OVER and g.to_act is None
    assert g.view(2).winner == (0,)


def test_nothing_happens_after_the_game_is_over() -> None:
    g = m3_game(0, 6, {"target": 6})
    assert g.legal_actions() == ()
    with pytest.raises(RuleError, match="game is over"):
        g.next_hand()
    with pytest.raises(RuleError, match="game is over"):
        g.apply(Pass(1))
    doc = game_to_record(g)
    doc["hands"].append(hand_entry("moon3", M3, widow="0-0", dealer=0))
    with pytest.raises(RuleError, match="game is over"):
        game_from_record(doc)


def test_moon4_bidder_goes_out_even_with_the_lower_total() -> None:
    # Hand 1: side 1-3 bids 4 and takes 5 (5 to 2).  Hand 2: side 0-2 bids 4 and takes 4
    # (6 to 8).  Hand 3 the same: 10 to 11, both at the target of 10: the bidders win.
    g = build("moon4", rotate(D4, 1, 4), dealer=0, options={"target": 10})
    auction(g, {1: 4})
    act(g, "6", *D4_PLAYS)
    assert g.scores == [2, 5, 2, 5]
    for _ in range(2):
        g = deal_next(g, D4B)
        auction(g, {0: 4})
        act(g, "6", *D4B_PLAYS)
    assert g.scores == [10, 11, 10, 11]
    assert g.results[-1].made and g.results[-1].bidder == 0
    assert g.winner == (0, 2)


def test_moon3_marks_a_tie_at_the_target_plays_on_then_the_highest_total_wins() -> None:
    options = {"scoring": "marks", "target": 2}
    g = m3_game(0, 7, options)  # set: seats 1 and 2 each win a mark
    assert g.scores == [0, 1, 1] and g.winner is None
    g = m3_next(g, 0, 7)
    assert g.scores == [0, 2, 2]
    assert g.winner is None and g.phase is Phase.HAND_OVER  # a tie at the target: play on
    g.next_hand()
    auction(g, {})  # thrown in: still tied, the same test gives no winner
    assert g.results[-1].thrown_in and g.winner is None and g.phase is Phase.HAND_OVER
    set_game = m3_next(g, 1, 7)  # seat 1's bid is set: 1, 2, 3; seats 1 and 2 at the target
    assert set_game.scores == [1, 2, 3] and set_game.winner == (2,)
    made_game = m3_next(g, 1, 5)  # seat 1 makes its bid: it goes out
    assert made_game.scores == [0, 3, 2] and made_game.winner == (1,)


def test_moon3_points_a_tie_at_the_target_goes_to_the_bidder_who_made_its_bid() -> None:
    # Hand 1: seat 1 bids 4 and takes 6 (it scores 4), seat 2 takes a trick: 0, 4, 1.
    # Hand 2: seat 0 bids 5 and takes 5 with M3_SPLIT; seats 1 and 2 take one each: 5, 5, 2.
    def split_hand(g: Game, bid: int) -> Game:
        g = deal_next(g, M3_SPLIT, widow="0-0")
        auction(g, {0: bid})
        act(g, "0-0", "6", *M3_SPLIT_PLAYS)
        return g

    g = m3_game(1, 4, {"target": 5})
    assert g.scores == [0, 4, 1] and g.winner is None
    made = split_hand(g, 5)
    assert made.results[-1].tricks_won == (5, 1, 1)
    assert made.scores == [5, 5, 2] and made.winner == (0,)
    set_ = split_hand(g, 6)  # set: seat 0 loses 6; seat 1 alone reaches 5
    assert set_.scores == [-6, 5, 2] and set_.winner == (1,)


def test_moon4_set_bidders_give_the_game_to_the_other_side_at_the_target() -> None:
    # Hand 1: side 0-2 bids 4, takes 5: 5 to 2.  Hand 2: side 1-3 (D4 turned) bids 6 and is
    # set with 5 tricks: side 0-2 takes 2 more and reaches 7.
    g = build("moon4", D4, dealer=3, options={"target": 7})
    auction(g, {0: 4})
    act(g, "6", *D4_PLAYS)
    g = deal_next(g, rotate(D4, 1, 4))
    auction(g, {1: 6})
    act(g, "6", *D4_PLAYS)
    assert g.scores == [7, -4, 7, -4]
    assert g.results[-1].made is False and g.winner == (0, 2)


# ----- 9.2 moon_instant --------------------------------------------------------------------


def test_moon_instant_a_made_moon_wins_at_once() -> None:
    g = m3_game(0, 21, {"scoring": "marks", "moon_instant": True}, keep_widow=True)
    assert g.scores == [1, 0, 0] and g.winner == (0,) and g.phase is Phase.GAME_OVER


def test_without_moon_instant_a_made_moon_by_marks_is_one_mark() -> None:
    g = m3_game(0, 21, {"scoring": "marks"}, keep_widow=True)
    assert g.scores == [1, 0, 0] and g.winner is None


@pytest.mark.parametrize(("bidder", "winner"), [(0, 1), (1, 2), (2, 0)])
def test_moon_instant_a_set_moon_with_the_others_tied_goes_to_the_bidders_left(
    bidder: int, winner: int
) -> None:
    g = m3_game(bidder, 21, {"scoring": "marks", "moon_instant": True})
    others = [s for s in range(3) if s != bidder]
    assert [g.scores[s] for s in others] == [1, 1]
    assert g.winner == (winner,)


def test_moon_instant_a_set_moon_goes_to_the_higher_of_the_other_two() -> None:
    options = {"scoring": "marks", "moon_instant": True}
    g = m3_game(0, 7, options)
    g = m3_next(g, 1, 7)
    assert g.scores == [1, 1, 2] and g.winner is None
    g = m3_next(g, 0, 21)  # dealt by seat 1; seat 0 shoots the moon and takes six
    assert g.scores == [1, 2, 3]
    assert g.winner == (2,)


def test_moon_instant_by_points_a_set_moon_goes_to_the_higher_other_player() -> None:
    g = m3_game(0, 21, {"moon_instant": True})
    assert g.scores == [-21, 1, 0] and g.winner == (1,)


def test_moon_instant_four_players_set_moon_goes_to_the_other_side() -> None:
    g = build("moon4", D4, dealer=3, options={"moon_instant": True})
    auction(g, {0: 21})
    act(g, "6", *D4_PLAYS)
    assert g.scores == [-21, 2, -21, 2] and g.winner == (1, 3)


def test_moon_instant_four_players_made_moon_wins_by_marks() -> None:
    g = build("moon4", ALL_SIXES, dealer=3, options={"moon_instant": True, "scoring": "marks"})
    auction(g, {0: 21})
    act(g, "6")
    while g.phase is Phase.PLAY:
        legal = g.legal_actions()
        act(g, str(legal[-1 if g.to_act.seat == 0 else 0].tile))
    assert g.scores == [1, 0, 1, 0] and g.winner == (0, 2)


def test_moon_instant_does_not_touch_an_ordinary_bid() -> None:
    g = m3_game(0, 7, {"scoring": "marks", "moon_instant": True})
    assert g.scores == [0, 1, 1] and g.winner is None


# ----- Texas 42 ---------------------------------------------------------------------------------


def test_texas42_goes_to_seven_marks_by_default() -> None:
    g = build("texas42", ALL_SIXES)
    assert g.options.target == 7
    auction(g, {0: 84})
    act(g, "6")
    while g.phase is Phase.PLAY:
        legal = g.legal_actions()
        act(g, str(legal[-1 if g.to_act.seat == 0 else 0].tile))
    assert g.scores == [2, 0, 2, 0] and g.winner is None


def test_texas42_side_reaching_the_target_wins() -> None:
    g = build("texas42", ALL_SIXES, options={"target": 2})
    auction(g, {0: 84})
    act(g, "6")
    while g.phase is Phase.PLAY:
        legal = g.legal_actions()
        act(g, str(legal[-1 if g.to_act.seat == 0 else 0].tile))
    assert g.winner == (0, 2) and g.phase is Phase.GAME_OVER


def test_texas42_set_gives_the_other_side_the_game() -> None:
    g = build("texas42", D4, options={"target": 1})
    auction(g, {0: 42})
    act(g, "6", *D4_PLAYS[:6])
    assert g.scores == [0, 1, 0, 1] and g.winner == (1, 3)
