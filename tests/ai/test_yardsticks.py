"""The yardsticks that part the expert's gap to the omniscient: ``partner-sighted`` (the
expert shown its partner's hand, and nothing more; ``-trumps``, ``-doubles``, ``-count``:
only those of its tiles) and ``omniscient-blind-calls`` (every hand seen in play, none when
naming trump)."""

from __future__ import annotations

import random

import pytest

from moon42.ai.expert import ExpertBot
from moon42.ai.facts.forced_auction import skip_auction
from moon42.ai.omniscient import OmniscientBot
from moon42.ai.partner_sighted import PartnerSightedBot
from moon42.ai.protocol import decide
from moon42.ai.registry import bot_names, make_bot
from moon42.ai.search.layouts import constraints_of, deal_constraints, sample
from moon42.rules import Game, Trump
from moon42.rules.tiles import TILES, mask_of

from .search_helpers import play_randomly, start_play


def tiny(seed: int) -> PartnerSightedBot:
    return PartnerSightedBot(seed, budget=None, layouts=2, call_budget=None)


def _hands(game: Game) -> list[int]:
    return [mask_of(game.view(s).hand) for s in range(game.seats)]


def test_its_layouts_give_the_partner_its_true_hand_and_the_opponents_the_rest() -> None:
    game = start_play("texas42", 4, Trump.of_number(5))
    play_randomly(game, random.Random(0), 5, 2)
    seat = game.to_act.seat
    view = game.view(seat)
    bot = tiny(1)
    true = _hands(game)
    rng = random.Random(3)
    bot.see(game)
    constraints = bot._play_constraints(view)
    assert view.partner not in constraints.seats
    opponents = true[(seat + 1) % 4] | true[(seat + 3) % 4]
    assert constraints.hidden == opponents
    dealt_apart = 0
    for _ in range(20):
        hands = sample(constraints, rng)
        assert hands[view.partner] == true[view.partner]
        assert hands[seat] == true[seat]
        assert hands[(seat + 1) % 4] | hands[(seat + 3) % 4] == opponents
        dealt_apart += hands[(seat + 1) % 4] != true[(seat + 1) % 4]
    assert dealt_apart  # the opponents' hands are still dealt at random


def test_it_sees_the_partner_while_naming_trump_too() -> None:
    game = Game.new("texas42", seed=8)
    seat = game.to_act.seat
    view = game.view(seat)
    bot = tiny(2)
    bot.see(game)
    constraints = bot._deal_constraints(view)
    true = _hands(game)
    assert constraints.known[view.partner] == true[view.partner]
    assert constraints.hidden == true[(seat + 1) % 4] | true[(seat + 3) % 4]
    assert len(deal_constraints(view).seats) == 3  # the expert's own deal leaves it unseen


def test_shown_nothing_or_without_a_partner_it_deals_as_the_expert_does() -> None:
    game = start_play("texas42", 5, Trump.of_number(2))
    view = game.view(game.to_act.seat)
    bot = tiny(3)
    assert bot._play_constraints(view).seats == constraints_of(view).seats
    moon = start_play("moon3", 5, None)
    bot.see(moon)
    moon_view = moon.view(moon.to_act.seat)
    assert bot._play_constraints(moon_view).seats == constraints_of(moon_view).seats
    assert decide(bot, moon_view) in moon_view.legal


def test_a_whole_hand_of_partner_sighted_bots_plays_legally() -> None:
    game = start_play("texas42", 6, Trump.of_number(6))
    bots = [tiny(1), make_bot("basic"), tiny(3), make_bot("basic")]
    while game.to_act is not None:
        seat = game.to_act.seat
        if isinstance(bots[seat], PartnerSightedBot):
            bots[seat].see(game)
        game.apply(decide(bots[seat], game.view(seat)))  # decide() refuses an illegal action
    assert len(game.results) == 1


def test_it_is_made_by_name_but_never_offered_to_players() -> None:
    assert "partner-sighted" not in bot_names()
    assert isinstance(make_bot("partner-sighted", 1), PartnerSightedBot)


def test_it_may_look_only_at_the_calls_or_only_at_the_play() -> None:
    game = Game.new("texas42", seed=8)
    view = game.view(game.to_act.seat)
    calls = make_bot("partner-sighted-calls", 1)
    play = PartnerSightedBot(1, when=frozenset({"play"}))
    calls.see(game)
    play.see(game)
    assert view.partner not in calls._deal_constraints(view).seats
    assert view.partner in play._deal_constraints(view).seats
    started = start_play("texas42", 4, Trump.of_number(5))
    play_view = started.view(started.to_act.seat)
    calls.see(started)
    play.see(started)
    assert play_view.partner in calls._play_constraints(play_view).seats
    assert play_view.partner not in play._play_constraints(play_view).seats


@pytest.mark.parametrize("kind", ["trumps", "doubles", "count"])
def test_shown_one_kind_of_tile_it_knows_those_of_the_partner_and_deals_the_rest(kind) -> None:
    game = start_play("texas42", 5, Trump.of_number(5))
    play_randomly(game, random.Random(0), 6, 1)
    seat = game.to_act.seat
    view = game.view(seat)
    bot = make_bot(f"partner-sighted-{kind}", 1)
    bot.see(game)
    assert bot._deal_constraints(view).seats == deal_constraints(view).seats  # not at the call
    rules = view.trick_rules
    of_kind = {
        "trumps": lambda t: rules.is_trump[t],
        "doubles": lambda t: TILES[t].is_double,
        "count": lambda t: TILES[t].count > 0,
    }[kind]
    kind_mask = sum(1 << t for t in range(28) if of_kind(t))
    true = _hands(game)
    partner = view.partner
    hidden = true[(seat + 1) % 4] | true[(seat + 2) % 4] | true[(seat + 3) % 4]
    # The partner holds some of the kind, and others of it are out (the test asks both).
    assert true[partner] & kind_mask and hidden & kind_mask & ~true[partner]
    constraints = bot._play_constraints(view)
    assert constraints.known[partner] == true[partner] & kind_mask
    rng = random.Random(5)
    others_moved = 0
    for _ in range(30):
        hands = sample(constraints, rng)
        assert hands[partner] & kind_mask == true[partner] & kind_mask
        assert hands[partner].bit_count() == true[partner].bit_count()
        assert hands[partner] | hands[(seat + 1) % 4] | hands[(seat + 3) % 4] == hidden
        others_moved += hands[partner] != true[partner]
    assert others_moved  # the partner's other tiles are still dealt at random


def test_it_refuses_a_kind_of_tile_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="sees"):
        PartnerSightedBot(1, sees="walkers")
    assert "partner-sighted-trumps" not in bot_names()


@pytest.mark.slow  # the omniscient's exact solves of whole hands, for three trumps
def test_blind_calls_name_the_experts_trump_and_play_as_the_omniscient() -> None:
    differs = 0
    for seed in range(8):
        game = Game.new("texas42", options={"play_out": True}, seed=seed)
        skip_auction(game)
        view = game.view(game.to_act.seat)
        blind = OmniscientBot(seed, blind_calls=True, budget=None, layouts=4, call_budget=None)
        sighted = OmniscientBot(seed, budget=None, layouts=4, call_budget=None)
        for bot in (blind, sighted):
            bot.see(game)
        expert = ExpertBot(seed, budget=None, layouts=4, call_budget=None)
        assert blind.trump(view) == expert.trump(view)
        differs += sighted.trump(view) != expert.trump(view)
    assert differs  # seeing every hand, the omniscient names another trump now and then
    game = start_play("texas42", 4, Trump.of_number(5))
    play_randomly(game, random.Random(2), 4, 1)
    view = game.view(game.to_act.seat)
    blind = make_bot("omniscient-blind-calls", 1)
    sighted = make_bot("omniscient", 1)
    blind.see(game)
    sighted.see(game)
    assert blind.play(view) == sighted.play(view)
