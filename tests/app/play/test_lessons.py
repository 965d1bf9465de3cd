"""The lessons: every file loads and checks against the engine; a bad file is refused with
words naming the file and the step; the lesson's table refuses a move the step does not ask
for with the lesson's words; finished lessons are remembered."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from moon42.app.play.lesson_moves import MoveError, action_of, move_text
from moon42.app.play.lesson_progress import mark_done, next_lesson, read_progress
from moon42.app.play.lesson_table import LessonTable, WrongMove
from moon42.app.play.lessons import LessonError, all_lessons, load_lesson
from moon42.app.play.local import PLAYER as LOCAL_PLAYER
from moon42.app.play.local import LocalConnection
from moon42.rules import Bid, Pass, Play, Trump
from moon42.rules.actions import NameTrump
from moon42.rules.tiles import parse_tile


def _first_lesson_doc() -> dict:
    text = files("moon42.assets").joinpath("lessons", "texas42-01-suits.json").read_text()
    return json.loads(text)


def _refused(doc: dict) -> str:
    with pytest.raises(LessonError) as refused:
        load_lesson(json.dumps(doc), "bad-lesson")
    return str(refused.value)


def test_every_lesson_loads_and_asks_a_move_another_legal_move_could_miss() -> None:
    lessons = all_lessons()
    assert {lesson.game for lesson in lessons} == {"texas42", "moon3", "moon4"}
    assert len(all_lessons("texas42")) >= 11
    for lesson in lessons:
        asked = [s for hand in lesson.hands for s in hand.steps if s.asked]
        assert asked, lesson.key
        assert lesson.title and lesson.intro and lesson.end, lesson.key
    numbers = [(lesson.game.startswith("moon"), lesson.number) for lesson in lessons]
    assert len(numbers) == len(set(numbers)), "two lessons of one course share a number"


def test_the_house_rule_lessons_play_their_house_rule() -> None:
    by_key = {lesson.key: lesson for lesson in all_lessons()}
    for key, rule in [("texas42-08-nello", "nello"), ("texas42-09-plunge", "plunge"),
                      ("texas42-10-splash", "splash"), ("texas42-11-sevens", "sevens")]:
        assert by_key[key].options == {rule: True}


def test_a_step_not_legal_at_its_moment_is_named_by_file_and_step() -> None:
    doc = _first_lesson_doc()
    doc["hands"][0]["steps"][5] = "play 5-4"  # a legal lead
    doc["hands"][0]["steps"][6] = "play 6-2"  # but Ann holds the 5-0 and must follow it
    message = _refused(doc)
    assert message.startswith("lesson bad-lesson: hand 1, step 7:")
    assert "play 6-2 is not a legal play for seat 1" in message


def test_a_deal_with_a_tile_twice_or_missing_is_refused() -> None:
    doc = _first_lesson_doc()
    doc["hands"][0]["deal"][0][0] = "1-1"  # 6-6 gone, 1-1 twice
    message = _refused(doc)
    assert "hand 1: 1-1 dealt twice" in message
    doc = _first_lesson_doc()
    doc["hands"][0]["deal"][0].pop()
    assert "seven tiles for each of 4 seats" in _refused(doc)
    doc = _first_lesson_doc()
    doc["game"] = "moon3"
    assert "seven tiles for each of 3 seats" in _refused(doc)


def test_other_bad_lessons_are_refused_with_clear_words() -> None:
    doc = _first_lesson_doc()
    doc["game"] = "bridge"
    assert "game 'bridge' is none of" in _refused(doc)
    doc = _first_lesson_doc()
    doc["hands"][0]["steps"][0] = "shuffle"
    assert "hand 1, step 1: 'shuffle' is no move" in _refused(doc)
    doc = _first_lesson_doc()
    doc["hands"][0]["steps"][1] = {"move": "pass", "wrong": "a bot is never wrong"}
    assert "step 2: wrong is for the player's moves" in _refused(doc)
    doc = _first_lesson_doc()
    doc["hands"][0]["steps"][3]["wrong"] = {"play 6-6": "not a bid"}
    assert "step 4: wrong move play 6-6 is not another legal move here" in _refused(doc)
    doc = _first_lesson_doc()
    doc["options"] = {"nello": "maybe"}
    assert _refused(doc).startswith("lesson bad-lesson: ")
    doc = _first_lesson_doc()
    doc["hands"][0]["steps"] = ["pass", "pass", "pass"]
    assert "no step asks the player for a move" in _refused(doc)
    assert "not JSON" in str(pytest.raises(LessonError, load_lesson, "{", "x").value)


def test_moves_read_as_the_lessons_write_them() -> None:
    for text in ["pass", "bid 30", "moon", "plunge", "splash", "trump 5", "trump doubles",
                 "trump none", "trump nello", "trump sevens", "discard 3-2", "play 6-4"]:
        assert move_text(action_of(text, 1)) == text
    assert action_of("play 4-6", 0) == Play(0, parse_tile("6-4"))
    assert action_of("trump 5", 2) == NameTrump(2, Trump.FIVES)
    for bad in ["", "bid", "bid many", "play 7-7", "trump 9", "x" * 30, 42]:
        with pytest.raises(MoveError):
            action_of(bad, 0)


def test_the_lesson_table_refuses_a_move_not_asked_with_the_lessons_words() -> None:
    lesson = next(lesson for lesson in all_lessons() if lesson.key == "texas42-01-suits")
    table = LessonTable(lesson, pace=0.0)
    said: list[dict] = []
    connection = LocalConnection(table, said.append)
    connection.sit_down()
    for _ in range(3):  # the bots' passes, as the lesson has them
        assert table.bot_step() is not None
    step = table.step()
    assert step is not None and step.asked and step.action == Bid(0, 30)
    with pytest.raises(WrongMove) as wrong:
        table.act(LOCAL_PLAYER, Pass(0))
    assert "bid 30, the lowest bid" in str(wrong.value)
    assert table.step() is step  # nothing was played
    table.act(LOCAL_PLAYER, Bid(0, 30))
    assert table.step() is not step
    assert table.claim(LOCAL_PLAYER).startswith("not in the middle of a lesson")


def test_finished_lessons_are_remembered_and_the_next_is_suggested(data_dir) -> None:
    lessons = all_lessons("texas42")
    assert read_progress().done == frozenset()
    assert next_lesson(lessons, read_progress().done) is lessons[0]
    assert mark_done(lessons[0].key) == ""
    assert read_progress().done == {lessons[0].key}
    assert next_lesson(lessons, read_progress().done) is lessons[1]


def test_a_damaged_progress_file_is_said_so_and_kept(data_dir) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "lessons.json").write_text("{not json")
    progress = read_progress()
    assert "damaged" in progress.problem and progress.done == frozenset()
    kept = list(data_dir.glob("lessons.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{not json"
    assert mark_done("texas42-01-suits") == ""
    assert read_progress().done == {"texas42-01-suits"}
    assert kept[0].read_text() == "{not json"  # never written over


def test_a_lesson_of_two_hands_deals_its_second_hand_itself() -> None:
    doc = _first_lesson_doc()
    second = {"deal": doc["hands"][0]["deal"], "dealer": 1,
              "steps": [{"move": "pass", "say": "Bob passes first now: Ann dealt."}]}
    doc["hands"].append(second)
    lesson = load_lesson(json.dumps(doc), "two-hands")
    table = LessonTable(lesson, pace=0.0)
    LocalConnection(table, lambda message: None).sit_down()
    while table.game.phase.name != "HAND_OVER":
        turn = table.game.to_act
        step = table.step()
        if turn.seat == 0:
            table.act(LOCAL_PLAYER, step.action if step else table.game.legal_actions()[0])
        else:
            table.bot_step()
    assert not table.finished
    table.deal()
    assert table.game.log[-1].dealer == 1
    assert [list(map(str, hand)) for hand in table.game.log[-1].deal] == second["deal"]
    assert table.step().action == Pass(2) and table.step().say.startswith("Bob passes")
    doc["hands"][1]["dealer"] = 3
    assert "hand 2: seat 1 must deal this hand" in _refused(doc)

