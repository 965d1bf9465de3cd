"""Hints: the expert's move for the human, worded from its figures and the view."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from moon42.ai.advice import advise
from moon42.ai.basic import trump_choice
from moon42.ai.calibration import estimate
from moon42.ai.claims import check_claim
from moon42.ai.expert import MAKE_RATE
from moon42.ai.odds import Certainty
from moon42.app.tui.text.hint_words import hint_lines, hint_text
from moon42.app.tui.widgets.choices import ChoiceBar
from moon42.app.tui.widgets.hand import HandView
from moon42.rules import Bid, Game, NameTrump, Pass, Phase, Play, Trump, tile
from tests.ai.helpers import dealer_view_at_bid

from .helpers import (
    PLAIN_BOT,
    name_trump_or_go_on,
    new_app,
    new_bot_or_plain,
    screen_text,
    settle,
)

# Solving a fixed number of layouts, without a clock: the same advice on every machine.
FIXED = {"budget": None, "call_budget": None, "layouts": 16}


HINT_DEADLINE = 60.0  # seconds: the expert thinks in a thread, on a busy machine too

@pytest.fixture(autouse=True)
def fixed_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.tui.text.hints.HINT_SETTINGS", {**FIXED, "layouts": 8})


def texas42_after(seed: int, steps: int) -> Game:
    """Texas 42 played by a plain script: the first bidder bids 30 and the others pass, the
    declarer names basic's trump, every seat plays its lowest legal tile."""
    game = Game.new("texas42", seed=seed)
    for _ in range(steps):
        turn = game.to_act
        legal = game.legal_actions()
        if turn.kind == "bid":
            bid = any(b.value for b in game.view(0).bids)
            action = next(a for a in legal if isinstance(a, Pass if bid else Bid))
        elif turn.kind == "trump":
            view = game.view(turn.seat)
            action = NameTrump(turn.seat, trump_choice(view.hand, [a.trump for a in legal]))
        else:
            action = min(legal, key=lambda a: a.tile)
        game.apply(action)
    assert game.to_act.seat == 0
    return game


def test_the_trump_that_keeps_the_double_back_for_the_last_trick() -> None:
    view = texas42_after(0, 28).view(0)  # fours are trump; 5-2 led, 4-0 and 6-2 followed
    assert {a.tile for a in view.legal} == {tile(5, 4), tile(4, 4)}
    advice = advise(view, **FIXED)
    assert advice.action == Play(0, tile(5, 4))
    best, other = advice.tiles
    # 4-4 loses in one of the two layouts left; what the auction says of the hands makes
    # the other a little likelier.
    assert best.wins == 1.0 and 0.5 < other.wins < 0.52
    # Every layout is listed (two are left) and the bid is proven made: no defence and
    # no layout sets it, so the hint may say 100%.
    assert best.certain is Certainty.ALWAYS and best.worlds == 2
    assert hint_text(view, advice) == (
        "Hint: Play 5-4: it trumps in and wins the trick; the bid is made in 100% of deals,"
        " whatever they hold and play (with 4-4: about 50%)"
    )


def test_count_goes_to_the_partner_who_is_winning() -> None:
    view = texas42_after(1, 27).view(0)  # the partner bid and leads the trick with 5-5
    advice = advise(view, **FIXED)
    assert advice.action == Play(0, tile(6, 4)) and advice.bidder_side
    first, second = hint_lines(view, advice, 78)
    assert first == "Hint: Play 6-4: your partner is winning the trick: 10 count to your side"
    assert second == (
        "The bid is made in 100% of deals, whatever they hold and play. Enter plays it.")
    assert hint_lines(view, advice, 120)[1] == (
        "The bid is made in 100% of deals, whatever they hold and play (with 6-3: about 71%)."
        " Enter plays it.")


def test_a_defender_is_told_it_sets_the_bid() -> None:
    view = texas42_after(7, 19).view(0)
    advice = advise(view, **FIXED)
    assert advice.action == Play(0, tile(5, 5)) and not advice.bidder_side
    text = hint_text(view, advice)
    assert text.startswith("Hint: Play 5-5: it tops the trick so far, with 10 count in it")
    assert advice.tiles[0].certain is None  # too many layouts are left to list them all
    # Set in nearly every layout with every hand open, shown tempered (``ai/tempered.py``).
    assert "the bid is set in about 97% of deals" in text


def test_the_only_legal_tile_needs_no_search() -> None:
    game = texas42_after(0, 28)
    game.apply(Play(0, tile(5, 4)))
    while game.to_act is not None and game.to_act.seat != 0:
        game.apply(min(game.legal_actions(), key=lambda a: a.tile))
    view = game.view(0)
    assert len(view.legal) == 1
    advice = advise(view, **FIXED)
    assert advice.layouts == 0
    assert hint_text(view, advice) == "Hint: Lead 4-4: it is the only tile you may play"


def _shown(rate: float) -> str:
    return f"about {min(99, max(1, round(100 * rate)))}%"


def test_a_bid_hint_names_the_trump_and_what_the_hand_holds() -> None:
    game = _passed_to_you("texas42", seed=5)
    view = game.view(0)  # 6-6 4-1 4-0 3-3 2-1 1-1 1-0
    advice = advise(view, **FIXED)
    assert isinstance(advice.action, Bid) and advice.odds
    best = advice.odds[0]
    assert advice.trump is best.trump is Trump.ONES
    text = hint_text(view, advice)
    assert text.startswith(
        f"Hint: Bid {advice.action.value} with ones: 4 ones with the double, 2 other doubles,"
        " 5 count; made in ")
    # The figure is what play makes of such hands (the simulated share read through the
    # calibration of this kind of bid, the least), never a certainty it cannot prove.
    found = estimate(view.options, advice.action.value, best.simulated)
    assert f"made in {_shown(found.experts)} of hands like this" in text
    assert found.experts >= MAKE_RATE  # the expert bids by it: a bid advised is made often
    # Cut to fit: the move stays, the figures go before it.
    assert hint_text(view, advice, 40).startswith(f"Hint: Bid {advice.action.value}")
    assert len(hint_text(view, advice, 40)) <= 40


def _passed_to_you(game_name: str, seed: int) -> Game:
    """A game dealt from ``seed`` in which every seat before seat 0 has passed."""
    game = Game.new(game_name, seed=seed)
    while game.to_act.seat != 0:
        game.apply(Pass(game.to_act.seat))
    return game


def _short(odds) -> str:
    if odds.certain is Certainty.ALWAYS:
        return "100%"
    return _shown(odds.estimate.experts)


def test_a_bid_hint_gives_the_neighbouring_bids_figures() -> None:
    # Moon for three, the dealer after two passes: the expert advises 5, a higher bid than
    # the least (4), and the hint gives 4's figure and 6's beside 5's, each with the same
    # trump on the same layouts.
    game = Game.new("moon3", seed=19)
    dealer = game.view(0).dealer
    while game.to_act.seat != dealer:
        game.apply(Pass(game.to_act.seat))
    view = game.view(dealer)
    advice = advise(view, **{**FIXED, "layouts": 64})
    assert advice.action == Bid(dealer, 5) and advice.trump is Trump.FIVES
    (low, below), (high, above) = advice.others
    assert (low, high) == (4, 6)
    assert below.trump is above.trump is advice.trump
    mine = next(o for o in advice.odds if o.trump is advice.trump)
    # Made with 6 on a layout means made with 5 and with 4 there too.
    assert below.simulated >= mine.simulated >= above.simulated
    assert below.estimate.experts > above.estimate.experts
    text = hint_text(view, advice)
    assert text.startswith("Hint: Bid 5 with fives: ")
    assert text.endswith(f"; 4: {_short(below)}, 6: {_short(above)}")
    # The neighbours are cut before the bid's own figure on a short line.
    short = hint_text(view, advice, 110)
    assert "made in about" in short and "4: " not in short


def test_the_least_bid_has_only_the_next_bid_up_beside_it() -> None:
    game = _passed_to_you("texas42", seed=5)
    view = game.view(0)
    advice = advise(view, **FIXED)
    assert advice.action == Bid(0, 30)
    ((value, up),) = advice.others
    assert value == 31 and up.trump is advice.trump
    # The calibration reads 31 from the higher bids' table, which alone would show it made
    # more often than 30: a bid made on a layout makes every lower one, so it is kept under.
    mine = next(o for o in advice.odds if o.trump is advice.trump)
    assert up.simulated <= mine.simulated
    assert up.estimate.experts <= mine.estimate.experts
    assert hint_text(view, advice, 500).endswith(f"; 31: {_short(up)}")
    # At 80 columns (78 for the message line) the next bid's figure is kept and the figure
    # against basic left out.
    wide, narrow = hint_lines(view, advice, 200)[1], hint_lines(view, advice, 78)[1]
    assert "against basic" in wide and "against basic" not in narrow
    assert narrow.endswith(f"of hands like this; 31: {_short(up)}. Enter plays it.")


def test_a_pass_or_a_trump_hint_has_no_neighbouring_bids() -> None:
    game = _passed_to_you("texas42", seed=9)
    advice = advise(game.view(0), **FIXED)
    assert isinstance(advice.action, Pass) and advice.others == ()


def test_a_pass_hint_gives_how_rarely_play_makes_the_bid() -> None:
    game = _passed_to_you("texas42", seed=9)
    view = game.view(0)  # 6-4 5-1 4-2 4-0 3-1 2-0 1-0: no double, no long suit
    advice = advise(view, **{**FIXED, "layouts": 128})  # 16 layouts for a call
    assert isinstance(advice.action, Pass)
    best = advice.odds[0]
    found = estimate(view.options, 30, best.simulated)
    assert 0 < found.experts < MAKE_RATE
    assert hint_text(view, advice).startswith(
        f"Hint: Pass: even with {best.trump.label}, 30 is made in {_shown(found.experts)}"
        " of hands like this"
    )
    # At 80 columns (78 for the message) the reason is too long for one line: it goes on
    # under it, broken between words, and the figure is not cut.
    whole = hint_text(view, advice, 500)
    first, second = hint_lines(view, advice, 78)
    assert len(first) <= 78 and len(second) <= 78 and len(first) + len(second) > 78
    assert not first.endswith("…") and second.endswith(". Enter plays it.")
    shown = f"{first} {second.removesuffix('. Enter plays it.')}"
    assert whole.startswith(shown) and "against basic)" in shown


@pytest.mark.slow
def test_the_bid_hint_and_the_trump_hint_of_a_hand_tell_the_same_story() -> None:
    # Both simulations try the same trumps on the same random layouts, so the trump the
    # bid is weighed with is the trump named, with the same figure, and the hand is
    # described alike (here both solve the same number of layouts, without a clock).
    for game_name, seed in (("texas42", 5), ("texas42", 21), ("moon4", 4)):
        game = _passed_to_you(game_name, seed=seed)
        settings = {**FIXED, "layouts": 64}
        bid = advise(game.view(0), **settings)
        if not isinstance(bid.action, Bid):
            bid = replace(bid, action=Bid(0, bid.bid_value))  # bid it all the same
        before = hint_text(game.view(0), bid).split(";")[0].split(": ", 2)[2]
        game.apply(bid.action)
        while game.to_act.kind == "bid":
            game.apply(Pass(game.to_act.seat))
        trump = advise(game.view(0), **settings)
        assert trump.kind == "trump" and trump.bid_value == bid.bid_value
        assert trump.action == NameTrump(0, bid.trump)
        assert [(o.trump, o.simulated) for o in trump.odds] == [
            (o.trump, o.simulated) for o in bid.odds]
        assert len(trump.odds) == 3
        after = hint_text(game.view(0), trump).split(";")[0].split(": ", 2)[2]
        assert after == before


def test_after_an_opponents_bid_the_hint_weighs_bidding_over_it() -> None:
    view = dealer_view_at_bid(5, opening=True)
    advice = advise(view, **{**FIXED, "layouts": 64})
    # The figure is for 31, the least bid over the opponent's 30 (a higher bid of Texas 42,
    # read from its own table), and the hint bids it only if experts make such bids at least
    # MAKE_RATE of the time: this hand is near that line, so either way, with its figure.
    assert advice.bid_value == 31 and advice.bidder_side
    assert advice.trump is Trump.FIVES
    best = next(o for o in advice.odds if o.trump is advice.trump)
    figure = round(100 * best.estimate.experts)
    text = hint_text(view, advice)
    if best.estimate.experts >= MAKE_RATE:
        assert advice.action == Bid(view.seat, 31)
        assert text.startswith("Hint: Bid 31 with fives:")
        assert f"made in about {figure}% of hands like this" in text
    else:
        assert advice.action == Pass(view.seat)
        assert text.startswith(
            f"Hint: Pass: even with fives, 31 is made in about {figure}% of hands like this")


def test_asking_for_advice_changes_nothing_in_the_game() -> None:
    game = texas42_after(1, 27)
    before = game.view(0)
    advise(before, **FIXED)
    assert game.view(0) == before
    again = texas42_after(1, 27)
    assert [a for a in again.legal_actions()] == [a for a in game.legal_actions()]


async def _hint(pilot) -> str:
    """Press the hint key and wait for the expert's answer."""
    await pilot.press("a")
    deadline = time.monotonic() + HINT_DEADLINE
    while time.monotonic() < deadline:
        await pilot.pause(0.02)
        if "Enter plays it" in screen_text(pilot.app):
            return screen_text(pilot.app)
    raise AssertionError("no hint came")


@pytest.mark.slow  # waits on the expert's advice twice
async def test_enter_plays_the_hinted_bid_and_tile(monkeypatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)
    app = new_app("texas42", seed=5, bots=(PLAIN_BOT,) * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.flow.game.view(0)
        advice = advise(view, seed=4242, **{**FIXED, "layouts": 8})
        text = await _hint(pilot)
        assert isinstance(advice.action, Bid)  # 6-6 3-3 1-1 and four ones: the hand bids
        assert f"Hint: Bid {advice.action.value} with " in text
        bar = app.screen.query_one("#choices", ChoiceBar)
        assert app.screen.offers[bar.cursor] == advice.action
        await pilot.press("enter")
        await settle(pilot)
        view = app.flow.game.view(0)
        assert (view.bidder, view.high_bid) == (0, advice.action.value)
        while app.flow.game.view(0).phase is not Phase.PLAY:
            await name_trump_or_go_on(pilot)
            await settle(pilot)
        view = app.flow.game.view(0)
        advice = advise(view, seed=4242, **{**FIXED, "layouts": 8})
        text = await _hint(pilot)
        hand = app.screen.query_one("#hand", HandView)
        assert hand.tiles[hand.cursor] == advice.action.tile
        await pilot.press("enter")
        await settle(pilot)
        assert advice.action.tile in app.flow.game.view(0).played


async def test_no_hint_while_watching_bots(monkeypatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)
    app = new_app("texas42", seed=5, bots=(PLAIN_BOT,) * 4, watch=True, pace=1.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert not [w for w in app.workers if w.name == "hint"]


@pytest.mark.parametrize("seed, steps", [(0, 28), (1, 27), (7, 19)])
def test_the_advice_is_the_same_whatever_the_hidden_tiles(seed, steps) -> None:
    import random

    from moon42.rules.record import game_to_record
    from tests.ai.hidden_tiles import hidden_tiles, reshuffled

    game = texas42_after(seed, steps)
    other = reshuffled(game_to_record(game), hidden_tiles(game, 0), random.Random(seed))
    assert other is not None
    assert [other.view(s).hand for s in (1, 2, 3)] != [game.view(s).hand for s in (1, 2, 3)]
    assert advise(other.view(0), **FIXED) == advise(game.view(0), **FIXED)


def test_moon_for_three_before_the_widow_keeps_a_neighbouring_bid_at_80_columns() -> None:
    # "of hands like this" gives way (after the figure against basic) to the bid below or
    # above; "before the widow" stays with the figure it qualifies.
    game = _passed_to_you("moon3", seed=4)
    view = game.view(0)
    advice = advise(view, **FIXED)
    assert advice.action == Bid(0, 5) and [value for value, _ in advice.others] == [4, 6]
    below = _short(advice.others[0][1])
    wide, narrow = hint_lines(view, advice, 200)[1], hint_lines(view, advice, 78)[1]
    assert "of hands like this before the widow (" in wide and "against basic" in wide
    assert "of hands like this" not in narrow and "against basic" not in narrow
    assert narrow.startswith("Made in about ") and f" before the widow; 4: {below}" in narrow
    assert len(narrow) <= 78


def test_a_lead_of_only_winners_says_w_claims_the_rest() -> None:
    """Moon for 3 played at random (seed 6) until a seat leads holding only sure winners:
    the hint says so and that w claims the rest, and w's own check accepts the claim; a
    lead before it, with a tile that could lose, says nothing of a claim."""
    game, chooser = Game.new("moon3", seed=6), random.Random(6)
    leads_before = []
    while True:
        view = game.view(game.to_act.seat)
        if view.to_act.kind == "play" and view.current_trick is None and len(view.hand) >= 2:
            if check_claim(view).accepted:
                break
            leads_before.append(view)
        game.apply(chooser.choice(game.legal_actions()))
    advice = advise(view, **FIXED)
    first, second = hint_lines(view, advice, 78)
    assert first == f"Hint: Lead {advice.action.tile}, or w claims the rest: every tile " \
        "you hold wins"
    assert second.endswith("Enter plays it.") and len(first) <= 78
    assert leads_before
    for earlier in leads_before:
        assert "claims" not in " ".join(hint_lines(earlier, advise(earlier, **FIXED), 78))
