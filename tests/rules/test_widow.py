"""rules/README.md 4: the widow of three-player Moon, the discard, and trump_before_widow."""

from __future__ import annotations

import pytest

from moon42.rules import Phase, RuleError, Trump, parse_tile
from moon42.rules.actions import Discard, NameTrump, Play
from moon42.rules.events import Discarded, TrumpNamed, WidowTaken
from tests.rules.support import act, build, names

# seat 0: six trumps in sixes; the widow is 0-0.
DEAL = {
    0: "6-6 6-5 6-4 6-3 6-2 6-1 2-1",
    1: "5-5 5-4 5-3 5-2 5-1 4-4 2-2",
    2: "4-3 4-2 4-1 3-3 3-2 3-1 1-1",
}


def _won_by_seat_0(options: dict | None = None):
    g = build("moon3", DEAL, widow="0-0", dealer=2, options=options)
    events = act(g, "5", "pass", "pass")
    return g, events


def test_the_bidder_adds_the_widow_to_the_hand_then_discards() -> None:
    g, events = _won_by_seat_0()
    assert WidowTaken(0) in events
    assert g.phase is Phase.WIDOW and g.to_act == (0, "discard")
    view = g.view(0)
    assert len(view.hand) == 8 and parse_tile("0-0") in view.hand
    assert names(view.widow) == ["0-0"]
    assert view.hand_sizes == (8, 7, 7)
    assert {a.tile for a in g.legal_actions()} == set(view.hand)
    assert all(isinstance(a, Discard) for a in g.legal_actions())


def test_the_discard_may_be_the_widow_tile_itself_and_is_out_of_play() -> None:
    g, _ = _won_by_seat_0()
    events = act(g, "0-0")
    assert events == [Discarded(0)]
    view = g.view(0)
    assert parse_tile("0-0") not in view.hand and len(view.hand) == 7
    assert view.discard == parse_tile("0-0")
    assert g.phase is Phase.TRUMP and g.to_act == (0, "trump")
    act(g, "6")
    assert g.phase is Phase.PLAY and g.to_act == (0, "play")
    with pytest.raises(RuleError, match="does not hold"):
        g.apply(Play(0, parse_tile("0-0")))


def test_the_bidder_may_discard_a_tile_of_the_deal_and_keep_the_widow() -> None:
    g, _ = _won_by_seat_0()
    act(g, "2-1")
    assert parse_tile("0-0") in g.view(0).hand
    assert g.view(0).discard == parse_tile("2-1")


def test_only_the_bidder_discards_and_only_a_tile_held() -> None:
    g, _ = _won_by_seat_0()
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(Discard(1, parse_tile("5-5")))
    with pytest.raises(RuleError, match="does not hold"):
        g.apply(Discard(0, parse_tile("5-5")))
    with pytest.raises(RuleError, match="cannot trump now"):
        g.apply(NameTrump(0, Trump.SIXES))
    with pytest.raises(RuleError, match="cannot play now"):
        g.apply(Play(0, parse_tile("6-6")))
    assert g.phase is Phase.WIDOW and len(g.view(0).hand) == 8


def test_nobody_else_sees_the_widow_or_the_discard() -> None:
    g, _ = _won_by_seat_0()
    act(g, "2-1", "6")
    for seat in (1, 2):
        view = g.view(seat)
        assert view.widow == () and view.discard is None
        assert parse_tile("0-0") not in view.hand
    assert names(g.view(0).widow) == ["0-0"]


def test_the_widow_is_not_seen_before_the_bidding_ends() -> None:
    g = build("moon3", DEAL, widow="0-0", dealer=2)
    act(g, "5")
    assert all(g.view(s).widow == () for s in range(3))


def test_trump_before_widow_names_trump_first_without_seeing_it() -> None:
    g, events = _won_by_seat_0({"trump_before_widow": True})
    assert WidowTaken(0) not in events
    assert g.phase is Phase.TRUMP and g.to_act == (0, "trump")
    view = g.view(0)
    assert len(view.hand) == 7 and view.widow == ()
    assert parse_tile("0-0") not in view.hand
    events = act(g, "6")
    assert events == [TrumpNamed(0, Trump.SIXES), WidowTaken(0)]
    assert g.phase is Phase.WIDOW and g.to_act == (0, "discard")
    assert len(g.view(0).hand) == 8 and names(g.view(0).widow) == ["0-0"]
    act(g, "0-0")
    assert g.phase is Phase.PLAY and g.to_act == (0, "play")
    assert g.view(0).trump is Trump.SIXES


def test_with_moon21_there_is_no_widow_and_no_discard() -> None:
    g = build("moon3", options={"remove_double_blank": True}, dealer=2)
    events = act(g, "5", "pass", "pass")
    assert WidowTaken(0) not in events
    assert g.phase is Phase.TRUMP and g.to_act == (0, "trump")
    assert len(g.view(0).hand) == 7 and g.view(0).widow == ()


@pytest.mark.parametrize("game", ["moon4", "texas42"])
def test_four_player_games_have_no_widow(game: str) -> None:
    g = build(game)
    first = g.to_act.seat
    act(g, "84" if game == "texas42" else "21")
    assert g.phase is Phase.TRUMP and g.to_act == (first, "trump")
    assert len(g.view(first).hand) == 7
