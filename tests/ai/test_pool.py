"""The opponent pool (``ai.pool``, ``ai.noisy_expert``): plain players of their own habits,
made by name but not offered in the lobby, and always legal."""

from __future__ import annotations

import random

import pytest

from moon42.ai import registry
from moon42.ai.facts.forced_auction import skip_auction
from moon42.ai.protocol import decide
from moon42.ai.registry import bot_names, make_bot, pool_names
from moon42.rules import Game, Phase
from moon42.rules.actions import Play
from moon42.rules.tiles import COUNT
from moon42.rules.trump import TRUMP_SUIT

from .helpers import play_hands, random_options

PLAIN = ("cheap", "smear", "hoard", "doubles-first")
GAMES = ("moon3", "moon4", "texas42")


def test_the_pool_is_made_by_name_but_not_listed_for_players() -> None:
    assert pool_names() == ["basic", "normal", *PLAIN, "noisy-expert"]
    for name in pool_names():
        assert make_bot(name, 1) is not None
    assert not set(PLAIN) & set(bot_names())
    assert "noisy-expert" not in bot_names()
    unread = make_bot("expert-no-reading", 1)
    assert unread.habit_prior == 0.0 and "expert-no-reading" not in bot_names()
    with pytest.raises(ValueError, match="built in"):
        registry.register("hoard", lambda seed: make_bot("basic"))


@pytest.mark.parametrize("game_name", GAMES)
def test_every_member_plays_only_legal_actions_under_any_house_rules(game_name) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(game_name, options=random_options(rng, game_name), seed=seed)
        names = [rng.choice(PLAIN) for _ in range(game.seats)]
        play_hands(game, [make_bot(name, seed + s) for s, name in enumerate(names)], 3)


def _plays(name: str, seeds: range):
    """Every play with a choice that seat 1 (``name``, against ``normal``) makes in Texas 42
    hands whose auction is skipped: (its view, the tile played)."""
    out = []
    for seed in seeds:
        game = Game.new("texas42", options={"play_out": True}, seed=seed)
        skip_auction(game)
        bots = [make_bot(name if s % 2 else "normal", s) for s in range(4)]
        while game.phase is not Phase.HAND_OVER:
            seat = game.to_act.seat
            view = game.view(seat)
            action = decide(bots[seat], view)
            if game.phase is Phase.PLAY and seat == 1 and len(view.legal) > 1:
                out.append((view, action.tile))
            game.apply(action)
    return out


def _winning(view) -> tuple[int, int, bool]:
    """The suit led, the power on top, and whether the seat's partner is winning."""
    rules = view.trick_rules
    trick = view.current_trick
    suit = rules.led_suit[trick.plays[0][1]]
    best = rules.winner_index(list(trick.tiles))
    return suit, rules.power[suit][trick.tiles[best]], trick.plays[best][0] == view.partner


def test_hoard_never_leads_or_trumps_in_with_a_trump_while_it_holds_another_tile() -> None:
    checked = 0
    for view, tile in _plays("hoard", range(40)):
        rules = view.trick_rules
        trick = view.current_trick
        trump_led = trick is not None and rules.led_suit[trick.plays[0][1]] == TRUMP_SUIT
        holds_both = any(rules.is_trump[t] for t in view.hand) and not all(
            rules.is_trump[t] for t in view.hand
        )
        if holds_both and not trump_led:
            assert not rules.is_trump[tile]
            checked += 1
    assert checked > 50


def test_doubles_first_leads_a_double_while_it_holds_one() -> None:
    leads = [(v, t) for v, t in _plays("doubles-first", range(40)) if v.current_trick is None]
    with_doubles = [(v, t) for v, t in leads if any(x.is_double for x in v.hand)]
    assert len(with_doubles) > 20
    for view, tile in with_doubles:
        assert tile.is_double
        assert tile.high == max(x.high for x in view.hand if x.is_double)


def test_cheap_takes_the_opponents_tricks_with_its_lowest_winner() -> None:
    taken = 0
    for view, tile in _plays("cheap", range(40)):
        if view.current_trick is None:
            continue
        suit, top, ours = _winning(view)
        power = view.trick_rules.power[suit]
        legal = [a.tile for a in view.legal if type(a) is Play]
        winners = [t for t in legal if power[t] > top]
        if ours or not winners:
            continue
        assert tile == min(winners, key=lambda t: (power[t], t.pips))
        taken += 1
    assert taken > 20


def test_smear_gives_its_partners_trick_the_most_count_it_may() -> None:
    fed = 0
    for view, tile in _plays("smear", range(40)):
        if view.current_trick is None or not _winning(view)[2]:
            continue
        rules = view.trick_rules
        legal = [a.tile for a in view.legal if type(a) is Play]
        plain = [t for t in legal if not rules.is_trump[t]] or legal
        if _winning(view)[0] == TRUMP_SUIT:
            plain = legal
        assert COUNT[tile] == max(COUNT[t] for t in plain)
        fed += COUNT[tile] > 0
    assert fed > 5


@pytest.mark.slow  # whole hands of experts, twice
def test_the_noisy_expert_is_seeded() -> None:
    def game_of(seed: int) -> list:
        game = Game.new("texas42", options={"play_out": True}, seed=4)
        bots = [make_bot("noisy-expert", seed + s) for s in range(4)]
        play_hands(game, bots, 1)
        return [p for trick in game.results[-1].tricks for p in trick.plays]

    assert game_of(1) == game_of(1)
