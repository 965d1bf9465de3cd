"""A play figure in the first tricks: in Texas 42 read as the bid's figure is (``ai/early_play``),
and resting on enough layouts (``advice.FIGURE_LAYOUTS``)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from moon42.ai.advice import FIGURE_LAYOUTS, advise
from moon42.ai.basic import BasicBot
from moon42.ai.budget import without_wall_cap
from moon42.ai.calibration import estimate, log_odds, logistic
from moon42.ai.early_play import FADE, SHARE, read, weight
from moon42.ai.lab.early_figures import figures_of, score
from moon42.ai.lab.hint_figures import read_moments
from moon42.ai.lab.one_story import bid_to_trump, seed_for
from moon42.ai.odds import Certainty
from moon42.ai.protocol import decide
from moon42.rules import Game, Phase
from moon42.rules.views import SeatView


def _views_in_play(game_name: str, seed: int) -> list[SeatView]:
    """The view of the seat to play at each play of one hand of ``basic`` bots."""
    game = Game.new(game_name, seed=seed)
    bots = [BasicBot() for _ in range(game.seats)]
    views = []
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        turn = game.to_act
        assert turn is not None
        view = game.view(turn.seat)
        if turn.kind == "play":
            views.append(view)
        game.apply(decide(bots[turn.seat], view))
    return views


def _texas42_views() -> list[SeatView]:
    for seed in range(1, 40):
        views = _views_in_play("texas42", seed)
        if views and views[0].trump is not None and views[0].trump.value.isdigit():
            return views
    raise AssertionError("no Texas 42 hand with a suit for trumps in 40 deals")


def test_the_calibration_is_taken_whole_at_the_first_trick_and_not_from_the_fade_on():
    views = _texas42_views()
    by_tricks = {len(v.tricks): weight(v) for v in views}
    assert by_tricks[0] == SHARE
    assert by_tricks[1] == pytest.approx(SHARE * (1 - 1 / FADE))
    assert all(w == 0.0 for tricks, w in by_tricks.items() if tricks >= FADE)


@pytest.mark.parametrize("game_name", ["moon3", "moon4"])
def test_moon_figures_are_the_hands_own(game_name):
    views = _views_in_play(game_name, 3)
    assert views and all(weight(v) == 0.0 for v in views)
    assert read(views[0], 0.93, True) == 0.93


def test_the_first_leads_figure_goes_most_of_the_way_to_the_bids_curve():
    view = _texas42_views()[0]
    assert view.high_bid is not None
    for rate in (0.1, 0.5, 0.8, 0.97):
        curve = estimate(view.options, view.high_bid, rate)
        assert curve is not None
        shown = logistic(SHARE * log_odds(curve.experts) + (1 - SHARE) * log_odds(rate))
        assert read(view, rate, True) == pytest.approx(shown)
        assert read(view, 1 - rate, False) == pytest.approx(1 - shown)  # the defenders'
        assert min(rate, curve.experts) <= shown <= max(rate, curve.experts)
    shown = [read(view, r / 20, True) for r in range(21)]
    assert shown == sorted(shown) and shown[0] > 0.0 and shown[-1] < 1.0


def test_after_a_trick_the_figure_lies_between_the_curves_and_the_hands_own():
    views = _texas42_views()
    view = next(v for v in views if len(v.tricks) == 1)
    assert view.high_bid is not None
    curve = estimate(view.options, view.high_bid, 0.95)
    assert curve is not None and curve.experts < 0.95
    assert curve.experts < read(view, 0.95, True) < 0.95


def test_a_hint_at_the_first_lead_shows_the_figure_read_and_keeps_its_proofs():
    views = _texas42_views()
    view = next(v for v in views if len(v.tricks) == 0 and v.seat == v.bidder)
    advice = advise(view, seed=4, budget=None, layouts=24)
    assert advice.tiles
    for f in advice.tiles:
        if f.certain is None:  # read through the curve: never a bare 0% or 100%
            assert 0.0 < f.wins < 1.0
        if f.certain is Certainty.ALWAYS:
            assert f.wins == 1.0


def test_a_first_leads_figure_rests_on_a_dozen_layouts_where_one_took_the_budget():
    """A Texas 42 first lead where the hint's first layout used up the whole budget (its
    figure rested on one layout): it now goes on to ``FIGURE_LAYOUTS``."""
    record_seed, index = 1, 45
    game = bid_to_trump("texas42", record_seed, index)
    assert game.phase is Phase.TRUMP
    bidder = game.to_act.seat
    trump_hint = advise(game.view(bidder), seed=seed_for("texas42", record_seed, index, "hint"))
    game.apply(trump_hint.action)
    view = game.view(bidder)
    assert len(view.tricks) == 0 and game.to_act.seat == bidder
    with without_wall_cap():
        advice = advise(view, seed=seed_for("texas42", record_seed, index, "lead"))
    assert advice.layouts >= FIGURE_LAYOUTS


def _row(made: bool, now: float, own: float, before: float) -> dict:
    return {"made": made, "now": now, "own": own, "before": before,
            "now_layouts": 12, "own_layouts": 12, "before_layouts": 3}


def test_the_early_figures_score_the_way_nearer_what_happened_better():
    rows = [_row(i < 50, 0.5, 0.9, 0.9) for i in range(100)]  # made in half of them
    result = score(rows)
    assert result["made"] == 0.5 and result["moments"] == 100
    assert result["now"]["brier"] == 0.25 and result["own"]["brier"] == pytest.approx(0.41)
    mean, low, high = result["now-own"]
    assert mean == pytest.approx(-0.16) and low <= mean <= high < 0
    assert result["own-before"] == [0.0, 0.0, 0.0]


def test_an_early_moment_is_asked_again_three_ways_on_its_own_view():
    kept = Path(__file__).parents[2] / "ai" / "lab" / "hint_runs" / "moments-seed7.jsonl.gz"
    first = next(r for r in read_moments([kept]) if r["game"] == "texas42"
                 and r["kind"] == "play" and r["shown"] and not r["proven"] and r["tricks"] == 0)
    row = figures_of(first)
    assert row is not None and row["tricks"] == 0
    assert row["made"] == (first["happened"] == (first["goal"] == "made"))
    assert row["now"] != row["own"]  # read through the bid's curve at the first lead
    assert row["own_layouts"] >= row["before_layouts"]
    assert row["now_layouts"] >= FIGURE_LAYOUTS or row["now_layouts"] == row["before_layouts"]


def test_the_kept_early_moments_are_nearer_what_happened_read_than_the_hands_own():
    """The 286 early Texas 42 moments the README's figures come from (three runs, asked again
    with ``early_figures``): read towards the bid's curve, the figures are as often right on
    average and score better than the hand's own."""
    kept = Path(__file__).parents[2] / "ai" / "lab" / "hint_runs" / "early-seeds7-9.jsonl.gz"
    with gzip.open(kept, "rt", encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines]
    assert len(rows) == 286 and {r["moment"].split("/")[1] for r in rows} == {"7", "8", "9"}
    assert all(r["tricks"] < FADE for r in rows)
    result = score(rows)
    assert abs(result["now"]["figure"] - result["made"]) <= 0.05
    assert result["own"]["figure"] - result["made"] >= 0.05  # the hand's own: hopeful
    assert result["now"]["brier"] < result["own"]["brier"] < result["before"]["brier"]
    assert result["now-own"][2] < 0  # the whole interval below 0
