"""Shared by the bot tests: random tables (section 9 included) and whole hands played by bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from moon42.ai.protocol import Strategy, decide
from moon42.ai.random_bot import RandomBot
from moon42.rules import Game, Phase
from moon42.rules.actions import Action, Bid, Pass, Plunge, Splash
from moon42.rules.options import OPTIONS_OF
from moon42.rules.views import SeatView

# Every option value a table may choose; house rules are switched on more often than
# not, so that Nello, Sevens, Plunge, Splash and mark raises all come up.
CHOICES: dict[str, tuple] = {
    "forced_bid": (True, False),
    "doubles_trump": (True, True, False),
    "no_trump": (True, True, False),
    "no_trump_doubles": ("high", "low", "own"),
    "min_bid": (3, 4, 5),
    "scoring": ("points", "marks"),
    "moon_instant": (True, False),
    "remove_double_blank": (True, False),
    "trump_before_widow": (True, False),
    "play_out": (True, False),
    "mark_raises": ("one", "one", "none"),
    "nello": (True, True, False),
    "nello_doubles": ("high", "low", "own"),
    "sevens": (True, True, False),
    "plunge": (True, True, False),
    "splash": (True, True, False),
}


class DaringBot(RandomBot):
    """Random, but it bids Plunge or Splash whenever it may: they are rare by chance alone."""

    def bid(self, view: SeatView) -> Action:
        daring = [a for a in view.legal if type(a) in (Plunge, Splash)]
        return self._rng.choice(daring or view.legal)


Watcher = Callable[[Game, SeatView, Strategy], None]


def random_options(rng: random.Random, game: str) -> dict:
    return {name: rng.choice(CHOICES[name]) for name in OPTIONS_OF[game] if name in CHOICES}


def play_hands(
    game: Game, bots: Sequence[Strategy], hands: int, watch: Watcher | None = None
) -> None:
    """Let the bots play ``hands`` hands (fewer if the game ends); ``watch`` sees each decision.

    ``decide`` refuses an illegal action, and the engine would too.
    """
    for hand in range(hands):
        if game.phase is Phase.GAME_OVER:
            return
        if hand:
            game.next_hand()
        while game.to_act is not None:
            seat = game.to_act.seat
            view = game.view(seat)
            if watch is not None:
                watch(game, view, bots[seat])
            action = decide(bots[seat], view)
            assert action in view.legal
            game.apply(action)


class DecisionsSeen:
    """Notes which kinds of decision one kind of bot met, to show a run covered them all."""

    def __init__(self, bot_type: type) -> None:
        self.bot_type = bot_type
        self.seen: set[str] = set()

    def __call__(self, game: Game, view: SeatView, bot: Strategy) -> None:
        if not isinstance(bot, self.bot_type):
            return
        kind = view.to_act.kind
        self.seen.add(kind)
        if kind == "play":
            self.seen.add(f"trump {view.trump.value}")
            self.seen.add(f"contract {view.contract}")
            if view.current_trick is not None:
                self.seen.add("following")
        if kind == "bid" and not any(type(a) is Pass for a in view.legal):
            self.seen.add("forced")

    def assert_complete(self, game_name: str) -> None:
        """Every decision, and in Texas 42 every contract of section 9, came up."""
        seen = self.seen
        assert {"bid", "trump", "play", "following", "forced"} <= seen
        if game_name == "moon3":
            assert "discard" in seen
        if game_name == "texas42":
            for trump in ("nello", "sevens", "doubles", "none"):
                assert f"trump {trump}" in seen
            assert {"contract plunge", "contract splash"} <= seen


def dealer_view_at_bid(seed: int, opening: bool) -> SeatView:
    """Texas 42 dealt from ``seed``: the dealer's view at its bid, after the seat on its
    left opened 30 (``opening``) or everyone passed."""
    game = Game.new("texas42", seed=seed)
    dealer = game.view(0).dealer
    while game.to_act.seat != dealer:
        seat = game.to_act.seat
        game.apply(Bid(seat, 30) if opening and seat == (dealer + 1) % 4 else Pass(seat))
    return game.view(dealer)
