"""The hand review in the app: the summary's v, the replay viewer's v, a moment opened in
the replay with the better tile marked, and the next hand never held up by a review."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

from textual.widgets import OptionList

from moon42.app.play.seats import Sitter
from moon42.app.play.table import Table
from moon42.app.tui.app import Moon42App
from moon42.app.tui.remote_flow import RemoteFlow
from moon42.app.tui.replay.positions import Replay
from moon42.app.tui.replay_viewer import ReplayApp
from moon42.app.tui.screens.replay import ReplayScreen
from moon42.app.tui.screens.review import ReviewScreen
from moon42.app.tui.screens.shared_table import SharedGameOver
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.app.tui.widgets.hand import HandView
from moon42.rules import Pass, Phase, Play
from moon42.rules.tiles import parse_tile
from moon42.rules.views import SeatView

from .helpers import new_app, screen_text, settle, wait_for

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"
SIX_FOUR, SIX_TWO = parse_tile("6-4"), parse_tile("6-2")
# Seed 32: seat 1 leads the 6-6 in sixes on trick 1; the player holds the 6-4 and the 6-2.
BAD_SEED = 32


def bad_choice(view: SeatView):
    """Pass; throw the 6-4 (10 count) onto a trick already begun when another tile may
    follow; else play the lowest legal tile."""
    passes = [a for a in view.legal if isinstance(a, Pass)]
    if passes:
        return passes[0]
    plays = [a for a in view.legal if isinstance(a, Play)]
    if plays and view.current_trick and len(plays) > 1 \
            and any(a.tile == SIX_FOUR for a in plays):
        return next(a for a in plays if a.tile == SIX_FOUR)
    if plays:
        return min(plays, key=lambda a: int(a.tile))
    return view.legal[0]


async def play_the_hand(pilot) -> HandSummaryScreen:
    """Seat 0 plays ``bad_choice`` until the hand's summary shows."""
    app = pilot.app
    await wait_for(pilot, lambda: app.flow is not None, "the game")
    while True:
        await settle(pilot)
        if isinstance(app.screen, HandSummaryScreen):
            return app.screen
        app.flow.act(bad_choice(app.flow.game.view(0)))
        await pilot.pause()


def review_done(screen: ReviewScreen):
    return lambda: screen.subject.found is not None and screen.shown


async def test_the_summary_reviews_the_hand_and_opens_the_costliest_moment() -> None:
    app = new_app("texas42", seed=BAD_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        summary = await play_the_hand(pilot)
        assert "v Review" in screen_text(app)
        await pilot.press("v")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_for(pilot, review_done(review), "the review")
        worst = review.shown[0]
        assert (worst.trick, worst.action.tile, worst.costly) == (1, SIX_FOUR, True)
        assert worst.lost >= 10
        await pilot.pause()
        text = screen_text(app)
        assert "Hand 1 reviewed: your decisions" in text
        assert "Trick 1: 6-4" in text and "Every hand known:" in text
        assert "From your seat:" in text
        # Enter on the costliest: the replay at that moment, the better tile marked.
        await pilot.press("enter")
        replay_screen = app.screen
        assert isinstance(replay_screen, ReplayScreen) and replay_screen.mark is not None
        await pilot.pause()
        position = replay_screen.replay.position
        assert position.table.to_act.seat == 0 and len(position.table.tricks) == 0
        better = replay_screen.mark.tile
        assert better is not None and better != SIX_FOUR
        assert better in position.views[0].hand
        assert replay_screen.query_one("#bottom-tiles", HandView).picked == {better}
        assert f"Better: {better}" in screen_text(app)
        await pilot.press("p")  # not a new game in the middle of this one
        assert app.screen is replay_screen and app.flow.game.hand_number == 0
        assert "played again from the replay" in screen_text(app)
        # Back to the review, back to the summary, and on to the next hand.
        await pilot.press("escape")
        assert app.screen is review
        await pilot.press("escape")
        assert app.screen is summary
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.flow.game.hand_number == 1, "the next hand")


async def test_where_a_hint_was_asked_the_review_tells_what_it_told(monkeypatch) -> None:
    """The player follows a hint at each play: the review names the hint's tile as the
    expert's and shows the hint's figures, though it weighs a moment with less thinking
    than a hint (here 8 layouts for a hint, the review's own 96 within its budget)."""
    monkeypatch.setattr("moon42.app.tui.text.hints.HINT_SETTINGS",
                        {"budget": None, "call_budget": None, "layouts": 8})
    app = new_app("texas42", seed=47)
    hinted = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.flow is not None, "the game")
        while True:
            await settle(pilot)
            if isinstance(app.screen, HandSummaryScreen):
                break
            view = app.flow.game.view(0)
            if view.to_act.kind != "play" or len(view.legal) < 2:
                app.flow.act(bad_choice(view))
                await pilot.pause()
                continue
            hints = app.flow.table.hints
            await pilot.press("a")
            await wait_for(pilot, lambda h=hints: h.advice is not None, "the hint")
            hinted[len(view.tricks) + 1] = hints.advice
            await pilot.press("enter")  # plays the tile the hint points at
            await wait_for(pilot, lambda was=view.played: app.flow.game.view(0).played != was,
                           "the hint's tile played")
        assert len(hinted) >= 3
        await pilot.press("v")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_for(pilot, review_done(review), "the review")
        plays = {d.trick: d for d in review.subject.found.decisions if d.kind == "play"}
        for trick, advice in hinted.items():
            decision, first = plays[trick], advice.tiles[0]
            assert decision.action == decision.expert == advice.action
            assert decision.layouts == advice.layouts == 8
            assert decision.view_expert.chance == first.against_best
            assert not decision.costly or decision.lost > 0  # only with every hand known


async def test_a_running_review_holds_up_nothing(monkeypatch) -> None:
    stopped = threading.Event()

    def slow_review(record, hand, seat, progress=None, **_):
        """A review that takes as long as it is let: a decision at a time, until told."""
        done = 0
        try:
            while True:
                done = min(done + 1, 8)
                progress(done, 9)
                time.sleep(0.01)
        finally:
            stopped.set()

    monkeypatch.setattr("moon42.ai.review.review_hand", slow_review)
    app = new_app("texas42", seed=BAD_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        summary = await play_the_hand(pilot)
        await pilot.press("v")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_for(pilot, lambda: "Reviewing: decision 9 of 9" in screen_text(app),
                       "the review's progress")
        # The next hand, asked for while the review runs: dealt at once, the review dropped.
        summary.action_next_hand()
        await wait_for(pilot, lambda: app.flow.game.hand_number == 1, "the next hand")
        assert review not in app.screen_stack and summary not in app.screen_stack
        await wait_for(pilot, stopped.is_set, "the review to stop")
        assert review.subject.found is None


async def test_the_replay_viewer_reviews_the_hand_shown() -> None:
    doc = json.loads((EXAMPLES / "07-texas42-full-game.json").read_text())
    app = ReplayApp(Replay.from_doc(doc))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        viewer = app.screen
        await pilot.press("right", "v")  # hand 1 of the record, for seat 0 (no one is You)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert (review.subject.hand, review.subject.seat) == (0, 0)
        await wait_for(pilot, review_done(review), "the review")
        assert all(d.seat == 0 and d.hand == 1 for d in review.shown)
        assert review.query_one(OptionList).option_count == len(review.shown)
        await pilot.pause()
        assert "Hand 1 reviewed: " in screen_text(app)
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen) and app.screen.mark is not None
        await pilot.press("escape", "escape")
        assert app.screen is viewer and app.is_running


def shared_hand_over() -> tuple[dict, dict, dict]:
    """A Texas 42 hand at a shared table, Ann at seat 2 playing random legal moves, Sam
    watching: the last message each was sent at the hand's end, and Ann's next deal."""
    t = Table(1, "texas42", seed=5, pace=0, codes=lambda: "123456")
    ann, sam = [], []
    player = Sitter("key-ann", "Ann", "s-ann", by_key=True)
    t.take(player, ann.append, seat=2)
    t.watch(Sitter("guest-sam", "Sam", "s-sam", by_key=False), sam.append, seat=2)
    rng = random.Random(4)
    while t.game.phase is not Phase.HAND_OVER:
        if t.bot_step() is None:
            t.act(player, rng.choice(t.game.view(2).legal))
    over = ann[-1], sam[-1]
    t.next_hand(player)
    t.deal()
    return *over, ann[-1]


async def test_a_shared_seat_reviews_its_own_decisions_and_a_spectator_none() -> None:
    seat_message, spectator_message, dealt = shared_hand_over()
    assert "record" in seat_message and "record" not in spectator_message
    assert "record" not in dealt
    await _shared_summary(seat_message, watching=False, dealt=dealt)
    await _shared_summary(spectator_message, watching=True)


async def shared_seat(app: Moon42App, pilot, watching: bool = False) -> RemoteFlow:
    """A seat (or a spectator) at table 1, its table on screen, fed by the test."""
    flow = RemoteFlow(app, app.glyphs, lambda _: None, lambda: None, watching=watching,
                      table_number=1)
    app.push_screen(flow.table)
    await pilot.pause()
    return flow


async def _shared_summary(message: dict, watching: bool, dealt: dict | None = None) -> None:
    """A shared table's summary from ``message``, and its v: the seat's own decisions
    reviewed, or for a spectator, none."""
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await shared_seat(app, pilot, watching)
        flow.receive(message)
        await wait_for(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "the summary")
        summary = app.screen
        await pilot.pause()
        await pilot.press("v")
        if watching:
            assert app.screen is summary
            assert "v Review" not in screen_text(app)
            assert "Spectators get no review" in screen_text(app)
            return
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_for(pilot, review_done(review), "the review")
        assert {d.seat for d in review.shown} == {2}
        assert "your decisions" in screen_text(app)
        # The next hand dealt (the others were ready): the review and summary give way.
        assert dealt is not None
        flow.receive(dealt)
        await wait_for(pilot, lambda: app.screen is flow.table, "the table")
        assert review not in app.screen_stack and summary not in app.screen_stack


def shared_game_over() -> tuple[list[dict], list[dict], Table, Sitter]:
    """A Texas 42 game to 1 mark at a shared table, Ann at seat 2 playing random legal
    moves and Sam watching, played to its end: what each was sent."""
    t = Table(1, "texas42", options={"target": 1}, seed=5, pace=0, codes=lambda: "123456")
    ann: list[dict] = []
    sam: list[dict] = []
    player = Sitter("key-ann", "Ann", "s-ann", by_key=True)
    t.take(player, ann.append, seat=2)
    t.watch(Sitter("guest-sam", "Sam", "s-sam", by_key=False), sam.append, seat=2)
    rng = random.Random(4)
    for _ in range(2000):
        if t.game.phase is Phase.GAME_OVER:
            break
        if t.game.phase is Phase.HAND_OVER:  # a hand thrown in: the next
            t.next_hand(player)
            t.deal()
        elif t.bot_step() is None:
            t.act(player, rng.choice(t.game.view(2).legal))
    assert t.game.phase is Phase.GAME_OVER
    return ann, sam, t, player


async def test_the_last_hand_of_a_shared_game_is_reviewed_from_its_end() -> None:
    ann, sam, table, player = shared_game_over()
    final = [m for m in ann if m["type"] == "view"][-1]
    assert "record" in final and all("record" not in m for m in sam)
    table.take(Sitter("key-bob", "Bob", "s-bob", by_key=True), lambda _: None, seat=1)
    after = [m for m in ann if m["type"] == "view"][-1]
    assert after is not final and "record" not in after  # sent once, not with every view
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await shared_seat(app, pilot)
        flow.receive(final)
        await wait_for(pilot, lambda: isinstance(app.screen, SharedGameOver), "the game's end")
        over = app.screen
        flow.receive(after)  # a view that says nothing of the record keeps it
        await pilot.pause()
        assert "v Review" in screen_text(app)
        await pilot.press("v")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await wait_for(pilot, review_done(review), "the review")
        hands = len(final["record"]["hands"])
        assert {d.seat for d in review.shown} == {2}
        assert {d.hand for d in review.shown} <= {hands}
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is over, "back at the game's end")
    # A spectator's end offers no review.
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await shared_seat(app, pilot, watching=True)
        flow.receive([m for m in sam if m["type"] == "view"][-1])
        await wait_for(pilot, lambda: isinstance(app.screen, SharedGameOver), "the game's end")
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, SharedGameOver)
        assert "v Review" not in screen_text(app)
