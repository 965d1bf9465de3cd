"""Undo: the game rebuilt from its record without the human's last action and what followed."""

from __future__ import annotations

import pytest

from moon42.ai.protocol import decide
from moon42.ai.registry import make_bot
from moon42.app.play.undo import NothingToUndo, taken_back
from moon42.rules import Game, Phase
from moon42.rules.record import game_to_record


def bots_for(game: Game, name: str, seed: int) -> dict:
    return {s: make_bot(name, seed=(seed * 7 + s) % 2**32) for s in range(game.seats)}


def answers(game: Game, bots: dict) -> None:
    """The bots act (and hands are dealt) until seat 0 is to act or the game is over."""
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        seat = game.to_act.seat
        if seat == 0:
            return
        game.apply(decide(bots[seat], game.view(seat)))


@pytest.mark.parametrize(("game_name", "seed"), [("moon3", 3), ("moon4", 4), ("texas42", 5)])
def test_undo_restores_the_exact_previous_state(game_name: str, seed: int) -> None:
    game = Game.new(game_name, seed=seed)
    bots = bots_for(game, "basic", seed)
    answers(game, bots)
    undone = 0
    while game.phase is not Phase.GAME_OVER and undone < 60:
        before = game_to_record(game)
        views = [game.view(s) for s in range(game.seats)]
        scores, phase, turn = list(game.scores), game.phase, game.to_act
        game.apply(decide(bots[0], game.view(0)))
        answers(game, bots)
        back, count = taken_back(game, 0)
        assert game_to_record(back) == before
        assert [back.view(s) for s in range(back.seats)] == views
        assert (back.scores, back.phase, back.to_act) == (scores, phase, turn)
        assert count >= 1
        undone += 1
    assert undone >= 20


@pytest.mark.parametrize("bot", ["basic", "normal"])
def test_after_undo_the_bots_answer_the_same_again(bot: str) -> None:
    """Bots that decide from the seed and the view alone re-decide identically."""
    game = Game.new("texas42", seed=17)
    bots = bots_for(game, bot, 17)
    answers(game, bots)
    for _ in range(25):
        if game.phase is Phase.GAME_OVER:
            break
        mine = decide(bots[0], game.view(0))
        game.apply(mine)
        answers(game, bots)
        first_time = game_to_record(game)
        game, _ = taken_back(game, 0)
        game.apply(mine)
        answers(game, bots_for(game, bot, 17))  # fresh bots, as after a resume
        assert game_to_record(game) == first_time


def test_nothing_to_undo_before_the_human_acts() -> None:
    game = Game.new("moon4", seed=2)
    answers(game, bots_for(game, "basic", 2))
    with pytest.raises(NothingToUndo):
        taken_back(game, 0)


def test_the_note_after_an_undo_names_the_trump_taken_back() -> None:
    """"Took back naming fours", not "your trump (4)" (the record's 4 read as a count)."""
    from moon42.app.play.undo import _said
    from moon42.rules import Trump
    from moon42.rules.actions import Bid, NameTrump, Pass

    game = Game.new("texas42", seed=5)
    while game.to_act.seat != 0:
        game.apply(Pass(game.to_act.seat))
    game.apply(Bid(0, 30))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.to_act.seat))
    game.apply(NameTrump(0, Trump.of_number(4)))
    assert _said(game, 0) == "naming fours"
