"""Lessons: a short course per game, each a file in ``assets/lessons/`` read here and checked
against the engine as it is read.

A lesson file (JSON) holds the game and its house rules, a seed (the bots' and any hand not
dealt by the lesson), the words said at its start and end, and its hands in order.  Each hand
is a fixed deal (``deal``: seven tiles a seat, seat 0 the player's; ``widow``; ``dealer``,
else the one due) or none (shuffled from the seed), and its ``steps``: the moves of the hand
in the order they are made, each a text (``"play 6-4"``: ``lesson_moves``) or an object with
``move``, ``say`` (words before it), ``after`` (words once it is made) and, for the player's
moves, ``wrong``: why another move is not the one (a text, or texts by the wrong move with
``"else"`` for the rest).  The player's steps are asked of the player; the others' are played
for the bots.  After its last step a hand is played out by the player and gentle bots.

``load_lesson`` checks everything against the engine: a deal is a full set with no tile twice
and seven a seat, and every step is a legal move of the seat to act at its moment; a bad file
is a ``LessonError`` naming the file and the step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib.resources import files
from typing import Any

from moon42.rules import Action, Game, Phase, RuleError
from moon42.rules.events import Event
from moon42.rules.options import GAMES, OptionsError, options_for
from moon42.rules.tiles import Tile, parse_tile

from .config import DEFAULT_NAMES
from .lesson_moves import MoveError, action_of, move_text
from .phrases import expand

__all__ = ["Lesson", "LessonError", "LessonHand", "Step", "all_lessons", "deal_hand", "lesson_game",
           "load_lesson", "PLAYER"]

PLAYER = 0  # the player's seat in every lesson
# What a lesson file may hold at most: far more than any lesson needs.
_MAX_BYTES = 200_000
_MAX_WORDS = 1_200  # characters said at one step
_MAX_HANDS = 6


class LessonError(ValueError):
    """A lesson file that is not a good lesson: the message names the file and the step."""


@dataclass(frozen=True)
class Step:
    """One move of a lesson's hand and the words around it."""

    action: Action
    say: str = ""
    after: str = ""
    wrong: str = ""
    wrong_moves: Mapping[Action, str] = field(default_factory=dict)

    @property
    def asked(self) -> bool:
        """Whether the player makes this move (else a bot does, as the lesson has it)."""
        return self.action.seat == PLAYER

    def why_not(self, action: Action) -> str:
        """Why ``action`` is not the move asked for."""
        return self.wrong_moves.get(action) or self.wrong or \
            f"Not that one: this step asks for {move_text(self.action)}."


@dataclass(frozen=True)
class LessonHand:
    deal: tuple[tuple[Tile, ...], ...] | None  # None: shuffled from the lesson's seed
    widow: tuple[Tile, ...]
    dealer: int | None
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Lesson:
    key: str  # the file's name without .json: "texas42-01-tiles"
    game: str
    number: int  # its place in its game's course, from 1
    title: str
    options: dict[str, Any]
    seed: int
    intro: str
    end: str
    hands: tuple[LessonHand, ...]
    names: tuple[str, ...] = DEFAULT_NAMES


def lesson_game(lesson: Lesson) -> Game:
    """The lesson's game, its first hand dealt (the lesson's deal, or the seed's)."""
    game = Game(options_for(lesson.game, lesson.options), lesson.seed,
                list(lesson.names[:3 if lesson.game == "moon3" else 4]))
    deal_hand(game, lesson.hands[0])
    return game


def deal_hand(game: Game, hand: LessonHand) -> list[Event]:
    """Deal ``hand`` in ``game``: the lesson's tiles, or the seed's; the events."""
    if hand.deal is None:
        return game.next_hand()
    return game.start_hand(hand.deal, hand.widow, hand.dealer)


def all_lessons(game: str | None = None) -> list[Lesson]:
    """Every lesson in the assets, in the files' order (of ``game`` only, if given)."""
    return [lesson for lesson in _assets() if game is None or lesson.game == game]


@cache
def _assets() -> tuple[Lesson, ...]:
    """The lessons the package ships, read once a process."""
    folder = files("moon42.assets").joinpath("lessons")
    found = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    return tuple(load_lesson(folder.joinpath(name).read_text(encoding="utf-8"), name[:-5])
                 for name in found)


def load_lesson(text: str, key: str) -> Lesson:
    """The lesson in ``text`` (the file ``key``.json), checked; ``LessonError`` if bad."""
    where = f"lesson {key}"
    if len(text) > _MAX_BYTES:
        raise LessonError(f"{where}: the file is larger than {_MAX_BYTES} characters")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise LessonError(f"{where}: not JSON: {error}") from None
    try:
        return _lesson(doc, key)
    except (KeyError, TypeError, ValueError, OptionsError, RuleError) as error:
        if isinstance(error, LessonError):
            raise
        why = error.message if isinstance(error, RuleError) else str(error)
        raise LessonError(f"{where}: {why}") from None


def _lesson(doc: Any, key: str) -> Lesson:
    if not isinstance(doc, dict):
        raise ValueError("a lesson is a JSON object")
    game = doc["game"]
    if game not in GAMES:
        raise ValueError(f"game {game!r} is none of {', '.join(GAMES)}")
    number = doc["number"]
    seed = doc.get("seed", 1)
    if not isinstance(number, int) or not 1 <= number <= 99:
        raise ValueError("number is the lesson's place in its course, 1 to 99")
    if not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError("seed is a whole number from 0 to 2^63-1")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options is an object of house rules")
    options_for(game, options)  # OptionsError names the wrong one
    hands = doc["hands"]
    if not isinstance(hands, list) or not 1 <= len(hands) <= _MAX_HANDS:
        raise ValueError(f"hands is a list of 1 to {_MAX_HANDS} hands")
    read = [_hand(h, f"hand {i + 1}") for i, h in enumerate(hands)]
    lesson = Lesson(key, game, number, _words(doc, "title", needed=True), options, seed,
                    _words(doc, "intro"), _words(doc, "end"), tuple(h for h, _ in read))
    return replace(lesson, hands=_checked_hands(lesson, [steps for _, steps in read]))


def _words(doc: dict[str, Any], name: str, needed: bool = False, where: str = "") -> str:
    text = doc.get(name, "")
    if not isinstance(text, str) or len(text) > _MAX_WORDS or (needed and not text):
        raise ValueError(f"{where}{name} is a text of up to {_MAX_WORDS} characters")
    return expand(text)


def _hand(doc: Any, where: str) -> tuple[LessonHand, list[Any]]:
    """The hand's deal (its steps still to be checked), and its steps as read."""
    if not isinstance(doc, dict):
        raise ValueError(f"{where} is an object")
    deal = doc.get("deal")
    dealt = None
    if deal is not None:
        if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
            raise ValueError(f"{where}: deal is a list of hands, each a list of tiles")
        dealt = tuple(tuple(parse_tile(t) for t in h) for h in deal)
    widow = tuple(parse_tile(t) for t in doc.get("widow", []))
    dealer = doc.get("dealer")
    if dealer is not None and not isinstance(dealer, int):
        raise ValueError(f"{where}: dealer is a seat number")
    steps = doc.get("steps", [])
    if not isinstance(steps, list) or len(steps) > 40:
        raise ValueError(f"{where}: steps is a list of at most 40 moves")
    return LessonHand(dealt, widow, dealer, ()), steps


def _check_deal(game: Game, hand: LessonHand, where: str) -> None:
    if hand.deal is None:
        return
    tiles = [t for h in hand.deal for t in h] + list(hand.widow)
    if len(hand.deal) != game.seats or any(len(h) != 7 for h in hand.deal):
        raise LessonError(f"{where}: the deal is seven tiles for each of {game.seats} seats")
    twice = sorted({str(t) for t in tiles if tiles.count(t) > 1})
    if twice:
        raise LessonError(f"{where}: {', '.join(twice)} dealt twice")
    missing = sorted(str(t) for t in set(game.tile_set) - set(tiles))
    extra = sorted(str(t) for t in set(tiles) - set(game.tile_set))
    wrong = ([f"missing {', '.join(missing)}"] if missing else []) + \
        ([f"not in this game's set {', '.join(extra)}"] if extra else [])
    if wrong:
        raise LessonError(f"{where}: the deal must be the game's whole set of tiles: "
                          + "; ".join(wrong))


def _checked_hands(lesson: Lesson, read: list[list[Any]]) -> tuple[LessonHand, ...]:
    """Play the lesson on the engine: each step as read made into its ``Step``, checked
    legal at its moment."""
    game = Game(options_for(lesson.game, lesson.options), lesson.seed)
    hands = []
    for number, hand in enumerate(lesson.hands):
        where = f"lesson {lesson.key}: hand {number + 1}"
        if game.phase is Phase.GAME_OVER:
            raise LessonError(f"{where}: the game is over before this hand")
        _check_deal(game, hand, where)
        try:
            deal_hand(game, hand)
        except RuleError as error:
            raise LessonError(f"{where}: {error.message}") from None
        steps = []
        for index, raw in enumerate(read[number]):
            at = f"{where}, step {index + 1}"
            turn = game.to_act
            if turn is None:
                raise LessonError(f"{at}: the hand is over; nobody is to move")
            step = _step(raw, turn.seat, at)
            if step.action not in game.legal_actions():
                raise LessonError(f"{at}: {move_text(step.action)} is not a legal "
                                  f"{turn.kind} for seat {turn.seat} now")
            for wrong in step.wrong_moves:
                if wrong not in game.legal_actions() or wrong == step.action:
                    raise LessonError(f"{at}: wrong move {move_text(wrong)} is not another "
                                      "legal move here")
            game.apply(step.action)
            steps.append(step)
        hands.append(LessonHand(hand.deal, hand.widow, hand.dealer, tuple(steps)))
        _play_out(game)
    if not any(s.asked for h in hands for s in h.steps):
        raise LessonError(f"lesson {lesson.key}: no step asks the player for a move")
    return tuple(hands)


def _play_out(game: Game) -> None:
    """The rest of the hand, as it may go (the first legal move each time): only for the
    next hand's dealer and the game's end."""
    while game.to_act is not None:
        game.apply(game.legal_actions()[0])


def _step(raw: Any, seat: int, at: str) -> Step:
    try:
        if isinstance(raw, str):
            return Step(action_of(raw, seat))
        if not isinstance(raw, dict) or set(raw) - {"move", "say", "after", "wrong"}:
            raise LessonError(f"{at}: a step is a move, or an object of move, say, after "
                              "and wrong")
        action = action_of(raw.get("move"), seat)
        wrong = raw.get("wrong", "")
        if wrong and seat != PLAYER:
            raise LessonError(f"{at}: wrong is for the player's moves (seat 0), "
                              f"not seat {seat}'s")
        by_move: dict[Action, str] = {}
        if isinstance(wrong, dict):
            texts = dict(wrong)
            other = texts.pop("else", "")
            by_move = {action_of(k, seat): _words(texts, k, where=f"{at}: wrong ")
                       for k in texts}
            wrong = other
        said = {"wrong": wrong}
        return Step(action, _words(raw, "say", where=f"{at}: "),
                    _words(raw, "after", where=f"{at}: "), _words(said, "wrong", where=f"{at}: "),
                    by_move)
    except (MoveError, ValueError) as error:
        if isinstance(error, LessonError):
            raise
        raise LessonError(f"{at}: {error}") from None
