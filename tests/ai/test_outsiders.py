"""The outsiders (``ai.outsiders``): opponents made by name for the arena, kept out of the
lobby and the tuning pool, always legal, the same given a seed, and true to their styles."""

from __future__ import annotations

import random

import pytest

from moon42.ai import registry
from moon42.ai.facts.forced_auction import skip_auction
from moon42.ai.facts.knowledge import Knowledge
from moon42.ai.lab.arena import ArenaConfig, run_arena
from moon42.ai.outsiders import OUTSIDERS
from moon42.ai.protocol import decide
from moon42.ai.registry import bot_names, make_bot, pool_names
from moon42.rules import Game, Phase
from moon42.rules.actions import Play
from moon42.rules.trump import TRUMP_SUIT

from .helpers import play_hands, random_options

NAMES = ("greedy", "cautious", "club", "mixed")
GAMES = ("moon3", "moon4", "texas42")


def test_the_outsiders_are_made_by_name_but_neither_listed_nor_in_the_pool() -> None:
    assert tuple(OUTSIDERS) == NAMES
    for name in NAMES:
        assert make_bot(name, 1) is not None
        assert name not in bot_names()
        assert name not in pool_names()
        with pytest.raises(ValueError, match="built in"):
            registry.register(name, lambda seed: make_bot("basic"))


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("name", NAMES)
def test_each_plays_only_legal_actions_under_any_house_rules(game_name, name) -> None:
    for seed in range(25):
        rng = random.Random(seed)
        game = Game.new(game_name, options=random_options(rng, game_name), seed=seed)
        bots = [make_bot(name if s % 2 == 0 else rng.choice(NAMES), seed + s)
                for s in range(game.seats)]
        play_hands(game, bots, 3)  # decide() refuses any action not in view.legal


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("name", NAMES)
def test_each_plays_the_same_game_from_the_same_seed(game_name, name) -> None:
    def plays(seed: int) -> list:
        game = Game.new(game_name, seed=11)
        play_hands(game, [make_bot(name, seed + s) for s in range(game.seats)], 2)
        return [p for result in game.results for trick in result.tricks for p in trick.plays]

    first = plays(3)
    assert len(first) > 12
    assert plays(3) == first


def _plays(name: str, seeds: range):
    """Every play with a choice that seats 1 and 3 (``name``, against ``basic``) make in
    Texas 42 hands whose auction is skipped: (its view, the tile played)."""
    out = []
    for seed in seeds:
        game = Game.new("texas42", options={"play_out": True}, seed=seed)
        skip_auction(game)
        bots = [make_bot(name if s % 2 else "basic", s) for s in range(4)]
        while game.phase is not Phase.HAND_OVER:
            seat = game.to_act.seat
            view = game.view(seat)
            action = decide(bots[seat], view)
            if game.phase is Phase.PLAY and seat % 2 and len(view.legal) > 1:
                out.append((view, action.tile))
            game.apply(action)
    return out


def _on_top(view) -> tuple[tuple[int, ...], int, int]:
    """The led suit's powers, the power on top and the seat winning the trick."""
    rules = view.trick_rules
    trick = view.current_trick
    power = rules.power[rules.led_suit[trick.plays[0][1]]]
    best = rules.winner_index(list(trick.tiles))
    return power, power[trick.tiles[best]], trick.plays[best][0]


def test_greedy_tops_every_trick_it_can_with_its_highest_winner() -> None:
    topped = 0
    for view, tile in _plays("greedy", range(30)):
        if view.current_trick is None:
            continue
        power, top, _ = _on_top(view)
        winners = [a.tile for a in view.legal if type(a) is Play and power[a.tile] > top]
        if winners:
            assert tile == max(winners, key=lambda t: (power[t], t.pips))
            topped += 1
    assert topped > 15


def test_cautious_leads_low_and_trumps_in_only_for_ten_count() -> None:
    leads = ruffs = 0
    for view, tile in _plays("cautious", range(30)):
        rules = view.trick_rules
        if view.current_trick is None:
            plain = [t for t in view.hand if not rules.is_trump[t]]
            if plain:
                assert not rules.is_trump[tile]
                assert tile.count == min(t.count for t in plain)
                leads += 1
            continue
        trick = view.current_trick
        led = rules.led_suit[trick.plays[0][1]]
        if led != TRUMP_SUIT and rules.is_trump[tile] and not rules.follows(tile, led):
            _, _, winner = _on_top(view)
            held = [t for t in view.hand if not rules.is_trump[t]]
            if held:  # it chose to trump in
                assert sum(t.count for t in trick.tiles) >= 10 and winner % 2 == 0
                ruffs += 1
    assert leads > 20 and ruffs > 0


def test_club_draws_trumps_on_the_bidding_side_and_plays_count_on_a_safe_trick() -> None:
    drawn = fed = 0
    for view, tile in _plays("club", range(40)):
        rules = view.trick_rules
        if view.current_trick is None:
            know = Knowledge.of(view)
            out = any(know.possible[s] & rules.follow_mask[TRUMP_SUIT] for s in (0, 2))
            if view.bidder % 2 == 1 and any(rules.is_trump[t] for t in view.hand) and out:
                assert rules.is_trump[tile]
                drawn += 1
            continue
        _, _, winner = _on_top(view)
        if winner == view.partner and len(view.current_trick.plays) == view.seats - 1:
            legal = [a.tile for a in view.legal if type(a) is Play]
            led = rules.led_suit[view.current_trick.plays[0][1]]
            plain = [t for t in legal if not rules.is_trump[t]] if led != TRUMP_SUIT else legal
            assert tile.count == max(t.count for t in plain or legal)
            fed += tile.count > 0
    assert drawn > 10 and fed > 3


def test_each_is_of_about_basics_strength() -> None:
    """Neither a pushover nor a master: basic wins between a quarter and three quarters of
    60 hands against each (bidding skipped, the same deals)."""
    for name in NAMES:
        config = ArenaConfig("texas42", "basic", name, deals=60, bidding=False, seed=91)
        rate = run_arena(config, jobs=1).as_dict()["a_win_rate"]
        assert 0.25 < rate < 0.75, (name, rate)


def test_mixed_plays_each_tile_as_one_of_four_players_drawn_play_by_play() -> None:
    """Its plays agree with each of the four in turn, and with no one of them throughout."""
    plays = _plays("mixed", range(12))
    assert len(plays) > 40
    agree = {name: sum(decide(make_bot(name, 0), view).tile == tile for view, tile in plays)
             for name in ("greedy", "cautious", "club", "basic")}
    assert all(0 < n < len(plays) for n in agree.values()), agree
    assert len(plays) <= sum(agree.values())  # each play is one of theirs (some agree)
