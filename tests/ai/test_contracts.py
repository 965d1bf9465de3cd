"""The contracts of rules/README.md 9.3 to 9.6: when ``normal`` and ``expert`` bid and name Nello,
Sevens, Plunge, Splash and raises of marks, and how Nello is played on both sides."""

from __future__ import annotations

import random

from moon42.ai.contracts import (
    PLUNGE_RATE,
    is_lay_down,
    nello_dangers,
    nello_worth,
    plunge_chance,
    sevens_chance,
)
from moon42.ai.expert import ExpertBot
from moon42.ai.normal import NormalBot
from moon42.ai.protocol import decide
from moon42.rules import Bid, Game, NameTrump, Pass, Play, Trump, options_for, parse_tile
from moon42.rules.actions import Action, Plunge, Splash
from moon42.rules.tiles import FULL_SET, TILES, mask_of

DEALT = mask_of(FULL_SET)

# Seat 0 holds 1-0 in every deal here, so seat 3 deals and seat 0 bids first.
NELLO_SAFE = [
    "1-0 2-0 3-0 2-1 3-1 0-0 3-2",
    "6-6 6-5 6-4 4-3 5-5 4-4 4-0",
    "5-4 5-3 5-2 5-1 5-0 6-3 4-2",
    "4-1 1-1 6-2 6-1 6-0 2-2 3-3",
]
NELLO_PLAY = [
    "1-0 2-0 5-0 5-1 3-1 2-1 0-0",
    "6-6 6-5 6-1 4-3 5-5 4-4 4-0",
    "5-4 6-4 5-2 3-2 6-3 4-2 3-0",
    "4-1 1-1 6-2 5-3 6-0 2-2 3-3",
]
PLUNGE = [
    "1-0 6-6 5-5 4-4 3-3 2-2 1-1",  # six doubles
    "6-4 6-3 6-2 6-1 6-0 4-1 4-0",
    "5-4 5-3 5-2 5-1 5-0 4-3 4-2",
    "3-2 3-1 3-0 2-1 2-0 6-5 0-0",
]
# In these two seat 3 holds 1-0: seat 2 deals, seat 3 bids first and seat 0 next.
SEVENS_SURE = [
    "6-1 5-2 4-3 4-4 5-1 6-0 5-3",
    "6-6 6-5 6-4 6-3 5-5 5-4 4-2",
    "5-0 4-1 4-0 3-2 3-1 3-3 2-2",
    "1-0 6-2 3-0 2-1 2-0 1-1 0-0",
]
LAY_DOWN = [
    "6-6 6-5 6-4 6-3 5-5 5-4 4-4",
    "6-2 3-3 2-2 1-1 0-0 5-3 4-3",
    "6-1 6-0 5-2 5-1 5-0 4-2 4-1",
    "1-0 4-0 3-2 3-1 3-0 2-1 2-0",
]
STRONG = [  # seat 0's hand is strong for sixes, but 4-4 may lose to a trump
    "1-0 6-6 6-5 6-4 6-3 5-5 4-4",
    "6-2 6-1 6-0 2-2 2-1 3-3 0-0",
    "5-4 5-3 5-2 5-1 5-0 4-3 4-2",
    "4-1 4-0 3-2 3-1 3-0 2-0 1-1",
]


def tiles(text: str) -> list:
    return [parse_tile(t) for t in text.split()]


def game_of(deal: list[str], **options) -> Game:
    game = Game(options_for("texas42", options), seed=1)
    game.start_hand([tuple(tiles(hand)) for hand in deal], (), None)
    return game


def then(game: Game, *actions: Action) -> Game:
    for action in actions:
        game.apply(action)
    return game


def play(seat: int, text: str) -> Play:
    return Play(seat, parse_tile(text))


def normal(game: Game) -> Action:
    return decide(NormalBot(), game.view(game.to_act.seat))


def tiny_expert(game: Game) -> Action:
    bot = ExpertBot(3, budget=None, layouts=4, call_budget=None)
    return decide(bot, game.view(game.to_act.seat))


# ----- Nello ------------------------------------------------------------------------------


def test_nello_dangers_are_the_tiles_a_low_lead_can_force_to_win() -> None:
    hand = tiles("6-6 1-0 2-0 3-0 2-1 3-1 0-0")
    high = options_for("texas42", {"nello": True}).trick_rules_for(Trump.NELLO)
    # 6-6 tops every six led to it; the low tiles all have leads above them.
    assert nello_dangers(hand, high, DEALT & ~mask_of(hand)) == [parse_tile("6-6")]
    assert nello_worth(hand, high, DEALT)  # out of fours and fives: it can shed 6-6
    two = tiles("6-6 5-5 1-0 2-0 3-0 2-1 0-0")
    assert nello_dangers(two, high, DEALT & ~mask_of(two)) == tiles("6-6 5-5")
    assert not nello_worth(two, high, DEALT)
    safe = tiles(NELLO_SAFE[0])
    # Nello's doubles, not no trump's, rank the doubles in Nello.
    own = options_for("texas42", {"nello_doubles": "own", "no_trump_doubles": "low"})
    own = own.trick_rules_for(Trump.NELLO)
    low = options_for("texas42", {"nello_doubles": "low"}).trick_rules_for(Trump.NELLO)
    assert nello_worth(safe, own, DEALT)
    # With doubles low, 1-1, 2-2 and 3-3 led are under 1-0, 2-0 and 3-0: not worth it.
    assert nello_dangers(safe, low, DEALT & ~mask_of(safe)) == tiles("3-0 2-0 1-0")
    assert not nello_worth(safe, low, DEALT)


def test_a_nello_hand_bids_a_mark_and_names_nello_for_normal_and_expert() -> None:
    for decide_for in (normal, tiny_expert):
        game = game_of(NELLO_SAFE, nello=True, nello_doubles="own")
        assert decide_for(game) == Bid(0, 42)
        then(game, Bid(0, 42), Pass(1), Pass(2), Pass(3))
        assert decide_for(game) == NameTrump(0, Trump.NELLO)
    # The same hand where Nello is not played bids nothing.
    assert normal(game_of(NELLO_SAFE, nello_doubles="own")) == Pass(0)


def test_the_nello_bidder_ducks_and_sheds_its_dangerous_tiles() -> None:
    game = game_of(NELLO_PLAY, nello=True)
    then(game, Bid(0, 42), Pass(1), Pass(2), Pass(3), NameTrump(0, Trump.NELLO))
    then(game, play(0, "1-0"), play(1, "6-1"), play(3, "1-1"), play(3, "5-3"))
    # 5-1 and 5-0 both duck under 5-3: it keeps the lower one for a later trick.
    assert normal(game) == play(0, "5-1")
    then(game, play(0, "5-1"), play(1, "5-5"), play(1, "6-6"), play(3, "6-0"))
    # Out of sixes: it sheds 3-1, which a low three led could force to win.
    view = game.view(0)
    assert parse_tile("3-1") in nello_dangers(view.hand, view.trick_rules, DEALT & ~mask_of(
        view.hand) & ~mask_of(view.played))
    assert normal(game) == play(0, "3-1")


def test_nello_defenders_keep_the_bar_low_and_their_low_tiles() -> None:
    game = game_of(NELLO_PLAY, nello=True)
    then(game, Bid(0, 42), Pass(1), Pass(2), Pass(3), NameTrump(0, Trump.NELLO))
    then(game, play(0, "1-0"), play(1, "6-1"), play(3, "1-1"), play(3, "5-3"), play(0, "5-1"))
    # The bidder ducked and seat 3 holds the trick: seat 1 throws its highest, 5-5.
    assert normal(game) == play(1, "5-5")
    then(game, play(1, "5-5"), play(1, "6-6"))
    # Before the bidder, seat 3 follows with its lowest six, leaving the bidder a low bar.
    assert normal(game) == play(3, "6-0")


def test_nobody_plays_for_the_partner_who_sits_out() -> None:
    game = game_of(NELLO_PLAY, nello=True)
    then(game, Bid(0, 42), Pass(1), Pass(2), Pass(3), NameTrump(0, Trump.NELLO))
    seats = []
    while game.to_act is not None:
        seats.append(game.to_act.seat)
        game.apply(normal(game))
    assert 2 not in seats and game.results[-1].tricks_won[2] == 0


# ----- Sevens -----------------------------------------------------------------------------


def test_sevens_is_judged_by_how_close_the_tiles_are_to_seven() -> None:
    assert sevens_chance(tiles(SEVENS_SURE[0]), DEALT) == 1.0
    far = sevens_chance(tiles("6-6 0-0 1-0 1-1 6-5 2-0 5-5"), DEALT)
    near = sevens_chance(tiles("6-1 5-2 4-3 4-2 5-3 6-0 3-3"), DEALT)
    assert far < 0.1 < near
    assert sevens_chance(tiles("6-1 5-2 4-3 4-2 1-0 6-6 0-0"), DEALT) < near


def test_a_sure_sevens_hand_bids_two_marks_and_names_sevens() -> None:
    game = then(game_of(SEVENS_SURE, sevens=True), Pass(3))
    assert normal(game) == Bid(0, 84)
    then(game, Bid(0, 84))  # 84 ends the bidding at once (no mark raises)
    assert normal(game) == NameTrump(0, Trump.SEVENS)
    while game.to_act is not None:
        game.apply(normal(game))
    assert game.results[-1].made


# ----- Plunge and Splash ------------------------------------------------------------------


def test_plunge_strength_comes_from_doubles_and_walkers() -> None:
    strong = tiles(PLUNGE[0])
    assert plunge_chance(strong) > plunge_chance(tiles("6-6 5-5 4-4 3-3 2-1 3-0 1-0"))
    three = tiles("6-6 5-5 4-4 2-1 3-0 6-4 1-0")
    assert plunge_chance(three) < PLUNGE_RATE <= plunge_chance(strong)


def test_a_strong_hand_with_doubles_plunges_rather_than_splashes() -> None:
    for decide_for in (normal, tiny_expert):
        game = game_of(PLUNGE, plunge=True, splash=True)
        assert decide_for(game) == Plunge(0)
    game = game_of(PLUNGE, splash=True)
    assert normal(game) == Splash(0)
    # Without either, the same hand bids as for a trump.
    assert type(normal(game_of(PLUNGE))) is Bid


def test_a_weak_hand_with_four_doubles_does_not_plunge() -> None:
    deal = ["1-0 6-6 5-5 4-4 3-3 2-1 3-0", "6-4 6-3 6-2 6-1 6-0 5-4 5-3",
            "5-2 5-1 5-0 4-3 4-2 4-1 4-0", "3-2 3-1 2-2 6-5 2-0 1-1 0-0"]
    action = normal(game_of(deal, plunge=True, splash=True))
    assert type(action) not in (Plunge, Splash)


def _after_plunge(deal: list[str], **options) -> Game:
    game = game_of(deal, plunge=True, **options)
    return then(game, Plunge(0), Pass(1), Pass(2), Pass(3))


def test_the_partner_names_its_best_trump_after_a_plunge() -> None:
    # Seat 2 holds five fives and no double (the Plunge likely holds 5-5): fives, for
    # normal and expert.
    game = _after_plunge(PLUNGE)
    assert game.to_act.seat == 2
    assert normal(game) == NameTrump(2, Trump.FIVES)
    assert tiny_expert(game) == NameTrump(2, Trump.FIVES)
    # Holding a double of its own, the side surely holds five: doubles.
    deal = [PLUNGE[0], "6-4 6-3 6-2 6-1 6-0 5-4 5-3", "5-2 5-1 5-0 4-3 4-2 4-1 0-0",
            "3-2 3-1 3-0 2-1 2-0 4-0 6-5"]
    assert normal(_after_plunge(deal)) == NameTrump(2, Trump.DOUBLES)
    # Where doubles may not be named, its best number: fives or fours, its longest.
    assert normal(_after_plunge(deal, doubles_trump=False)).trump in (Trump.FOURS, Trump.FIVES)
    game = _after_plunge(deal, doubles_trump=False, no_trump=False)
    assert normal(game).trump.number is not None


def test_the_expert_deals_the_promised_doubles_to_the_plunger() -> None:
    game = _after_plunge(PLUNGE)
    view = game.view(2)
    bot = ExpertBot(5, budget=None, layouts=12, call_budget=None)
    results = bot._simulate(view, [Trump.FIVES, Trump.DOUBLES], view.high_bid, random.Random(1))
    assert results[Trump.FIVES]
    from moon42.ai.budget import Budget
    from moon42.ai.search.layouts import Constraints

    hidden = mask_of(FULL_SET) & ~mask_of(view.hand)
    base = Constraints(hidden, [0, 1, 3], [7, 7, 7], [hidden] * 3, [0, 0, mask_of(view.hand), 0],
                       4)
    layouts = list(bot._promised_layouts(base, 0, 4, random.Random(2), Budget(None)))
    assert len(layouts) == 12
    for hands, weight in layouts:
        assert weight == 1.0
        assert sum(1 for t in range(28) if hands[0] >> t & 1 and TILES[t].is_double) >= 4
        assert sorted(h.bit_count() for h in hands) == [7, 7, 7, 7]


# ----- mark raises ------------------------------------------------------------------------


def test_two_marks_or_more_only_with_a_lay_down() -> None:
    sixes = options_for("texas42", {}).trick_rules_for(Trump.SIXES)
    assert is_lay_down(tiles(LAY_DOWN[0]), sixes, DEALT)
    assert not is_lay_down(tiles(STRONG[0]), sixes, DEALT)
    assert normal(then(game_of(LAY_DOWN), Pass(3))) == Bid(0, 84)
    # With mark raises, over an 84 it raises one mark; without them 84 is the top bid.
    game = then(game_of(LAY_DOWN, mark_raises="one"), Bid(3, 84))
    assert normal(game) == Bid(0, 126)
    # A strong hand that might lose a trick stays at one mark or under.
    assert normal(game_of(STRONG, mark_raises="one")).value <= 42
    assert normal(then(game_of(STRONG, mark_raises="one"), Bid(0, 42), Pass(1), Pass(2),
                       Bid(3, 84))) is not None
