"""``expert``: Monte Carlo over the hidden tiles, every layout solved exactly.

Play. It deals the tiles it cannot see in ways that fit everything its seat knows
(``search.layouts``: own tiles, tiles played, voids shown, the widow and discard, a Nello
partner's unseen hand), solves each layout with the perfect-information solver for every
tile it may play, and plays the tile with the best average. When few layouts fit (late in
the hand) it solves them all instead of sampling. A layout's worth to the bidding side is
its credit (points in Texas 42, tricks otherwise) plus a bonus when the contract is made
(in Texas 42 as large as the whole hand's 42 points, since only the contract scores), so
it plays for the contract first and for points after. Layouts in which the seat that
named trump holds little of it, that give a seat a hand its bid or pass belies (in Texas 42
and Moon for four, ``search.auction``), or that make the opponents' plays unlikely, are
unlikely (``search.inference``): a random one is kept only with that likelihood, and a
listed one weighs it. It reads each opponent's style spot by spot (``search.styles``,
``search.tendencies``): in each kind of spot (a lead for its side or on defence, a follow
in suit or a play out of the suit, while its side or the other is winning the trick) the
opponent is a sensible player or one keeping to a plain rule, with chances learned from its
plays in the game's earlier hands (``HABIT_PRIOR`` shared by the rules before any), then
weighed layout by layout by its plays in this hand. Where it has shown a rule, the solver
lets it play that rule's tile, drawn layout by layout by those chances, so the expert plays
for the tricks such a player gives away; where it has shown nothing, the solver expects its
best reply. Bids and trumps are simulated against best play only, as the calibration was
measured. Early in the hand it asks of each layout only "made or set?"; tiles that play
alike in every layout are solved once, a tile far behind the best for the contract is given
up after a few layouts (``RACE_BEHIND``), and tiles equal on that are parted by the credit
they keep, solved exactly on the same layouts, before ``normal``'s rules of thumb.

Bid and trump. By simulation: for the trumps its hand suits best, it deals the other hands
at random, solves the first trick led by itself, and names the trump best on average over
the same layouts (not each layout's best): the bid and the trump are weighed alike, on
random layouts, as the calibration measured them. It bids when the simulated make rate, read
through the self-play calibration (``calibration``: open hands flatter the bidder), says
the bid is made at least half the time (in Moon for three, 30% of the time: there that
won more hands); follow-me's rate is first taken at
``FOLLOW_ME_SHARE``, since open hands flatter a side without trumps most. It bids the
least bid that wins the auction; in Moon for four, by points, a hand that makes that bid in
nearly every layout is simulated for the moon too (with its best trump alone), and shoots it
when play makes a moon often enough to pay more than the least bid (``MOON_MAKE_RATE``;
that second simulation can double such a bid's time, though in a hurried decision
never its hard stop). A bid or a trump whose budget ran out before ``CALL_LAYOUTS``
layouts (a busy server's bots, hurried) is made by ``normal``'s rules of thumb instead. The
contracts of
rules/README.md 9.3 to 9.6 (Plunge, Splash, Nello, Sevens, raises of marks) are bid and named as
``normal`` does
(``contracts``), and the Moon-for-three discard too; after a partner's Plunge or Splash it
simulates the trumps with the partner's promised doubles dealt to the partner. Nello and
Sevens are played by the solver like every other contract.

Time. Each decision has a budget, given in seconds but counted in search work (``budget``:
about what the work takes on the machine the budgets were set on), capped at four times
that on the wall clock (three seconds at least); a play in the first two tricks, when each
layout costs most and the hand is shaped, gets twice as long. It stops dealing layouts when
the budget is spent, having solved at least one (anytime). Counting work rather than time
makes a seeded expert play the same game the same way on any machine and under any load.
``budget=None`` solves exactly ``layouts`` layouts (tests). Its random numbers come from
its seed and what its seat knows, so the hidden tiles never change them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from moon42.rules.actions import Action, Bid, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.bidding import MOON
from moon42.rules.game import Phase
from moon42.rules.options import Options
from moon42.rules.tiles import TILES, mask_of
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .budget import Budget
from .calibration import made_in_play
from .contracts import special_bid
from .facts.hand_value import hand_value
from .facts.knowledge import tile_set_of
from .normal import NormalBot, table_trumps
from .search import effort
from .search.inference import Likelihood, Reading, weighed_layouts
from .search.layouts import Constraints, constraints_of, deal_constraints, sample
from .search.position import Position, for_majority
from .search.solver import OutOfBudget, Solver, alike_tiles

__all__ = ["ExpertBot", "alike_plays", "simulated_rate", "worth", "make_rate_needed"]

PLAY_BUDGET = 0.25  # seconds a play may take (a first layout is always finished)
CALL_BUDGET = 1.0  # seconds for a bid or a trump
MAX_LAYOUTS = 64
QUICK_ABOVE = 5  # tiles in hand above which play asks only whether the contract is made
TRUMP_CANDIDATES = 3  # the trumps simulated, best by hand value first
MAKE_RATE = 0.5  # the share of such bids made in self-play (ai.calibration) needed to bid
# ... by game where measured otherwise (moon42 arena moon3 expert normal|cheap --hands 300
# --seed 5): in Moon for three, bidding from 30% won more hands than from 40% or 50%.
MAKE_RATES = {"moon3": 0.3}
MADE_BONUS_POINTS = 42  # a made contract outweighs every point of the hand (Texas 42)
MADE_BONUS_TRICKS = 2  # (Moon, Nello, Sevens)
EARLY = 2.0  # the play budget is this many times longer while the hand is asked "made?"
TIE_SHARE = 0.5  # of the play budget, spent more to part tiles equal for the contract
HABIT_PRIOR = 0.5  # the share of the plain rules, next to the sensible player, in a spot
# Follow-me's simulated rate is taken at this share: bid on the calibration read for every
# contract alike, the expert made 2 of 7 follow-me bids in 300 hands against basic.
FOLLOW_ME_SHARE = 0.85
# Moon by points: a moon pays 21 made and costs 21 set, where the least bid made pays at
# most 7 (the tricks taken in Moon for four, the bid in Moon for three).  So the expert
# shoots the moon when play makes it at least (21 + 7) / 42 = 2/3 of the time; and
# simulates it only for a hand that makes the least bid in nearly every layout (no other
# hand takes all seven tricks), or in Moon for three where normal's count of tricks would
# shoot it.
MOON_MAKE_RATE = (MOON + 7) / (2 * MOON)
MOON_GATE = 0.9  # the least bid's simulated rate from which the moon is simulated
# The moon is simulated with the hand's best trump alone (three trumps leave a strong hand
# two or three layouts in the call's budget), and never shot on fewer layouts than this.
MOON_LAYOUTS = 6
# A bid or a trump whose simulation was cut short by its budget (a busy server's bots, the
# quick levels) before this many layouts is made by normal's rules of thumb instead: on one
# or two layouts any trump may look best (twos named from four fives, seen at a table).  At
# its whole budget the expert had at least 4 in each of 60 Texas 42 opening bids.
CALL_LAYOUTS = 3
RACE_AFTER = 6  # layouts solved before a tile far behind for the contract is dropped
RACE_BEHIND = 4  # layouts behind the best tile for that


def _asks_made_only(view: SeatView) -> bool:
    """Early in the hand, where play asks of each layout only "made or set?"."""
    return len(view.hand) > QUICK_ABOVE


def _safest(
    tied: list[int], layouts: list[tuple[Solver, Position, float]], sign: int, budget: Budget
) -> list[int]:
    """Of tiles equal for the contract, those with the best average credit (to the seat's
    side: ``sign``) over the same layouts, solved exactly in turn until ``budget`` is spent
    (each layout's solver keeps its table, so this costs less than the first pass)."""
    credit = dict.fromkeys(tied, 0.0)
    done = 0
    for solver, position, weight in layouts:
        left = budget.nodes_left()
        if left is not None:
            solver.budget = solver.nodes + left
        try:
            values = solver.move_values(position, tiles=tied)
        except OutOfBudget:  # a hurried decision's work is up mid-layout
            break
        for t, v in values.items():
            credit[t] += weight * v
        done += 1
        if budget.spent():
            break
    if not done:
        return tied
    best = max(sign * credit[t] for t in tied)
    return [t for t in tied if sign * credit[t] >= best - 1e-9]


def alike_plays(view: SeatView, tiles: list[int], hidden: int) -> dict[int, list[int]]:
    """The tiles to solve, each with the tiles that play exactly alike in every layout."""
    trick = view.current_trick
    rules = view.play_rules
    if trick is None:
        return alike_tiles(rules, tiles, hidden)
    suit = rules.led_suit[trick.plays[0][1]]
    top = max(rules.power[suit][t] for t in trick.tiles)
    return alike_tiles(rules, tiles, hidden, rules.power[suit], top)


def _still_racing(
    racing: list[int], totals: dict[int, float], sign: int, solved: int
) -> list[int]:
    """The tiles still worth solving for the contract: a tile that has made it (or set it)
    in ``RACE_BEHIND`` layouts fewer than the best, and in under half as many, is dropped;
    the layouts saved go to the others."""
    if solved < RACE_AFTER:
        return racing
    best = max(sign * totals[t] for t in racing)
    return [
        t for t in racing
        if best - sign * totals[t] < max(RACE_BEHIND, solved / 2)
    ]


def make_rate_needed(options: Options) -> float:
    """The share of bids made in play (``calibration.made_in_play``) at which the expert
    bids: ``MAKE_RATE``, or its game's in ``MAKE_RATES``."""
    return MAKE_RATES.get(options.game, MAKE_RATE)


def simulated_rate(trump: Trump, made: list[bool]) -> float:
    """The share of layouts in which the bid is made with ``trump``; for follow-me, less
    (``FOLLOW_ME_SHARE``): with every hand open a side without trumps always knows where the
    tiles lie, so open hands flatter follow-me far more than a trump the calibration reads."""
    if not made:
        return 0.0
    rate = sum(made) / len(made)
    return rate * FOLLOW_ME_SHARE if trump is Trump.NO_TRUMP else rate


def _promised_doubles(view: SeatView) -> int:
    """The doubles the partner's Plunge (4) or Splash (3) shows, for the seat naming trump."""
    if view.bidder is None or view.bidder == view.seat or view.trump is not None:
        return 0
    return {"plunge": 4, "splash": 3}.get(view.contract or "", 0)


def worth(position: Position, value: int) -> float:
    """What a layout's outcome is worth to the bidding side: credit, and more if made."""
    bonus = MADE_BONUS_POINTS if position.counts else MADE_BONUS_TRICKS
    total = position.taken + value
    return value + (bonus if total >= position.goal else 0)


class ExpertBot:
    """Deals the hidden tiles many ways, solves each exactly, plays the best on average."""

    description = "Monte Carlo: deals the hidden tiles many ways and solves every deal exactly."

    def __init__(
        self,
        seed: int | None = None,
        budget: float | None = PLAY_BUDGET,
        layouts: int = MAX_LAYOUTS,
        call_budget: float | None = CALL_BUDGET,
        habit_prior: float = HABIT_PRIOR,
        reads_partner: bool = False,
    ) -> None:
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.budget = budget
        self.layouts = layouts
        self.call_budget = call_budget
        self.habit_prior = habit_prior
        self.reads_partner = reads_partner
        self.few_layouts = False  # the last call's simulation had too few layouts to go by
        self._normal = NormalBot(seed)
        self.majority = False

    def aim_for_majority(self) -> None:
        """Play every hand for more than half of it (22 of the 42 points, 4 of the 7 tricks)
        instead of for the bid: what the arena's ``--no-bidding`` counts as a hand won.
        Only the partnership games have two sides to split a hand between."""
        self.majority = True

    def _aimed(self, position: Position, view: SeatView) -> Position:
        if self.majority and view.options.partnerships:
            return for_majority(position)
        return position

    def _play_rng(self, view: SeatView, stream: str = "play") -> random.Random:
        # From the seed and what the seat knows only: hidden tiles never change the draw.
        played = ",".join(str(t) for t in view.played)
        key = f"{self.seed}:{stream}:{view.hand_number}:{view.seat}:{played}:{len(view.bids)}"
        return random.Random(key)

    def _deal_rng(self, view: SeatView) -> random.Random:
        # The bid and the trump of one hand are simulated on the same random layouts with
        # the same trumps, so that they tell one story (the same figure for each trump).
        return random.Random(f"{self.seed}:deal:{view.hand_number}:{view.seat}")

    # ----- play -----------------------------------------------------------------------

    def seconds_for(self, view: SeatView) -> float | None:
        """The seconds of thinking ``view``'s decision is given: a play's budget (``EARLY``
        times it while the hand is asked only "made?"), or a bid's or trump's; None: no
        budget (a set number of layouts).  A server's bot pool schedules by it."""
        if view.to_act is not None and view.to_act.kind == "play":
            if self.budget is None:
                return None
            return self.budget * (EARLY if _asks_made_only(view) else 1)
        return self.call_budget

    def _play_constraints(self, view: SeatView) -> Constraints:
        """Who may hold which hidden tile while the hand is played (``partner_sighted``
        shows it one hand more)."""
        return constraints_of(view)

    def _deal_constraints(self, view: SeatView) -> Constraints:
        """The same while bidding and naming trump."""
        return deal_constraints(view)

    def play(self, view: SeatView) -> Action:
        plays: dict[int, Play] = {a.tile: a for a in view.legal if type(a) is Play}
        if len(plays) == 1:
            return next(iter(plays.values()))
        constraints = self._play_constraints(view)
        # Tiles that play alike in every layout (nothing another hand may hold lies between
        # them) are solved once, for one of them.
        alike = alike_plays(view, list(plays), constraints.hidden)
        racing = list(alike)
        totals: dict[int, float] = dict.fromkeys(alike, 0.0)
        solved = 0
        guess = None
        maximiser = True
        # Early in the hand exact values cost too much: it asks only "made or set?".
        quick = _asks_made_only(view)
        # Early tiles shape the hand most and each layout costs most then: more time.
        budget = Budget(self.seconds_for(view))
        reading = Reading(view, self.habit_prior, self.reads_partner)
        rng = self._play_rng(view)
        # The styles are drawn from a stream of their own, so reading the opponents never
        # changes which layouts are dealt.
        style_rng = self._play_rng(view, "styles")
        solved_layouts: list[tuple[Solver, Position, float]] = []
        for hands, weight in self._layouts(constraints, rng, budget, reading):
            position = self._aimed(Position.of_view(view, hands), view)
            maximiser = bool(position.maximisers >> view.seat & 1)
            habits = reading.styles(hands, style_rng) & position.other_side(view.seat)
            solver = Solver(position, habits=habits, budget=budget.nodes_left())
            worths = {}
            complete = False  # every racing tile solved on this layout
            try:
                for t in racing:
                    child = position.after(t)
                    gained = child.taken - position.taken
                    if quick:
                        worths[t] = float(solver.reaches(child, position.goal - child.taken))
                    else:
                        v = gained + solver.value(child, None if guess is None else guess - gained)
                        guess = v
                        worths[t] = worth(position, v)
                    if solved and budget.spent():
                        break
                else:
                    complete = True
            except OutOfBudget:  # a hurried decision's work is up: this layout is not counted
                pass
            if complete:
                for t, w in worths.items():
                    totals[t] += weight * w
                solved += 1
                solved_layouts.append((solver, position, weight))
                if quick:
                    racing = _still_racing(racing, totals, 1 if maximiser else -1, solved)
                continue
            break
        if not solved:
            return self._normal.play(view)
        sign = 1 if maximiser else -1
        top = max(sign * totals[t] for t in racing)
        tied = [t for t in racing if sign * totals[t] >= top - 1e-9]
        if len(tied) > 1 and quick:
            # Equal for the contract in every layout tried: the tile that keeps the most
            # credit (points or tricks) over the same layouts is the safer one.
            extra = None if self.budget is None else self.budget * TIE_SHARE
            tied = _safest(tied, solved_layouts, sign, Budget(extra))
        tied = [t for rep in tied for t in alike[rep]]
        if len(tied) > 1:
            # Still equal: normal's rules of thumb keep count and high tiles.
            hint = self._normal.play(view)
            if type(hint) is Play and hint.tile in tied:
                return hint
        return plays[min(tied)]

    def _layouts(
        self,
        constraints: Constraints,
        rng: random.Random,
        budget: Budget,
        likely: Likelihood | None = None,
    ) -> Iterator[tuple[list[int], float]]:
        """All layouts when they are few, else random ones, until ``budget`` is spent; each
        with its weight.  ``likely`` weighs a layout by what the seats' choices say (the
        trump named, the tiles played): a listed layout carries that weight, a random one is
        kept with that chance (then weighs 1)."""
        for layout in weighed_layouts(constraints, rng, self.layouts, likely):
            yield layout
            if budget.spent():
                return

    # ----- bid and trump ------------------------------------------------------------------

    def _simulate(
        self, view: SeatView, trumps: list[Trump], bid: int, rng: random.Random,
        since: int | None = None,
    ) -> dict[Trump, list[bool]]:
        """For each trump, whether ``bid`` is made in each random layout (the seat leading);
        ``since``: where the decision began, when this is its second simulation (its hard
        stop, in a hurried decision, is the whole decision's).  ``few_layouts`` then says
        whether its budget ran out before ``CALL_LAYOUTS`` layouts."""
        results = self._simulated(view, trumps, bid, rng, since)
        fewest = min((len(made) for made in results.values()), default=0)
        self.few_layouts = self.call_budget is not None and fewest < CALL_LAYOUTS
        return results

    def _simulated(
        self, view: SeatView, trumps: list[Trump], bid: int, rng: random.Random,
        since: int | None,
    ) -> dict[Trump, list[bool]]:
        options = view.options
        constraints = self._deal_constraints(view)
        budget = Budget(self.call_budget, since)
        promised = _promised_doubles(view)
        if promised and view.bidder is not None:  # (a promise is a partner's bid)
            layouts_of = self._promised_layouts(constraints, view.bidder, promised, rng, budget)
        else:
            layouts_of = self._layouts(constraints, rng, budget)
        results: dict[Trump, list[bool]] = {t: [] for t in trumps}
        # While bidding, the seat weighs its own bid (``view.bidder`` is whoever holds the
        # high bid so far); naming trump after a partner's Plunge, the partner is the bidder.
        bidder = view.bidder
        if view.phase is Phase.BIDDING or bidder is None:
            bidder = view.seat
        declarer = view.seat
        for layouts, (hands, _) in enumerate(layouts_of):
            made = {}
            for trump in trumps:
                position = self._aimed(
                    Position.new_hand(options, trump, bid, bidder, declarer, hands), view
                )
                try:
                    made[trump] = Solver(position, budget=budget.nodes_left()).reaches(
                        position, position.goal)
                except OutOfBudget:  # a hurried decision's work is up: the layout is not counted
                    return results
                if layouts and budget.spent():
                    return results
            for trump, ok in made.items():
                results[trump].append(ok)
            if self.call_budget is None and layouts + 1 >= max(2, self.layouts // 8):
                break
        return results

    def _promised_layouts(
        self, base: Constraints, bidder: int, promised: int, rng: random.Random, budget: Budget
    ) -> Iterator[tuple[list[int], float]]:
        """Random layouts in which ``bidder`` holds ``promised`` of the doubles out."""
        doubles = [t for t in range(28) if base.hidden >> t & 1 and TILES[t].is_double]
        at = base.seats.index(bidder)
        for _ in range(self.layouts):
            pick = sum(1 << t for t in rng.sample(doubles, min(promised, len(doubles))))
            known = list(base.known)
            known[bidder] = pick
            sizes = list(base.sizes)
            sizes[at] -= pick.bit_count()
            allowed = [a & ~pick for a in base.allowed]
            hands = sample(
                Constraints(base.hidden & ~pick, base.seats, sizes, allowed, known, base.players),
                rng,
            )
            if hands is None:
                return
            yield hands, 1.0
            if budget.spent():
                return

    def _candidates(self, view: SeatView, offered: list[Trump]) -> list[Trump]:
        options = view.options
        dealt = mask_of(tile_set_of(view))
        counts = not options.is_moon

        def value(trump: Trump) -> float:
            return hand_value(view.hand, trump, options.trick_rules_for(trump), dealt).score(counts)

        ranked = sorted(offered, key=lambda t: (-value(t), str(t)))
        return ranked[:TRUMP_CANDIDATES]

    def trump(self, view: SeatView) -> Action:
        named = {a.trump: a for a in view.legal if type(a) is NameTrump}
        normal = self._normal.trump(view)
        if type(normal) is NameTrump and normal.trump in (Trump.NELLO, Trump.SEVENS):
            return normal
        plain: list[Trump] = [t for t in named if t not in (Trump.NELLO, Trump.SEVENS)]
        if len(plain) < 2:
            return normal
        candidates = self._candidates(view, plain)
        plunged = view.contract in ("plunge", "splash")
        if plunged and Trump.DOUBLES in plain and Trump.DOUBLES not in candidates:
            candidates.append(Trump.DOUBLES)
        assert view.high_bid is not None, "trump named with no bid"
        results = self._simulate(view, candidates, view.high_bid, self._deal_rng(view))
        if self.few_layouts:
            return normal  # a layout or two say little: the rules of thumb name it

        def score(trump: Trump) -> float:
            return simulated_rate(trump, results[trump])

        return named[max(candidates, key=lambda t: (score(t), -candidates.index(t)))]

    def simulated_rates(self, view: SeatView, value: int) -> dict[Trump, float]:
        """How often a bid of ``value`` is made in the simulation with each of the trumps the
        trump decision would try, this seat leading (not yet calibrated).  The same trumps
        on the same layouts as ``trump``'s, so a bid and its trump tell one story."""
        candidates = self._candidates(view, table_trumps(view))
        results = self._simulate(view, candidates, value, self._deal_rng(view))
        return {t: simulated_rate(t, m) for t, m in results.items() if m}

    def make_rate(self, view: SeatView, value: int) -> float:
        """The best of ``simulated_rates``."""
        return max(self.simulated_rates(view, value).values(), default=0.0)

    def bid(self, view: SeatView) -> Action:
        started = effort.done()
        legal = view.legal
        normal = self._normal.bid(view)
        if type(normal) in (Plunge, Splash):
            return normal
        special = special_bid(view, table_trumps(view))
        if special is not None:
            return special
        bids = sorted((a for a in legal if type(a) is Bid), key=lambda a: a.value)
        passing = next((a for a in legal if type(a) is Pass), None)
        if not bids:
            return normal
        if passing is not None and view.partner is not None and view.bidder == view.partner:
            return passing  # the partner holds the bid: no need to fight it
        lowest = bids[0]
        if view.options.is_moon and lowest.value == MOON:
            return normal
        rate = self.make_rate(view, lowest.value)
        if self.few_layouts:
            return normal  # a layout or two say little: the rules of thumb bid
        made = made_in_play(view.options, lowest.value, rate, before_widow=True)
        if made >= make_rate_needed(view.options):
            # The lowest bid that wins the auction: a higher one only adds risk.
            if view.options.game == "moon3" and type(normal) is Bid and normal.value > lowest.value:
                # A made bid scores the bid itself: the higher bid normal's count of tricks
                # makes, but its moon only where the simulation bears it out.
                if normal.value != MOON or self._shoots_the_moon(view, bids, started):
                    return normal
                return lowest
            if rate >= MOON_GATE and self._shoots_the_moon(view, bids, started):
                return bids[-1]
            return lowest
        return passing if passing is not None else lowest

    def _shoots_the_moon(self, view: SeatView, bids: list[Bid], started: int) -> bool:
        """Moon: whether a moon pays more than the least bid (``MOON_MAKE_RATE``), simulated
        with the hand's best trump (``MOON_LAYOUTS`` layouts at least) and read through the
        calibration as every bid is (in Moon for three, before the widow).  Scored by marks
        a moon wins one mark like any bid, so only where it scores 21 or settles the game."""
        options = view.options
        if not options.is_moon or bids[-1].value != MOON:
            return False
        if options.uses_marks and not options.moon_instant:
            return False
        trump = self._candidates(view, table_trumps(view))[0]
        made = self._simulate(view, [trump], MOON, self._deal_rng(view), since=started)[trump]
        if len(made) < MOON_LAYOUTS:
            return False
        rate = simulated_rate(trump, made)
        widow = options.game == "moon3" and view.discard is None
        return made_in_play(options, MOON, rate, before_widow=widow) >= MOON_MAKE_RATE

    def discard(self, view: SeatView) -> Action:
        return self._normal.discard(view)
