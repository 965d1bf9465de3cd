"""Game records (moon42/1): a game to a JSON-ready document and back.

``parse_record`` checks a document's form and raises ``RecordError`` for
anything that is not a record; ``replay`` then plays it under the rules and
stops at the first action the rules refuse.  Reading and writing files is the
caller's job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action, Bid, Discard, NameTrump, Pass, Play, Plunge, Splash, action_to_record
from .errors import RecordError, RuleError
from .game import Game
from .limits import is_seed, quoted
from .options import GAMES, Options, OptionsError, options_for
from .tiles import FULL_SET, MOON21_SET, MOON22_SET, Tile, tile
from .trump import Trump

__all__ = [
    "FORMAT",
    "RecordedHand",
    "ParsedRecord",
    "Fault",
    "parse_record",
    "replay",
    "game_to_record",
    "game_from_record",
    "UnknownTrump",
]

FORMAT = "moon42/1"
_KINDS = ("bid", "discard", "trump", "play")


@dataclass(frozen=True, slots=True)
class UnknownTrump:
    """A trump string no rule offers; it is refused when replayed (it breaks the rules)."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class RecordedHand:
    dealer: int
    deal: tuple[tuple[Tile, ...], ...]
    widow: tuple[Tile, ...]
    actions: tuple[Action | UnknownTrump, ...]


@dataclass(frozen=True, slots=True)
class ParsedRecord:
    options: Options
    players: tuple[str, ...] | None
    seed: int | None
    hands: tuple[RecordedHand, ...]


@dataclass(frozen=True, slots=True)
class Fault:
    """Where a record breaks the rules: hand index, action index (None for the hand itself)."""

    hand: int
    action: int | None
    rule: str
    message: str


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RecordError(f"{what} must be a whole number, not {quoted(value)}")
    if isinstance(value, float) and not value.is_integer():
        raise RecordError(f"{what} must be a whole number, not {quoted(value)}")
    return int(value)


# Every way a record may write a tile ("6-4" and "4-6"): a record names tens of thousands,
# and looking each up is a third of what reading a large one costs.
_TILE_TEXTS: dict[str, Tile] = {f"{a}-{b}": tile(a, b) for a in range(7) for b in range(7)}


def _tile(value: Any, where: str) -> Tile:
    found = _TILE_TEXTS.get(value) if isinstance(value, str) else None
    if found is None:
        raise RecordError(f"{where}: {quoted(value)} is not a tile (write tiles like \"6-4\")")
    return found


def _action(entry: Any, game: str, where: str) -> Action | UnknownTrump:
    if not isinstance(entry, dict):
        raise RecordError(f"{where} is not an object")
    kinds = [k for k in _KINDS if k in entry]
    if len(kinds) != 1:
        named = " and ".join(kinds) if kinds else "no kind"
        raise RecordError(f"{where} must name one of bid, discard, trump or play; it names {named}")
    if "seat" not in entry:
        raise RecordError(f"{where} names no seat")
    seat = _whole(entry["seat"], f"{where}: the seat")
    kind = kinds[0]
    value = entry[kind]
    if kind == "bid":
        if value == "pass":
            return Pass(seat)
        if game == "texas42" and value == "plunge":
            return Plunge(seat)
        if game == "texas42" and value == "splash":
            return Splash(seat)
        return Bid(seat, _whole(value, f"{where}: the bid"))
    if kind == "trump":
        if not isinstance(value, str):
            raise RecordError(f"{where}: trump must be a string, not {quoted(value)}")
        try:
            return NameTrump(seat, Trump(value))
        except ValueError:
            return UnknownTrump(seat, value)
    tile = _tile(value, where)
    return Discard(seat, tile) if kind == "discard" else Play(seat, tile)


def parse_record(doc: Any) -> ParsedRecord:
    """Check a document's form (rules/RECORDS.md); RecordError says what is wrong."""
    if not isinstance(doc, dict):
        raise RecordError("a record is a JSON object")
    if doc.get("format") != FORMAT:
        raise RecordError(f"the format must be {FORMAT!r}, not {quoted(doc.get('format'))}")
    game = doc.get("game")
    if game not in GAMES:
        raise RecordError(f"the game must be one of {', '.join(GAMES)}, not {quoted(game)}")
    values = doc.get("options")
    if values is None:
        values = {}
    if not isinstance(values, dict):
        raise RecordError("options must be an object of option names and values")
    try:
        options = options_for(game, values)
    except OptionsError as error:
        raise RecordError(str(error)) from None
    players = doc.get("players")
    players = tuple(str(p) for p in players) if isinstance(players, list) else None
    seed = doc.get("seed")
    seed = seed if is_seed(seed) else None  # not a member of the format: a bad one is ignored
    hands = doc.get("hands")
    if not isinstance(hands, list):
        raise RecordError("the record has no list of hands")
    if game == "moon3":
        tile_set = MOON21_SET if options.remove_double_blank else MOON22_SET
    else:
        tile_set = FULL_SET
    n = options.seats
    parsed = []
    for h, hand in enumerate(hands):
        where = f"hand {h}"
        if not isinstance(hand, dict):
            raise RecordError(f"{where} is not an object")
        if "dealer" not in hand:
            raise RecordError(f"{where} names no dealer")
        dealer = _whole(hand["dealer"], f"{where}: the dealer")
        deal = hand.get("deal")
        if not isinstance(deal, list) or len(deal) != n:
            raise RecordError(f"{where}: the deal must list {n} hands")
        seats = []
        for s, tiles in enumerate(deal):
            if not isinstance(tiles, list) or len(tiles) != 7:
                raise RecordError(f"{where}: seat {s} must be dealt 7 tiles")
            seats.append(tuple(_tile(t, f"{where}, seat {s}'s deal") for t in tiles))
        widow = hand.get("widow")
        if widow is None:  # absent, or null: no widow
            widow = []
        if not isinstance(widow, list):
            raise RecordError(f"{where}: the widow must be a list of tiles")
        widow = tuple(_tile(t, f"{where}, widow") for t in widow)
        dealt = [t for s in seats for t in s] + list(widow)
        if sorted(dealt) != sorted(tile_set):
            raise RecordError(
                f"{where}: the deal and widow must hold the {len(tile_set)} tiles of the set,"
                " each once"
            )
        actions = hand.get("actions")
        if actions is None:  # a hand just dealt
            actions = []
        if not isinstance(actions, list):
            raise RecordError(f"{where}: actions must be a list")
        parsed.append(
            RecordedHand(
                dealer,
                tuple(seats),
                widow,
                tuple(_action(a, game, f"{where}, action {i}") for i, a in enumerate(actions)),
            )
        )
    return ParsedRecord(options, players, seed, tuple(parsed))


def replay(record: ParsedRecord) -> tuple[Game, Fault | None]:
    """Play a parsed record under the rules; stop at the first fault."""
    game = Game(record.options, seed=record.seed, players=list(record.players or []) or None)
    for h, hand in enumerate(record.hands):
        try:
            game.start_hand(hand.deal, hand.widow, hand.dealer)
        except RuleError as error:
            return game, Fault(h, None, error.rule, error.message)
        for a, action in enumerate(hand.actions):
            try:
                if isinstance(action, UnknownTrump):
                    if game.to_act is not None and game.to_act.kind == "trump":
                        raise RuleError("trump", f"{quoted(action.text)} is not a trump")
                    game.apply(NameTrump(action.seat, Trump.NO_TRUMP))
                else:
                    game.apply(action)
            except RuleError as error:
                return game, Fault(h, a, error.rule, error.message)
    return game, None


def game_from_record(doc: Any) -> Game:
    """The game a record describes; RecordError or RuleError if it is not a legal one."""
    game, fault = replay(parse_record(doc))
    if fault is not None:
        where = f"hand {fault.hand}"
        if fault.action is not None:
            where += f", action {fault.action}"
        raise RuleError(fault.rule, f"{where}: {fault.message}")
    return game


def game_to_record(game: Game) -> dict[str, Any]:
    """The game so far as a record document (JSON-ready)."""
    return {
        "format": FORMAT,
        "game": game.options.game,
        "options": game.options.to_dict(),
        "players": list(game.players),
        "seed": game.seed,
        "hands": [
            {
                "dealer": log.dealer,
                "deal": [[str(t) for t in seat] for seat in log.deal],
                "widow": [str(t) for t in log.widow],
                "actions": [action_to_record(a) for a in log.actions],
            }
            for log in game.log
        ],
    }
