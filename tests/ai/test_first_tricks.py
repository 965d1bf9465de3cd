"""The expert's first two tricks: tiles that play alike are solved once, tiles far behind
stop being solved, and follow-me's simulated rate is discounted."""

from __future__ import annotations

from moon42.ai.expert import FOLLOW_ME_SHARE, RACE_AFTER, RACE_BEHIND, _still_racing, simulated_rate
from moon42.ai.search.solver import alike_tiles
from moon42.rules.tiles import mask_of, tile
from moon42.rules.trump import Trump, trick_rules

FIVES = trick_rules(Trump.FIVES)


def test_trumps_with_nothing_hidden_between_them_play_alike() -> None:
    hand = [tile(5, 4), tile(5, 3), tile(6, 2)]
    groups = alike_tiles(FIVES, hand, hidden=mask_of([tile(5, 5), tile(6, 5), tile(6, 1)]))
    assert sorted(map(sorted, groups.values())) == [[tile(5, 3), tile(5, 4)], [tile(6, 2)]]
    assert min(groups[min(groups)]) == min(groups)  # each group under its lowest tile


def test_a_tile_another_hand_may_hold_between_them_keeps_them_apart() -> None:
    hand = [tile(5, 4), tile(5, 2)]
    assert len(alike_tiles(FIVES, hand, hidden=mask_of([tile(5, 3)]))) == 2
    assert len(alike_tiles(FIVES, hand, hidden=mask_of([tile(6, 6)]))) == 1  # 5-3 is seen


def test_count_and_topping_the_trick_keep_tiles_apart() -> None:
    assert len(alike_tiles(FIVES, [tile(5, 1), tile(5, 0)], hidden=0)) == 2  # 5-0 has count
    power = FIVES.power[8]  # a trump led
    top = power[tile(5, 3)]
    hand = [tile(5, 4), tile(5, 2)]
    assert len(alike_tiles(FIVES, hand, hidden=0, power=power, top=top)) == 2
    assert len(alike_tiles(FIVES, hand, hidden=0, power=power, top=power[tile(5, 5)])) == 1


def test_a_tile_far_behind_for_the_contract_stops_being_solved() -> None:
    totals = {1: 8.0, 2: 8.0 - RACE_BEHIND, 3: 7.0}
    assert _still_racing([1, 2, 3], totals, 1, RACE_AFTER - 1) == [1, 2, 3]  # too soon
    assert _still_racing([1, 2, 3], totals, 1, RACE_AFTER) == [1, 3]
    # A defender wants the fewest made: the same rule the other way round.
    assert _still_racing([1, 2, 3], totals, -1, RACE_AFTER) == [2, 3]
    # Behind by under half the layouts solved: still in.
    assert _still_racing([1, 2], {1: 20.0, 2: 15.0}, 1, 12) == [1, 2]


def test_follow_me_counts_its_simulated_rate_at_a_share() -> None:
    made = [True, True, True, False]
    assert simulated_rate(Trump.SIXES, made) == 0.75
    assert simulated_rate(Trump.NO_TRUMP, made) == 0.75 * FOLLOW_ME_SHARE
    assert simulated_rate(Trump.NO_TRUMP, []) == 0.0
