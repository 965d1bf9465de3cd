"""The hints' figures checked against what happens (``ai/lab/hint_figures.py``)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from moon42.ai.advice import advise
from moon42.ai.advice_figure import figure_trusted, headline
from moon42.ai.lab.hint_figures import (
    ESTIMATOR,
    Moment,
    asked_again,
    check_rows,
    drawn,
    main,
    measure,
    read_moments,
    shown_now,
    tempered_now,
)
from moon42.ai.lab.one_story import WITHIN, hand_figures, summary
from moon42.ai.tempered import tempered
from moon42.app.tui.text.hint_words import hint_text


def _records(figure: float, happened: int, moments: int) -> list[dict]:
    return [{"estimator": ESTIMATOR, "moment": f"moon3/1/{i}", "game": "moon3",
             "kind": "play", "shown": True, "figure": figure, "happened": i < happened}
            for i in range(moments)]


def test_a_bucket_is_within_when_its_figure_is_what_happened():
    rows = check_rows(_records(0.95, 19, 20))
    assert [(r["bucket"], r["moments"], r["within"]) for r in rows] == [("90-100%", 20, True)]


def test_a_bucket_far_from_what_happened_is_not_within_even_by_luck():
    (row,) = check_rows(_records(0.92, 30, 60))
    assert row["happened"] == 0.5
    assert not row["within"] and not row["within_luck"]


def test_a_few_moments_apart_from_their_figure_may_be_luck():
    (row,) = check_rows(_records(0.75, 1, 2))
    assert not row["within"] and row["within_luck"]


def test_moments_without_a_figure_are_not_judged():
    records = _records(0.35, 1, 3) + [{"estimator": ESTIMATOR, "moment": "moon3/1/9",
                                       "game": "moon3", "kind": "play", "shown": False}]
    (row,) = check_rows(records)
    assert row["moments"] == 3


def test_a_moment_is_the_hint_the_app_would_give_and_is_measured_alike_twice():
    moment = Moment("moon3", 1, 0)
    first, second = measure(moment), measure(moment)
    first.pop("seconds", None), second.pop("seconds", None)
    assert first == second
    assert first["shown"] and 0.0 <= first["figure"] <= 1.0
    assert first["goal"] in ("made", "set") and isinstance(first["happened"], bool)


def test_the_figure_measured_is_the_one_a_hint_leads_with(monkeypatch):
    seen = []

    def watched(view, advice):
        found = headline(view, advice)
        seen.append((view, advice, found))
        return found

    monkeypatch.setattr("moon42.ai.lab.hint_figures.headline", watched)
    record = measure(Moment("moon3", 1, 0))
    (view, advice, found), = seen
    assert found is not None and record["figure"] == round(found.rate, 4)
    again = advise(view, seed=Moment("moon3", 1, 0).seed_for("hint"))
    assert again.action == advice.action


def test_the_command_takes_up_a_run_where_it_stopped(tmp_path, capsys):
    out = tmp_path / "moments.jsonl"
    assert main([str(out), "--game", "moon3", "--moments", "1", "--seed", "3"]) == 0
    assert main([str(out), "--game", "moon3", "--moments", "2", "--seed", "3"]) == 0
    keys = [json.loads(line)["moment"] for line in out.read_text().splitlines()]
    assert keys == ["moon3/3/0", "moon3/3/1"]
    assert len(read_moments([out])) == 2
    assert "moon3, every kind: 2 moments" in capsys.readouterr().out


def test_one_story_sets_a_hands_trump_figure_beside_its_first_leads():
    record = hand_figures(("texas42", 1, 1))
    assert record["trump"] is not None and record["lead"] is not None
    assert 0.0 <= record["trump"] <= 1.0 and 0.0 <= record["lead"] <= 1.0
    rows = summary([record, {**record, "index": 2, "lead": record["trump"]}])
    (row,) = rows
    gap = abs(record["lead"] - record["trump"])
    assert row["both"] == 2 and row["largest_gap"] == round(gap, 3)
    assert row["within"] == (1.0 if gap <= WITHIN else 0.5)


def test_a_moon_for_three_defenders_chance_is_not_given_unless_proven():
    """Play shows it far from what happens (the search plays both defenders as one)."""
    record = measure(Moment("moon3", 1, 1))
    assert record["kind"] == "play" and not record["shown"]
    moment = Moment("moon3", 1, 1)
    at, _ = drawn(moment)
    assert at is not None
    view = at.view(at.to_act.seat)
    advice = advise(view, seed=moment.seed_for("hint"))
    assert not advice.bidder_side and advice.tiles[0].certain is None
    assert not figure_trusted(view, advice)
    words = hint_text(view, advice)
    assert "%" not in words
    tile = advice.action.tile
    assert words.startswith((f"Hint: Lead {tile}", f"Hint: Play {tile}"))


def test_the_kept_run_is_read_and_every_proven_figure_in_it_held():
    """The run the README's figures come from (``ai/lab/hint_runs``), gzipped."""
    kept = Path(__file__).parents[2] / "ai" / "lab" / "hint_runs" / "moments-seed7.jsonl.gz"
    records = read_moments([kept])
    assert len(records) == 750 and {r["game"] for r in records} == {"moon3", "moon4", "texas42"}
    proven = [r for r in records if r.get("shown") and r["proven"]]
    assert len(proven) == 140
    assert all(r["happened"] == (r["figure"] == 1.0) for r in proven)


def test_a_moon_for_three_defenders_unproven_figure_kept_by_an_old_run_is_left_out():
    kept = _records(0.6, 1, 2)
    old = [{**r, "goal": "set", "proven": False} for r in kept]
    proven = {**old[0], "proven": True, "figure": 1.0, "happened": True}
    bidder = {**old[0], "goal": "made"}
    texas = {**old[0], "game": "texas42"}
    assert [shown_now(r) for r in [*old, proven, bidder, texas]] == [False, False, True, True,
                                                                     True]
    assert check_rows(old) == []


def test_figures_asked_again_replace_the_kept_ones_turned_round_for_defenders():
    made = {"estimator": ESTIMATOR, "moment": "texas42/8/1", "game": "texas42", "kind": "play",
            "shown": True, "proven": False, "goal": "made", "figure": 0.9, "happened": True}
    setting = {**made, "moment": "texas42/8/2", "goal": "set", "figure": 0.5}
    proven = {**made, "moment": "texas42/8/3", "proven": True, "figure": 1.0}
    untouched = {**made, "moment": "texas42/8/4", "figure": 0.7}
    rows = [{"moment": m, "now": 0.6} for m in ("texas42/8/1", "texas42/8/2", "texas42/8/3")]
    out = asked_again([made, setting, proven, untouched], rows)
    assert [round(r["figure"], 3) for r in out] == [0.6, 0.4, 1.0, 0.7]
    assert made["figure"] == 0.9  # the records read are not changed


def test_the_2000_kept_moments_as_the_hints_give_them_lie_within_five_points_of_their_luck():
    """The README's figures: every kept run, the early Texas 42 moments asked again."""
    runs = Path(__file__).parents[2] / "ai" / "lab" / "hint_runs"
    records = read_moments([runs / f for f in (
        "moments-seed7.jsonl.gz", "texas42-seed8.jsonl.gz", "texas42-seed9.jsonl.gz",
        "moments-seed10.jsonl.gz")])
    with gzip.open(runs / "early-seeds7-9.jsonl.gz", "rt") as rows:
        again = [json.loads(line) for line in rows]
    records = tempered_now(asked_again(records, again))
    assert len(records) == 2000 and len({r["moment"] for r in records}) == 2000
    rows = check_rows(records)
    assert sum(r["moments"] for r in rows) == sum(shown_now(r) for r in records) == 1455
    assert all(r["within_luck"] for r in rows)
    assert sum(r["within"] for r in rows) == 9  # 8 before the play figures were tempered


def test_a_play_figure_kept_from_before_the_tempering_is_judged_tempered_once():
    old = {"estimator": ESTIMATOR, "moment": "moon4/7/1", "game": "moon4", "kind": "play",
           "shown": True, "proven": False, "goal": "made", "figure": 0.95, "happened": True}
    measured_now = {**old, "moment": "moon4/7/2", "tempered": True}
    proven = {**old, "moment": "moon4/7/3", "proven": True, "figure": 1.0}
    bid = {**old, "moment": "moon4/7/4", "kind": "bid"}
    again = asked_again([old], [{"moment": "moon4/7/1", "now": 0.9, "tempered": True}])
    out = tempered_now([old, measured_now, proven, bid, *again])
    assert [r["figure"] for r in out] == [tempered(0.95), 0.95, 1.0, 0.95, 0.9]
    assert old["figure"] == 0.95  # the records read are not changed
