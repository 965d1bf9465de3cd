"""Strategy A against strategy B over duplicate deals (``moon42 arena``; a benchmark, not a
test).

Every deal is played once per *copy*: in the partnership games A holds seats 0 and 2 in
the first copy and 1 and 3 in the second, so both sides play the same tiles and the luck
of the deal cancels; in Moon for three A holds one seat and B the other two, and A sits
in each of the three seats in turn.  ``--hands`` plays the first hand of each deal,
``--games`` a whole game from each deal's seed.

``--no-bidding`` replaces every auction through the engine's own actions: the seat left
of the dealer bids the minimum and everybody else passes (always legal: ``forced_bid``
only binds when nobody has bid), so that seat's strategy takes the widow, names trump and
leads.  Texas 42 then plays every trick (``play_out``) and a hand goes to the side with
more points; in Moon to the side (or player) with more tricks.  A bot with a ``see``
method (the omniscient yardstick) is shown the game before each of its decisions.

A's score on a deal is the mean of its copies (1 a win, 0 a loss, a tie shared); the
95% interval is the normal one over deals, whose copies are not independent.
"""

from __future__ import annotations

import hashlib
import math
import os
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, TextIO

from moon42.rules import Game, Phase, Trump
from moon42.rules.bidding import MARK, MOON
from moon42.rules.options import options_for
from moon42.rules.results import HandResult
from moon42.rules.scoring import units_of

from ..budget import scaled
from ..facts.forced_auction import given_auction, skip_auction
from ..protocol import decide
from ..registry import make_bot
from ..workers import play_all

__all__ = [
    "ArenaConfig",
    "DealSink",
    "Outcome",
    "aim_for_majority",
    "play_hand",
    "Summary",
    "play_deal",
    "play_runs",
    "run_arena",
    "seats_of",
    "skip_auction",
]

GAMES = ("moon3", "moon4", "texas42")
DEFAULT_HANDS = 200
MAX_HANDS_A_GAME = 200  # a game that lasts longer is called a tie (random bots may never finish)
Z95 = 1.96


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    a: str
    b: str
    deals: int = DEFAULT_HANDS
    whole_games: bool = False
    bidding: bool = True
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    share: float = 1.0  # of every bot's budget (``ai.budget.scaled``): a busy server's bots

    @property
    def copies(self) -> int:
        return 3 if self.game == "moon3" else 2

    def rules_options(self) -> dict[str, Any]:
        options = dict(self.options)
        if not self.bidding and self.game == "texas42":
            options["play_out"] = True  # "more points" needs every trick played
        return options


@dataclass(frozen=True)
class Outcome:
    """One copy of one deal, from A's side."""

    deal: int
    copy: int
    a_share: float  # 1 won, 0 lost, 1/k when k units tie for the lead
    margin: float  # A's points (tricks, score) less B's mean, per hand or per game
    hands: int
    a_bids: int
    a_made: int
    b_bids: int
    b_made: int
    # Every hand won in the auction: ("A" or "B", the kind of contract, made or not, and
    # what the hand scored for A less B's mean: marks in Texas 42, points in Moon).
    contracts: tuple[tuple[str, str, bool, float], ...] = ()


DealSink = Callable[[ArenaConfig, list[Outcome]], None]  # told each deal's outcomes

CONTRACT_KINDS = ("points", "marks", "follow-me", "moon", "nello", "sevens", "plunge", "splash")


def contract_kind(result: HandResult, is_moon: bool) -> str:
    """What a hand was played for: a Plunge or Splash, Nello, Sevens, no trump (follow me),
    a moon or a bid of marks, else a plain bid (points in Texas 42, tricks in Moon)."""
    if result.contract in ("plunge", "splash"):
        return result.contract
    if result.trump in (Trump.NELLO, Trump.SEVENS):
        return result.trump.value
    if result.trump is Trump.NO_TRUMP:
        return "follow-me"
    if is_moon:
        return "moon" if result.bid == MOON else "points"
    return "marks" if result.bid is not None and result.bid >= MARK else "points"


def seats_of(game: str, copy: int) -> tuple[str, ...]:
    """Who sits where in a copy: "A" or "B" for every seat."""
    if game == "moon3":
        return tuple("A" if seat == copy else "B" for seat in range(3))
    first, second = ("A", "B") if copy == 0 else ("B", "A")
    return (first, second, first, second)


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal number ``deal``: independent of how deals are split over cores."""
    digest = hashlib.blake2b(b"arena:%d:%d" % (seed, deal), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def aim_for_majority(bots: list) -> list:
    """``bots``, each that can set to play every hand for more than half of it: what wins a
    hand where the bidding is skipped."""
    for bot in bots:
        aim = getattr(bot, "aim_for_majority", None)
        if aim is not None:
            aim()
    return bots


def play_hand(game: Game, bots: list, bidding: bool) -> None:
    """One hand of ``game`` played by ``bots``; without ``bidding`` the auction is forced
    (``skip_auction``) and read as given."""
    if not bidding:
        skip_auction(game)
    with nullcontext() if bidding else given_auction():
        while game.to_act is not None:
            seat = game.to_act.seat
            see = getattr(bots[seat], "see", None)
            if see is not None:
                see(game)  # the yardsticks (omniscient, partner-sighted) see every hand
            game.apply(decide(bots[seat], game.view(seat)))


def _share(values: dict[str, list[float]]) -> tuple[float, float]:
    """A's share of the win and its margin, from each unit's value by strategy."""
    a, b = values["A"][0], values["B"]
    top = max(a, *b)
    share = 0.0 if a < top else 1.0 / (1 + sum(1 for v in b if v == top))
    return share, a - sum(b) / len(b)


def _values(
    units: Sequence[tuple[int, ...]], seating: Sequence[str], per_seat: Sequence[int], shared: bool
) -> dict[str, list[float]]:
    """Each unit's value by strategy: a side's score is shown on both seats (``shared``),
    its points and tricks are the sum of its seats'."""
    out: dict[str, list[float]] = {"A": [], "B": []}
    for unit in units:
        value = per_seat[unit[0]] if shared else sum(per_seat[s] for s in unit)
        out[seating[unit[0]]].append(value)
    return out


def play_deal(config: ArenaConfig, deal: int) -> list[Outcome]:
    """Every copy of one deal, the bots at ``config.share`` of their budgets."""
    with scaled(config.share):
        return _play_deal(config, deal)


def _play_deal(config: ArenaConfig, deal: int) -> list[Outcome]:
    seed = deal_seed(config.seed, deal)
    options = options_for(config.game, config.rules_options())
    units = units_of(options)
    outcomes = []
    for copy in range(config.copies):
        seating = seats_of(config.game, copy)
        names = {"A": config.a, "B": config.b}
        bots = [make_bot(names[side], seed * 8 + s) for s, side in enumerate(seating)]
        if not config.bidding:
            aim_for_majority(bots)
        game = Game.new(config.game, options=options, seed=seed)
        tally = [0, 0, 0, 0]  # A's bids, made; B's bids, made
        contracts: list[tuple[str, str, bool, float]] = []
        hands = 0
        while True:
            play_hand(game, bots, config.bidding)
            hands += 1
            result = game.results[-1]
            if result.bidder is not None:
                side = 0 if seating[result.bidder] == "A" else 2
                tally[side] += 1
                tally[side + 1] += bool(result.made)
                kind = contract_kind(result, options.is_moon)
                net = _share(_values(units, seating, result.score, shared=True))[1]
                contracts.append((seating[result.bidder], kind, bool(result.made), net))
            if not config.whole_games or game.phase is Phase.GAME_OVER:
                break
            if hands >= MAX_HANDS_A_GAME:
                break
            game.next_hand()
        if config.whole_games:
            winners = game.winner or ()
            won = {seating[s] for s in winners}
            share = 1.0 if won == {"A"} else 0.0 if won else 1.0 / len(units)
            margin = _share(_values(units, seating, game.scores, shared=True))[1]
        else:
            if config.bidding:
                values = _values(units, seating, result.score, shared=True)
            else:
                taken = result.tricks_won if options.is_moon else result.points
                values = _values(units, seating, taken, shared=False)
            share, margin = _share(values)
        a_bids, a_made, b_bids, b_made = tally
        outcomes.append(Outcome(
            deal, copy, share, margin, hands, a_bids, a_made, b_bids, b_made, tuple(contracts)
        ))
    return outcomes


@dataclass
class Summary:
    """What the arena prints."""

    config: ArenaConfig
    outcomes: list[Outcome]
    seconds: float

    def per_deal(self, pick: Callable[[Outcome], float]) -> list[float]:
        """``pick`` of each outcome, averaged over the copies of each deal."""
        by_deal: dict[int, list[float]] = {}
        for o in self.outcomes:
            by_deal.setdefault(o.deal, []).append(pick(o))
        return [sum(v) / len(v) for v in by_deal.values()]

    @staticmethod
    def mean_ci(values: list[float]) -> tuple[float, float, float]:
        """The mean of ``values`` and its normal 95% interval."""
        n = len(values)
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        half = Z95 * math.sqrt(var / n)
        return mean, mean - half, mean + half

    def as_dict(self) -> dict[str, Any]:
        c = self.config
        rate, low, high = self.mean_ci(self.per_deal(lambda o: o.a_share))
        margin, m_low, m_high = self.mean_ci(self.per_deal(lambda o: o.margin))
        total = lambda attr: sum(getattr(o, attr) for o in self.outcomes)  # noqa: E731
        a_bids, b_bids = total("a_bids"), total("b_bids")
        return {
            "game": c.game,
            "a": c.a,
            "b": c.b,
            "unit": "games" if c.whole_games else "hands",
            "deals": len(self.per_deal(lambda o: 0.0)),
            "copies": c.copies,
            "played": len(self.outcomes),
            "hands": total("hands"),
            "bidding": c.bidding,
            "budget_share": c.share,
            "seed": c.seed,
            "options": c.rules_options(),
            "a_win_rate": rate,
            "ci95": [max(0.0, low), min(1.0, high)],
            "a_won": sum(1 for o in self.outcomes if o.a_share == 1),
            "tied": sum(1 for o in self.outcomes if 0 < o.a_share < 1),
            "fair_share": 1 / (3 if c.game == "moon3" else 2),
            "a_bids": a_bids,
            "a_made_rate": total("a_made") / a_bids if a_bids else None,
            "b_bids": b_bids,
            "b_made_rate": total("b_made") / b_bids if b_bids else None,
            "contracts": self._contracts(),
            "net_a_hand": self._net_a_hand(),
            "average_margin": margin,
            "margin_ci95": [m_low, m_high],
            "seconds": round(self.seconds, 1),
        }

    def _net_a_hand(self) -> float | None:
        """What a hand won in the auction scored for A less B, on average over all of them
        (marks in Texas 42, points in Moon); None when the auction was skipped."""
        nets = [net for o in self.outcomes for _, _, _, net in o.contracts]
        return sum(nets) / len(nets) if self.config.bidding and nets else None

    def _contracts(self) -> dict[str, dict[str, dict[str, Any]]]:
        """For A and B: every kind of contract it won the auction with, how often, how often
        it made it, and what such a hand scored for A less B on average (``net_a_hand``:
        marks in Texas 42, points in Moon)."""
        out: dict[str, dict[str, dict[str, Any]]] = {"A": {}, "B": {}}
        for o in self.outcomes:
            for side, kind, made, net in o.contracts:
                entry = out[side].setdefault(kind, {"bids": 0, "made": 0, "net": 0.0})
                entry["bids"] += 1
                entry["made"] += made
                entry["net"] += net
        for side in out:
            ordered = {k: out[side][k] for k in CONTRACT_KINDS if k in out[side]}
            for entry in ordered.values():
                entry["made_rate"] = entry["made"] / entry["bids"]
                entry["net_a_hand"] = entry.pop("net") / entry["bids"]
            out[side] = ordered
        return out

    def table(self) -> str:
        d = self.as_dict()
        unit = d["unit"]
        margin_unit = {
            (True, "texas42"): "marks", (True, "moon4"): "points", (True, "moon3"): "points",
        }.get((self.config.whole_games, self.config.game))
        if margin_unit is None:
            if not self.config.bidding:
                margin_unit = "points" if self.config.game == "texas42" else "tricks"
            else:
                margin_unit = "score"
        against = "two seats" if self.config.game == "moon3" else "one side"

        def pct(x: float | None) -> str:
            return "   -  " if x is None else f"{100 * x:5.1f}%"

        b_rate = 1 - d["a_win_rate"] if self.config.game != "moon3" else None
        share = d["budget_share"]
        hurried = "" if share == 1 else f", budgets at {share:g} of themselves"
        lines = [
            f"arena {d['game']}: A = {d['a']} against B = {d['b']} ({against}),"
            f" {d['deals']} deals x {d['copies']} copies = {d['played']} {unit}"
            f"{'' if d['bidding'] else ', bidding skipped'}{hurried}, seed {d['seed']},"
            f" {d['seconds']:.0f} s",
            "",
            f"{'':24}{'A ' + d['a']:>14} {'B ' + d['b']:>13}",  # (apart, however long)
            f"{unit[:-1] + ' win rate':24}{pct(d['a_win_rate']):>14}"
            f"{pct(b_rate) if b_rate is not None else '':>14}",
            f"{'  95% interval':24}{pct(d['ci95'][0]) + '-' + pct(d['ci95'][1]).strip():>14}",
            f"{'  fair share':24}{pct(d['fair_share']):>14}",
            f"{'  won outright':24}{str(d['a_won']) + ' of ' + str(d['played']):>14}",
            f"{'bids made':24}{pct(d['a_made_rate']):>14}{pct(d['b_made_rate']):>14}",
            f"{'  bids won':24}{d['a_bids']:>14}{d['b_bids']:>14}",
            f"{'average margin (A-B)':24}{d['average_margin']:>+14.2f}"
            f"  {margin_unit} a {unit[:-1]}",
            f"{'  95% interval':24}{d['margin_ci95'][0]:>+14.2f} to {d['margin_ci95'][1]:+.2f}",
        ]
        if d["net_a_hand"] is not None:
            unit = "marks" if self.config.game == "texas42" else "points"
            lines.append(f"{'net a hand (A-B)':24}{d['net_a_hand']:>+14.2f}  {unit}")
        return "\n".join(lines + contract_lines(d["contracts"], self.config))


def contract_lines(contracts: dict[str, dict[str, dict[str, Any]]], config: ArenaConfig) -> list[
    str
]:
    """The table of contracts: for A and B, each kind won in the auction, made how often,
    and what such a hand scored for A less B."""
    kinds = [k for k in CONTRACT_KINDS if k in contracts["A"] or k in contracts["B"]]
    if not kinds:
        return []
    unit = "marks" if config.game == "texas42" else "points"
    lines = [
        "",
        f"{'contracts: won / made':24}{'A':>22}{'B':>22}",
        f"{'  / A less B a hand':24}{'(' + unit + ')':>22}",
    ]
    for kind in kinds:
        cells = []
        for side in ("A", "B"):
            entry = contracts[side].get(kind)
            if entry is None:
                cells.append("-")
                continue
            rate, net = 100 * entry["made_rate"], entry["net_a_hand"]
            cells.append(f"{entry['bids']} / {rate:.0f}% / {net:+.2f}")
        lines.append(f"{'  ' + kind:24}{cells[0]:>22}{cells[1]:>22}")
    return lines


class _Progress:
    """A progress bar on stderr, redrawn at most a few times a second."""

    def __init__(self, total: int, stream: TextIO, label: str) -> None:
        self.total, self.stream, self.label = total, stream, label
        self.start = self.last = time.perf_counter()

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.25:
            return
        self.last = now
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.label} {now - self.start:5.0f} s")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def play_job(job: tuple[ArenaConfig, int]) -> list[Outcome]:
    """One deal of one run: what a process or a cluster's worker is handed."""
    return play_deal(*job)


def play_runs(
    configs: list[ArenaConfig],
    jobs: int | None = None,
    progress: TextIO | None = None,
    scheduler: str | None = None,
    each_deal: DealSink | None = None,
) -> list[list[Outcome]]:
    """Every deal of every run, deal by deal (so a progress bar moves through all of them),
    on ``jobs`` local processes (all cores by default) or the Dask cluster at ``scheduler``.
    For each run, its outcomes; ``each_deal(config, outcomes)`` is called as each deal
    comes back, in order (``--per-deal`` writes it down)."""
    work = [(config, deal) for deal in range(max(c.deals for c in configs)) for config in configs
            if deal < config.deals]
    bar = _Progress(len(work), progress, "deals") if progress is not None else None
    out: list[list[Outcome]] = [[] for _ in configs]
    which = {id(config): i for i, config in enumerate(configs)}
    played = play_all(play_job, work, jobs or os.cpu_count() or 1, scheduler)
    for done, ((config, _), outcomes) in enumerate(zip(work, played, strict=True), start=1):
        out[which[id(config)]].extend(outcomes)
        if each_deal is not None:
            each_deal(config, outcomes)
        if bar is not None:
            bar.update(done)
    return out


def run_arena(
    config: ArenaConfig,
    jobs: int | None = None,
    progress: TextIO | None = None,
    scheduler: str | None = None,
    each_deal: DealSink | None = None,
) -> Summary:
    """Play every deal (on ``jobs`` processes, all cores by default, or on the Dask cluster
    at ``scheduler``) and sum up."""
    start = time.perf_counter()
    outcomes = play_runs([config], jobs, progress, scheduler, each_deal)[0]
    return Summary(config, outcomes, time.perf_counter() - start)
