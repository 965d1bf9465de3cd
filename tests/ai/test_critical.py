"""The critical-decisions benchmark (``moon42.ai.lab.critical``): same deals, same positions,
same scores."""

from __future__ import annotations

import json

import pytest

from moon42.ai.lab.critical import critical_decisions, main

TINY = {"budget": None, "layouts": 2, "call_budget": None}


@pytest.mark.slow  # the solver on every position of several deals
def test_the_same_deal_gives_the_same_positions_and_scores() -> None:
    first = [critical_decisions(deal, "expert", TINY) for deal in range(3)]
    again = [critical_decisions(deal, "expert", TINY) for deal in range(3)]
    assert first == again
    assert sum(len(d) for d in first) > 0
    assert {side for d in first for _, side in d} == {True, False}


@pytest.mark.slow  # the solver on every position of several deals
def test_the_positions_do_not_depend_on_the_bot_under_test() -> None:
    # The positions come from normal-against-basic hands: any bot meets the same number.
    for deal in range(3):
        expert = critical_decisions(deal, "expert", TINY)
        random_bot = critical_decisions(deal, "random", {})
        assert [side for _, side in expert] == [side for _, side in random_bot]


def test_json_output(capsys) -> None:
    assert main(["--deals", "2", "--strategy", "normal", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["strategy"] == "normal" and figures["deals"] == 2
    total = figures["all"]["positions"]
    assert total == figures["bidding_side"]["positions"] + figures["defenders"]["positions"]
    assert 0 <= figures["all"]["right"] <= 1


def test_the_tricks_looked_at_can_be_chosen(capsys) -> None:
    # The first four tricks and the last three part the whole hand's positions between them.
    for deal in range(3):
        whole = critical_decisions(deal, "random", {}, range(7))
        early = critical_decisions(deal, "random", {}, range(4))
        late = critical_decisions(deal, "random", {}, range(4, 7))
        assert len(whole) == len(early) + len(late)
    assert main(["--deals", "3", "--tricks", "5-7", "--strategy", "random", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["all"]["positions"] == sum(
        len(critical_decisions(deal, "random", {}, range(4, 7))) for deal in range(3)
    )
