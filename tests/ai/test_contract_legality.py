"""Every bot plays Texas 42's contracts (rules/README.md 9.3 to 9.6) legally under every house rule,
and in Nello nobody, bot or not, decides from the tiles of the partner who sits out."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moon42.ai.expert import ExpertBot
from moon42.ai.normal import NormalBot
from moon42.ai.omniscient import OmniscientBot
from moon42.ai.protocol import Strategy, decide
from moon42.ai.registry import make_bot
from moon42.rules import Game, Trump
from moon42.rules.record import game_from_record, game_to_record
from moon42.rules.views import SeatView

from .helpers import DaringBot, DecisionsSeen, play_hands
from .hidden_tiles import compare_decisions, hidden_tiles
from .search_helpers import play_randomly, start_play

SWITCHES = ("nello", "sevens", "plunge", "splash")
FAST = ("random", "basic", "normal", "daring")

TEXAS_OPTIONS = st.fixed_dictionaries({
    "forced_bid": st.booleans(),
    "doubles_trump": st.booleans(),
    "no_trump": st.booleans(),
    "no_trump_doubles": st.sampled_from(("high", "low", "own")),
    "play_out": st.booleans(),
    "mark_raises": st.sampled_from(("none", "one")),
    "nello": st.booleans(),
    "nello_doubles": st.sampled_from(("high", "low", "own")),
    "sevens": st.booleans(),
    "plunge": st.booleans(),
    "splash": st.booleans(),
})


def _bot(name: str, seed: int) -> Strategy:
    if name == "daring":
        return DaringBot(seed)
    if name == "expert":
        return ExpertBot(seed, budget=None, layouts=2, call_budget=None)
    if name == "omniscient":
        return OmniscientBot(seed, budget=None, layouts=2, call_budget=None)
    return make_bot(name, seed)


def _show(game: Game, view: SeatView, bot: Strategy) -> None:
    if isinstance(bot, OmniscientBot):
        bot.see(game)


@pytest.mark.parametrize("switched", list(itertools.product((False, True), repeat=5)))
def test_every_combination_of_the_contracts_is_played_legally(switched) -> None:
    options = dict(zip(SWITCHES, switched[:4], strict=True))
    options["mark_raises"] = "one" if switched[4] else "none"
    for seed in range(3):
        rng = random.Random(f"{switched}:{seed}")
        options["forced_bid"] = rng.random() < 0.5
        options["nello_doubles"] = rng.choice(("high", "low", "own"))
        game = Game.new("texas42", options=options, seed=seed)
        names = [rng.choice(FAST) for _ in range(4)]
        play_hands(game, [_bot(n, seed * 4 + s) for s, n in enumerate(names)], 3)


@settings(max_examples=40, deadline=None)
@given(options=TEXAS_OPTIONS, seed=st.integers(0, 2**32 - 1),
       names=st.lists(st.sampled_from(FAST), min_size=4, max_size=4))
def test_fast_bots_play_legally_under_any_house_rules(options, seed, names) -> None:
    game = Game.new("texas42", options=options, seed=seed)
    play_hands(game, [_bot(n, seed + s) for s, n in enumerate(names)], 2)


@pytest.mark.slow  # whole hands of experts under random house rules
@settings(max_examples=6, deadline=None)
@given(options=TEXAS_OPTIONS, seed=st.integers(0, 2**32 - 1),
       names=st.lists(st.sampled_from((*FAST, "expert", "omniscient")), min_size=4, max_size=4))
def test_the_expert_and_omniscient_play_legally_under_any_house_rules(options, seed, names):
    game = Game.new("texas42", options=options, seed=seed)
    play_hands(game, [_bot(n, seed + s) for s, n in enumerate(names)], 1, _show)


@pytest.mark.slow  # every bot through a hand of each contract
@pytest.mark.parametrize("trump", [Trump.NELLO, Trump.SEVENS, Trump.NO_TRUMP, Trump.DOUBLES])
def test_every_bot_plays_out_each_special_trump(trump: Trump) -> None:
    for names in (("normal", "basic", "random", "normal"), ("expert", "omniscient") * 2):
        for seed in (1, 2):
            game = start_play("texas42", seed, trump, {"nello_doubles": "own"})
            bots = [_bot(n, seed + s) for s, n in enumerate(names)]
            while game.to_act is not None:
                seat = game.to_act.seat
                _show(game, game.view(seat), bots[seat])
                game.apply(decide(bots[seat], game.view(seat)))
            assert game.results[-1].trump is trump


@pytest.mark.slow  # many hands of normal bots
def test_normal_meets_every_contract_against_daring_bidders() -> None:
    note = DecisionsSeen(NormalBot)
    options = {"nello": True, "sevens": True, "plunge": True, "splash": True,
               "mark_raises": "one", "forced_bid": True}
    for seed in range(60):
        game = Game.new("texas42", options=options, seed=seed)
        bots = [NormalBot(), DaringBot(seed), NormalBot(), make_bot("random", seed)]
        play_hands(game, bots, 4, note)
    note.assert_complete("texas42")


# ----- no peeking at the partner who sits out ---------------------------------------------


def _nello_positions(count: int) -> list[tuple[dict, int]]:
    """Records of Nello hands cut at a decision of the bidder or a defender."""
    rng = random.Random("nello positions")
    out: list[tuple[dict, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        options = {"nello_doubles": rng.choice(("high", "low", "own"))}
        game = start_play("texas42", seed, Trump.NELLO, options)
        if not play_randomly(game, rng, rng.choice((3, 4, 5, 6, 7)), rng.randrange(3)):
            continue
        if len(game.legal_actions()) > 1:
            out.append((game_to_record(game), game.to_act.seat))
    return out


@pytest.mark.slow  # whole Nello hands of every bot
@pytest.mark.parametrize("name", ["normal", "expert"])
def test_in_nello_nobody_sees_the_tiles_of_the_partner_who_sits_out(name: str) -> None:
    positions = _nello_positions(16)
    for record, seat in positions:
        game = game_from_record(record)
        out = game.view(seat).sitting_out
        assert seat != out
        # The partner's tiles are among those the reshuffle moves about.
        assert set(game.view(out).hand) <= set(hidden_tiles(game, seat))
    compared, kinds = compare_decisions(positions, lambda: _bot(name, 3), random.Random(4))
    assert compared >= 8 and kinds == {"play"}
