"""A hand puzzle at 80x24: a wrong tile is told what it cost in the hand review's words, the
right one that it keeps the most; the lobby's L opens the lessons and puzzles."""

from __future__ import annotations

import random

from moon42.app.play.puzzles import answer_words, pick_puzzle, puzzles_of
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.lessons import LessonsScreen
from moon42.app.tui.screens.lobby import LobbyScreen
from moon42.app.tui.screens.puzzle import PuzzleScreen, _as_seen, _why
from moon42.app.tui.text.reasons import play_claims
from moon42.app.tui.widgets.hand import HandView

from .helpers import screen_text, wait_for


def _shown(app: Moon42App) -> str:
    return " ".join(screen_text(app).replace("│", " ").split())


async def _press_tile(pilot, screen: PuzzleScreen, tile) -> None:
    hand = screen.query_one("#hand", HandView)
    await pilot.press(str(list(hand.tiles).index(tile) + 1))


async def test_a_puzzle_answered_wrong_then_right() -> None:
    app = Moon42App(None, lobby=False, learn="puzzle:texas42")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the puzzle")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        assert "Texas 42: a hand puzzle" in _shown(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.words is None, "the question read")
        puzzle = screen.puzzle
        wrong = next(t for t in puzzle.values if t != puzzle.answer)
        await _press_tile(pilot, screen, wrong)
        await wait_for(pilot, lambda: screen.words is not None, "the answer")
        text = _shown(app)
        assert "Not the best." in text and "(every hand known)" in text
        assert f"{puzzle.answer} keeps" in text
        assert " ".join(answer_words(puzzle, wrong).split()) in text
        why = _why(puzzle).strip()
        assert not why or " ".join(why.split()) in text
        await pilot.press("enter")  # another puzzle
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleScreen)
                       and app.screen is not screen, "another puzzle")
        screen = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.words is None, "the question read")
        await _press_tile(pilot, screen, screen.puzzle.answer)
        await wait_for(pilot, lambda: screen.words is not None, "the answer")
        assert "Right:" in _shown(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not app.is_running, "the app to end")


def test_the_answer_words_for_every_game() -> None:
    for game in ("texas42", "moon3", "moon4"):
        puzzle = pick_puzzle(game, random.Random(1))
        assert puzzle is not None
        assert answer_words(puzzle, puzzle.answer).startswith(f"Right: {puzzle.answer}")
    assert pick_puzzle("bridge") is None


def test_the_answer_says_what_makes_it_the_tile_to_play() -> None:
    """Told after the figures, in a hint's words: what the seat could see of the answer
    (its first claims), for nearly every puzzle kept."""
    for game in ("texas42", "moon3", "moon4"):
        puzzles = puzzles_of(game)
        told = [p for p in puzzles if _why(p)]
        assert len(told) >= 0.8 * len(puzzles), game
        for puzzle in told:
            why = _why(puzzle)
            assert why.startswith(f" {puzzle.answer}: ") and why.endswith(".")
            first = play_claims(_as_seen(puzzle), puzzle.answer)[0].words
            assert why.startswith(f" {puzzle.answer}: {first}")


async def test_the_lobby_names_the_next_lesson_and_opens_the_list() -> None:
    app = Moon42App(None, lobby=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        assert "L: learn to play (next: Texas 42, lesson 1)" in screen_text(app)
        await pilot.press("L")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonsScreen), "the lessons")
        text = _shown(app)
        assert "Tiles and their suits" in text and "Shooting the moon" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
