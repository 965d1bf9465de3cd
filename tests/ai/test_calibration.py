"""Reading simulated make rates through the self-play calibration, and fitting it."""

from __future__ import annotations

import pytest

from moon42.ai import calibration
from moon42.ai.calibrate import _groups, _hand_seed, fit, hand_outcome
from moon42.ai.calibration import calibrated
from moon42.ai.expert import ExpertBot
from moon42.rules import Bid, Game


def test_a_game_without_a_table_keeps_the_simulated_rate(monkeypatch) -> None:
    monkeypatch.setattr(calibration, "CALIBRATION", {})
    assert calibrated("texas42", 0.37) == 0.37


def test_rates_are_read_along_straight_lines_and_held_at_the_ends(monkeypatch) -> None:
    table = {"texas42": ((0.2, 0.1), (0.6, 0.3), (1.0, 0.9))}
    monkeypatch.setattr(calibration, "CALIBRATION", table)
    assert calibrated("texas42", 0.0) == 0.1
    assert calibrated("texas42", 0.4) == pytest.approx(0.2)
    assert calibrated("texas42", 0.8) == pytest.approx(0.6)
    assert calibrated("texas42", 1.0) == 0.9
    assert calibrated("moon3", 0.4) == 0.4


def test_in_moon_for_four_a_bid_above_the_least_keeps_its_simulated_rate(monkeypatch) -> None:
    table = {"moon4": ((0.1, 0.6), (0.9, 1.0)), "moon3": ((0.1, 0.6), (0.9, 1.0)),
             "texas42": ((0.1, 0.2), (0.9, 0.7))}
    monkeypatch.setattr(calibration, "CALIBRATION", table)
    assert calibrated("moon4", 0.1) == 0.6
    assert calibrated("moon4", 0.1, above_least=True) == 0.1
    assert calibrated("moon3", 0.1, above_least=True) == 0.6
    assert calibrated("texas42", 0.1, above_least=True) == 0.2


def test_the_fit_pools_groups_whose_share_made_would_fall() -> None:
    outcomes = [(0.1, False)] * 9 + [(0.1, True)] + [(0.5, True)] * 6 + [(0.5, False)] * 4
    outcomes += [(0.7, True)] * 2 + [(0.7, False)] * 8 + [(0.9, True)] * 9 + [(0.9, False)]
    groups = _groups(outcomes)
    assert [g["hands"] for g in groups] == [10, 10, 10, 10]
    points = fit(groups)
    # 0.5 made 60% and 0.7 only 20%: pooled into one point at 0.6 made 40%.
    assert points == [(0.1, 0.1), (0.6, 0.4), (0.9, 0.9)]
    assert all(a[1] <= b[1] for a, b in zip(points, points[1:], strict=False))


@pytest.mark.slow  # a hand of four experts and a simulation
def test_a_calibration_hand_gives_a_rate_and_whether_the_bid_was_made() -> None:
    rate, made = hand_outcome(("moon4", 3, 0))
    # The rate is the one the first bidder's expert gives the least bid on that deal.
    game = Game.new("moon4", seed=_hand_seed(3, 0))
    first = game.to_act.seat
    view = game.view(first)
    least = min(a.value for a in view.legal if type(a) is Bid)
    assert rate == ExpertBot(_hand_seed(3, 0) + first).make_rate(view, least)
    assert isinstance(made, bool)


@pytest.mark.parametrize(("made", "bids"), [(0.0, False), (1.0, True)])
def test_the_expert_bids_by_the_calibrated_rate(monkeypatch, made, bids) -> None:
    from moon42.ai.expert import ExpertBot
    from moon42.rules import Bid, Game, Pass

    monkeypatch.setattr(calibration, "CALIBRATION", {"texas42": ((0.0, made), (1.0, made))})
    game = Game.new("texas42", seed=12)
    view = game.view(game.to_act.seat)
    assert any(type(a) is Pass for a in view.legal)
    action = ExpertBot(5, budget=None, layouts=16, call_budget=None).bid(view)
    assert (type(action) is Bid) is bids
