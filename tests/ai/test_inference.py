"""What the trump named and the tiles played say about the others' hands
(``ai.search.inference``), and the expert's layouts that follow it."""

from __future__ import annotations

import random
from statistics import fmean

from moon42.ai.basic import BasicBot
from moon42.ai.budget import Budget
from moon42.ai.expert import ExpertBot
from moon42.ai.facts.forced_auction import given_auction, skip_auction
from moon42.ai.registry import make_bot
from moon42.ai.search.inference import (
    FOLLOW_WASTE_WEIGHT,
    LEAD_OFF_WEIGHT,
    SHORTFALL_WEIGHT,
    Reading,
    play_likelihood,
    trump_likelihood,
)
from moon42.ai.search.layouts import constraints_of, sample
from moon42.ai.search.tendencies import PARTNER_WEIGHTS
from moon42.rules import Bid, Game, Pass, Phase, Trump
from moon42.rules.actions import NameTrump
from moon42.rules.tiles import TILES, mask_of, tile


def _named(trump: Trump, seed: int = 4) -> Game:
    """Texas 42 at the first trick: the first bidder bids 30 and names ``trump``."""
    game = Game.new("texas42", options={"play_out": True}, seed=seed)
    game.apply(Bid(game.to_act.seat, 30))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.to_act.seat))
    game.apply(NameTrump(game.to_act.seat, trump))
    return game


def _length(hand: int, number: int) -> int:
    return sum(1 for t in range(28) if hand >> t & 1 and TILES[t].carries(number))


def test_only_another_seats_number_or_doubles_says_something() -> None:
    game = _named(Trump.FIVES)
    namer = game.view(0).declarer
    assert trump_likelihood(game.view(namer)) is None  # it knows its own hand
    assert trump_likelihood(game.view((namer + 1) % 4)) is not None
    assert trump_likelihood(game.view((namer + 2) % 4)) is not None  # the partner too
    assert trump_likelihood(_named(Trump.DOUBLES).view((namer + 1) % 4)) is not None
    assert trump_likelihood(_named(Trump.NO_TRUMP).view((namer + 1) % 4)) is None


def test_a_layout_weighs_by_how_short_the_namer_is_in_trump() -> None:
    game = _named(Trump.FIVES)
    namer = game.view(0).declarer
    weight = trump_likelihood(game.view((namer + 1) % 4))
    hands = [0, 0, 0, 0]

    def weigh(*tiles: tuple[int, int]) -> float:
        hands[namer] = mask_of(tile(a, b) for a, b in tiles)
        return weight(hands)

    # Five fives and at most two of any other number: longest, weight 1.
    assert weigh((5, 5), (5, 4), (5, 3), (5, 2), (5, 1), (6, 6), (0, 0)) == 1.0
    # Three fives and three sixes: tied for the longest.
    assert weigh((5, 5), (5, 4), (5, 3), (6, 6), (6, 4), (6, 3), (0, 0)) == SHORTFALL_WEIGHT[0]
    # One five against four sixes: three short, the smallest weight.
    assert weigh((5, 4), (6, 6), (6, 3), (6, 2), (6, 1), (0, 0), (1, 1)) == SHORTFALL_WEIGHT[-1]


def test_tiles_the_namer_has_played_count_as_held() -> None:
    game = _named(Trump.FIVES, seed=7)
    namer = game.to_act.seat
    led = max(game.view(namer).hand, key=lambda t: (t.carries(5), t.pips))
    game.apply(next(a for a in game.legal_actions() if getattr(a, "tile", None) == led))
    watcher = game.view((namer + 1) % 4)
    weight = trump_likelihood(watcher)
    hands = [0, 0, 0, 0]
    # The six tiles left to the namer, as if its hand were known: with the tile it led,
    # its own dealt hand.
    true_hand = mask_of(game.view(namer).hand)
    hands[namer] = true_hand
    with_led = _length(true_hand | 1 << led, 5)
    others = max(_length(true_hand | 1 << led, n) for n in range(7) if n != 5)
    expected = 1.0 if with_led > others else SHORTFALL_WEIGHT[min(others - with_led, 2)]
    assert weight(hands) == expected


def test_the_experts_layouts_give_the_namer_more_trumps_than_chance() -> None:
    fives = []
    chance = []
    for seed in range(6):
        game = _named(Trump.FIVES, seed=seed)
        namer = game.to_act.seat
        view = game.view((namer + 1) % 4)
        constraints = constraints_of(view)
        bot = ExpertBot(seed, budget=None, layouts=40, call_budget=None)
        likely = trump_likelihood(view)
        for hands, weight in bot._layouts(
            constraints, random.Random(seed), Budget(None), likely
        ):
            assert weight == 1.0  # sampled layouts are kept or dropped, not weighed
            fives.append(_length(hands[namer], 5))
        rng = random.Random(seed)
        for _ in range(40):
            chance.append(_length(sample(constraints, rng)[namer], 5))
    # At random a hand of 7 holds about 1.9 of the 7 fives the watcher cannot see or fewer.
    assert fmean(fives) > fmean(chance) + 1.0


def test_listed_layouts_carry_their_weight() -> None:
    game = _named(Trump.FIVES, seed=2)
    rng = random.Random(2)
    while len(game.view(0).played) < 20:  # late in the hand: the layouts are few
        game.apply(rng.choice(game.legal_actions()))
    namer = game.view(0).declarer
    seat = game.to_act.seat
    if seat == namer:
        game.apply(rng.choice(game.legal_actions()))
        seat = game.to_act.seat
    view = game.view(seat)
    likely = trump_likelihood(view)
    bot = ExpertBot(1, budget=None, layouts=400, call_budget=None)
    listed = list(bot._layouts(constraints_of(view), random.Random(1), Budget(None), likely))
    assert len(listed) > 1
    assert all(weight == likely(hands) for hands, weight in listed)
    assert all(0 < weight <= 1 for _, weight in listed)


def _led_off(seed: int) -> Game | None:
    """Fives named; the namer leads a tile that is not a five, if it holds one."""
    game = _named(Trump.FIVES, seed=seed)
    namer = game.to_act.seat
    offs = [t for t in game.view(namer).hand if not t.carries(5)]
    if not offs:
        return None
    game.apply(next(a for a in game.legal_actions() if getattr(a, "tile", None) == offs[0]))
    return game


def test_the_bidder_leading_no_trump_likely_holds_none() -> None:
    game = next(g for g in map(_led_off, range(20)) if g is not None)
    namer = game.view(0).declarer
    weight = play_likelihood(game.view((namer + 1) % 4))
    hands = [0, 0, 0, 0]
    hands[namer] = mask_of([tile(6, 6), tile(4, 4), tile(3, 3), tile(2, 1), tile(1, 0)])
    assert weight(hands) == 1.0
    hands[namer] |= mask_of([tile(5, 2)])  # it held a trump and led something else
    assert weight(hands) == LEAD_OFF_WEIGHT
    # The namer's partner does not read its partner's plays.
    assert play_likelihood(game.view((namer + 2) % 4)) is None


def _followed_high(seed: int) -> Game | None:
    """Fives named; the namer leads 5-5 and the next seat follows with its highest five
    (which cannot take the trick), if they hold them."""
    game = _named(Trump.FIVES, seed=seed)
    namer = game.to_act.seat
    follows = [t for t in game.view((namer + 1) % 4).hand if t.carries(5)]
    if tile(5, 5) not in game.view(namer).hand or len(follows) < 2:
        return None
    for led in (tile(5, 5), max(follows, key=lambda t: t.pips)):
        game.apply(next(a for a in game.legal_actions() if getattr(a, "tile", None) == led))
    return game


def test_following_above_the_lowest_tile_for_nothing_is_unlikely() -> None:
    game = next(g for g in map(_followed_high, range(40)) if g is not None)
    namer = game.view(0).declarer
    follower = (namer + 1) % 4
    high = game.view(0).current_trick.plays[1][1]
    weight = play_likelihood(game.view((namer + 2) % 4))  # an opponent of the follower
    hands = [0, 0, 0, 0]
    assert weight(hands) == 1.0
    lower = next(t for t in (tile(5, 0), tile(5, 1), tile(5, 2)) if t.pips < high.pips)
    hands[follower] = mask_of([lower])  # it held a lower five and played the higher one
    assert weight(hands) == FOLLOW_WASTE_WEIGHT


def test_a_player_of_rules_of_thumb_plays_sensibly_in_every_layout_it_is_dealt() -> None:
    """``basic`` leads trumps, follows low and sheds no count: the true layout always weighs 1,
    and wrong ones often weigh less."""
    read = below = 0
    for seed in range(30):
        game = Game.new("texas42", options={"play_out": True}, seed=seed)
        skip_auction(game)
        bot = BasicBot()
        game.apply(bot.trump(game.view(game.to_act.seat)))
        rng = random.Random(seed)
        while game.phase is Phase.PLAY:
            view = game.view(game.to_act.seat)
            weight = play_likelihood(view)
            if weight is not None:
                read += 1
                assert weight([mask_of(game.view(s).hand) for s in range(4)]) == 1.0
                below += weight(sample(constraints_of(view), rng)) < 1.0
            game.apply(bot.play(view))
    assert read > 500
    assert below > read // 4


def test_the_expert_reading_its_partner_reads_it_as_a_player_like_itself() -> None:
    """A partner's play above its lowest tile for nothing makes a layout in which it held a
    lower one less likely, by the partner's weight (the expert's own habit), not the
    opponents'; the expert (which does not read its partner) weighs only the opponents'."""
    game = next(g for g in map(_followed_high, range(40)) if g is not None)
    namer = game.view(0).declarer
    follower = (namer + 1) % 4
    high = game.view(0).current_trick.plays[1][1]
    lower = next(t for t in (tile(5, 0), tile(5, 1), tile(5, 2)) if t.pips < high.pips)
    view = game.view((follower + 2) % 4)  # the follower's partner
    hands = [0, 0, 0, 0]
    held_lower = list(hands)
    held_lower[follower] = mask_of([lower])
    with given_auction():
        reading = Reading(view, 0.0, partner=True)
        not_reading = Reading(view, 0.0)
        assert reading(hands) == 1.0
        assert reading(held_lower) == PARTNER_WEIGHTS.follow_waste
        assert not_reading(held_lower) == 1.0
    assert PARTNER_WEIGHTS.follow_waste != FOLLOW_WASTE_WEIGHT
    assert make_bot("expert-reading-partner", 1).reads_partner
    assert not ExpertBot(1).reads_partner
