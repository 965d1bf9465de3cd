"""``basic`` follows its documented rules of thumb, one rule a test, on hands dealt by hand."""

from __future__ import annotations

from moon42.ai.basic import BasicBot, wanted_bid
from moon42.ai.protocol import decide
from moon42.rules import Bid, Game, NameTrump, Pass, Play, Plunge, Trump, options_for, parse_tile
from moon42.rules.actions import Action, Discard

# Texas 42: seat 0 holds 1-0, so seat 3 deals and seat 0 bids first.
TEXAS = [
    "1-0 4-4 4-3 4-2 3-0 2-0 1-1",  # fours and blanks, strength 4: weak
    "5-0 6-1 5-5 6-6 2-1 2-2 3-3",  # four doubles
    "4-1 4-0 5-4 6-4 3-1 3-2 6-0",  # four fours, no double
    "0-0 5-1 5-2 5-3 6-2 6-3 6-5",  # four fives and 0-0: strength 5
]
# Three-player Moon (seat 2 deals): seat 0 has four sixes and two more doubles.
MOON3 = [
    "6-6 6-5 6-4 6-3 5-5 4-4 2-1",
    "3-3 2-2 1-1 0-0 6-2 6-1 5-4",
    "5-3 5-2 5-1 4-3 4-2 4-1 3-2",
]


def _game(name: str, deal: list[str], widow: str = "", dealer: int | None = None, **options):
    game = Game(options_for(name, options), seed=1)
    hands = [tuple(parse_tile(t) for t in hand.split()) for hand in deal]
    game.start_hand(hands, tuple(parse_tile(t) for t in widow.split()), dealer)
    return game


def _then(game: Game, *actions: Action) -> Game:
    for action in actions:
        game.apply(action)
    return game


def _basic(game: Game) -> Action:
    return decide(BasicBot(), game.view(game.to_act.seat))


def _play(seat: int, text: str) -> Play:
    return Play(seat, parse_tile(text))


def _texas_won_by(seat: int, value: int = 30, **options) -> Game:
    """Texas 42 from TEXAS with ``seat`` the only bidder."""
    game = _game("texas42", TEXAS, **options)
    for s in range(4):
        _then(game, Bid(s, value) if s == seat else Pass(s))
    return game


# ----- bidding ---------------------------------------------------------------


def test_a_weak_hand_passes() -> None:
    game = _game("texas42", TEXAS)
    assert _basic(game) == Pass(0)


def test_texas_bids_six_points_a_trump_or_double() -> None:
    game = _then(_game("texas42", TEXAS), Pass(0), Pass(1), Pass(2))
    assert _basic(game) == Bid(3, 30)


def test_it_passes_when_its_bid_does_not_top_the_high_bid() -> None:
    game = _then(_game("texas42", TEXAS), Bid(0, 30), Pass(1), Pass(2))
    assert _basic(game) == Pass(3)


def test_when_forced_it_bids_the_minimum() -> None:
    # Seat 1 holds 1-0, so seat 0 deals and bids last, with the weak hand of four fours.
    deal = [TEXAS[2], TEXAS[0], TEXAS[1], TEXAS[3]]
    game = _then(_game("texas42", deal, forced_bid=True), Pass(1), Pass(2), Pass(3))
    assert wanted_bid(game.view(0)) is None
    assert _basic(game) == Bid(0, 30)


def test_moon_bids_one_trick_less_than_its_trumps_and_doubles() -> None:
    game = _game("moon3", MOON3, widow="3-1", dealer=2)
    assert _basic(game) == Bid(0, 5)


def test_moon_is_shot_when_every_tile_is_a_trump_or_double() -> None:
    deal = ["6-6 6-5 6-4 6-3 5-5 4-4 3-3", "2-1 2-2 1-1 0-0 6-2 6-1 5-4", MOON3[2]]
    game = _game("moon3", deal, widow="3-1", dealer=2)
    assert _basic(game) == Bid(0, 21)


# ----- widow and trump -----------------------------------------------------------


def test_moon_widow_discards_the_weakest_tile_then_names_its_number() -> None:
    game = _then(_game("moon3", MOON3, widow="3-1", dealer=2), Bid(0, 5), Pass(1), Pass(2))
    assert _basic(game) == Discard(0, parse_tile("2-1"))  # not a six, not a double, fewest pips
    _then(game, Discard(0, parse_tile("2-1")))
    assert _basic(game) == NameTrump(0, Trump.SIXES)


def test_it_names_doubles_when_it_holds_more_doubles_than_any_number() -> None:
    assert _basic(_texas_won_by(1)) == NameTrump(1, Trump.DOUBLES)


def test_without_doubles_trump_ties_go_to_the_number_with_its_double_then_the_higher() -> None:
    assert _basic(_texas_won_by(1, doubles_trump=False)) == NameTrump(1, Trump.SIXES)


def test_it_never_chooses_nello_or_sevens() -> None:
    game = _texas_won_by(1, 42, nello=True, sevens=True)
    offered = {a.trump for a in game.view(1).legal}
    assert {Trump.NELLO, Trump.SEVENS} <= offered
    assert _basic(game) == NameTrump(1, Trump.DOUBLES)


def test_after_a_plunge_the_partner_names_its_own_best_number() -> None:
    game = _then(_game("texas42", TEXAS, plunge=True), Pass(0), Plunge(1), Pass(2), Pass(3))
    assert game.to_act.seat == 3
    assert _basic(game) == NameTrump(3, Trump.FIVES)


# ----- play ------------------------------------------------------------------------


def _texas_threes(bidder: int) -> Game:
    return _then(_texas_won_by(bidder), NameTrump(bidder, Trump.THREES))


def test_it_leads_its_highest_trump() -> None:
    assert _basic(_texas_threes(0)) == _play(0, "4-3")


def test_without_trump_it_leads_its_highest_tile() -> None:
    game = _then(_texas_won_by(0), NameTrump(0, Trump.NO_TRUMP))
    assert _basic(game) == _play(0, "4-4")


def test_it_follows_with_its_lowest_tile_of_the_suit() -> None:
    game = _then(_texas_threes(0), _play(0, "4-4"), _play(1, "2-1"))
    assert _basic(game) == _play(2, "4-0")


def test_unable_to_follow_a_trick_an_opponent_wins_it_gives_away_the_fewest_points() -> None:
    game = _then(_texas_threes(0), _play(0, "4-4"))
    assert _basic(game) == _play(1, "2-1")  # not 5-0, its lowest tile, which counts 5


def test_unable_to_follow_a_trick_its_partner_wins_it_plays_its_lowest_tile() -> None:
    deal = [
        "1-0 6-5 4-3 4-2 3-0 2-0 1-1",
        TEXAS[1],
        TEXAS[2],
        "0-0 5-1 5-2 5-3 6-2 6-3 4-4",
    ]
    game = _then(_game("texas42", deal), Pass(0), Pass(1), Pass(2), Bid(3, 30))
    _then(game, NameTrump(3, Trump.THREES), _play(3, "4-4"), _play(0, "4-2"))
    assert _basic(game) == _play(1, "5-0")


def test_in_sevens_it_plays_the_lowest_of_the_closest_tiles() -> None:
    game = _then(_texas_won_by(0, 42, sevens=True), NameTrump(0, Trump.SEVENS))
    _then(game, _play(0, "4-3"), _play(1, "6-1"), _play(2, "6-0"), _play(3, "5-2"))
    assert {a.tile for a in game.view(0).legal} == {parse_tile("4-4"), parse_tile("4-2")}
    assert _basic(game) == _play(0, "4-2")
