"""No peeking: a bot decides alike when the tiles its seat cannot see are dealt otherwise.

From a position, another game is built with the same history and the same hand for the
seat to act, but the tiles hidden from it (other hands, and the widow and discard unless
it is the bidder) moved among the other places; any deal the rules accept will do (a seat
that showed a void must stay void).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable

from moon42.ai.protocol import Strategy, decide
from moon42.rules import Game, RuleError
from moon42.rules.record import game_from_record, game_to_record
from moon42.rules.tiles import parse_tile
from moon42.rules.views import SeatView

from .helpers import play_hands, random_options

TRIES = 40


def positions(game_name: str, make: Callable[[], Strategy], wanted: int) -> list[tuple[dict, int]]:
    """(record, seat) pairs: games of ``make``'s bots cut at their decisions.

    Every trump and discard (one a hand), and a share of the many bids and plays.
    """
    found: list[tuple[dict, int]] = []
    rng = random.Random(game_name)

    def keep(game: Game, view: SeatView, bot: Strategy) -> None:
        if view.to_act.kind in ("trump", "discard") or rng.random() < 0.12:
            found.append((game_to_record(game), view.seat))

    seed = 0
    while len(found) < wanted:
        options = random_options(random.Random(seed), game_name)
        game = Game.new(game_name, options=options, seed=seed)
        play_hands(game, [make() for _ in range(game.seats)], 2, keep)
        seed += 1
    return found[:wanted]


def hidden_tiles(game: Game, seat: int) -> list:
    """The tiles of the current deal that ``seat`` cannot see."""
    view = game.view(seat)
    hand = game_to_record(game)["hands"][-1]
    dealt = [parse_tile(t) for place in hand["deal"] + [hand["widow"]] for t in place]
    known = set(view.hand) | set(view.played) | set(view.widow)
    if view.discard is not None:
        known.add(view.discard)
    return [t for t in dealt if t not in known]


def _places(hand: dict) -> list[frozenset[str]]:
    return [frozenset(place) for place in hand["deal"]] + [frozenset(hand["widow"])]


def reshuffled(record: dict, hidden: list, rng: random.Random) -> Game | None:
    """A legal game with ``hidden`` permuted through the last hand, or None if none is found."""
    names = [str(t) for t in hidden]
    for _ in range(TRIES):
        moved = names[:]
        rng.shuffle(moved)
        if rng.random() < 0.5:
            # Late in a hand a whole reshuffle rarely respects every void; a swap often does.
            a, b = rng.sample(range(len(names)), 2)
            moved = names[:]
            moved[a], moved[b] = moved[b], moved[a]
        mapping = dict(zip(names, moved, strict=True))
        alt = copy.deepcopy(record)
        hand = alt["hands"][-1]
        hand["deal"] = [[mapping.get(t, t) for t in place] for place in hand["deal"]]
        hand["widow"] = [mapping.get(t, t) for t in hand["widow"]]
        for action in hand["actions"]:
            if "discard" in action:
                action["discard"] = mapping.get(action["discard"], action["discard"])
        if _places(hand) == _places(record["hands"][-1]):
            continue
        try:
            return game_from_record(alt)
        except RuleError:
            continue
    return None


def compare_decisions(
    positions: Iterable[tuple[dict, int]], make: Callable[[], Strategy], rng: random.Random
) -> tuple[int, set[str]]:
    """Assert that views and decisions agree in each position and a reshuffle of it.

    Returns how many positions were compared and which kinds of decision they were.
    """
    compared = 0
    kinds: set[str] = set()
    for record, seat in positions:
        game = game_from_record(record)
        hidden = hidden_tiles(game, seat)
        if len(hidden) < 2:
            continue
        alt = reshuffled(record, hidden, rng)
        if alt is None:
            continue
        view, alt_view = game.view(seat), alt.view(seat)
        assert alt_view == view  # the seat knows the same things in both games
        assert decide(make(), alt_view) == decide(make(), view)
        compared += 1
        kinds.add(view.to_act.kind)
    return compared, kinds
