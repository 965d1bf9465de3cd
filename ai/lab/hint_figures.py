"""The hints' figures against what happens: a hint says a chance, and play shows how often.

    python -m moon42.ai.lab.hint_figures OUT.jsonl [--game all|moon3|moon4|texas42]
        [--moments N] [--seed S] [--jobs J]
    python -m moon42.ai.lab.hint_figures --check OUT.jsonl [OUT2.jsonl ...]

A *moment* is one decision in a hand of expert self-play, drawn at random: a hand is dealt
from the moment's seed, four (three) experts bid and play it while every decision with a
choice is kept (a bid, a trump, a play with more than one legal tile), and one of them is
drawn.  There the hint is asked as the app asks it (``advice.advise`` with the hint's
budgets), and the figure it leads with (``advice_figure.headline``) is kept.  The seat
then makes the advised move and experts play the hand out; the outcome is whether the
seat's side got what the figure is the chance of (the bid made, or set).  After an advised
bid the seats still to call pass and the bidder names the hint's trump, since the figure
is the chance of that bid with that trump (the auction is then given, as the calibration
gives it: nobody reads those passes).  A hint that gives no chance (a play apart only in
the points it keeps, a kind of bid not measured, a pass) is kept as such and not judged.

Moments are ``Moment`` tasks (game, seed, index) from which everything follows, measured in
any order on any number of processes, and appended to OUT as JSON lines: a run cut short
is taken up again.  ``--check`` reads the records and prints, for each game and kind of
decision and for all of them, the figures in ten buckets of ten points: moments, the mean
figure, the share that happened with its 95% interval, and whether the two are within
``TOLERANCE`` of each other.  A play figure not proven kept by a run measured before the
hints tempered such figures (``ai/tempered.py``) is judged as the hints now show it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from moon42.rules import Bid, Game, NameTrump, Pass, Phase
from moon42.rules.actions import Action

from ..advice import advise
from ..advice_figure import headline
from ..calibrate import read_lines, read_records, wilson
from ..expert import ExpertBot
from ..facts.forced_auction import given_auction
from ..protocol import decide
from ..tempered import tempered
from ..workers import play_all

__all__ = ["Moment", "asked_again", "drawn", "measure", "check_rows", "read_moments", "main",
           "shown_now", "tempered_now", "TOLERANCE", "GAMES"]

GAMES = ("moon3", "moon4", "texas42")
TOLERANCE = 0.05  # a bucket's mean figure and its share that happened, at most this apart
BUCKETS = 10
ESTIMATOR = "hint-figures-v1"  # records of another way of measuring are not mixed in


@dataclass(frozen=True)
class Moment:
    game: str
    seed: int
    index: int

    @property
    def key(self) -> str:
        return f"{self.game}/{self.seed}/{self.index}"

    def seed_for(self, what: str) -> int:
        digest = hashlib.blake2b(f"moment:{self.key}:{what}".encode(), digest_size=8)
        return int.from_bytes(digest.digest(), "little") >> 1


def _decisions(game: Game, bots: list[ExpertBot]) -> list[Game]:
    """The hand played by ``bots`` from ``game`` (left as it is): a copy of the game before
    each decision that had a choice."""
    game = game.clone()
    kept = []
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        turn = game.to_act
        assert turn is not None
        view = game.view(turn.seat)
        if turn.kind in ("bid", "trump", "play") and len(view.legal) > 1:
            kept.append(game.clone())
        game.apply(decide(bots[turn.seat], view))
    return kept


def _play_out(game: Game, bots: list[ExpertBot], advised: Action,
              trump: NameTrump | None) -> bool | None:
    """Whether the bid is made once the ``advised`` move is made and the hand is played
    out (None: thrown in).  After an advised bid the others pass and the bidder names
    ``trump`` (the one the hint weighed the bid with) when it comes to that."""
    game.apply(advised)
    bid = type(advised) is Bid
    while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
        turn = game.to_act
        assert turn is not None
        view = game.view(turn.seat)
        if bid and turn.kind == "bid":
            action: Action = Pass(turn.seat)
        elif bid and turn.kind == "trump" and trump is not None and trump in view.legal:
            action = trump
        else:
            action = decide(bots[turn.seat], view)
        game.apply(action)
    return game.results[-1].made


def drawn(moment: Moment) -> tuple[Game | None, list[ExpertBot]]:
    """The game at the moment's decision, drawn from its hand of expert self-play (None if
    that hand had no decision with a choice), and the experts that play it."""
    game = Game.new(moment.game, seed=moment.seed_for("deal"))
    bots = [ExpertBot(moment.seed_for(f"expert{s}")) for s in range(game.seats)]
    choices = _decisions(game, bots)
    if not choices:
        return None, bots
    return random.Random(moment.seed_for("draw")).choice(choices), bots


def measure(moment: Moment) -> dict:
    """One moment: a JSON-ready record."""
    start = time.process_time()
    record: dict = {"moment": moment.key, **asdict(moment), "estimator": ESTIMATOR}
    at, bots = drawn(moment)
    if at is None:
        return {**record, "shown": False, "why": "no decision with a choice"}
    turn = at.to_act
    assert turn is not None
    view = at.view(turn.seat)
    advice = advise(view, seed=moment.seed_for("hint"))
    figure = headline(view, advice)
    record.update(seat=turn.seat, kind=turn.kind, tricks=len(view.tricks),
                  action=str(advice.action))
    if figure is None:
        return {**record, "shown": False, "seconds": _since(start)}
    if type(advice.action) is Bid:
        trump = NameTrump(turn.seat, advice.trump) if advice.trump is not None else None
        with given_auction():
            made = _play_out(at, bots, advice.action, trump)
    else:
        made = _play_out(at, bots, advice.action, None)
    if made is None:
        return {**record, "shown": False, "why": "thrown in", "seconds": _since(start)}
    happened = made if figure.goal == "made" else not made
    return {**record, "shown": True, "figure": round(figure.rate, 4), "goal": figure.goal,
            "proven": figure.certain is not None, "rough": figure.rough,
            "hands_like": figure.hands_like, "happened": happened, "tempered": True,
            "seconds": _since(start)}


def read_moments(paths: list[Path]) -> list[dict]:
    """Every moment measured the way this module measures (``ESTIMATOR``); a run's file may
    be gzipped (``.gz``)."""
    return read_records(paths, ESTIMATOR)


def _since(start: float) -> float:
    return round(time.process_time() - start, 2)


# ----- the check ----------------------------------------------------------------------


def _bucket(figure: float) -> int:
    return min(BUCKETS - 1, int(figure * BUCKETS))


def shown_now(record: dict) -> bool:
    """Whether the hints show the record's figure today: a run measured before a Moon for 3
    defender's unproven chance of a set was taken out of the hints (commit 4cbb9e1) kept
    such figures, which the check leaves out as the hints do."""
    if not record.get("shown"):
        return False
    return not (record["game"] == "moon3" and record.get("goal") == "set"
                and not record.get("proven"))


def check_rows(records: list[dict]) -> list[dict]:
    """Per bucket of ten points: moments, mean figure, share that happened, its interval,
    and whether the figure is within ``TOLERANCE`` of the share (or of its interval)."""
    judged = [r for r in records if shown_now(r) and r.get("estimator") == ESTIMATOR]
    rows = []
    for b in range(BUCKETS):
        inside = [r for r in judged if _bucket(r["figure"]) == b]
        if not inside:
            continue
        n = len(inside)
        mean = sum(r["figure"] for r in inside) / n
        share = sum(r["happened"] for r in inside) / n
        low, high = wilson(share, n)
        rows.append({"bucket": f"{b * 10}-{b * 10 + 10}%", "moments": n,
                     "figure": round(mean, 3), "happened": round(share, 3),
                     "interval": [round(low, 3), round(high, 3)],
                     "within": abs(mean - share) <= TOLERANCE,
                     "within_luck": low - TOLERANCE <= mean <= high + TOLERANCE})
    return rows


def _groups(records: list[dict]) -> list[tuple[str, list[dict]]]:
    out = [("all games, every kind", records)]
    for game in GAMES:
        mine = [r for r in records if r["game"] == game]
        if mine:
            out.append((f"{game}, every kind", mine))
    for kind in ("bid", "trump", "play"):
        mine = [r for r in records if r.get("kind") == kind]
        if mine:
            out.append((f"all games, {kind}s", mine))
    return out


def _print_check(records: list[dict], as_json: bool) -> None:
    report: list[dict[str, Any]] = []
    for title, group in _groups(records):
        shown = [r for r in group if shown_now(r)]
        report.append({"group": title, "moments": len(group), "shown": len(shown),
                       "rows": check_rows(group)})
    if as_json:
        print(json.dumps(report, indent=1))
        return
    for part in report:
        print(f"{part['group']}: {part['moments']} moments, {part['shown']} with a figure")
        print("  bucket     moments  figure  happened  95% interval   within 5 points")
        for row in part["rows"]:
            low, high = row["interval"]
            verdict = "yes" if row["within"] else ("by luck" if row["within_luck"] else "no")
            print(f"  {row['bucket']:<10} {row['moments']:>7}  {100 * row['figure']:5.1f}%"
                  f"  {100 * row['happened']:7.1f}%  {100 * low:5.1f}-{100 * high:5.1f}%"
                  f"   {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m moon42.ai.lab.hint_figures",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="+", help="the records (JSON lines), appended to")
    parser.add_argument("--game", choices=("all", *GAMES), default="all")
    parser.add_argument("--moments", type=int, default=100, help="moments a game (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="only read and judge the records")
    parser.add_argument("--json", action="store_true", help="with --check: print JSON")
    parser.add_argument("--asked-again", type=Path, default=None, metavar="ROWS",
                        help="with --check: the figures early_figures asked again as the "
                        "hints now give them (its --out) replace those the runs kept")
    args = parser.parse_args(argv)
    paths = [Path(p) for p in args.out]
    if not args.check:
        if len(paths) != 1 or paths[0].suffix == ".gz":
            parser.error("measuring appends to one file, not a gzipped one")
        if not 1 <= args.moments <= 100_000 or not 1 <= args.jobs <= 64:
            parser.error("--moments is 1 to 100000 and --jobs 1 to 64")
        games = GAMES if args.game == "all" else (args.game,)
        done = {r["moment"] for r in read_moments(paths)}
        moments = [Moment(g, args.seed, i) for i in range(args.moments) for g in games]
        moments = [m for m in moments if m.key not in done]
        print(f"{len(done)} moments already in {paths[0]}, {len(moments)} to measure",
              file=sys.stderr)
        with paths[0].open("a", encoding="utf-8") as sink:
            for n, record in enumerate(play_all(measure, moments, args.jobs, in_order=False), 1):
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                print(f"\r{n}/{len(moments)} moments", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    records = read_moments(paths)
    if args.asked_again is not None:
        records = asked_again(records, read_lines(args.asked_again))
    _print_check(tempered_now(records), args.json)
    return 0


def asked_again(records: list[dict], rows: list[dict]) -> list[dict]:
    """``records`` with the figure of each moment ``early_figures`` asked again (its rows:
    ``now``, the chance the bid is made, as the hints give it today) put in for the kept one,
    turned round for a defender's goal."""
    now = {row["moment"]: row for row in rows}
    out = []
    for record in records:
        if record["moment"] in now and record.get("shown") and not record.get("proven"):
            row = now[record["moment"]]
            made = row["now"]
            record = {**record, "figure": made if record.get("goal") == "made" else 1 - made,
                      "tempered": row.get("tempered") is True}
        out.append(record)
    return out


def tempered_now(records: list[dict]) -> list[dict]:
    """``records`` with each play figure not proven that was measured before the hints
    tempered such figures (``ai/tempered.py``; a record without ``tempered``) read as the
    hints now show it."""
    return [{**r, "figure": tempered(r["figure"]), "tempered": True}
            if r.get("shown") and r.get("kind") == "play" and not r.get("proven")
            and not r.get("tempered") else r
            for r in records]


if __name__ == "__main__":
    sys.exit(main())
