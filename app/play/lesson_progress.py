"""The lessons a player has finished, in ``lessons.json`` in the data folder, and the one
to take next.  A file that cannot be read is said so, renamed aside and kept (``files``),
and the lessons start again from none finished."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .files import move_aside, shown, write_atomic
from .lessons import Lesson, all_lessons
from .paths import data_dir

__all__ = ["Progress", "mark_done", "next_lesson", "next_lesson_words", "read_progress"]

_LIMIT = 100_000  # bytes: a list of lesson names is far smaller
_KEY_LIMIT = 80


@dataclass(frozen=True)
class Progress:
    done: frozenset[str]
    problem: str = ""  # a damaged file, said so


def _file() -> Path:
    return data_dir() / "lessons.json"


def read_progress() -> Progress:
    """The lessons finished; a damaged file moved aside, with the words that say so."""
    path = _file()
    try:
        with path.open("rb") as handle:
            raw = handle.read(_LIMIT + 1)
    except FileNotFoundError:
        return Progress(frozenset())
    except OSError as error:
        return Progress(frozenset(), f"The finished lessons could not be read: {error}.")
    try:
        if len(raw) > _LIMIT:
            raise ValueError("too large")
        doc = json.loads(raw.decode("utf-8"))
        done = doc["done"]
        if not isinstance(done, list) or not all(
                isinstance(k, str) and 0 < len(k) <= _KEY_LIMIT for k in done):
            raise ValueError("not a list of lessons")
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        try:
            aside = move_aside(path)
        except OSError as error:
            return Progress(frozenset(), f"{shown(path)} is damaged and could not be moved "
                            f"aside ({error}); finished lessons are not remembered.")
        return Progress(frozenset(), f"The finished lessons' file was damaged: kept as "
                        f"{aside.name}; the lessons start again.")
    return Progress(frozenset(done))


def mark_done(key: str) -> str:
    """Remember lesson ``key`` finished; "" or the words on why it could not be."""
    progress = read_progress()
    if progress.problem and _file().exists():
        return progress.problem  # a damaged file still there: never written over
    done = sorted(progress.done | {key})
    try:
        write_atomic(_file(), json.dumps({"done": done}, indent=1) + "\n")
    except OSError as error:
        return f"The finished lesson could not be remembered: {error}."
    return progress.problem


def next_lesson(lessons: list[Lesson], done: frozenset[str]) -> Lesson | None:
    """The first lesson not finished, in course order (None: all are)."""
    return next((lesson for lesson in lessons if lesson.key not in done), None)


# The courses in the order a newcomer meets them: Texas 42, then Moon (for 3, then for 4).
COURSES = ("texas42", "moon3", "moon4")


def course_order(lessons: list[Lesson]) -> list[Lesson]:
    return sorted(lessons, key=lambda lesson: (COURSES.index(lesson.game), lesson.number))


def next_lesson_words() -> str:
    """The lesson to take next, in a few words (the lobby's title line says it), without
    moving a damaged file aside: the list of lessons does that, and says so."""
    try:
        raw = json.loads(_file().read_text(encoding="utf-8")[:_LIMIT])
        done = frozenset(k for k in raw["done"] if isinstance(k, str))
    except (OSError, ValueError, KeyError, TypeError):
        done = frozenset()
    lesson = next_lesson(course_order(all_lessons()), done)
    if lesson is None:
        return "every lesson done"
    game = {"texas42": "Texas 42", "moon3": "Moon", "moon4": "Moon"}[lesson.game]
    return f"next: {game}, lesson {lesson.number}"
