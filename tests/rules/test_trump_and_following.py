"""rules/README.md 5 and 6 (trump, the suit led, following, winning, rank) and 9.1 (doubles
options)."""

from __future__ import annotations

import itertools

import pytest

from moon42.rules import Phase, RuleError, Trump, parse_tile
from moon42.rules.actions import NameTrump, Play
from moon42.rules.trump import DOUBLES_SUIT, TRUMP_SUIT, trick_rules
from tests.rules.support import act, auction, build, names, tiles


def _offered(game: str, options: dict | None = None) -> list[str]:
    g = build(game, options=options)
    auction(g, {g.to_act.seat: "84" if game == "texas42" else "5"})
    if g.phase is Phase.WIDOW:
        act(g, str(g.view(g.to_act.seat).hand[-1]))
    assert g.phase is Phase.TRUMP
    offered = [a.trump.value for a in g.legal_actions()]
    assert offered == [t.value for t in g.offered_trumps()]
    return offered


NUMBERS = ["0", "1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize("game", ["moon3", "moon4", "texas42"])
def test_a_number_doubles_or_no_trump_are_offered_by_default(game: str) -> None:
    assert _offered(game) == [*NUMBERS, "doubles", "none"]


def test_moon21_does_not_offer_trump_zero() -> None:
    assert _offered("moon3", {"remove_double_blank": True}) == [*NUMBERS[1:], "doubles", "none"]


def test_doubles_trump_off_does_not_offer_doubles() -> None:
    assert _offered("moon4", {"doubles_trump": False}) == [*NUMBERS, "none"]


def test_no_trump_off_does_not_offer_follow_me() -> None:
    assert _offered("texas42", {"no_trump": False}) == [*NUMBERS, "doubles"]
    assert _offered("moon3", {"no_trump": False, "doubles_trump": False}) == NUMBERS


def test_a_trump_not_offered_is_refused() -> None:
    g = build("moon3", options={"remove_double_blank": True}, dealer=2)
    act(g, "5", "pass", "pass")
    for trump in (Trump.BLANKS, Trump.NELLO, Trump.SEVENS):
        with pytest.raises(RuleError, match="not offered"):
            g.apply(NameTrump(0, trump))
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(NameTrump(1, Trump.SIXES))
    assert g.phase is Phase.TRUMP and g.view(0).trump is None


def test_trump_zero_in_moon22_has_one_tile_double_blank() -> None:
    g = build("moon3", dealer=2)
    act(g, "5", "pass", "pass")
    act(g, str(g.view(0).hand[-1]), "0")
    rules = g.view(0).trick_rules
    in_set = g.tile_set
    assert [str(t) for t in in_set if rules.is_trump[t]] == ["0-0"]


def _power_order(trump: Trump, suit: int, doubles: str = "high") -> list[str]:
    rules = trick_rules(trump, doubles)
    power = rules.power[suit]
    following = [t for t in map(parse_tile, _ALL) if rules.follows(t, suit)]
    assert all(power[t] > 0 for t in following)
    ranked = sorted(following, key=lambda t: -power[t])
    return names(ranked)


_ALL = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]


def test_trumps_rank_double_first_then_by_the_other_number() -> None:
    order = _power_order(Trump.FIVES, TRUMP_SUIT)
    assert order == ["5-5", "6-5", "5-4", "5-3", "5-2", "5-1", "5-0"]


def test_doubles_trump_ranks_six_six_high_to_double_blank_low() -> None:
    order = _power_order(Trump.DOUBLES, TRUMP_SUIT)
    assert order == ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]


def test_rank_in_suit_three_with_trump_six() -> None:
    assert _power_order(Trump.SIXES, 3) == ["3-3", "5-3", "4-3", "3-2", "3-1", "3-0"]


def test_with_doubles_trump_the_top_of_a_number_suit_is_its_highest_non_double() -> None:
    assert _power_order(Trump.DOUBLES, 4) == ["6-4", "5-4", "4-3", "4-2", "4-1", "4-0"]


def test_led_suit_is_trump_or_the_higher_number() -> None:
    rules = trick_rules(Trump.FIVES)
    led = {t: rules.led_suit[parse_tile(t)] for t in ("3-2", "5-3", "6-3", "4-4", "5-5", "6-0")}
    assert led == {"3-2": 3, "5-3": TRUMP_SUIT, "6-3": 6, "4-4": 4, "5-5": TRUMP_SUIT, "6-0": 6}
    assert trick_rules(Trump.NO_TRUMP).led_suit[parse_tile("5-3")] == 5


def test_every_trick_rules_winner_matches_the_power_order() -> None:
    # Suit 3 with trump 6, 3-0 led: of any two of 3-3 5-3 4-3 3-2 3-1 that follow,
    # the higher ranked wins, in either order; a trump beats them all.
    rules = trick_rules(Trump.SIXES)
    led = parse_tile("3-0")
    order = tiles("3-3 5-3 4-3 3-2 3-1")
    for high, low in itertools.combinations(order, 2):
        assert rules.winner_index([led, low, high]) == 2
        assert rules.winner_index([led, high, low]) == 1
        assert rules.winner_index([led, high, low, parse_tile("6-0")]) == 3
    assert rules.winner_index(tiles("3-2 3-3")) == 1
    assert rules.winner_index(tiles("3-3 5-3 6-3")) == 2


# Trump 5, 3-2 led (the example of rules/README.md 6).
TRUMP_FIVE = {
    0: "3-2 1-0 2-0 2-1 2-2 4-0 4-1",
    1: "5-3 6-3 6-6 6-5 6-4 6-2 6-1",
    2: "5-1 5-0 5-5 5-4 5-2 4-4 4-2",
    3: "3-3 3-1 3-0 4-3 6-0 0-0 1-1",
}


def _trump_five():
    g = build("moon4", TRUMP_FIVE, dealer=3)
    act(g, "4 pass pass pass", "5")
    assert g.to_act == (0, "play")
    return g


def _legal(g) -> list[str]:
    return sorted(names(a.tile for a in g.legal_actions()))


def test_the_bidder_leads_the_first_trick_with_any_tile() -> None:
    g = _trump_five()
    assert _legal(g) == sorted(TRUMP_FIVE[0].split())


def test_trump_five_three_two_led_five_three_does_not_follow_six_three_does() -> None:
    g = _trump_five()
    act(g, "3-2")
    assert _legal(g) == ["6-3"]
    with pytest.raises(RuleError, match="must follow the threes") as caught:
        g.apply(Play(1, parse_tile("5-3")))
    assert "6-3" in caught.value.message
    with pytest.raises(RuleError, match="follow"):
        g.apply(Play(1, parse_tile("6-6")))
    assert len(g.view(0).current_trick.plays) == 1


def test_a_player_who_cannot_follow_may_play_any_tile_and_a_trump_wins() -> None:
    g = _trump_five()
    act(g, "3-2", "6-3")
    assert _legal(g) == sorted(TRUMP_FIVE[2].split())  # no 3 that is not a trump
    act(g, "5-0")
    assert _legal(g) == ["3-0", "3-1", "3-3", "4-3"]
    events = act(g, "3-3")
    trick = g.view(0).tricks[0]
    assert trick.winner == 2 and trick.leader == 0
    assert names(trick.tiles) == ["3-2", "6-3", "5-0", "3-3"]
    assert events[-1].seat == 2
    assert g.to_act == (2, "play")  # the winner leads the next trick


def test_trump_led_any_trump_follows() -> None:
    g = _trump_five()
    act(g, "3-2 6-3 5-0 3-3", "5-5")
    assert _legal(g) == ["0-0", "1-1", "3-0", "3-1", "4-3", "6-0"]  # seat 3 holds no trump
    act(g, "0-0")
    assert _legal(g) == sorted(TRUMP_FIVE[0].split()[1:])  # seat 0: no trump either
    act(g, "1-0")
    assert _legal(g) == ["5-3", "6-5"]  # seat 1 must play one of its trumps
    act(g, "6-5")
    assert g.view(0).tricks[1].winner == 2


# Doubles trump, 4-2 led (the example of rules/README.md 6).
DOUBLES = {
    0: "4-2 0-0 1-0 2-0 3-0 2-1 3-1",
    1: "4-4 4-1 6-6 6-5 6-3 6-2 6-1",
    2: "6-4 5-5 5-3 5-2 5-1 5-0 6-0",
    3: "5-4 4-3 4-0 3-3 2-2 1-1 3-2",
}


def test_doubles_trump_four_four_may_not_follow_fours_and_six_four_is_highest() -> None:
    g = build("moon4", DOUBLES, dealer=3)
    act(g, "4 pass pass pass", "doubles", "4-2")
    assert _legal(g) == ["4-1"]
    with pytest.raises(RuleError, match="must follow the fours"):
        g.apply(Play(1, parse_tile("4-4")))
    act(g, "4-1")
    assert _legal(g) == ["6-4"]
    act(g, "6-4")
    assert _legal(g) == ["4-0", "4-3", "5-4"]
    act(g, "5-4")
    assert g.view(0).tricks[0].winner == 2
    # Doubles led: only doubles follow, and the highest double wins.
    act(g, "5-5")
    assert _legal(g) == ["1-1", "2-2", "3-3"]
    act(g, "1-1")
    assert _legal(g) == ["0-0"]
    act(g, "0-0")
    assert _legal(g) == ["4-4", "6-6"]
    act(g, "6-6")
    assert g.view(0).tricks[1].winner == 1


def test_no_trump_five_three_led_asks_for_fives() -> None:
    deal = {
        0: "5-3 1-0 2-0 2-1 2-2 4-0 4-1",
        1: "3-3 3-1 3-0 4-3 6-0 0-0 1-1",
        2: "5-5 5-4 5-2 5-1 5-0 4-4 4-2",
        3: "6-6 6-5 6-4 6-3 6-2 6-1 3-2",
    }
    g = build("moon4", deal, dealer=3)
    act(g, "4 pass pass pass", "none", "5-3")
    assert _legal(g) == sorted(deal[1].split())  # threes, but no five: anything goes
    act(g, "3-3")
    assert _legal(g) == ["5-0", "5-1", "5-2", "5-4", "5-5"]
    act(g, "5-0")
    assert _legal(g) == ["6-5"]
    act(g, "6-5")
    trick = g.view(0).tricks[0]
    assert trick.winner == 3  # 6-5 is the highest five; 3-3 did not follow


def test_a_tile_that_does_not_follow_never_wins_even_if_higher() -> None:
    rules = trick_rules(Trump.NO_TRUMP)
    assert rules.winner_index(tiles("2-1 6-6 6-5 5-5")) == 0
    assert rules.winner_index(tiles("2-1 6-6 2-2 5-5")) == 2


def test_play_out_of_turn_and_tiles_not_held_are_refused() -> None:
    g = _trump_five()
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(Play(1, parse_tile("6-3")))
    with pytest.raises(RuleError, match="does not hold"):
        g.apply(Play(0, parse_tile("6-6")))
    assert g.view(0).current_trick is None
    act(g, "3-2")
    with pytest.raises(RuleError, match="out of turn"):
        g.apply(Play(0, parse_tile("1-0")))


def test_a_hand_is_seven_tricks_each_won_trick_led_by_its_winner() -> None:
    g = _trump_five()
    while g.phase is Phase.PLAY:
        act(g, str(g.legal_actions()[0].tile))
    result = g.results[-1]
    assert len(result.tricks) == 7
    assert sum(result.tricks_won) == 7
    assert result.tricks[0].leader == 0
    for before, after in itertools.pairwise(result.tricks):
        assert after.leader == before.winner


# rules/README.md 9.1: no_trump_doubles.


def test_no_trump_doubles_high_a_double_tops_its_suit() -> None:
    assert _power_order(Trump.NO_TRUMP, 5, "high") == [
        "5-5",
        "6-5",
        "5-4",
        "5-3",
        "5-2",
        "5-1",
        "5-0",
    ]


def test_no_trump_doubles_low_a_double_is_the_lowest_of_its_suit() -> None:
    assert _power_order(Trump.NO_TRUMP, 5, "low") == [
        "6-5",
        "5-4",
        "5-3",
        "5-2",
        "5-1",
        "5-0",
        "5-5",
    ]
    assert trick_rules(Trump.NO_TRUMP, "low").winner_index(tiles("5-5 5-0")) == 1


def test_no_trump_doubles_own_the_doubles_are_an_eighth_suit() -> None:
    rules = trick_rules(Trump.NO_TRUMP, "own")
    assert rules.led_suit[parse_tile("5-5")] == DOUBLES_SUIT
    assert _power_order(Trump.NO_TRUMP, DOUBLES_SUIT, "own") == [
        "6-6",
        "5-5",
        "4-4",
        "3-3",
        "2-2",
        "1-1",
        "0-0",
    ]
    assert "5-5" not in _power_order(Trump.NO_TRUMP, 5, "own")
    assert rules.winner_index(tiles("2-2 6-2 6-6 1-1")) == 2
    assert rules.winner_index(tiles("5-1 5-5 6-6 2-1")) == 0


def test_no_trump_doubles_own_in_play_a_double_never_follows_a_number_suit() -> None:
    deal = {
        0: "5-1 1-0 2-0 2-1 4-0 4-1 4-2",
        1: "5-5 5-2 3-3 3-1 3-0 4-3 6-0",
        2: "2-2 6-6 6-4 6-3 6-2 6-1 3-2",
        3: "5-4 5-3 5-0 4-4 1-1 0-0 6-5",
    }
    g = build("moon4", deal, options={"no_trump_doubles": "own"}, dealer=3)
    act(g, "4 pass pass pass", "none", "5-1")
    assert _legal(g) == ["5-2"]  # 5-5 is a double: it does not follow fives
    act(g, "5-2")
    assert _legal(g) == sorted(deal[2].split())  # doubles but no five: anything
    act(g, "6-6")
    assert _legal(g) == ["5-0", "5-3", "5-4", "6-5"]
    act(g, "6-5")
    assert g.view(0).tricks[0].winner == 3  # 6-6 did not follow; 6-5 is the top five
    act(g, "4-4")  # seat 3 leads a double: doubles follow
    assert _legal(g) == sorted(deal[0].split()[1:])  # seat 0 holds no double
    act(g, "1-0")
    assert _legal(g) == ["3-3", "5-5"]
    act(g, "5-5")
    assert _legal(g) == ["2-2"]
    act(g, "2-2")
    assert g.view(0).tricks[1].winner == 1  # 5-5 tops 4-4 and 2-2


def test_no_trump_doubles_applies_only_without_a_number_trump() -> None:
    for doubles in ("low", "own"):
        rules = trick_rules(Trump.SIXES, doubles)
        assert rules.winner_index(tiles("5-0 5-5 5-4")) == 1
        assert rules.led_suit[parse_tile("5-5")] == 5


def test_no_trump_doubles_option_reaches_the_play() -> None:
    deal = {
        0: "5-0 1-0 2-0 2-1 4-0 4-1 4-2",
        1: "5-5 3-3 3-2 3-1 3-0 4-3 6-0",
        2: "2-2 6-6 6-5 6-4 6-3 6-2 6-1",
        3: "5-4 5-3 5-2 5-1 4-4 1-1 0-0",
    }
    winners = {}
    for doubles in ("high", "low"):
        g = build("moon4", deal, options={"no_trump_doubles": doubles}, dealer=3)
        act(g, "4 pass pass pass", "none", "5-0 5-5 6-5 5-1")
        winners[doubles] = g.view(0).tricks[0].winner
    assert winners == {"high": 1, "low": 2}  # low: 6-5 tops 5-5
