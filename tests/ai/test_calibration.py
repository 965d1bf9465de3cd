"""Reading simulated make rates through the calibration, fitting it, measuring and judging it."""

from __future__ import annotations

import gzip
import json
import math
import os
from pathlib import Path

import pytest

from moon42.ai import calibration
from moon42.ai.advice import HINT_BUDGET, HINT_CALL_BUDGET, MAX_LAYOUTS, WatchedExpert
from moon42.ai.budget import without_wall_cap
from moon42.ai.calibrate import (
    check_rows,
    fit_tables,
    luck_fails,
    main,
    merge_tables,
    read_records,
)
from moon42.ai.calibration import bid_kind, estimate, fit, made_in_play
from moon42.ai.calibration import tables as package_tables
from moon42.ai.calibration_hand import ESTIMATOR, Task, measure
from moon42.ai.expert import ExpertBot, simulated_rate
from moon42.ai.protocol import decide
from moon42.rules import Bid, Game, Pass, Phase
from moon42.rules.options import options_for

MOON3 = options_for("moon3", {})
TEXAS = options_for("texas42", {})


def _tables(monkeypatch, tables: dict) -> None:
    monkeypatch.setattr(calibration, "_TABLES", {"tables": tables})


def test_each_kind_of_bid_is_its_own() -> None:
    moon4 = options_for("moon4", {})
    assert [bid_kind(MOON3, b) for b in (4, 5, 7, 21)] == ["least", "higher", "higher", "moon"]
    assert [bid_kind(moon4, b) for b in (4, 6, 21)] == ["least", "higher", "moon"]
    assert [bid_kind(TEXAS, b) for b in (30, 31, 41, 42, 84)] == [
        "least", "higher", "higher", "marks", "marks"]
    assert bid_kind(TEXAS, 168, "plunge") == "plunge"
    assert bid_kind(TEXAS, 42, "nello") == "nello"


def _curve(a: float, b: float, bids: int = 300) -> dict:
    return {"a": a, "b": b, "bids": bids}


def _made(rate: float, share: float, bids: int) -> list[tuple[float, bool]]:
    """``bids`` bids simulated at ``rate``, the first ``share`` of them made."""
    return [(rate, i < round(share * bids)) for i in range(bids)]


def test_a_rate_reads_along_its_kinds_curve(monkeypatch) -> None:
    # a = 0, b = 1: the simulated rate read as it is, but never nearer 0 or 1 than EDGE.
    _tables(monkeypatch, {"texas42": {"in_hand": {"least": {"experts": _curve(0, 1)}}}})
    for rate in (0.05, 0.3, 0.5, 0.9):
        assert estimate(TEXAS, 30, rate).experts == pytest.approx(rate)
    assert estimate(TEXAS, 30, 0.0).experts == pytest.approx(calibration.EDGE)
    assert estimate(TEXAS, 30, 1.0).experts == pytest.approx(1 - calibration.EDGE)
    assert estimate(TEXAS, 30, 0.4).bids == 300 and not estimate(TEXAS, 30, 0.4).rough
    assert estimate(TEXAS, 30, 0.4).basic is None
    # A steeper curve (open hands flatter the bidder): 50% simulated is made less often,
    # and a higher rate is never made less often than a lower.
    _tables(monkeypatch, {"texas42": {"in_hand": {"least": {"experts": _curve(-1.0, 2.0)}}}})
    readings = [estimate(TEXAS, 30, r / 20).experts for r in range(21)]
    assert readings == sorted(readings) and readings[10] == pytest.approx(0.2689, abs=1e-4)


def test_the_fit_finds_the_curve_the_bids_follow() -> None:
    truth = _curve(-0.8, 1.3)
    outcomes = [pair for rate in (0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0)
                for pair in _made(rate, calibration.read_curve(truth, rate), 400)]
    fitted = fit(outcomes)
    assert fitted["bids"] == 2800
    assert fitted["a"] == pytest.approx(-0.8, abs=0.05)
    assert fitted["b"] == pytest.approx(1.3, abs=0.05)
    for rate in (0.0, 0.2, 0.6, 1.0):
        assert calibration.read_curve(fitted, rate) == pytest.approx(
            calibration.read_curve(truth, rate), abs=0.01)


def test_the_fit_never_falls_and_stays_finite() -> None:
    # Made less often at the higher rate: no curve that falls, the share made for all.
    falling = _made(0.1, 0.6, 100) + _made(0.9, 0.2, 100)
    flat = fit(falling)
    assert flat["b"] == 0.0
    assert calibration.read_curve(flat, 0.0) == pytest.approx(0.4, abs=0.005)
    assert calibration.read_curve(flat, 1.0) == pytest.approx(0.4, abs=0.005)
    # Every bid made (or every one set): a finite curve near, never at, certainty.
    for made in (True, False):
        curve = fit([(rate / 10, made) for rate in range(11)] * 20)
        reading = calibration.read_curve(curve, 0.5)
        assert 0 < reading < 1 and abs(reading - made) < 0.05
    with pytest.raises(ValueError):
        fit([])


def test_a_bid_simulated_at_ten_percent_is_not_read_as_a_sure_one() -> None:
    # Moon for three's higher bids before the widow, as measured (seed 2903): most simulated
    # at 0% and seldom made, about 40% made at 5-30%, all made at 100%.  Tables of groups of
    # a hundred bids read every rate from 8% up as 83%: a bid of 5 hinted at 83% was made
    # in about 6% of hands once the widow was taken.
    groups = [(0.0, 81, 0.10), (0.02, 14, 0.07), (0.07, 13, 0.46), (0.15, 11, 0.36),
              (0.25, 8, 0.62), (0.4, 4, 0.75), (0.6, 7, 0.71), (0.8, 6, 1.0), (0.95, 4, 1.0),
              (1.0, 26, 1.0)]
    curve = fit([pair for rate, bids, share in groups for pair in _made(rate, share, bids)])
    read = calibration.read_curve
    assert read(curve, 0.0) < 0.15
    assert 0.25 < read(curve, 0.1) < 0.5
    assert read(curve, 1.0) > 0.95
    assert read(curve, 1.0) - read(curve, 0.1) > 0.45


def test_the_moon_is_not_read_through_the_least_bids_table(monkeypatch) -> None:
    # The fault this table layout fixes: Moon for three read every bid through the table
    # measured at the least bid, so a simulated 16% moon became 55%.
    least = {"experts": _curve(1.5, 0.8)}
    moon = {"experts": _curve(-2.0, 0.6), "basic": _curve(-1.0, 0.6)}
    _tables(monkeypatch, {"moon3": {"in_hand": {"least": least, "moon": moon},
                                    "before_widow": {"least": least}}})
    least_figure, moon_figure = estimate(MOON3, 4, 0.16), estimate(MOON3, 21, 0.16)
    assert least_figure.experts == pytest.approx(calibration.read_curve(least["experts"], 0.16))
    assert moon_figure.experts == pytest.approx(calibration.read_curve(moon["experts"], 0.16))
    assert moon_figure.experts < 0.1 < least_figure.experts
    assert moon_figure.basic == pytest.approx(calibration.read_curve(moon["basic"], 0.16))
    # Before the widow, a moon has no table of its own here: no figure, not the least's.
    assert estimate(MOON3, 21, 0.16, before_widow=True) is None
    assert made_in_play(MOON3, 21, 0.16, before_widow=True) == 0.16


def test_a_kind_measured_on_few_bids_is_rough_and_one_not_measured_has_none(monkeypatch) -> None:
    _tables(monkeypatch, {"texas42": {"in_hand": {
        "marks": {"experts": _curve(-1.0, 0.5, bids=60)},
        "higher": {"experts": _curve(-1.0, 0.5, bids=250)},
    }}})
    rough = estimate(TEXAS, 42, 0.9)
    assert rough.rough and rough.bids == 60
    sound = estimate(TEXAS, 31, 0.9)
    assert not sound.rough and sound.bids == 250 and sound.experts == rough.experts
    assert estimate(TEXAS, 30, 0.9) is None
    assert estimate(TEXAS, 168, 0.9, contract="plunge") is None


@pytest.mark.slow  # a hand played out by experts, and the hint's simulations
def test_a_calibration_hand_is_the_hand_a_hint_follower_plays() -> None:
    # As the calibration measures it: decisions end on their work, not on the clock (on a
    # loaded machine the cap could cut one of the two simulations compared).
    with without_wall_cap():
        task = Task("moon3", "least", 3, 0)
        record = measure(task)
        game = Game.new("moon3", seed=task.seed_for("deal"))
        first = game.to_act.seat
        assert (record["seat"], record["bid"], record["kept"]) == (first, 4, True)
        # The figures are the hint's own simulation, before the widow and with the hand kept.
        hint = WatchedExpert(task.seed_for("hint"), budget=HINT_BUDGET, layouts=MAX_LAYOUTS,
                             call_budget=HINT_CALL_BUDGET)
        assert record["bid_rate"] == round(hint.make_rate(game.view(first), 4), 4)
        game.apply(Bid(first, 4))
        while game.phase is Phase.BIDDING:
            game.apply(Pass(game.to_act.seat))
        game.apply(hint.discard(game.view(first)))
        named = hint.trump(game.view(first))
        made = dict(hint.simulations[-1][1])[named.trump]
        assert record["trump"] == str(named.trump)
        assert record["trump_rate"] == round(simulated_rate(named.trump, made), 4)
        # Stopped once made or set, the hand has the outcome of the whole hand played out.
        game.apply(named)
        bots = [ExpertBot(task.seed_for(f"expert{s}")) for s in range(3)]
        while game.to_act is not None:
            game.apply(decide(bots[game.to_act.seat], game.view(game.to_act.seat)))
        assert record["experts"] == game.results[-1].made


def test_the_expert_bids_by_the_calibrated_rate(monkeypatch) -> None:
    game = Game.new("texas42", seed=12)
    view = game.view(game.to_act.seat)
    assert any(type(a) is Pass for a in view.legal)
    for made, bids in ((-40.0, False), (40.0, True)):  # never made, always made
        table = {"experts": _curve(made, 0.0)}
        _tables(monkeypatch, {"texas42": {"in_hand": {"least": table}}})
        action = ExpertBot(5, budget=None, layouts=16, call_budget=None).bid(view)
        assert (type(action) is Bid) is bids


def _record(game: str, kind: str, index: int, rate: float, made: bool) -> dict:
    return {"task": f"{game}/{kind}/1/{index}", "game": game, "kind": kind, "seed": 1,
            "index": index, "estimator": ESTIMATOR, "kept": True, "bid": 30,
            "bid_rate": rate, "trump_rate": rate, "experts": made, "basic": True}


def test_the_check_buckets_the_figure_shown_and_judges_buckets_of_a_hundred(
        monkeypatch, tmp_path, capsys) -> None:
    # Read 20% at a simulated 0 and 80% at 1 (the rate held 1% from either); basic 99%.
    slope = math.log(4) / math.log(99)
    table = {"experts": _curve(0.0, slope, 200), "basic": _curve(math.log(99), 0.0, 200)}
    _tables(monkeypatch, {"texas42": {"in_hand": {"least": table}}})
    # 100 bids shown 20% (rate 0), 25 made: 5 points off, passes; 100 shown 80%, 70 made:
    # fails; 10 bids shown 50% are too few to judge.
    records = [_record("texas42", "least", i, 0.0, i < 25) for i in range(100)]
    records += [_record("texas42", "least", 100 + i, 1.0, i < 70) for i in range(100)]
    records += [_record("texas42", "least", 200 + i, 0.5, True) for i in range(10)]
    rows = {(r["opposition"], r["bucket"]): r for r in check_rows(records)
            if r["kind"] == "least"}
    every = [r for r in check_rows(records) if r["kind"] == "every kind"]
    assert [(r["bucket"], r["bids"]) for r in every if r["opposition"] == "experts"] == [
        ("20-30", 100), ("50-60", 10), ("80-90", 100), ("all", 210)]
    assert (rows["experts", "20-30"]["bids"], rows["experts", "20-30"]["passes"]) == (100, True)
    assert rows["experts", "80-90"]["passes"] is False
    assert rows["experts", "50-60"]["passes"] is None
    assert rows["experts", "all"]["bids"] == 210
    # With each bucket, how far the bids' own luck may put its share made.
    low, high = rows["experts", "20-30"]["likely"]
    assert low < 0.25 < high and high - low == pytest.approx(0.17, abs=0.01)
    # Never shown above 99%: a figure of "about" is not a certainty.
    assert rows["basic", "90-100"]["shown"] == pytest.approx(0.99)
    # By folds, each hand is judged by a table fitted without it.
    folded = check_rows(records, folds=2)
    alls = [r for r in folded if r["bucket"] == "all" and r["kind"] == "least"]
    assert sum(r["bids"] for r in alls if r["opposition"] == "experts") == 210
    # The chance a bucket fails by its bids' luck alone were its figures exactly right: 100
    # bids at 20% spread by 4 points, so 5 points off comes out about one time in five.
    assert rows["experts", "20-30"]["luck_fails"] == pytest.approx(0.211, abs=0.002)
    assert luck_fails([0.5] * 10_000) < 1e-20 and luck_fails([1.0] * 5) == 0.0
    # The verdict: of ten judged buckets (five of "least", the same five of every kind),
    # two fail, the 80% shown against 70% made, beyond its bids' luck (61-78%).
    run = tmp_path / "run.jsonl"
    run.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert main(["--check", str(run)]) == 0
    verdict = capsys.readouterr().out.strip().splitlines()[-1]
    assert verdict.startswith("10 buckets of 100+ bids: 8 pass, 2 fail, 2 of them with the "
                              "figure outside the 95% interval")
    expected = sum(r["luck_fails"] for r in check_rows(records) if r["passes"] is not None)
    assert f"about {expected:.1f} of these buckets" in verdict


def fake_measure(task: Task) -> dict:
    """Stands in for a hand's measurement, cheaply: which process measured it is kept."""
    return {**_record(task.game, task.kind, task.index, 0.5, task.index % 2 == 0),
            "task": task.key, "seed": task.seed, "measured_by": os.getpid()}


def test_a_run_is_taken_up_again_and_refits_the_tables(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr("moon42.ai.calibrate.measure", fake_measure)
    out, tables = tmp_path / "run.jsonl", tmp_path / "tables.json"
    args = ["--out", str(out), "--game", "texas42", "--kind", "least", "--jobs", "1"]
    assert main([*args, "--hands", "3"]) == 0
    first = out.read_text().splitlines()
    assert len(first) == 3
    assert main([*args, "--hands", "250", "--write", "--tables", str(tables)]) == 0
    lines = out.read_text().splitlines()
    assert lines[:3] == first and len(lines) == 250  # the first three not measured again
    assert len({json.loads(line)["task"] for line in lines}) == 250
    written = json.loads(tables.read_text())["tables"]
    assert written == json.loads(json.dumps(fit_tables(read_records([out]))))
    least = written["texas42"]["in_hand"]["least"]["experts"]
    assert least["bids"] == 250 and calibration.read_curve(least, 0.5) == pytest.approx(0.5)
    capsys.readouterr()


def test_a_refit_of_one_game_keeps_the_other_games_tables(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr("moon42.ai.calibrate.measure", fake_measure)
    out, tables = tmp_path / "run.jsonl", tmp_path / "tables.json"
    before = package_tables()
    tables.write_text(json.dumps({"measured": "the package's", "tables": before}))
    args = ["--out", str(out), "--game", "moon3", "--kind", "least", "--jobs", "1"]
    assert main([*args, "--hands", "120", "--write", "--tables", str(tables)]) == 0
    written = json.loads(tables.read_text())
    fitted = fit_tables(read_records([out]))
    for phase in ("before_widow", "in_hand"):
        assert written["tables"]["moon3"][phase]["least"] == json.loads(
            json.dumps(fitted["moon3"][phase]["least"]))
        assert written["tables"]["moon3"][phase]["least"] != before["moon3"][phase]["least"]
        assert written["tables"]["moon3"][phase]["moon"] == before["moon3"][phase]["moon"]
    assert written["tables"]["texas42"] == before["texas42"]
    assert written["tables"]["moon4"] == before["moon4"]
    said = capsys.readouterr().err
    assert "kept as they were: " in said and "texas42/in_hand/marks" in said
    assert "moon3/in_hand/least" not in said
    assert "kept from before: " in written["measured"]
    # Merging alone: what was fitted replaces, what was not stays, and is named.
    merged, kept = merge_tables({"g": {"p": {"a": [1], "b": [2]}}}, {"g": {"p": {"a": [3]}},
                                                                      "h": {"p": {"c": [4]}}})
    assert merged == {"g": {"p": {"a": [3], "b": [2]}}, "h": {"p": {"c": [4]}}}
    assert kept == ["g/p/b"]


def test_the_tables_are_fitted_from_several_kept_runs_by_one_command(tmp_path, capsys):
    """``--fit`` pools the hands of several runs (plain or gzipped), measures nothing, and
    keeps the tables of what they did not measure."""
    first = [_record("texas42", "least", i, 0.2 + 0.6 * (i % 2), i % 3 == 0) for i in range(150)]
    second = [_record("texas42", "least", 150 + i, 0.9, i % 4 != 0) for i in range(120)]
    plain, packed = tmp_path / "a.jsonl", tmp_path / "b.jsonl.gz"
    plain.write_text("".join(json.dumps(r) + "\n" for r in first))
    packed.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in second).encode()))
    tables = tmp_path / "tables.json"
    before = package_tables()
    tables.write_text(json.dumps({"measured": "the package's", "tables": before}))
    assert main(["--fit", str(plain), str(packed), "--tables", str(tables)]) == 0
    written = json.loads(tables.read_text())
    fitted = fit_tables(first + second)
    assert written["tables"]["texas42"]["in_hand"]["least"] == json.loads(
        json.dumps(fitted["texas42"]["in_hand"]["least"]))
    assert written["tables"]["texas42"]["in_hand"]["least"]["experts"]["bids"] == 270
    assert written["tables"]["texas42"]["in_hand"]["marks"] == before["texas42"]["in_hand"]["marks"]
    assert written["tables"]["moon3"] == before["moon3"]
    assert "a.jsonl b.jsonl.gz: 270 hands kept" in written["measured"]
    assert "kept as they were: " in capsys.readouterr().err
    # Fitted on some runs, judged on another: --check --tables reads the figures there.
    fresh = [_record("texas42", "least", 1000 + i, 0.9, i % 5 != 0) for i in range(100)]
    judged = tmp_path / "fresh.jsonl"
    judged.write_text("".join(json.dumps(r) + "\n" for r in fresh))
    assert main(["--check", str(judged), "--tables", str(tables)]) == 0
    out = capsys.readouterr().out
    figure = calibration.read_curve(written["tables"]["texas42"]["in_hand"]["least"]["experts"],
                                    0.9)
    assert f"the tables of {tables.name}" in out
    assert f"| texas42 | in_hand | least | experts | all | 100 | {figure:.1%} | 80.0% |" in out
    rows = check_rows(fresh, judged_tables=written["tables"])
    assert [r["shown"] for r in rows if (r["bucket"], r["kind"], r["opposition"]) == (
        "all", "least", "experts")] == [pytest.approx(figure)]
    with pytest.raises(SystemExit):
        main(["--check", str(judged), "--tables", str(tables), "--folds", "2"])
    # A run that is not there, or holds no hand, is refused and nothing is written.
    tables.write_text("untouched")
    for runs in ([str(tmp_path / "missing.jsonl")], [str(tmp_path / "empty.jsonl")]):
        (tmp_path / "empty.jsonl").write_text("")
        with pytest.raises(SystemExit):
            main(["--fit", *runs, "--tables", str(tables)])
        assert tables.read_text() == "untouched"
    said = capsys.readouterr().err
    assert "no such run" in said and "hold no hand" in said


def test_a_gzipped_run_reads_as_the_plain_one(tmp_path) -> None:
    records = [_record("texas42", "least", i, 0.5, i % 3 == 0) for i in range(5)]
    text = "".join(json.dumps(r) + "\n" for r in records)
    plain, packed = tmp_path / "run.jsonl", tmp_path / "run.jsonl.gz"
    plain.write_text(text)
    packed.write_bytes(gzip.compress(text.encode()))
    assert read_records([packed]) == read_records([plain]) == records


def test_the_kept_runs_are_read_whole() -> None:
    """Every run kept in the checkout (not installed: it is the lab's) is measured with the
    current estimator (one of another would be passed over by a refit without a word)."""
    runs = sorted((Path(__file__).parents[2] / "ai" / "lab" / "calibration_runs").glob("*.gz"))
    assert runs
    for run in runs:
        lines = [line for line in gzip.decompress(run.read_bytes()).decode().splitlines()
                 if line.strip()]
        assert len(read_records([run])) == len(lines) > 0, run.name
