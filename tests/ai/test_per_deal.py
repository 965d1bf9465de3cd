"""``moon42 arena ... --per-deal FILE`` and ``python -m moon42.ai.lab.paired``: every deal's
outcome written down, and two runs on the same deals compared deal by deal."""

from __future__ import annotations

import json

import pytest

from moon42.ai.lab import paired
from moon42.ai.lab.arena import ArenaConfig, run_arena
from moon42.ai.lab.per_deal import PerDealError, read_lines
from moon42.app import cli


def _arena(tmp_path, name: str, *args: str) -> list[dict]:
    out = tmp_path / name
    assert cli.main(["arena", *args, "--jobs", "1", "--json", "--per-deal", str(out)]) == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_every_copy_of_every_deal_is_a_line_with_its_outcome(tmp_path, capsys) -> None:
    lines = _arena(tmp_path, "run.jsonl", "texas42", "normal", "basic", "--hands", "5",
                   "--seed", "4")
    printed = json.loads(capsys.readouterr().out)
    config = ArenaConfig("texas42", "normal", "basic", deals=5, seed=4)
    outcomes = run_arena(config, jobs=1).outcomes
    assert [(x["deal"], x["copy"]) for x in lines] == [(o.deal, o.copy) for o in outcomes]
    for line, outcome in zip(lines, outcomes, strict=True):
        assert (line["share"], line["margin"], line["hands"]) == (
            outcome.a_share, outcome.margin, outcome.hands)
        assert (line["a"], line["b"], line["seed"], line["unit"]) == (
            "normal", "basic", 4, "hands")
        assert line["a_seats"] == ([0, 2] if outcome.copy == 0 else [1, 3])
        assert [(c["side"], c["kind"], c["made"], c["net"]) for c in line["contracts"]] == [
            tuple(c) for c in outcome.contracts]
    # The file adds up to what the command printed.
    per_deal = [sum(x["share"] for x in lines[i:i + 2]) / 2 for i in range(0, 10, 2)]
    assert sum(per_deal) / 5 == pytest.approx(printed["a_win_rate"])
    assert sum(x["a_bids"] for x in lines) == printed["a_bids"]


def test_a_pool_writes_each_members_deals_and_moon3_its_three_seats(tmp_path, capsys) -> None:
    lines = _arena(tmp_path, "pool.jsonl", "moon3", "normal", "--pool", "basic", "hoard",
                   "--hands", "2", "--seed", "1", "--no-bidding")
    assert sorted((x["b"], x["deal"], x["copy"]) for x in lines) == [
        (b, d, c) for b in ("basic", "hoard") for d in range(2) for c in range(3)]
    assert {tuple(x["a_seats"]) for x in lines} == {(0,), (1,), (2,)}
    assert all(not x["bidding"] for x in lines)
    capsys.readouterr()


def test_an_existing_file_is_never_written_over(tmp_path, capsys) -> None:
    out = tmp_path / "kept.jsonl"
    out.write_text("hours of play\n")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["arena", "texas42", "normal", "basic", "--hands", "1", "--per-deal", str(out)])
    assert exit_.value.code == 2
    assert "the file exists; give a new name" in capsys.readouterr().err
    assert out.read_text() == "hours of play\n"
    with pytest.raises(SystemExit):
        cli.main(["arena", "texas42", "normal", "basic", "--hands", "1",
                  "--per-deal", str(tmp_path / "no" / "such" / "folder.jsonl")])
    assert "cannot write it" in capsys.readouterr().err


def test_two_versions_are_compared_deal_by_deal(tmp_path, capsys) -> None:
    common = ["--hands", "12", "--seed", "3", "--no-bidding"]
    before = _arena(tmp_path, "before.jsonl", "texas42", "basic", "--pool", "basic", "hoard",
                    *common)
    after = _arena(tmp_path, "after.jsonl", "texas42", "normal", "--pool", "basic", "hoard",
                   *common)
    capsys.readouterr()
    result = paired.compare(tmp_path / "before.jsonl", tmp_path / "after.jsonl")
    assert [row["member"] for row in result["rows"]] == ["basic", "hoard"]
    for row in result["rows"]:
        share = {}
        for name, lines in (("before", before), ("after", after)):
            mine = [x for x in lines if x["b"] == row["member"]]
            share[name] = [(mine[i]["share"] + mine[i + 1]["share"]) / 2
                           for i in range(0, 24, 2)]
        diffs = [a - b for b, a in zip(share["before"], share["after"], strict=True)]
        assert row["deals"] == 12
        assert row["before"] == pytest.approx(sum(share["before"]) / 12)
        assert row["difference"] == pytest.approx(sum(diffs) / 12)
        assert row["ci95"][0] <= row["difference"] <= row["ci95"][1]
        assert (row["for"], row["against"]) == (
            sum(d > 0 for d in diffs), sum(d < 0 for d in diffs))
    both = result["all"]
    assert both["deals"] == 12
    assert both["difference"] == pytest.approx(
        sum(row["difference"] for row in result["rows"]) / 2)
    # The same run against itself: no deal changed, and an interval of nothing.
    same = paired.compare(tmp_path / "after.jsonl", tmp_path / "after.jsonl")["all"]
    assert (same["difference"], same["ci95"], same["for"], same["against"]) == (
        0.0, [0.0, 0.0], 0, 0)
    assert paired.main([str(tmp_path / "before.jsonl"), str(tmp_path / "after.jsonl")]) == 0
    table = capsys.readouterr().out
    for words in ("basic", "hoard", "all", "95% interval", "for/against"):
        assert words in table


def test_a_run_cut_short_pairs_the_deals_both_played_in_full(tmp_path, capsys) -> None:
    lines = _arena(tmp_path, "long.jsonl", "moon4", "normal", "basic", "--hands", "4",
                   "--seed", "9", "--no-bidding")
    capsys.readouterr()
    short = tmp_path / "short.jsonl"
    short.write_text("".join(json.dumps(x) + "\n" for x in lines[:5]))  # deal 2: one copy of 2
    result = paired.compare(tmp_path / "long.jsonl", short)
    assert result["paired"] == 2 and result["all"]["deals"] == 2
    assert result["after"]["deals"] == 2 and result["before"]["deals"] == 4


@pytest.mark.parametrize(("text", "message"), [
    ("{not json\n", "line 1: not JSON"),
    ("[1, 2]\n", "line 1: not a JSON object"),
    ('{"game": "texas42"}\n', "line 1: no a, b, unit"),
    ("", "no deals in it"),
])
def test_a_damaged_file_is_reported_with_its_line(tmp_path, text, message, capsys) -> None:
    good = _arena(tmp_path, "good.jsonl", "texas42", "basic", "basic", "--hands", "1",
                  "--seed", "1", "--no-bidding")
    capsys.readouterr()
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(good[0]) + "\n" + text if text else "")
    expected = message.replace("line 1", "line 2") if text else message
    with pytest.raises(SystemExit) as exit_:
        paired.main([str(tmp_path / "good.jsonl"), str(bad)])
    assert exit_.value.code == 2
    assert expected in capsys.readouterr().err
    assert bad.read_text() == (json.dumps(good[0]) + "\n" + text if text else "")


def test_values_out_of_range_and_runs_on_other_deals_are_refused(tmp_path, capsys) -> None:
    lines = _arena(tmp_path, "a.jsonl", "texas42", "basic", "basic", "--hands", "2",
                   "--seed", "1", "--no-bidding")
    capsys.readouterr()
    for key, value, message in (("share", 2, "share is not between 0 and 1"),
                                ("deal", -1, "deal is not a count"),
                                ("margin", "lots", "margin is not a number"),
                                ("unit", "sets", "unit is neither hands nor games")):
        bad = tmp_path / f"bad-{key}.jsonl"
        bad.write_text(json.dumps({**lines[0], key: value}) + "\n")
        with pytest.raises(PerDealError, match=message):
            list(read_lines(bad))
    other = tmp_path / "other.jsonl"
    other.write_text("".join(json.dumps({**x, "seed": 2}) + "\n" for x in lines))
    with pytest.raises(PerDealError, match="not played on the same deals: seed 1"):
        paired.compare(tmp_path / "a.jsonl", other)
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(other.read_text() + (tmp_path / "a.jsonl").read_text())
    with pytest.raises(PerDealError, match="lines of two runs"):
        paired.compare(mixed, tmp_path / "a.jsonl")
    twice = tmp_path / "twice.jsonl"
    twice.write_text((tmp_path / "a.jsonl").read_text() * 2)
    with pytest.raises(PerDealError, match="deal 0 copy 0 against basic appears twice"):
        paired.compare(twice, tmp_path / "a.jsonl")
