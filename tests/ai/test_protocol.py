"""``decide`` asks the method the turn calls for, and refuses what the rules would refuse."""

from __future__ import annotations

import pytest

from moon42.ai.basic import BasicBot
from moon42.ai.protocol import Strategy, decide
from moon42.ai.random_bot import RandomBot
from moon42.rules import Game, Pass
from moon42.rules.actions import Action
from moon42.rules.views import SeatView


class FirstLegal:
    """Takes the first legal action and remembers which method was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def bid(self, view: SeatView) -> Action:
        self.asked.append("bid")
        return view.legal[0]

    def discard(self, view: SeatView) -> Action:
        self.asked.append("discard")
        return view.legal[0]

    def trump(self, view: SeatView) -> Action:
        self.asked.append("trump")
        return view.legal[0]

    def play(self, view: SeatView) -> Action:
        self.asked.append("play")
        return view.legal[0]


def test_each_kind_of_turn_asks_its_method() -> None:
    game = Game.new("moon3", options={"forced_bid": True}, seed=4)
    bot = FirstLegal()
    kinds = []
    while game.to_act is not None:
        kinds.append(game.to_act.kind)
        game.apply(decide(bot, game.view(game.to_act.seat)))
    assert bot.asked == kinds
    assert {"bid", "discard", "trump", "play"} == set(kinds)


def test_a_seat_not_to_act_is_not_asked() -> None:
    game = Game.new("texas42", seed=2)
    idle = (game.to_act.seat + 1) % 4
    with pytest.raises(ValueError, match="not to act"):
        decide(FirstLegal(), game.view(idle))


def test_an_illegal_choice_is_refused_and_names_the_bot() -> None:
    class Rogue(FirstLegal):
        def bid(self, view: SeatView) -> Action:
            return Pass((view.seat + 1) % 4)

    game = Game.new("texas42", seed=2)
    with pytest.raises(ValueError, match="Rogue"):
        decide(Rogue(), game.view(game.to_act.seat))


def test_the_built_in_bots_speak_the_protocol() -> None:
    assert isinstance(BasicBot(), Strategy)
    assert isinstance(RandomBot(1), Strategy)
    assert isinstance(FirstLegal(), Strategy)
    assert not isinstance(object(), Strategy)
