"""A play's chance not proven, tempered for play without open hands (``ai/tempered.py``):
the order of the tiles kept, proofs untouched, and the temperature the kept runs give."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from moon42.ai import advice as advice_module
from moon42.ai.advice import advise
from moon42.ai.calibrate import read_lines
from moon42.ai.calibration import log_odds, logistic
from moon42.ai.lab.hint_figures import asked_again, read_moments, shown_now
from moon42.ai.odds import Certainty
from moon42.ai.tempered import TEMPERATURE, tempered

from .test_early_play import _texas42_views, _views_in_play

RUNS = Path(__file__).parents[2] / "ai" / "lab" / "hint_runs"


def test_a_tempered_figure_keeps_its_side_of_even_and_the_order_of_figures():
    rates = [r / 100 for r in range(101)]
    shown = [tempered(r) for r in rates]
    assert shown == sorted(shown)
    assert tempered(0.5) == pytest.approx(0.5)
    for rate, figure in zip(rates, shown, strict=True):
        assert figure == pytest.approx(1 - tempered(1 - rate))  # the defenders' alike
        assert min(rate, 0.5) - 1e-9 <= figure <= max(rate, 0.5) + 1e-9  # towards even
    # The figures the module's docstring gives.
    assert round(100 * tempered(0.97)) == 93
    assert round(100 * tempered(0.75)) == 69
    assert round(100 * tempered(0.05)) == 10
    assert 0.9 < tempered(1.0) < 1.0  # never a bare 100% without a proof


@pytest.mark.parametrize("game_name", ["moon4", "texas42"])
def test_a_hint_shows_each_figure_not_proven_tempered_and_a_proof_as_it_is(game_name):
    views = _texas42_views() if game_name == "texas42" else _views_in_play(game_name, 3)
    for view in (v for v in views if v.tricks and len(v.legal) > 1):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(advice_module, "tempered", lambda rate: rate)
            raw = advise(view, seed=4, budget=None, layouts=24)
        if any(f.certain is None and 0.0 < f.wins < 1.0 for f in raw.tiles):
            break
    else:
        raise AssertionError("no play with a figure not proven in the hand")
    shown = advise(view, seed=4, budget=None, layouts=24)
    assert shown.action == raw.action  # the advice is the same, the tiles in the same order
    assert [f.action for f in shown.tiles] == [f.action for f in raw.tiles]
    for s, r in zip(shown.tiles, raw.tiles, strict=True):
        if r.certain is None:
            assert s.wins == pytest.approx(tempered(r.wins))
        else:
            assert s.wins == r.wins == (1.0 if r.certain is Certainty.ALWAYS else 0.0)


def _unproven_plays(names: list[str]) -> list[dict]:
    records = read_moments([RUNS / f"{name}.jsonl.gz" for name in names])
    records = asked_again(records, read_lines(RUNS / "early-seeds7-9.jsonl.gz"))
    return [r for r in records if shown_now(r) and r["kind"] == "play" and not r["proven"]]


def _log_loss(records: list[dict], temperature: float) -> float:
    total = 0.0
    for r in records:
        q = logistic(log_odds(r["figure"]) / temperature)
        total -= math.log(q if r["happened"] else 1 - q)
    return total / len(records)


def test_the_temperature_is_the_kept_runs_best_and_holds_on_the_run_kept_apart():
    """Fitted on seeds 7-9 (least log loss, in steps of 0.05), checked on seed 10."""
    fitted = _unproven_plays(["moments-seed7", "texas42-seed8", "texas42-seed9"])
    apart = _unproven_plays(["moments-seed10"])
    assert len(fitted) == 588 and len(apart) == 280
    grid = [t / 100 for t in range(80, 300, 5)]
    assert min(grid, key=lambda t: _log_loss(fitted, t)) == TEMPERATURE
    assert _log_loss(apart, TEMPERATURE) < _log_loss(apart, 1.0) - 0.02
