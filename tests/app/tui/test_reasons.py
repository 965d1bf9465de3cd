"""Every reason a hint may give is true: checked against the whole game, not the seat's view.

Thousands of positions of random games (all three games, house rules drawn at random,
random players) are visited; at each, every claim made for every legal tile (and, at a
bid or a trump, for every trump) is checked by a fact worked out here from the real
hands of every seat, the widow and the discard, with the engine's own trick rules.  A
claim worked out from the seat's view must hold whatever the hidden tiles are, so it must
hold for the real ones.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from moon42.ai.facts.knowledge import tile_set_of
from moon42.ai.protocol import decide
from moon42.ai.random_bot import RandomBot
from moon42.app.play.config import NAME_LIMIT
from moon42.app.tui.text.reasons import (
    LONG_NAMES,
    discard_claims,
    hand_claims,
    play_claims,
    play_reason,
)
from moon42.rules import Game, NameTrump, Play
from moon42.rules.tiles import TILES
from moon42.rules.trump import TRUMP_SUIT, Trump, suit_name
from moon42.rules.views import SeatView
from tests.ai.helpers import random_options

LONG_NAMES_PLAYED = ("Bartholomews", "Christophers", "Alexandrinas", "Maximilianus")
assert {len(n) for n in LONG_NAMES_PLAYED} == {NAME_LIMIT}
HANDS = 80  # random hands a game: over 3,000 positions in play over the three games


def _hidden_from(game: Game, view: SeatView) -> set[int]:
    """The tiles of the set no seat holds and nobody played: the widow, or a discard."""
    held = {int(t) for s in range(game.seats) for t in game.view(s).hand}
    return {int(t) for t in tile_set_of(view)} - held - {int(t) for t in view.played}


def _others_hands(game: Game, view: SeatView) -> set[int]:
    return {int(t) for s in range(game.seats) if s != view.seat for t in game.view(s).hand}


def _check_play(game: Game, view: SeatView, t, key: str, words: str) -> None:
    rules = view.trick_rules
    others = _others_hands(game, view)
    hand = {int(u) for u in view.hand}
    legal = [a.tile for a in view.legal if isinstance(a, Play)]
    trick = [u for _, u in view.current_trick.plays] if view.current_trick else []
    led = rules.led_suit[trick[0]] if trick else rules.led_suit[t]
    power = rules.power[rules.led_suit[t]]
    counts = not view.options.is_moon and view.trump not in (Trump.NELLO, Trump.SEVENS)

    def tops(u) -> bool:
        return rules.winner_index([*trick, u]) == len(trick)

    if key == "sure_winner":
        assert all(rules.winner_index([t, u]) == 0 for u in others)
    elif key == "highest_trump_left":
        assert rules.is_trump[t]
        assert not any(rules.is_trump[u] and power[u] > power[t] for u in others | hand)
    elif key == "your_highest_trump":
        assert rules.is_trump[t] and not any(
            rules.is_trump[u] and power[u] > power[t] for u in hand)
    elif key == "trumps_unseen":
        hidden = others | (_hidden_from(game, view) - ({int(view.discard)} if view.discard
                                                          is not None else set()))
        n = sum(1 for u in hidden if rules.is_trump[u])
        assert rules.is_trump[t] and n and words == f"to draw trumps ({n} you have not seen)"
    elif key == "highest_of_suit_left":
        follow = rules.follow_mask[led]
        assert not rules.is_trump[t]
        assert not any(follow >> u & 1 and power[u] > power[t] for u in others)
        assert words == f"the highest {_singular(led)} left"
    elif key == "out_of_suit_may_trump":
        # The seats named are opponents, and truly hold no tile of the suit led.
        follow = rules.follow_mask[led]
        assert not rules.is_trump[t] and not trick
        named = words.split(" is out of ")[0].split(" are out of ")[0]
        assert words.endswith(f"out of {suit_name(led)} and may trump it")
        opponents = [s for s in range(view.seats)
                     if s not in (view.seat, view.partner, view.sitting_out)]
        # Two long names are "both opponents" (and two short ones are named).
        if named == "both opponents":
            both = " and ".join(view.players[s] for s in opponents)
            assert len(opponents) == 2 and len(both) > LONG_NAMES
        else:
            assert " and " not in named or len(named) <= LONG_NAMES, words
        for seat in opponents if named == "both opponents" else [
                list(view.players).index(name) for name in named.split(" and ")]:
            assert seat not in (view.seat, view.partner)
            assert not any(follow >> int(u) & 1 for u in game.view(seat).hand)
    elif key == "holds_trick":
        assert tops(t)
        order = [(view.current_trick.leader + k) % view.seats for k in range(view.seats)]
        order = [s for s in order if s != view.sitting_out]
        later = order[order.index(view.seat) + 1:]
        assert later  # not the last to play
        assert not any(rules.winner_index([*trick, t, int(u)]) == len(trick) + 1
                       for s in later for u in game.view(s).hand)
    elif key == "leaves_void":
        follow = rules.follow_mask[led]
        assert not rules.is_trump[t] and not any(follow >> u & 1 for u in hand - {int(t)})
        assert words == f"it leaves you with no {suit_name(led)}"
    elif key in ("wins_trick", "trumps_in", "tops_trick"):
        assert tops(t)
        players = view.seats - (1 if view.sitting_out is not None else 0)
        assert (len(trick) + 1 == players) == (key == "wins_trick" or "wins" in words)
        if key == "trumps_in":
            assert rules.is_trump[t] and not rules.is_trump[trick[0]]
    elif key == "count_in_trick":
        assert counts and words == f"with {sum(TILES[u].count for u in [*trick, t])} count in it"
    elif key == "partner_winning":
        winner = view.current_trick.plays[rules.winner_index(trick)][0]
        assert winner == view.partner and not tops(t)
    elif key == "gives_count":
        assert words == f"{t.count} count to your side" and t.count
    elif key == "lets_go":
        assert not tops(t) and any(tops(u) for u in legal)
    elif key in ("partner_after", "lost_anyway"):
        assert not any(tops(u) for u in legal)
        winner = view.current_trick.plays[rules.winner_index(trick)][0]
        assert winner != view.partner
        if key == "lost_anyway":
            # Whatever the seats still to play hold, the trick goes to the other side.
            seen = {s for s, _ in view.current_trick.plays} | {view.seat, view.sitting_out}
            assert view.partner is None or view.partner in seen
    elif key == "lowest_of_suit":
        follow = rules.follow_mask[led]
        assert follow >> t & 1
        assert all(rules.power[led][u] >= rules.power[led][t] for u in legal if follow >> u & 1)
    elif key == "cannot_follow":
        follow = rules.follow_mask[led]
        assert not any(follow >> u & 1 for u in hand)
        name = "trumps" if led == TRUMP_SUIT else suit_name(led)
        assert words == f"you have no {name}"
    elif key == "no_count":
        assert counts and t.count == 0
    elif key == "least_count":
        assert counts and all(u.count >= t.count for u in legal)
    elif key == "stays_under":
        assert view.trump is Trump.NELLO and not tops(t)
    elif key == "nello_must_take":
        assert view.trump is Trump.NELLO and all(tops(u) for u in legal)
    elif key == "closest_to_seven":
        assert all(abs(t.pips - 7) <= abs(u.pips - 7) for u in view.hand)
    else:
        raise AssertionError(f"no check for the claim {key!r}")


def _singular(suit: int) -> str:
    name = suit_name(suit)
    return {"sixes": "six", "trump": "trump", "doubles": "double"}.get(name, name[:-1])


def _check_hand(view: SeatView, trump: Trump, key: str, words: str) -> None:
    hand = view.hand
    if key == "holds_of_number":
        n = trump.number
        held = [t for t in hand if n in (t.high, t.low)]
        double = any(t.high == t.low == n for t in hand)
        assert words.startswith(f"{len(held)} ")
        assert words.endswith("with the double" if double else "without the double")
    elif key == "other_doubles":
        others = sum(1 for t in hand if t.is_double and t.high != trump.number)
        assert words.startswith(f"{others} other double")
    elif key == "doubles":
        assert words.startswith(f"{sum(1 for t in hand if t.is_double)} double")
    elif key == "count_held":
        assert words == f"{sum(t.count for t in hand)} count" and not view.options.is_moon
    elif key == "near_seven":
        near = sum(1 for t in hand if abs(t.high + t.low - 7) <= 1)
        assert words.startswith(f"{near} of your tiles")
    elif key == "widow_gave":
        widow = view.widow[0]
        assert widow in hand and words == f"the widow gave you {widow}"
        assert (widow.carries(trump.number) if trump.number is not None else widow.is_double)
    elif key == "nello_dangers":
        assert trump is Trump.NELLO
    else:
        raise AssertionError(f"no check for the claim {key!r}")


def _number_named(name: str) -> int:
    return next(n for n in range(7) if suit_name(n) == name)


def _check_discard(view: SeatView, t, key: str, words: str) -> None:
    kept = [u for u in view.hand if u != t]
    assert not t.is_double, "a double thrown has nothing to say"
    if key == "discard_no_trump":
        assert view.trump is not None and not view.trick_rules.is_trump[t]
    elif key == "discard_leaves_void":
        for name in words.removeprefix("it leaves you with no ").split(" or "):
            number = _number_named(name)
            assert t.carries(number) and not any(u.carries(number) for u in kept), words
            assert view.trump is None or view.trump.number != number
    elif key == "discard_lowest":
        number = _number_named(words.removeprefix("your lowest ") + "s"
                               if not words.endswith("six") else "sixes")
        assert t.carries(number) and all(u.pips > t.pips for u in kept if u.carries(number))
    else:
        raise AssertionError(f"no check for the claim {key!r}")


@pytest.mark.parametrize("game_name", ["moon3", "moon4", "texas42"])
def test_every_reason_shown_is_true_of_the_real_hands(game_name) -> None:
    rng = random.Random(f"reasons:{game_name}")
    seen: Counter[str] = Counter()
    positions = 0
    for _ in range(HANDS):
        game = Game.new(game_name, random_options(rng, game_name), seed=rng.randrange(2**32))
        bots = [RandomBot(rng.randrange(2**32)) for _ in range(game.seats)]
        long_names = rng.random() < 0.5
        while game.to_act is not None:
            seat = game.to_act.seat
            view = game.view(seat)
            if long_names:  # as many letters as a name may have
                view = replace(view, players=LONG_NAMES_PLAYED[:view.seats])
            if view.to_act.kind == "play":
                positions += 1
                for action in view.legal:
                    for claim in play_claims(view, action.tile):
                        _check_play(game, view, action.tile, claim.key, claim.words)
                        seen[claim.key] += 1
                        seen["both opponents"] += claim.words.startswith("both opponents")
                    play_reason(view, action.tile)
            elif view.to_act.kind == "discard":
                for action in view.legal:
                    for claim in discard_claims(view, action.tile):
                        _check_discard(view, action.tile, claim.key, claim.words)
                        seen[claim.key] += 1
            elif view.to_act.kind == "trump":
                for action in view.legal:
                    if isinstance(action, NameTrump):
                        for claim in hand_claims(view, action.trump):
                            _check_hand(view, action.trump, claim.key, claim.words)
                            seen[claim.key] += 1
            game.apply(decide(bots[seat], view))
    assert positions >= 1000
    # The run met the claims that matter in this game, so it checked them.
    expected = {"sure_winner", "highest_trump_left", "trumps_unseen", "leaves_void",
                "wins_trick", "tops_trick", "holds_trick", "out_of_suit_may_trump", "trumps_in",
                "lets_go", "lost_anyway",
                "lowest_of_suit", "cannot_follow", "holds_of_number", "doubles"}
    if game_name == "moon3":
        expected |= {"widow_gave", "discard_leaves_void", "discard_lowest"}
    if game_name != "moon3":
        expected |= {"partner_winning", "partner_after"}
    if game_name == "texas42":
        expected |= {"count_in_trick", "gives_count", "no_count", "least_count", "count_held"}
    assert expected <= set(seen), expected - set(seen)
    assert seen["both opponents"] > 0

