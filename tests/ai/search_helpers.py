"""Hands in play for the solver and expert tests: any game, any trump, Nello and Sevens too."""

from __future__ import annotations

import random

from moon42.ai.search import Position
from moon42.rules import Game, Phase, Trump
from moon42.rules.actions import Bid, Discard, NameTrump, Pass
from moon42.rules.tiles import mask_of

TEXAS_SPECIALS = {"nello": True, "sevens": True, "mark_raises": "one"}


def start_play(game_name: str, seed: int, trump: Trump | None, options: dict | None = None):
    """A game at its first trick: the first bidder bids (a mark in Texas 42) and names ``trump``.

    None names a random offered trump.  Returns None when ``trump`` is not offered.
    """
    rng = random.Random(seed)
    options = dict(options or {})
    if game_name == "texas42":
        options = {**TEXAS_SPECIALS, **options}
    game = Game.new(game_name, options=options, seed=seed)
    seat = game.to_act.seat
    bids = [a for a in game.legal_actions() if type(a) is Bid]
    if game_name == "texas42":
        value = 42 if trump in (Trump.NELLO, Trump.SEVENS) else rng.choice((30, 34, 42))
    else:
        value = min(b.value for b in bids)
    game.apply(Bid(seat, value))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.to_act.seat))
    while game.phase in (Phase.WIDOW, Phase.TRUMP):
        legal = game.legal_actions()
        if type(legal[0]) is Discard:
            game.apply(rng.choice(legal))
            continue
        offered = [a.trump for a in legal if type(a) is NameTrump]
        choice = trump if trump is not None else rng.choice(offered)
        if choice not in offered:
            return None
        game.apply(NameTrump(game.to_act.seat, choice))
    return game


def play_randomly(game: Game, rng: random.Random, tricks_left: int, extra: int) -> bool:
    """Random legal tiles until ``tricks_left`` tricks remain, then ``extra`` more tiles."""
    while game.phase is Phase.PLAY and len(game.view(game.to_act.seat).hand) > tricks_left:
        game.apply(rng.choice(game.legal_actions()))
    for _ in range(extra):
        if game.phase is Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
    return game.phase is Phase.PLAY


def true_position(game: Game) -> Position:
    """The solver's position of the game, every hand in view."""
    seat = game.to_act.seat
    hands = [mask_of(game.view(s).hand) for s in range(game.seats)]
    return Position.of_view(game.view(seat), hands)
