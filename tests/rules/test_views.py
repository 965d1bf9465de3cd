"""rules/README.md 8 (what each player knows) and the 84 face-down table of 7.3."""

from __future__ import annotations

import dataclasses

import pytest

from moon42.rules import Game, Phase, RuleError, Trump, parse_tile
from moon42.rules.actions import Discard, Pass
from moon42.rules.views import BidEntry
from tests.rules.positions import D4, D4_PLAYS, M3, M3_PLAYS
from tests.rules.support import act, auction, build, known_tiles, names, tiles_in


def _assert_knows_only_what_it_may(g: Game) -> None:
    for seat in range(g.seats):
        view = g.view(seat)
        own, allowed = known_tiles(g, seat)
        assert set(view.hand) == own
        seen = set(tiles_in(view))
        assert seen <= allowed, f"seat {seat} sees {names(seen - allowed)}"


def test_a_view_holds_the_seats_own_tiles_high_first() -> None:
    g = build("moon4", D4, dealer=3)
    for seat in range(4):
        hand = g.view(seat).hand
        assert sorted(names(hand)) == sorted(D4[seat].split())
        assert list(hand) == sorted(hand, reverse=True)
    assert names(g.view(0).hand) == ["6-6", "6-5", "6-4", "6-3", "6-2", "1-0", "0-0"]


def test_every_seat_sees_every_bid_and_pass_and_the_trump() -> None:
    g = build("moon4", D4, dealer=3)
    act(g, "5 pass 6 pass")
    expected = (
        BidEntry(0, 5, "bid"),
        BidEntry(1, None, "pass"),
        BidEntry(2, 6, "bid"),
        BidEntry(3, None, "pass"),
    )
    for seat in range(4):
        assert g.view(seat).bids == expected
        assert g.view(seat).high_bid == 6 and g.view(seat).bidder == 2
    act(g, "doubles")
    assert {g.view(s).trump for s in range(4)} == {Trump.DOUBLES}
    assert g.view(1).trick_rules.is_trump[parse_tile("3-3")]


def test_every_seat_sees_every_tile_played_and_who_won_each_trick() -> None:
    g = build("moon4", D4, dealer=3)
    auction(g, {0: 4})
    act(g, "6", *D4_PLAYS[:2], "6-4 5-2")
    for seat in range(4):
        view = g.view(seat)
        assert [t.winner for t in view.tricks] == [0, 0]
        assert names(view.played) == [*D4_PLAYS[0].split(), *D4_PLAYS[1].split(), "6-4", "5-2"]
        assert view.current_trick.leader == 0 and view.current_trick.winner is None
        assert view.current_trick.plays == ((0, parse_tile("6-4")), (1, parse_tile("5-2")))
        assert view.tricks_won == (2, 0, 0, 0)
        assert view.hand_sizes == (4, 4, 5, 5)
    _assert_knows_only_what_it_may(g)


def test_only_the_seat_to_act_gets_its_legal_actions() -> None:
    g = build("moon4", D4, dealer=3)
    assert g.view(0).my_turn and g.view(0).legal == g.legal_actions()
    assert all(g.view(s).legal == () and not g.view(s).my_turn for s in (1, 2, 3))
    assert all(g.view(s).to_act == (0, "bid") for s in range(4))


def test_the_widow_and_the_discard_are_seen_only_by_the_bidder() -> None:
    g = build("moon3", M3, widow="0-0", dealer=2)
    auction(g, {0: 5})
    _assert_knows_only_what_it_may(g)
    assert names(g.view(0).widow) == ["0-0"]
    assert g.view(1).widow == () and g.view(2).widow == ()
    act(g, "2-1")
    _assert_knows_only_what_it_may(g)
    assert g.view(0).discard == parse_tile("2-1")
    assert g.view(1).discard is None and g.view(2).discard is None
    act(g, "6", *M3_PLAYS[:3], "6-3")
    _assert_knows_only_what_it_may(g)
    assert names(g.view(0).widow) == ["0-0"] and g.view(0).discard == parse_tile("2-1")


def test_with_trump_before_widow_the_bidder_does_not_see_the_widow_while_naming_trump() -> None:
    g = build("moon3", M3, widow="0-0", dealer=2, options={"trump_before_widow": True})
    auction(g, {1: 5})
    assert g.to_act == (1, "trump")
    assert g.view(1).widow == () and parse_tile("0-0") not in tiles_in(g.view(1))
    _assert_knows_only_what_it_may(g)
    act(g, "5")
    assert names(g.view(1).widow) == ["0-0"]
    _assert_knows_only_what_it_may(g)


def test_a_view_never_shows_another_seats_tiles_through_a_whole_game() -> None:
    g = Game.new("moon3", {"target": 10}, seed=7)
    steps = 0
    while g.phase is not Phase.GAME_OVER and steps < 200:
        if g.phase is Phase.HAND_OVER:
            g.next_hand()
        _assert_knows_only_what_it_may(g)
        legal = g.legal_actions()
        g.apply(legal[steps * 7 % len(legal)])
        steps += 1
    _assert_knows_only_what_it_may(g)


def test_texas42_84_stacks_earlier_tricks_face_down() -> None:
    g = build("texas42", D4)
    auction(g, {0: 84})
    assert not g.view(1).face_down  # trump not named yet
    act(g, "6", D4_PLAYS[0])
    for seat in range(4):
        view = g.view(seat)
        assert view.face_down
        assert len(view.tricks) == 1  # knowledge is unchanged: the trick is still known
        assert names(view.played) == D4_PLAYS[0].split()


@pytest.mark.parametrize(("game", "bid"), [("texas42", 42), ("texas42", 30), ("moon4", 21)])
def test_other_bids_keep_the_tricks_face_up(game: str, bid: int) -> None:
    g = build(game, D4, dealer=3 if game == "moon4" else None)
    auction(g, {0: bid})
    act(g, "6", D4_PLAYS[0])
    assert not any(g.view(s).face_down for s in range(4))


def test_nello_views_show_who_sits_out() -> None:
    g = build("texas42", D4, options={"nello": True})
    auction(g, {0: 42})
    act(g, "nello")
    assert {g.view(s).sitting_out for s in range(4)} == {2}
    assert len(g.view(2).hand) == 7 and g.view(2).legal == ()
    _assert_knows_only_what_it_may(g)


def test_views_carry_scores_and_results_of_finished_hands() -> None:
    g = build("moon4", D4, dealer=3)
    auction(g, {0: 5})
    act(g, "6", *D4_PLAYS)
    view = g.view(3)
    assert view.phase is Phase.HAND_OVER and view.to_act is None
    assert view.scores == (5, 2, 5, 2)
    assert len(view.results) == 1 and view.results[0].score == (5, 2, 5, 2)
    assert view.winner is None


def test_a_view_is_frozen_and_only_for_seats_of_the_game() -> None:
    g = build("moon3", M3, widow="0-0", dealer=2)
    view = g.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    with pytest.raises(ValueError):
        g.view(3)
    act(g, "pass")
    assert g.view(0).hand == view.hand and view.bids == ()  # an old view does not change


def test_view_basics() -> None:
    g = build("moon4", D4, dealer=3)
    view = g.view(1)
    assert view.game == "moon4" and view.seats == 4 and view.seat == 1
    assert view.dealer == 3 and view.hand_number == 0
    assert view.players == g.players and len(view.players) == 4
    assert view.options == g.options
    assert view.trump is None and view.trick_rules is None and view.declarer is None
    assert view.widow == () and view.discard is None and view.sitting_out is None


def test_a_refused_action_changes_no_view() -> None:
    g = build("moon3", M3, widow="0-0", dealer=2)
    auction(g, {0: 5})
    before = [g.view(s) for s in range(3)]
    with pytest.raises(RuleError, match="does not hold"):
        g.apply(Discard(0, parse_tile("5-5")))
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(Pass(1))
    assert [g.view(s) for s in range(3)] == before
