"""What the auction says about the others' hands (``ai.search.auction``), and the expert's
layouts that follow it."""

from __future__ import annotations

import random
from statistics import fmean

from moon42.ai.budget import Budget
from moon42.ai.expert import ExpertBot
from moon42.ai.facts.forced_auction import auction_given, given_auction
from moon42.ai.lab.arena import play_hand
from moon42.ai.normal import NormalBot
from moon42.ai.search.auction import FLOOR, auction_likelihood, call_chance
from moon42.ai.search.inference import Reading
from moon42.ai.search.layouts import constraints_of, sample
from moon42.rules import Bid, Game, Pass, Phase, Trump
from moon42.rules.actions import NameTrump
from moon42.rules.tiles import mask_of, tile

# Worth far more than a bid of 36 with fives, and worth next to nothing.
STRONG = mask_of(tile(a, b) for a, b in ((5, 5), (5, 4), (5, 3), (5, 2), (5, 0), (6, 6), (4, 4)))
WEAK = mask_of(tile(a, b) for a, b in ((1, 0), (2, 0), (3, 1), (2, 1), (3, 0), (4, 1), (6, 0)))


def _auction(calls: list[int | None], trump: Trump = Trump.FIVES, game: str = "texas42",
             seed: int = 4, **options) -> Game:
    """A game whose auction is ``calls`` in turn (None a pass); the winner names ``trump``."""
    if game == "texas42":
        options = {"play_out": True, **options}
    g = Game.new(game, options=options, seed=seed)
    for call in calls:
        seat = g.to_act.seat
        g.apply(Pass(seat) if call is None else Bid(seat, call))
    assert g.phase is not Phase.BIDDING
    g.apply(NameTrump(g.to_act.seat, trump))
    return g


def _seats(g: Game) -> list[int]:
    """The seats in the order they called."""
    return [entry.seat for entry in g.view(0).bids]


def _hands(*strong: int) -> list[int]:
    """A layout: the seats named hold ``STRONG``, the others ``WEAK``."""
    return [STRONG if seat in strong else WEAK for seat in range(4)]


def test_a_seat_that_bid_high_likely_holds_a_hand_worth_it() -> None:
    g = _auction([None, 36, None, None])
    first, bidder, third, dealer = _seats(g)
    weight = auction_likelihood(g.view(first))
    weak_bidder, strong_bidder = weight(_hands()), weight(_hands(bidder))
    assert 0 < weak_bidder < strong_bidder <= 1.0
    assert strong_bidder / weak_bidder > 10


def test_a_seat_that_passed_likely_holds_little() -> None:
    g = _auction([None, 36, None, None])
    first, bidder, third, dealer = _seats(g)
    weight = auction_likelihood(g.view(first))
    assert weight(_hands(bidder)) > 0.9
    # The third seat passed over an opponent's 36 with a hand worth far more.
    assert weight(_hands(bidder, third)) < weight(_hands(bidder)) / 5


def test_a_pass_under_the_partners_bid_says_nothing() -> None:
    g = _auction([None, 36, None, None])
    first, bidder, third, dealer = _seats(g)
    assert (bidder + 2) % 4 == dealer  # the dealer passed over its partner's 36
    weight = auction_likelihood(g.view(first))
    assert weight(_hands(bidder, dealer)) == weight(_hands(bidder))


def test_the_seat_reads_only_the_others_calls() -> None:
    g = _auction([None, 36, None, None])
    first, bidder, third, dealer = _seats(g)
    weight = auction_likelihood(g.view(bidder))
    assert weight(_hands(bidder)) == weight(_hands())
    # The partner's calls are read like an opponent's.
    weight = auction_likelihood(g.view(dealer))
    assert weight(_hands(bidder)) > weight(_hands())


def test_a_forced_bid_says_nothing() -> None:
    g = _auction([None, None, None, 30], forced_bid=True)
    first, second, third, dealer = _seats(g)
    weight = auction_likelihood(g.view(first))
    # Only the passes are read: the dealer's bid was forced on it.
    assert weight(_hands(dealer)) == weight(_hands())
    assert weight(_hands(third)) < weight(_hands())


def test_nello_bids_and_moon_for_three_say_nothing() -> None:
    g = _auction([None, 42, None, None], trump=Trump.NELLO, nello=True)
    first, bidder, third, dealer = _seats(g)
    weight = auction_likelihood(g.view(third))
    assert weight(_hands(bidder)) == weight(_hands())  # the first seat's pass alone is read
    assert weight(_hands(first)) < weight(_hands())
    moon3 = Game.new("moon3", seed=3)
    moon3.apply(Bid(moon3.to_act.seat, 5))
    assert auction_likelihood(moon3.view((moon3.view(0).bids[0].seat + 1) % 3)) is None


def test_moon_for_four_reads_tricks() -> None:
    g = _auction([None, 6, None, None], game="moon4")
    first, bidder, third, dealer = _seats(g)
    weight = auction_likelihood(g.view(first))
    assert weight(_hands(bidder)) > 10 * weight(_hands())


def test_the_chance_of_a_bid_rises_with_the_hand_and_stays_soft() -> None:
    for game, step in (("texas42", 1.0), ("moon4", 0.2)):
        chances = [call_chance(game, 30 + step * k, 30) for k in range(-40, 41)]
        assert chances == sorted(chances)
        assert FLOOR <= chances[0] < 0.06 and 0.94 < chances[-1] <= 1 - FLOOR


def test_the_experts_layouts_give_a_high_bidder_a_stronger_hand_than_chance() -> None:
    """From the reading seat's view, the expert's layouts (``Reading``) give the seat that
    bid 36 more trumps of the suit it named than random layouts that fit the tiles."""
    read, chance = [], []
    fives = mask_of(t for t in (tile(5, n) for n in range(7)))
    for seed in range(5):
        g = _auction([None, 36, None, None], seed=seed)
        first, bidder, third, dealer = _seats(g)
        view = g.view(first)
        constraints = constraints_of(view)
        bot = ExpertBot(seed, budget=None, layouts=40, call_budget=None)
        rng = random.Random(seed)
        for hands, _ in bot._layouts(constraints, rng, Budget(None), Reading(view, 0.0)):
            read.append((hands[bidder] & fives).bit_count())
        rng = random.Random(seed)
        for _ in range(40):
            chance.append((sample(constraints, rng)[bidder] & fives).bit_count())
    assert fmean(read) > fmean(chance) + 0.3


def test_an_auction_given_by_a_measurement_says_nothing() -> None:
    g = _auction([None, 36, None, None])
    view = g.view(_seats(g)[0])
    assert auction_likelihood(view) is not None
    with given_auction():
        assert auction_given()
        assert auction_likelihood(view) is None
    assert not auction_given()


def test_the_arena_plays_a_skipped_auction_as_given() -> None:
    """With bidding skipped every decision is taken knowing the calls were given; with
    bidding, none."""
    seen: dict[bool, set[bool]] = {True: set(), False: set()}

    class Watcher(NormalBot):
        bidding = True

        def bid(self, view):
            seen[Watcher.bidding].add(auction_given())
            return super().bid(view)

        def play(self, view):
            seen[Watcher.bidding].add(auction_given())
            return super().play(view)

    for bidding in (True, False):
        Watcher.bidding = bidding
        game = Game.new("texas42", seed=3)
        play_hand(game, [Watcher() for _ in range(4)], bidding)
    assert seen == {True: {False}, False: {True}}
