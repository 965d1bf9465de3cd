"""``normal``: legal in every game and house rule, blind to hidden tiles, and it plays as a
partner should; its tracker infers the suits a seat is out of from the engine's rules."""

from __future__ import annotations

import random

import pytest

from moon42.ai.facts.knowledge import Knowledge
from moon42.ai.normal import NormalBot
from moon42.ai.protocol import Strategy, decide
from moon42.ai.random_bot import RandomBot
from moon42.rules import Bid, Game, NameTrump, Pass, Play, Trump, options_for, parse_tile
from moon42.rules.actions import Action
from moon42.rules.tiles import mask_of
from moon42.rules.trump import TRUMP_SUIT

from .helpers import DaringBot, DecisionsSeen, play_hands, random_options
from .hidden_tiles import compare_decisions, positions

GAMES = ("moon3", "moon4", "texas42")

# Texas 42: seat 0 holds 1-0, so seat 3 deals and seat 0 bids first.
TEXAS = [
    "1-0 6-6 6-5 6-4 6-3 5-5 4-4",
    "6-2 6-1 6-0 2-2 2-1 3-3 0-0",
    "5-4 5-3 5-2 5-1 5-0 4-3 4-2",
    "4-1 4-0 3-2 3-1 3-0 2-0 1-1",
]


def _game(name: str, deal: list[str], dealer: int | None = None, **options) -> Game:
    game = Game(options_for(name, options), seed=1)
    game.start_hand([tuple(parse_tile(t) for t in hand.split()) for hand in deal], (), dealer)
    return game


def _then(game: Game, *actions: Action) -> Game:
    for action in actions:
        game.apply(action)
    return game


def _play(seat: int, text: str) -> Play:
    return Play(seat, parse_tile(text))


def _texas(trump: Trump) -> Game:
    """Seat 0 bids 30 and names ``trump``."""
    game = _then(_game("texas42", TEXAS), Bid(0, 30), Pass(1), Pass(2), Pass(3))
    return _then(game, NameTrump(0, trump))


def _normal(game: Game) -> Action:
    return decide(NormalBot(), game.view(game.to_act.seat))


# ----- legal in every game and under every house rule ------------------------------------


def _seating(rng: random.Random, seats: int, seed: int) -> list[Strategy]:
    """Normal against normal, random and daring bidders, so every contract comes up."""
    kinds = (NormalBot, RandomBot, DaringBot)
    return [rng.choice(kinds)(seed * 10 + s) for s in range(seats)]


@pytest.mark.slow  # whole games of normal bots
@pytest.mark.parametrize("game_name", GAMES)
def test_normal_chooses_only_legal_actions(game_name: str) -> None:
    note = DecisionsSeen(NormalBot)

    for seed in range(120):
        rng = random.Random(seed)
        game = Game.new(game_name, options=random_options(rng, game_name), seed=seed)
        play_hands(game, _seating(rng, game.seats, seed), 4, note)

    note.assert_complete(game_name)


def test_normal_plays_every_seat_of_its_own_games() -> None:
    for game_name in GAMES:
        for seed in range(6):
            options = random_options(random.Random(seed), game_name)
            game = Game.new(game_name, options=options, seed=seed)
            play_hands(game, [NormalBot(s) for s in range(game.seats)], 3)


# ----- no peeking -------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", GAMES)
def test_normal_decides_alike_whatever_the_hidden_tiles(game_name: str) -> None:
    found = positions(game_name, NormalBot, 60)
    compared, kinds = compare_decisions(found, NormalBot, random.Random(2))
    assert compared >= 30
    assert {"bid", "trump", "play"} <= kinds


# ----- the tracker --------------------------------------------------------------------


def test_a_seat_that_does_not_follow_trump_is_out_of_it() -> None:
    game = _then(_texas(Trump.SIXES), _play(0, "6-6"), _play(1, "6-2"), _play(2, "4-2"))
    know = Knowledge.of(game.view(0))
    assert know.voids == (frozenset(), frozenset(), frozenset({TRUMP_SUIT}), frozenset())
    six_one = parse_tile("6-1")
    assert not know.possible[2] >> six_one & 1
    assert know.possible[1] >> six_one & 1 and know.possible[3] >> six_one & 1
    assert know.chance_of_any(2, 1 << six_one) == 0.0
    assert know.played == mask_of(parse_tile(t) for t in ("6-6", "6-2", "4-2"))


def test_a_trump_played_to_a_plain_suit_shows_the_seat_out_of_that_suit() -> None:
    # Sixes are trump: 6-5 is a trump, not a five, so the seat playing it has no five.
    game = _then(_texas(Trump.SIXES), _play(0, "6-6"), _play(1, "6-2"), _play(2, "4-2"),
                 _play(3, "4-1"), _play(0, "5-5"), _play(1, "6-1"))
    know = Knowledge.of(game.view(3))
    assert know.voids[1] == frozenset({5})
    assert know.voids[2] == frozenset({TRUMP_SUIT})
    assert know.is_void(1, 5) and not know.is_void(2, 5)
    five_four, six_five = parse_tile("5-4"), parse_tile("6-5")
    assert not know.possible[1] >> five_four & 1 and know.possible[1] >> six_five & 1
    assert know.possible[2] >> five_four & 1 and not know.possible[2] >> six_five & 1


def test_with_doubles_trump_a_double_does_not_follow_its_number() -> None:
    game = _then(_texas(Trump.DOUBLES), _play(0, "6-5"), _play(1, "6-2"), _play(2, "4-2"),
                 _play(3, "1-1"))
    know = Knowledge.of(game.view(0))
    assert know.voids[3] == frozenset({6})  # 1-1 is a trump: seat 3 has no six
    assert not know.possible[3] >> parse_tile("6-1") & 1
    assert know.possible[3] >> parse_tile("2-2") & 1


def test_following_suit_shows_nothing_and_sevens_has_no_suits() -> None:
    game = _then(_texas(Trump.SIXES), _play(0, "6-6"), _play(1, "6-2"))
    assert Knowledge.of(game.view(3)).voids == (frozenset(),) * 4
    sevens = _game("texas42", TEXAS, sevens=True)
    _then(sevens, Bid(0, 42), Pass(1), Pass(2), Pass(3), NameTrump(0, Trump.SEVENS))
    for _ in range(2):
        sevens.apply(sevens.legal_actions()[0])
    assert Knowledge.of(sevens.view(2)).voids == (frozenset(),) * 4


# ----- playing as a partner -------------------------------------------------------------


def test_it_feeds_count_to_a_partner_sure_to_win() -> None:
    # Seat 3 showed it has no trump, and seat 2 holds every five left: 5-5 cannot lose.
    game = _then(_texas(Trump.SIXES), _play(0, "6-6"), _play(1, "6-2"), _play(2, "4-2"),
                 _play(3, "4-1"), _play(0, "5-5"), _play(1, "2-1"))
    assert _normal(game) == _play(2, "5-0")


def test_it_keeps_count_away_from_the_other_side() -> None:
    game = _then(_texas(Trump.SIXES), _play(0, "6-6"), _play(1, "6-2"), _play(2, "4-2"),
                 _play(3, "4-1"), _play(0, "5-5"), _play(1, "2-1"), _play(2, "5-0"))
    action = _normal(game)
    assert parse_tile("3-2") != action.tile and action.tile.count == 0


def test_it_does_not_trump_a_partner_winning_trick() -> None:
    # Fives are trump; seat 2 has no six but five trumps, and its partner's 6-6 holds.
    game = _then(_texas(Trump.FIVES), _play(0, "6-6"), _play(1, "6-2"))
    action = _normal(game)
    assert action.tile in (parse_tile("4-3"), parse_tile("4-2"))


# ----- bidding and trump -----------------------------------------------------------------


def test_a_strong_hand_bids_and_a_weak_one_passes() -> None:
    game = _game("texas42", TEXAS)
    assert _normal(game) == Bid(0, 30)
    _then(game, Bid(0, 30))
    assert _normal(game) == Pass(1)


def test_when_forced_it_bids_the_minimum() -> None:
    deal = [TEXAS[1], TEXAS[0], TEXAS[2], TEXAS[3]]  # seat 1 holds 1-0: seat 0 deals
    game = _then(_game("texas42", deal, forced_bid=True), Pass(1), Pass(2), Pass(3))
    # Seat 0's hand is weak; it may not pass.
    assert _normal(game) == Bid(0, 30)


def test_it_names_the_trump_its_hand_is_built_on() -> None:
    game = _then(_game("texas42", TEXAS), Bid(0, 30), Pass(1), Pass(2), Pass(3))
    assert _normal(game) == NameTrump(0, Trump.SIXES)


def test_a_hand_safe_for_nello_bids_a_mark_names_it_and_leads_its_lowest_double() -> None:
    # Doubles are their own suit: every tile of seat 0 is under any lead the others can make.
    deal = ["1-0 2-0 3-0 2-1 3-1 0-0 3-2", "6-6 6-5 6-4 4-3 5-5 4-4 4-0",
            "5-4 5-3 5-2 5-1 5-0 6-3 4-2", "4-1 1-1 6-2 6-1 6-0 2-2 3-3"]
    game = _game("texas42", deal, nello=True, nello_doubles="own")
    assert _normal(game) == Bid(0, 42)
    _then(game, Bid(0, 42), Pass(1), Pass(2), Pass(3))
    assert _normal(game) == NameTrump(0, Trump.NELLO)
    _then(game, NameTrump(0, Trump.NELLO))
    assert _normal(game) == _play(0, "0-0")  # every other double tops it
