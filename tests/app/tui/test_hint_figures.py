"""A hint's figures: never a certainty that is not proven, and the moon that cannot be made."""

from __future__ import annotations

import random
import re

import pytest

from moon42.ai.advice import Advice, TileFigures, advise
from moon42.ai.calibration import Estimate, estimate
from moon42.ai.expert import FOLLOW_ME_SHARE, ExpertBot, simulated_rate
from moon42.ai.odds import CallOdds, Certainty
from moon42.ai.protocol import decide
from moon42.ai.random_bot import RandomBot
from moon42.ai.search.certainty import sure, sure_credit
from moon42.ai.search.layouts import constraints_of, enumerate_layouts, sample
from moon42.ai.search.position import Position
from moon42.ai.search.solver import Solver
from moon42.ai.tempered import tempered
from moon42.app.tui.text.figure_moves import Moved
from moon42.app.tui.text.hint_words import hint_lines, hint_text
from moon42.app.tui.text.hints import HINT_SEED
from moon42.rules import Bid, Discard, Game, NameTrump, Pass, Phase, Play, tile
from moon42.rules.bidding import MOON
from moon42.rules.tiles import mask_of
from moon42.rules.trump import Trump
from tests.ai.helpers import random_options
from tests.ai.search_helpers import start_play

CERTAIN = re.compile(r"(?<![\d.])(100|0)%")
FIXED = {"budget": None, "call_budget": None, "layouts": 16}


def _positions(count: int):
    """Random positions of all three games (house rules at random): every decision."""
    rng = random.Random("figures")
    found = 0
    while found < count:
        name = rng.choice(("moon3", "moon4", "texas42"))
        game = Game.new(name, random_options(rng, name), seed=rng.randrange(2**32))
        bots = [RandomBot(rng.randrange(2**32)) for _ in range(game.seats)]
        while game.to_act is not None and found < count:
            view = game.view(game.to_act.seat)
            found += 1
            yield view, rng
            game.apply(decide(bots[view.seat], view))


def _random_figures(view, rng: random.Random) -> Advice:
    """Advice with figures drawn at random, exactly 0 and 1 often, none of them proven."""

    def rate() -> float:
        return rng.choice((0.0, 1.0, rng.random()))

    def est() -> Estimate | None:
        return rng.choice((None, Estimate(rate(), rng.choice((None, rate())), 300,
                                          rng.random() < 0.2)))

    action = rng.choice(view.legal)
    if isinstance(action, Play):
        tiles = []
        exact = rng.random() < 0.5  # late in the hand, every tile's credit is known
        for a in sorted(view.legal, key=lambda a: a != action):
            credit = rng.choice((3.0, 20.0)) if exact else None
            tiles.append(TileFigures(a, rate(), credit, rng.choice((None, rate()))))
        return Advice(action, "play", rng.random() < 0.5, 16, tuple(tiles))
    trumps = [Trump.FIVES, Trump.DOUBLES, Trump.SIXES]
    odds = tuple(CallOdds(t, rate(), 16, est()) for t in trumps)
    trump = action.trump if isinstance(action, NameTrump) else rng.choice(trumps)
    return Advice(action, view.to_act.kind, True, 16, odds=odds, bid_value=30, trump=trump)


def test_no_figure_of_100_or_0_percent_is_shown_without_a_proof() -> None:
    shown = 0
    for view, rng in _positions(3000):
        advice = _random_figures(view, rng)
        for text in (hint_text(view, advice), *hint_lines(view, advice, 120)):
            assert not CERTAIN.search(text), text
        shown += "about" in hint_text(view, advice)
    assert shown > 1000


def _ok_open_handed(view, tile_played, hands) -> bool:
    """With every hand open, does the seat's side get what it plays for after the tile?"""
    position = Position.of_view(view, hands).after(tile_played)
    made = Solver(position).reaches(position, position.goal - position.taken)
    ours = bool(position.maximisers >> view.seat & 1)
    return made == ours


@pytest.mark.slow
def test_a_proven_play_figure_holds_in_every_layout() -> None:
    """Late in random hands, the proofs a hint shows are checked over every layout."""
    rng = random.Random(11)
    proofs = 0
    for view, _ in _positions(2500):
        if view.to_act.kind != "play" or len(view.hand) > 3 or rng.random() < 0.5:
            continue
        if view.trump in (Trump.NELLO, Trump.SEVENS) or len(view.legal) < 2:
            continue
        advice = advise(view, **FIXED)
        for f in advice.tiles:
            if f.certain is None:
                continue
            proofs += 1
            layouts = enumerate_layouts(constraints_of(view), 5000)
            assert layouts and f.worlds in (0, len(layouts))  # 0: by the sure tricks
            outcomes = {_ok_open_handed(view, f.action.tile, hands) for hands in layouts}
            assert outcomes == ({True} if f.certain is Certainty.ALWAYS else {False})
        if CERTAIN.search(hint_lines(view, advice, 200)[1]):
            assert any(f.certain is not None for f in advice.tiles)
    assert proofs >= 20


def _first_leads_with_sure_tricks(each: int):
    """Hands at the bidder's first lead whose sure tricks make the bid, ``each`` of both
    Moons (of the trumps a deal offers, the first that makes it so; in Texas 42 sure
    tricks worth 30 points are too rare to find at random)."""
    rng = random.Random("sure leads")
    for name in ("moon3", "moon4"):
        found = 0
        while found < each:
            seed = rng.randrange(10**6)
            for trump in list(Trump)[:8]:
                game = start_play(name, seed, trump)
                if game is None or game.to_act.seat != game.view(0).bidder:
                    continue
                view = game.view(game.to_act.seat)
                c = constraints_of(view)
                unseen = c.hidden | sum(k for s, k in enumerate(c.known) if s != view.seat)
                position = Position.of_view(view, c.known)
                hand = c.known[view.seat]
                if position.goal <= sure_credit(position.rules, position.counts, hand, unseen):
                    found += 1
                    yield game, view
                    break


@pytest.mark.slow
def test_a_first_lead_proven_by_sure_tricks_holds_in_every_layout_and_play() -> None:
    """At the first lead, a lead is proven by the sure tricks the trump hint proved the bid
    by, without listing the layouts (in Moon for 4 far too many): it makes
    the bid in sampled layouts with every hand open, and against every play of the others
    in a sample of layouts they cannot tell apart."""
    rng = random.Random(12)
    proven = others = 0
    for game, view in _first_leads_with_sure_tricks(8):
        # The proof of another lead over all 3,432 layouts of Moon for 3 is bounded only
        # by a budget (counted in work, so the same on any machine).
        advice = advise(view, budget=0.2, call_budget=None, layouts=16)
        hands = [mask_of(game.view(s).hand) for s in range(game.seats)]
        real = Position.of_view(view, hands)
        for f in advice.tiles:
            if f.certain is not Certainty.ALWAYS:
                others += 1
                continue
            proven += f.worlds == 0  # by the sure tricks (else over every layout listed)
            assert f.wins == 1.0
            layouts = [sample(constraints_of(view), rng) for _ in range(20)]
            worlds = [Position.of_view(view, h).after(f.action.tile) for h in layouts]
            assert all(Solver(w).reaches(w, w.goal - w.taken) for w in worlds)
            if f.worlds == 0:  # (a proof over the listed layouts is tested above)
                assert sure(worlds + [real.after(f.action.tile)], view.seat)
        if any(f.certain is Certainty.ALWAYS for f in advice.tiles[:1]):
            assert "100% of deals" in hint_lines(view, advice, 200)[1]
    assert proven >= 15 and others > 0  # a lead off the plan is not proven


def moon_after_the_discard() -> Game:
    """Moon for three, seed 7503359066106825397, the human (seat 0) dealing: the others
    pass, the human shoots the moon, takes the widow (2-2) and discards 6-2."""
    game = Game.new("moon3", seed=7503359066106825397)
    game.apply(Pass(1))
    game.apply(Pass(2))
    game.apply(Bid(0, 21))
    game.apply(Discard(0, tile(6, 2)))
    return game


def test_the_moon_that_cannot_be_made_is_given_no_chance() -> None:
    # Over all 3,432 ways the 14 unseen tiles can lie, whoever holds two of 6-3, 5-3 and
    # 3-2 plays the low one under 3-3 and keeps the higher: correct defence sets the moon.
    # The hint once said "Made in 55% of hands like this (with fives: 55%)".
    view = moon_after_the_discard().view(0)
    advice = advise(view, seed=4242, budget=None, call_budget=None, layouts=256)
    assert isinstance(advice.action, NameTrump) and advice.bid_value == 21
    named, other = advice.odds[:2]
    assert named.certain is other.certain is Certainty.NEVER
    assert named.worlds == 3432
    first, second = hint_lines(view, advice, 118)
    assert first == "Hint: Name threes: 3 threes with the double, 2 other doubles"
    assert second == ("Made in 0%: correct defence sets it in all 3,432 deals (with fives: 0%)."
                      " Enter plays it.")
    assert "55%" not in hint_text(view, advice)


def test_a_moon_for_three_bid_figure_says_it_is_before_the_widow() -> None:
    # Before the widow the figure counts its tile as any unseen one; once it is taken the
    # trump hint's figure may move a long way (a bid of 5 at 53%, then 11% with a blank
    # 2-1 taken), so the bid hint says which it is.
    game = Game.new("moon3", seed=777)
    view = game.view(game.to_act.seat)
    odds = (CallOdds(Trump.SIXES, 0.4, 16, Estimate(0.53, 0.67, 174, False)),)
    bid = Bid(view.seat, 5)
    advice = Advice(bid, "bid", True, 16, odds=odds, bid_value=5, trump=Trump.SIXES)
    assert hint_lines(view, advice, 200)[1].startswith(
        "Made in about 53% of hands like this before the widow (67% against basic)")
    # At 80 columns (78 for the message) the figure against basic is left out whole,
    # rather than the line cut in the middle of it.
    assert hint_lines(view, advice, 78)[1] == (
        "Made in about 53% of hands like this before the widow. Enter plays it.")
    game.apply(Pass(game.to_act.seat))
    game.apply(Pass(game.to_act.seat))
    game.apply(Bid(game.to_act.seat, 5))
    seat = game.to_act.seat
    game.apply(Discard(seat, game.view(seat).hand[0]))
    view = game.view(seat)
    named = NameTrump(seat, Trump.SIXES)
    advice = Advice(named, "trump", True, 16, odds=odds, bid_value=5, trump=Trump.SIXES)
    assert "of hands like this (67% against basic)" in hint_lines(view, advice, 200)[1]


def test_a_figure_resting_on_few_bids_says_so_and_an_unmeasured_one_is_not_shown() -> None:
    game = Game.new("texas42", seed=5)
    view = game.view(game.to_act.seat)

    def shown(action, found: Estimate | None) -> tuple[str, str]:
        odds = (CallOdds(Trump.FIVES, 0.7, 16, found), CallOdds(Trump.SIXES, 0.6, 16, found))
        advice = Advice(action, "bid", True, 16, odds=odds, bid_value=30, trump=Trump.FIVES)
        return hint_lines(view, advice, 200)

    bid, fives = Bid(view.seat, 30), NameTrump(view.seat, Trump.FIVES)
    measured = Estimate(0.64, 0.8, 400, False)
    assert shown(bid, measured)[1].startswith(
        "Made in about 64% of hands like this (80% against basic)")
    assert "(with sixes: about 64%)" in shown(fives, measured)[1]
    rough = Estimate(0.64, None, 60, True)
    assert shown(bid, rough)[1].startswith("Made in roughly 64% of hands like this (few measured)")
    assert "(with sixes: roughly 64%)" in shown(fives, rough)[1]
    assert "about" not in shown(fives, rough)[1]
    for action in (bid, fives):
        first, second = shown(action, None)
        assert first.startswith(("Hint: Bid 30 with fives", "Hint: Name fives"))
        assert "%" not in first + second and second == "Enter plays it."


def test_follow_me_is_weighed_at_the_expert_s_discount_beside_the_trump_it_chose(
    monkeypatch,
) -> None:
    # Open hands flatter follow-me, so the expert takes its simulated rate at
    # FOLLOW_ME_SHARE; the hint's figure for it must be that, not the undiscounted share,
    # or "with follow-me: 99%" would stand beside the fives the expert chose at 94%.
    game = Game.new("texas42", seed=5)
    bidder = game.to_act.seat
    game.apply(Bid(bidder, 30))
    while game.phase is Phase.BIDDING:
        game.apply(Pass(game.to_act.seat))
    view = game.view(bidder)
    made = {Trump.FIVES: [True] * 15 + [False], Trump.NO_TRUMP: [True] * 16}
    monkeypatch.setattr(ExpertBot, "_candidates", lambda self, view, offered: list(made))
    monkeypatch.setattr(ExpertBot, "_simulate",
                        lambda self, view, trumps, bid, rng, since=None: made)
    advice = advise(view, **FIXED)
    assert advice.action == NameTrump(bidder, Trump.FIVES)
    assert [(o.trump, o.simulated) for o in advice.odds] == [
        (Trump.FIVES, 15 / 16), (Trump.NO_TRUMP, FOLLOW_ME_SHARE)]
    follow_me = advice.odds[1]
    assert follow_me.simulated == simulated_rate(Trump.NO_TRUMP, made[Trump.NO_TRUMP])
    assert follow_me.estimate == estimate(view.options, 30, FOLLOW_ME_SHARE)


@pytest.mark.parametrize("moon_made", [9, 20])
def test_a_moon_for_four_hint_gives_the_figure_of_the_bid_it_advises(
    moon_made, monkeypatch
) -> None:
    # A hand that makes the least bid in every layout is simulated for the moon too; the
    # hint's figure must be that of the bid it advises, whichever was simulated last.
    game = Game.new("moon4", seed=11)
    view = game.view(game.to_act.seat)
    least = view.options.min_bid

    def simulate(self, view, trumps, bid, rng, since=None):
        made = 20 if bid == least else moon_made
        return {Trump.FIVES: [True] * made + [False] * (20 - made)}

    monkeypatch.setattr(ExpertBot, "_candidates", lambda self, view, offered: [Trump.FIVES])
    monkeypatch.setattr(ExpertBot, "_simulate", simulate)
    advice = advise(view, **FIXED)
    shot = moon_made == 20
    assert advice.action == Bid(view.seat, MOON if shot else least)
    assert advice.bid_value == advice.action.value
    assert [o.simulated for o in advice.odds] == [moon_made / 20 if shot else 1.0]


# Moon for three, seed 7503359066106825397, the human (seat 0) playing two hands against
# novice bots; then hand 3, the human bidding 5 and naming threes.  Each action as
# "seat bid", "seat -discard", "seat =trump" or "seat tile".
HABIT_HANDS = (
    "1 pass, 2 4, 0 7, 0 -6-2, 0 =3, 0 3-3, 1 3-2, 2 5-3, 0 2-2, 1 4-2, 2 2-1, 0 5-5, 1 5-1,"
    " 2 4-1, 0 5-4, 1 6-5, 2 6-4, 1 6-3, 2 0-0, 0 3-1, 1 6-6, 2 1-1, 0 4-3, 0 5-2, 1 6-1, 2 4-4",
    "2 pass, 0 5, 1 pass, 0 -3-2, 0 =5, 0 5-5, 1 5-4, 2 5-1, 0 0-0, 1 2-1, 2 3-1, 0 1-1, 1 4-1,"
    " 2 6-1, 0 5-2, 1 6-4, 2 4-2, 0 5-3, 1 2-2, 2 4-3, 0 6-5, 1 4-4, 2 6-3, 0 6-2, 1 6-6, 2 3-3",
    "0 5, 1 pass, 2 pass, 0 -2-1, 0 =3",
)


def _action(text: str):
    seat, what = text.split()
    s = int(seat)
    if what == "pass":
        return Pass(s)
    if what.startswith("-"):
        return Discard(s, tile(*map(int, what[1:].split("-"))))
    if what.startswith("="):
        return NameTrump(s, Trump(what[1:]))
    if "-" in what:
        return Play(s, tile(*map(int, what.split("-"))))
    return Bid(s, int(what))


def test_of_leads_equal_if_they_play_by_habit_the_hint_takes_the_one_that_holds_best() -> None:
    game = Game.new("moon3", seed=7503359066106825397)
    for number, hand in enumerate(HABIT_HANDS):
        if number:
            game.next_hand()
        for text in hand.split(","):
            game.apply(_action(text))
    view = game.view(0)
    advice = advise(view, seed=HINT_SEED)
    figures = {f.action.tile: f for f in advice.tiles}
    # Two hands have taught the hint that the others do not trump a suit they are out of:
    # 0-0, 1-1 and 5-5 all make the bid in every layout tried if they play by habit.
    # Against best play 0-0 is lost (the 3 threes out beat it; made in 60 of the 3,432
    # deals with every hand open), so the hint once led it: "about 1%, 99% if they play
    # by habit" beside a trump figure of 84%.
    # (Figures not proven are shown tempered: every layout is tempered(1.0), about 97%.)
    assert figures[tile(0, 0)].wins == figures[advice.action.tile].wins == tempered(1.0)
    assert figures[tile(0, 0)].best_play <= tempered(0.05)
    tied = [f for f in advice.tiles if f.wins == advice.tiles[0].wins]
    assert advice.action.tile != tile(0, 0)
    assert advice.tiles[0].best_play == max(f.best_play for f in tied) > 0.3
    assert "about 1%" not in hint_text(view, advice)


def test_a_moon_for_three_bid_under_half_says_why_it_is_advised() -> None:
    # The expert bids in Moon for 3 from 30% (bidding from half won fewer hands): a hint
    # to bid at 35% says why, and at 80 columns leaves that out before the figure.
    game = Game.new("moon3", seed=777)
    view = game.view(game.to_act.seat)
    bid = Bid(view.seat, 5)

    def second_line(experts: float, width: int, game_view=view, action=bid) -> str:
        odds = (CallOdds(Trump.SIXES, 0.4, 16, Estimate(experts, 0.5, 174, False)),)
        advice = Advice(action, "bid", True, 16, odds=odds, bid_value=5, trump=Trump.SIXES)
        return hint_lines(game_view, advice, width)[1]

    why = "bidding from 30% wins more hands than passing"
    assert second_line(0.35, 200) == (
        f"Made in about 35% of hands like this before the widow (50% against basic); {why}."
        " Enter plays it.")
    # 120 columns: the reason stays, the figure against basic goes; 80: the figure alone.
    assert second_line(0.35, 118) == (
        f"Made in about 35% of hands like this before the widow; {why}. Enter plays it.")
    assert second_line(0.35, 78) == (
        "Made in about 35% of hands like this before the widow. Enter plays it.")
    assert why not in second_line(0.6, 200)  # made more often than not: nothing to explain
    # In Texas 42 the expert bids from half: a bid under it is never explained so.
    texas = Game.new("texas42", seed=5)
    texas_view = texas.view(texas.to_act.seat)
    assert "wins more hands" not in second_line(0.45, 200, texas_view, Bid(texas_view.seat, 30))


def test_at_80_columns_a_call_figure_that_moved_keeps_its_first_reason() -> None:
    # "of hands like this" stands apart once the figure moved, cut before the reason.
    game = Game.new("texas42", seed=5)
    view = game.view(game.to_act.seat)
    odds = (CallOdds(Trump.FIVES, 0.4, 16, Estimate(0.35, 0.5, 400, False)),
            CallOdds(Trump.SIXES, 0.3, 16, Estimate(0.3, 0.45, 400, False)))
    moved = Moved("60%", ("the bid is 34 now, not 30", "Margaret bid 34"))
    for action in (Bid(view.seat, 34), NameTrump(view.seat, Trump.FIVES)):
        advice = Advice(action, "bid", True, 16, odds=odds, bid_value=34, trump=Trump.FIVES)
        narrow = hint_lines(view, advice, 78, moved)[1]
        assert narrow.startswith("Made in about 35%; was 60%: the bid is 34 now, not 30")
        assert len(narrow) <= 78
        wide = hint_lines(view, advice, 200, moved)[1]
        assert wide.startswith("Made in about 35% of hands like this (50% against basic)")
        assert wide.endswith("; was 60%: the bid is 34 now, not 30, Margaret bid 34. "
                             "Enter plays it.")
        # Nothing moved: the figure says whose it is.
        assert hint_lines(view, advice, 78)[1].startswith("Made in about 35% of hands like this")


def test_a_pass_whose_figure_rounds_up_to_the_bidding_rate_says_just_under_it() -> None:
    game = Game.new("texas42", seed=5)
    view = game.view(game.to_act.seat)

    def passed(rate: float) -> str:
        odds = (CallOdds(Trump.FIVES, 0.5, 16, Estimate(rate, 0.7, 400, False)),)
        advice = Advice(Pass(view.seat), "bid", True, 16, odds=odds, bid_value=30,
                        trump=Trump.FIVES)
        return hint_lines(view, advice, 200)[0]

    assert "30 is made in just under 50% of hands like this" in passed(0.497)
    assert "30 is made in about 49% of hands like this" in passed(0.494)


def test_at_80_columns_a_proven_trump_figure_that_moved_says_why() -> None:
    # Moon for three: a bid of 6 at about 46% before the widow, then the widow makes the
    # sure tricks: the trump hint's 100% says where it was and that the widow was taken.
    game = Game.new("moon3", seed=777)
    game.apply(Pass(game.to_act.seat))
    game.apply(Pass(game.to_act.seat))
    seat = game.to_act.seat
    game.apply(Bid(seat, 6))
    game.apply(Discard(seat, game.view(seat).hand[0]))
    view = game.view(seat)
    for certain, words in ((Certainty.ALWAYS, "Made in 100%: your sure tricks make it"),
                           (Certainty.NEVER, "Made in 0%: correct defence sets it")):
        odds = (CallOdds(Trump.SIXES, 1.0, 16, None, certain, 16),)
        advice = Advice(NameTrump(seat, Trump.SIXES), "trump", True, 16, odds=odds,
                        bid_value=6, trump=Trump.SIXES)
        narrow = hint_lines(view, advice, 78, Moved("46%", ("widow taken",)))[1]
        assert narrow == f"{words}; was 46%: widow taken. Enter plays it."
        # Nothing moved: the figure in full.
        assert hint_lines(view, advice, 78)[1].startswith(
            f"{words} however the tiles lie" if certain is Certainty.ALWAYS
            else f"{words} in all 16 deals")
