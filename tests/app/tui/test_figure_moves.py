"""A hint's figure that moves by more than 15 points says from where and why; every reason
it gives is true of the game, checked against the real play, not the seat's view."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

import pytest

from moon42.ai.advice import Advice, TileFigures
from moon42.ai.calibration import least_bid
from moon42.ai.odds import Certainty
from moon42.ai.protocol import decide
from moon42.ai.random_bot import RandomBot
from moon42.app.play.config import NAME_LIMIT
from moon42.app.tui.text.figure_moves import (
    MOVED,
    ShownFigure,
    _what_changed,
    moved_words,
    shown_figure,
)
from moon42.app.tui.text.hint_words import hint_lines
from moon42.app.tui.text.hints import Hints
from moon42.rules import Bid, Game, Pass, Play
from moon42.rules.trump import TRUMP_SUIT, suit_name
from moon42.rules.views import SeatView
from tests.ai.helpers import random_options


def _figure(view: SeatView, rate: float, **fields) -> ShownFigure:
    made = dict(rate=rate, words=f"{round(100 * rate)}%", goal="made",
                value=view.high_bid, trump=view.trump, hands_like=False)
    return ShownFigure(view=view, **{**made, **fields})


def _plays_of_seat0(game_name: str, seed: int) -> list[SeatView]:
    """Seat 0's views at each of its turns to play in the first hand (numbered 0) of a
    random game."""
    rng = random.Random(seed)
    game = Game.new(game_name, random_options(rng, game_name), seed=seed)
    bots = [RandomBot(rng.randrange(2**32)) for _ in range(game.seats)]
    views = []
    while game.to_act is not None and game.view(0).hand_number == 0:
        view = game.view(game.to_act.seat)
        if view.seat == 0 and view.to_act.kind == "play":
            views.append(view)
        game.apply(decide(bots[view.seat], view))
    return views


def _check(before: SeatView, now: SeatView, reason: str, seen: Counter[str]) -> None:
    """``reason`` is true of what happened between the two views."""
    names = now.players
    done = now.tricks[len(before.tricks):]
    plays = [p for trick in done for p in trick.plays]
    if now.current_trick is not None:
        plays += list(now.current_trick.plays)
    if " showed out of " in reason:
        seen["void"] += 1
        who, suit_words = reason.split(" showed out of ")
        seat = names.index(who)
        suit = TRUMP_SUIT if suit_words == "trumps" else next(
            s for s in range(8) if suit_name(s) == suit_words)
        rules = now.play_rules
        tricks = [*done] + ([now.current_trick] if now.current_trick else [])
        assert any(rules.led_suit[t.plays[0][1]] == suit and any(
            s == seat and not rules.follows(tile, suit) for s, tile in t.plays[1:])
            for t in tricks), reason
    elif " took trick " in reason:
        seen["took"] += 1
        who, rest = reason.split(" took trick ")
        number, _, count = rest.partition(" (")
        trick = now.tricks[int(number) - 1]
        assert len(done) == 1 and trick is done[0]
        assert trick.winner == (now.seat if who == "You" else names.index(who))
        assert (trick.points - 1) == (int(count.removesuffix(" count)")) if count else 0) \
            or now.options.is_moon
    elif reason.startswith(("you took ", "your side took ")) and reason.endswith(" tricks"):
        seen["tricks"] += 1
        took, of = reason.split(" took ")[1].removesuffix(" tricks").split(" of ")
        mine = {now.seat, now.partner}
        assert int(of) == len(done) > 1
        assert int(took) == sum(t.winner in mine for t in done)
    elif reason.startswith("the others took ") and reason.endswith(" count"):
        seen["count"] += 1
        count = int(reason.removeprefix("the others took ").removesuffix(" count"))
        mine = {now.seat, now.partner}
        assert len(done) > 1 and not now.options.is_moon
        assert count == sum(t.points - 1 for t in done if t.winner not in mine) > 0
    elif " led " in reason:
        seen["led"] += 1
        who, tile = reason.split(" led ")
        leader, led = now.current_trick.plays[0]
        assert names[leader] == who and str(led) == tile and leader != now.seat
    else:
        raise AssertionError(f"no check for {reason!r}")


def _some_plays(game_name: str, seed: int, need: int = 3) -> list[SeatView]:
    """``_plays_of_seat0`` of the first game from ``seed`` on with ``need`` turns of choice."""
    while True:
        views = [v for v in _plays_of_seat0(game_name, seed) if len(v.legal) > 1]
        if len(views) >= need:
            return views
        seed += 1


@pytest.mark.parametrize("game_name", ["moon3", "moon4", "texas42"])
def test_every_reason_a_moved_figure_gives_is_true_of_the_play(game_name) -> None:
    seen: Counter[str] = Counter()
    pairs = 0
    for seed in range(60):
        views = _plays_of_seat0(game_name, seed)
        for i, before in enumerate(views):
            for now in views[i + 1:i + 3]:
                moved = moved_words(_figure(before, 0.9), _figure(now, 0.2))
                assert moved is not None and moved.was == "90%"
                pairs += 1
                for reason in moved.reasons:
                    _check(before, now, reason, seen)
    assert pairs > 200
    assert {"void", "took", "tricks", "led"} <= set(seen), seen


def test_a_figure_moved_by_at_most_15_points_or_in_another_hand_or_goal_says_nothing() -> None:
    views = _some_plays("texas42", 3)
    before, now = views[0], views[2]
    assert moved_words(_figure(before, 0.60), _figure(now, 0.60 + MOVED / 100)) is None
    assert moved_words(_figure(before, 0.60), _figure(now, 0.60 - MOVED / 100)) is None
    assert moved_words(_figure(before, 0.60), _figure(now, 0.80)) is not None
    assert moved_words(_figure(before, 0.9), _figure(now, 0.1, goal="set")) is None
    other_hand = replace(now, hand_number=2)
    assert moved_words(_figure(before, 0.9), _figure(other_hand, 0.1)) is None
    assert moved_words(None, _figure(now, 0.1)) is None
    # A game played again starts at the same hand number: its figures are not compared.
    other_game = _some_plays("texas42", 100)[0]
    assert other_game.hand_number == before.hand_number
    assert moved_words(_figure(other_game, 0.9), _figure(now, 0.1)) is None


def test_a_call_figure_then_the_play_s_says_what_changed_first() -> None:
    views = _some_plays("texas42", 5)
    now = views[0]
    before = replace(now, bids=now.bids[:1], tricks=(), current_trick=None)
    moved = moved_words(
        _figure(before, 0.3, value=(now.high_bid or 30) - 1, hands_like=True, words="about 30%"),
        _figure(now, 0.9))
    assert moved is not None and moved.was == "about 30%"
    assert moved.reasons[0] == f"the bid is {now.high_bid} now, not {(now.high_bid or 30) - 1}"
    assert len(moved.reasons) == 2  # at most two: a line has room for no more


def test_passes_after_a_bid_are_a_reason_where_the_figures_read_them() -> None:
    """The play's figures read the passes made after the bid, so a bid's figure giving way
    to the play's names them; a trump's figure (random deals) does not read them, and in
    Moon for three no call is read."""
    for game_name, says in (("texas42", True), ("moon4", True), ("moon3", False)):
        game = Game.new(game_name, seed=7)
        bidder = game.to_act.seat
        at_bid = game.view(bidder)
        game.apply(Bid(bidder, least_bid(game.options)))
        passed = []
        while game.to_act.kind == "bid":
            passed.append(game.view(0).players[game.to_act.seat])
            game.apply(Pass(game.to_act.seat))
        names = ", ".join(passed[:-1]) + " and " + passed[-1]
        bid_figure = _figure(at_bid, 0.8, value=None, hands_like=True)
        for hands_like, read in ((True, False), (False, says)):
            moved = moved_words(bid_figure, _figure(game.view(bidder), 0.4, value=None,
                                                    hands_like=hands_like))
            assert moved is not None
            assert (f"{names} passed" in moved.reasons) is read, (game_name, moved.reasons)


def _advice(view: SeatView, rate: float) -> Advice:
    tiles = tuple(TileFigures(action=a, wins=rate - 0.1 * k, credit=None)
                  for k, a in enumerate(a for a in view.legal if isinstance(a, Play)))
    return Advice(action=tiles[0].action, kind="play", bidder_side=True, layouts=16, tiles=tiles)


class _Screen:
    """What ``Hints`` asks of a table screen, recording what it shows; work runs at once."""

    def __init__(self) -> None:
        self.view: SeatView | None = None
        self.interactive = True
        self.glyphs = SimpleNamespace(ascii=True)
        self.app = SimpleNamespace(call_from_thread=lambda f, *a: f(*a))
        self.message_width = 200
        self.shown: list[tuple[str, str]] = []

    def refuse(self, reason: str) -> None:
        raise AssertionError(reason)

    def note(self, text: str) -> None:
        pass

    def run_worker(self, work, **options) -> None:
        work()

    def show_hint(self, first: str, second: str) -> None:
        self.shown.append((first, second))

    def point_at(self, action) -> None:
        pass


def test_the_table_s_hints_say_a_move_and_not_a_figure_that_kept_still() -> None:
    views = _some_plays("texas42", 11)
    rates = iter([0.9, 0.85, 0.4])
    screen = _Screen()
    hints = Hints(screen, think=lambda view, **_: _advice(view, next(rates)))
    for view in views[:3]:
        screen.view = view
        hints.ask()
    (_, first), (_, second), (_, third) = screen.shown
    assert "; was" not in first and "; was" not in second  # 90%, then 85%: no word
    assert "about 40% of" not in third and "; was 85%" in third  # 85% to 40%: from where
    assert shown_figure(views[2], _advice(views[2], 0.4)).rate == pytest.approx(0.4)
    # Asked again on the same turn, the same words.
    hints.ask()
    assert screen.shown[-1][1] == third
    assert hint_lines(views[2], _advice(views[2], 0.4), 200)[1] != third


def test_at_80_columns_a_moved_figure_keeps_its_first_reason_before_the_figure_by_habit() -> None:
    view = _some_plays("texas42", 5)[0]
    plays = [a for a in view.legal if isinstance(a, Play)]
    tiles = tuple(TileFigures(action=a, wins=0.31 - 0.1 * k, credit=None, best_play=0.26 - 0.1 * k)
                  for k, a in enumerate(plays))
    advice = Advice(action=tiles[0].action, kind="play", bidder_side=True, layouts=16,
                    tiles=tiles)
    moved = moved_words(
        _figure(replace(view, tricks=(), current_trick=None), 0.42, hands_like=True, words="42%"),
        _figure(view, 0.26))
    assert moved is not None and moved.reasons[0] == "that was for hands like yours"
    narrow = hint_lines(view, advice, 78, moved)[1]  # the message line at 80 columns
    assert narrow.startswith("Made in about 26%; was 42%: that was for hands like yours")
    assert "by habit" not in narrow and len(narrow) <= 78
    wide = hint_lines(view, advice, 200, moved)[1]
    assert "about 26%, 31% by habit" in wide and "that was for hands like yours" in wide
    # Nothing moved: the figure by habit stays with the figure.
    assert "about 26%, 31% if they play by habit" in hint_lines(view, advice, 78)[1]


def _kinds_of_figures(view: SeatView) -> list[tuple[str, Advice]]:
    """The advised tile's figure in each form a hint gives it, the tiles apart or alike."""
    plays = [a for a in view.legal if isinstance(a, Play)]

    def advice(*figures: dict) -> Advice:
        pairs = zip(plays, figures[:len(plays)], strict=True)
        tiles = tuple(TileFigures(action=a, credit=None, **f) for a, f in pairs)
        return Advice(action=tiles[0].action, kind="play", bidder_side=False, layouts=16,
                      tiles=tiles)

    low = dict(wins=0.05)
    return [
        ("never", advice(dict(wins=0.0, certain=Certainty.NEVER), *[dict(wins=0.0)] * 6)),
        ("never, habit", advice(dict(wins=0.12, best_play=0.0, certain=Certainty.NEVER),
                                *[dict(wins=0.0)] * 6)),
        ("always", advice(dict(wins=1.0, certain=Certainty.ALWAYS), *[low] * 6)),
        ("about, habit", advice(dict(wins=0.31, best_play=0.26), *[low] * 6)),
        ("alike", advice(*[dict(wins=0.3)] * 7)),
        ("alike, habit", advice(*[dict(wins=0.35, best_play=0.3)] * 7)),
    ]


@pytest.mark.parametrize("game_name", ["moon3", "moon4", "texas42"])
def test_at_80_columns_the_first_reason_a_figure_moved_fits_whatever_the_figure(game_name):
    """Every kind of reason (a trick, tricks and their count, a void, a lead), after every
    form of the figure, on the message line of an 80-column screen, the others named with
    as many letters as a name may have (a trick's count may give way to the trick)."""
    seen = Counter()
    names = ("You", "Bartholomews", "Christophers", "Alexandrinas")
    assert {len(n) for n in names[1:]} == {NAME_LIMIT}
    for seed in range(40):
        views = [replace(v, players=names[:v.seats])
                 for v in _plays_of_seat0(game_name, seed) if len(v.legal) > 1]
        for i, before in enumerate(views):
            for now in views[i + 1:i + 3]:
                moved = moved_words(_figure(before, 0.42, words="42%", goal="set"),
                                    _figure(now, 0.0, goal="set"))
                assert moved is not None
                if not moved.reasons:  # (your side's trick alone, for a figure that fell)
                    continue
                first = moved.reasons[0].split(" (")[0]  # (the count may go)
                for form, advice in _kinds_of_figures(now):
                    if game_name == "moon3" and "never" not in form and "always" not in form:
                        continue  # (Moon for three's defenders are shown proven figures only)
                    lines = hint_lines(now, advice, 78, moved)
                    line = lines[1]
                    assert f"; was 42%: {first}" in line and len(line) <= 78, (form, lines)
                    seen[first.split()[1]] += 1
    assert seen["took"] > 10 and seen["showed"] > 100 and seen["side"] + seen["took"] > 10, seen


@pytest.mark.parametrize("game_name", ["moon4", "texas42"])
def test_a_trick_is_named_only_where_it_goes_the_way_the_figure_went(game_name) -> None:
    # Your side's trick for a figure that rose, the others' for one that fell.
    checked = Counter()
    for seed in range(30):
        views = _plays_of_seat0(game_name, seed)
        for before, now in zip(views, views[1:], strict=False):
            if len(now.tricks) != len(before.tricks) + 1:
                continue
            ours = now.tricks[-1].winner in {now.seat, now.partner}
            rose = _what_changed(_figure(before, 0.2), _figure(now, 0.9))
            fell = _what_changed(_figure(before, 0.9), _figure(now, 0.2))
            named = [any(" took trick " in r for r in reasons) for reasons in (rose, fell)]
            assert named == [ours, not ours], (ours, rose, fell)
            checked[ours] += 1
    assert checked[True] > 10 and checked[False] > 10, checked
