"""Players of habits (``ai.search.styles``): the solver's seats of ``basic``'s rules play as
``basic`` does, and the reading of plays (``inference.Reading``, ``tendencies``) tells such a
player from another, within a hand and over a game's hands."""

from __future__ import annotations

import random
from statistics import fmean

import pytest

from moon42.ai.basic import BasicBot
from moon42.ai.facts.forced_auction import skip_auction
from moon42.ai.normal import NormalBot
from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.ai.search import Solver
from moon42.ai.search.inference import Reading
from moon42.ai.search.styles import BASIC, LEAD, RULES, SHED
from moon42.ai.search.tendencies import learned_priors
from moon42.rules import Game, Phase, Trump
from moon42.rules.tiles import mask_of

from .search_helpers import play_randomly, start_play, true_position

CASES = [
    ("texas42", None),
    ("texas42", Trump.DOUBLES),
    ("texas42", Trump.NO_TRUMP),
    ("moon3", None),
    ("moon4", None),
]


def _positions(game_name: str, trump: Trump | None, count: int):
    """Games in play after a few random tiles (Texas 42 played out to the last trick)."""
    rng = random.Random(f"habits:{game_name}:{trump}")
    options = {"play_out": True} if game_name == "texas42" else None
    seed = 0
    while count:
        seed += 1
        game = start_play(game_name, seed, trump, options)
        if game is None or game.view(0).trump in (Trump.NELLO, Trump.SEVENS):
            continue
        if not play_randomly(game, rng, rng.choice((7, 5, 3)), rng.randrange(4)):
            continue
        count -= 1
        yield game


@pytest.mark.parametrize(("game_name", "trump"), CASES)
def test_seats_of_habits_play_the_hand_out_as_basic_does(game_name, trump) -> None:
    """Every seat of habits: one line, and its credit is what four ``basic`` bots make."""
    for game in _positions(game_name, trump, 12):
        position = true_position(game)
        value = Solver(position, habits=(1 << game.seats) - 1).value(position)
        bots = [BasicBot() for _ in range(game.seats)]
        line = position
        while game.phase is Phase.PLAY:
            seat = game.to_act.seat
            action = bots[seat].play(game.view(seat))
            game.apply(action)
            line = line.after(action.tile)
        assert not any(line.hands)  # played to the last trick
        assert value == line.taken - position.taken


@pytest.mark.parametrize(("game_name", "trump"), CASES)
def test_opponents_of_habits_only_give_the_other_side_more(game_name, trump) -> None:
    """A side facing seats of habits keeps at least what it keeps against best play."""
    for game in _positions(game_name, trump, 8):
        position = true_position(game)
        best_play = Solver(position).value(position)
        minimisers = ((1 << game.seats) - 1) & ~position.maximisers
        assert Solver(position, habits=minimisers).value(position) >= best_play
        assert Solver(position, habits=position.maximisers).value(position) <= best_play


def _read(bot_of_seat, seeds: range, prior: float = 0.5):
    """For every play of seat 0 after the first trick: each opponent's chances in every
    spot it has shown something in, in the true layout."""
    out = []
    for seed in seeds:
        game = Game.new("texas42", options={"play_out": True}, seed=seed)
        skip_auction(game)
        bots = [bot_of_seat(s, seed) for s in range(4)]
        seat = game.to_act.seat
        game.apply(bots[seat].trump(game.view(seat)))
        while game.phase is Phase.PLAY:
            seat = game.to_act.seat
            view = game.view(seat)
            if seat == 0 and len(view.played) >= 4:
                hands = [mask_of(game.view(s).hand) for s in range(4)]
                out.append(Reading(view, prior).chances(hands))
            game.apply(bots[seat].play(view))
    return out


def _basic_share(chances: dict[int, dict[int, list[float]]]) -> list[float]:
    """In every spot shown: the chance of ``basic``'s rule, next to the other players'."""
    return [spots[spot][1 + BASIC[spot]] for spots in chances.values() for spot in spots]


def test_basic_opponents_are_read_as_keeping_basics_rules() -> None:
    read = _read(lambda s, seed: BasicBot(), range(12))
    shares = [s for chances in read for s in _basic_share(chances)]
    assert len(shares) > 100
    flat = 0.5 / 6  # the least prior share of a rule (a lead's, of six)
    assert all(s >= flat - 1e-9 for s in shares)  # their plays always fit
    assert fmean(shares) > 0.25  # well above the prior share (0.08 to 0.125)


def test_opponents_of_other_habits_are_read_as_such() -> None:
    """``normal`` trumps in and feeds count: where it has, basic's rules no longer fit it."""
    read = _read(lambda s, seed: NormalBot(seed * 4 + s), range(12))
    shares = [s for chances in read for s in _basic_share(chances)]
    assert sum(s < 0.05 for s in shares) > len(shares) // 4


def test_no_prior_reads_no_rules() -> None:
    assert all(not chances for chances in _read(lambda s, seed: BasicBot(), range(3), 0.0))


def _game_of(opponent: str, hands: int, seed: int = 11) -> Game:
    """``hands`` whole hands of Texas 42, ``normal`` against two ``opponent``s."""
    game = Game.new("texas42", seed=seed)
    bots = [make_bot("normal" if s % 2 == 0 else opponent, s) for s in range(4)]
    for _ in range(hands):
        while game.to_act is not None:
            seat = game.to_act.seat
            game.apply(decide(bots[seat], game.view(seat)))
        if game.phase is Phase.GAME_OVER:
            break
        game.next_hand()
    return game


def _rule(spot: int, name: str) -> int:
    """Where the rule of that name stands in a spot's chances (after the sensible player)."""
    return 1 + [r[0] for r in RULES[spot]].index(name)


def test_an_opponents_style_is_learned_over_the_games_hands() -> None:
    """``hoard`` leads its highest plain tile and sheds junk: over the earlier hands of the
    game, those rules come to outweigh the sensible player where it has shown them."""
    view = _game_of("hoard", 6).view(0)
    assert len(view.results) >= 4
    learned = learned_priors(view.options, 0, view.results, 0.5)
    assert set(learned) == {1, 3}
    leads = [spots[s] for spots in learned.values() for s in (LEAD, LEAD + 1) if s in spots]
    assert leads and max(p[_rule(LEAD, "high plain")] for p in leads) > 0.5
    sheds = [spots[SHED + 1] for spots in learned.values() if SHED + 1 in spots]
    assert sheds and all(p[0] < 0.2 for p in sheds)


def test_nothing_is_learned_before_a_hand_is_over_or_without_a_prior() -> None:
    game = _game_of("hoard", 2)
    view = game.view(0)
    assert learned_priors(view.options, 0, (), 0.5) == {1: {}, 3: {}}
    assert learned_priors(view.options, 0, view.results, 0.0) == {1: {}, 3: {}}
    # Seat 1 reads its own opponents, 0 and 2, never its partner.
    assert set(learned_priors(view.options, 1, view.results, 0.5)) == {0, 2}


def test_a_style_is_drawn_only_where_the_opponent_has_shown_one() -> None:
    """Before an opponent has played, it is searched in every spot: no rule is guessed."""
    game = Game.new("texas42", options={"play_out": True}, seed=3)
    skip_auction(game)
    seat = game.to_act.seat
    game.apply(BasicBot().trump(game.view(seat)))
    view = game.view(game.to_act.seat)
    hands = [mask_of(game.view(s).hand) for s in range(4)]
    assert not Reading(view, 0.5).styles(hands, random.Random(1))
