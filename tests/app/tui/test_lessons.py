"""Every lesson played through at 80x24: each step's move asked for, one wrong move at each
step that has one (refused with the lesson's words, nothing played, tried again), the hand
played out against the bots, and the lesson remembered; the first one by keys alone."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from moon42.app.play.lesson_progress import read_progress
from moon42.app.play.lessons import Lesson, all_lessons, lesson_game
from moon42.app.play.phrases import PHRASES, expand
from moon42.app.tui.app import Moon42App
from moon42.app.tui.lesson_flow import LessonFlow
from moon42.app.tui.screens.lessons import LessonsScreen
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.app.tui.text.reasons import play_claims
from moon42.app.tui.widgets.hand import HandView
from moon42.rules import Play
from moon42.rules.tiles import parse_tile

from .helpers import screen_text, wait_for

LESSONS = all_lessons()


def _shown(app: Moon42App) -> str:
    """The screen's words as one line: the panel's borders out, its lines joined."""
    return " ".join(screen_text(app).replace("│", " ").split())


def _flow(app: Moon42App) -> LessonFlow:
    flow = app.flow
    assert isinstance(flow, LessonFlow)
    return flow


def _words(app: Moon42App) -> str | None:
    """The lesson's words on show, if any."""
    flow = app.flow
    if not isinstance(flow, LessonFlow) or app.screen is not flow.table:
        return None
    words = flow.table.words
    return None if words is None else " ".join(words[1].split())


def _ready(app: Moon42App) -> bool:
    """Something for the player to do: words to read, a summary, a move, the list again."""
    flow = app.flow
    return _words(app) is not None or isinstance(app.screen, HandSummaryScreen | LessonsScreen) \
        or (isinstance(flow, LessonFlow) and flow.waiting == "human")


def _steps_over(flow: LessonFlow) -> bool:
    """The lesson's last hand is dealt and all its steps are made: it is played out now."""
    game = flow.local.game
    return game.hand_number == len(flow.lesson.hands) - 1 and flow.local.step() is None \
        and len(game.log[-1].actions) >= len(flow.lesson.hands[-1].steps)


async def _play_lesson(pilot, flow: LessonFlow, to_the_end: bool) -> int:
    """Play the lesson's steps with a wrong move first wherever one is legal (then, with
    ``to_the_end``, the hand out with the first legal move) and read every word shown;
    the number of wrong moves refused."""
    app = pilot.app
    wrong_tried = 0
    while not isinstance(app.screen, LessonsScreen):
        await wait_for(pilot, lambda: _ready(app), "the lesson to need the player")
        screen = app.screen
        if _words(app) is not None or isinstance(screen, HandSummaryScreen):
            await pilot.press("enter")
            await pilot.pause()
            continue
        if isinstance(screen, LessonsScreen):
            break
        game = flow.local.game
        step = flow.local.step()
        legal = game.legal_actions()
        if step is None:
            assert _steps_over(flow)
            if not to_the_end:
                break
            flow.act(legal[0])  # the hand played out: any legal move
        else:
            assert step.asked
            others = [a for a in legal if a != step.action]
            if others:
                before = len(game.log[-1].actions)
                flow.act(others[0])
                await wait_for(pilot, lambda: _words(app) is not None,
                               "the words on the wrong move")
                assert (_words(app) or "").startswith(" ".join(step.why_not(others[0]).split()))
                assert flow.table.refused
                assert len(game.log[-1].actions) == before  # nothing was played
                wrong_tried += 1
                await pilot.press("enter")
                await wait_for(pilot, lambda: flow.waiting == "human"
                               and _words(app) is None, "the move asked again")
            flow.act(step.action)
        await pilot.pause()
    return wrong_tried


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
async def test_every_lesson_plays_its_steps_with_a_wrong_move_refused(lesson: Lesson) -> None:
    app = Moon42App(None, lobby=False, pace=0.0, learn=lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        flow = _flow(app)
        assert await _play_lesson(pilot, flow, to_the_end=False) >= 1
        assert _steps_over(flow)
        assert not flow.done  # the hand is still to be played out


async def test_a_lesson_whose_hand_ends_the_game_ends_and_is_remembered() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.key == "moon3-03-moon")
    app = Moon42App(None, lobby=False, pace=0.0, learn=lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        flow = _flow(app)
        await _play_lesson(pilot, flow, to_the_end=True)
        assert flow.done and flow.local.game.winner == (0,)
        assert lesson.key in read_progress().done
        assert "Learn to play" in _shown(app)
        chosen = app.screen.query_one(OptionList).highlighted
        assert app.screen.keys[chosen] == "lesson:moon3-01-each-for-themself"  # the next


async def test_the_first_lesson_by_keys_alone() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.key == "texas42-01-suits")
    app = Moon42App(None, lobby=False, pace=0.0, learn=lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        flow = _flow(app)

        async def read_on(words: str) -> None:
            await wait_for(pilot, lambda: words in (_words(app) or ""), f"the words: {words}")
            await pilot.pause()
            assert words in _shown(app)
            await pilot.press("enter")

        async def tile(name: str) -> None:
            await wait_for(pilot, lambda: flow.waiting == "human" and _words(app) is None,
                           "a move")
            hand = flow.table.query_one("#hand", HandView)
            await pilot.press(str([str(t) for t in hand.tiles].index(name) + 1))

        await read_on("played by four, in two partnerships")
        await read_on("You dealt, so Ann bids first")
        await read_on("Everyone passed to you. Bid 30")
        await pilot.press("p")  # a wrong move: refused with the lesson's words
        await read_on("bid 30, the lowest bid")
        assert "Refused: Not the move this step asks for" in screen_text(app)
        await pilot.press("3", "0", "enter")
        await read_on("Name follow me (press n)")
        await pilot.press("n")
        await read_on("Lead the 6-6")
        await tile("6-6")
        await read_on("your 6-6 took the trick. You lead again. Lead the 5-4")
        await tile("4-4")  # the lesson's words for this wrong move
        await read_on("The 4-4 would lead fours")
        await tile("5-4")
        await read_on("Your partner Bob holds the 5-5")
        await read_on("Bob's 5-5 took the trick")
        while not isinstance(app.screen, LessonsScreen):
            await wait_for(pilot, lambda: _ready(app), "the hand to go on")
            if _words(app) is not None or isinstance(app.screen, HandSummaryScreen):
                await pilot.press("enter")
            elif not isinstance(app.screen, LessonsScreen):
                hand = flow.table.query_one("#hand", HandView)
                assert hand.legal
                index = next(i for i, t in enumerate(hand.tiles) if t in hand.legal)
                await pilot.press(str(index + 1))
            await pilot.pause()
        assert "texas42-01-suits" in read_progress().done
        text = screen_text(app)
        assert "Tiles and their suits" in text and "Following suit" in text
        assert "⏎ Open" in text  # the list's footer says how to open the one chosen
        await pilot.press("enter")  # the next: lesson 2
        await wait_for(pilot, lambda: isinstance(app.flow, LessonFlow)
                       and app.flow.lesson.key.startswith("texas42-02"), "lesson 2")
        await wait_for(pilot, lambda: "Texas 42, lesson 2" in screen_text(app), "its words")


def test_lessons_and_hints_say_a_thing_in_the_same_words() -> None:
    assert expand("{partner_winning}; {not_a_phrase}") == \
        f"{PHRASES['partner_winning']}; {{not_a_phrase}}"
    lesson = next(lesson for lesson in all_lessons() if lesson.key == "texas42-07-partner")
    game = lesson_game(lesson)
    for step in lesson.hands[0].steps:
        if step.asked and step.action == Play(0, parse_tile("5-0")):
            break
        game.apply(step.action)
    assert PHRASES["partner_winning"] in step.say  # the lesson says it...
    claims = {c.key: c.words for c in play_claims(game.view(0), parse_tile("5-0"))}
    assert claims["partner_winning"] == PHRASES["partner_winning"]  # ...and so does the hint
