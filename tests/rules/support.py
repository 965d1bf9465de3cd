"""Helpers for the rules tests: set up positions through records, act with short tokens.

A position is a record (rules/RECORDS.md) with chosen deals, turned into a game by
``game_from_record``; from there the tests act through ``Game.apply``.  ``act`` reads one
token per action and makes the action the seat to act is asked for: a bid ("5", "pass",
"plunge"), a discard ("4-1"), a trump ("6", "doubles", "none", "nello") or a play ("6-4").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any

from moon42.rules import Game, Phase, Tile, Trump, parse_tile
from moon42.rules.actions import Action, Bid, Discard, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.events import Event
from moon42.rules.record import game_from_record, game_to_record
from moon42.rules.tiles import FULL_SET, MOON21_SET, MOON22_SET

SEATS = {"moon3": 3, "moon4": 4, "texas42": 4}


def tiles(text: str) -> list[Tile]:
    """``"6-4 5-5"`` to the tiles 6-4 and 5-5."""
    return [parse_tile(t) for t in text.split()]


def names(values: Iterable[Tile]) -> list[str]:
    return [str(t) for t in values]


def tile_set(game: str, options: dict[str, Any] | None = None) -> tuple[Tile, ...]:
    if game != "moon3":
        return FULL_SET
    return MOON21_SET if (options or {}).get("remove_double_blank") else MOON22_SET


def fill_deal(
    game: str,
    fixed: dict[int, str] | None = None,
    widow: str | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[list[list[str]], list[str]]:
    """A deal giving the ``fixed`` seats their tiles; the rest of the set is handed out in
    set order to the other seats, then to the widow (unless ``widow`` is given)."""
    fixed = fixed or {}
    chosen = {s: tiles(text) for s, text in fixed.items()}
    for s, held in chosen.items():
        assert len(held) == 7, f"seat {s} must be given 7 tiles, not {len(held)}"
    given_widow = tiles(widow) if widow is not None else None
    used = [t for held in chosen.values() for t in held] + (given_widow or [])
    assert len(used) == len(set(used)), "a tile is given twice"
    rest = [t for t in tile_set(game, options) if t not in used]
    deal: list[list[str]] = []
    for s in range(SEATS[game]):
        if s in chosen:
            deal.append(names(chosen[s]))
        else:
            deal.append(names(rest[:7]))
            rest = rest[7:]
    widow_tiles = names(given_widow) if given_widow is not None else names(rest)
    return deal, widow_tiles


def first_dealer_42(deal: Sequence[Sequence[str]]) -> int:
    """rules/README.md 2: the holder of 1-0 bids first, so the dealer sits to their right."""
    holder = next(s for s, held in enumerate(deal) if parse_tile("1-0") in tiles(" ".join(held)))
    return (holder - 1) % 4


def hand_entry(
    game: str,
    fixed: dict[int, str] | None = None,
    *,
    widow: str | None = None,
    dealer: int | None = None,
    actions: Sequence[dict[str, Any]] = (),
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    deal, widow_tiles = fill_deal(game, fixed, widow, options)
    if dealer is None:
        dealer = first_dealer_42(deal) if game == "texas42" else SEATS[game] - 1
    return {"dealer": dealer, "deal": deal, "widow": widow_tiles, "actions": list(actions)}


def record(
    game: str, hands: Sequence[dict[str, Any]], options: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "format": "moon42/1",
        "game": game,
        "options": dict(options or {}),
        "hands": list(hands),
    }


def build(
    game: str,
    fixed: dict[int, str] | None = None,
    *,
    options: dict[str, Any] | None = None,
    widow: str | None = None,
    dealer: int | None = None,
    actions: Sequence[dict[str, Any]] = (),
) -> Game:
    """A game whose first hand is dealt as chosen (through a record)."""
    entry = hand_entry(game, fixed, widow=widow, dealer=dealer, actions=actions, options=options)
    return game_from_record(record(game, [entry], options))


def deal_next(game: Game, fixed: dict[int, str] | None = None, *, widow: str | None = None) -> Game:
    """The game (rebuilt from its record) with its next hand dealt as chosen, by the seat due."""
    doc = game_to_record(game)
    dealer = (doc["hands"][-1]["dealer"] + 1) % game.seats
    doc["hands"].append(
        hand_entry(game.options.game, fixed, widow=widow, dealer=dealer, options=doc["options"])
    )
    return game_from_record(doc)


def rotate(fixed: dict[int, str], by: int, seats: int) -> dict[int, str]:
    """The same deal turned ``by`` seats to the left: seat s gets what seat s - by held."""
    return {(s + by) % seats: held for s, held in fixed.items()}


def action_for(game: Game, token: str | int) -> Action:
    """The action the seat to act takes with ``token`` (see the module's docstring)."""
    turn = game.to_act
    assert turn is not None, "nobody is to act"
    seat, kind = turn
    text = str(token)
    if kind == "bid":
        if text == "pass":
            return Pass(seat)
        if text == "plunge":
            return Plunge(seat)
        if text == "splash":
            return Splash(seat)
        return Bid(seat, int(text))
    if kind == "discard":
        return Discard(seat, parse_tile(text))
    if kind == "trump":
        return NameTrump(seat, Trump(text))
    return Play(seat, parse_tile(text))


def act(game: Game, *tokens: str | int) -> list[Event]:
    """Apply one action per token; a string may hold several tokens split by spaces."""
    events: list[Event] = []
    for token in tokens:
        for part in str(token).split():
            events.extend(game.apply(action_for(game, part)))
    return events


def auction(game: Game, bids: dict[int, str | int]) -> list[Event]:
    """One round of bidding: the seats in ``bids`` bid that, every other seat passes."""
    events: list[Event] = []
    hand = game.hand_number
    while game.phase is Phase.BIDDING and game.hand_number == hand:
        seat = game.to_act.seat
        events.extend(act(game, bids.get(seat, "pass")))
    return events


def hand_of(game: Game, seat: int) -> set[Tile]:
    return set(game.view(seat).hand)


def tiles_in(value: Any) -> list[Tile]:
    """Every tile anywhere inside a view (or any value built of dataclasses and tuples)."""
    found: list[Tile] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Tile):
            found.append(item)
        elif item is None or isinstance(item, str | int | float | bool | Enum):
            continue
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        else:
            raise AssertionError(f"a view holds a value of unexpected type {type(item)!r}")
    return found


def known_tiles(
    game: Game, seat: int, doc: dict[str, Any] | None = None
) -> tuple[set[Tile], set[Tile]]:
    """From the game's record (not its views): the tiles ``seat`` holds now, and every tile
    it may know (rules/README.md 8): its own, all tiles played in any hand, and the widow and the
    discard of the hand in progress if it is the bidder and has taken the widow."""
    doc = doc or game_to_record(game)
    played = {
        parse_tile(a["play"]) for hand in doc["hands"] for a in hand["actions"] if "play" in a
    }
    hand = doc["hands"][-1]
    discards = [parse_tile(a["discard"]) for a in hand["actions"] if "discard" in a]
    widow = set(tiles(" ".join(hand["widow"])))
    bidder = game.view(seat).bidder
    taken = bool(discards) or game.phase is Phase.WIDOW
    own = set(tiles(" ".join(hand["deal"][seat])))
    if seat == bidder and taken:
        own |= widow
    own -= {parse_tile(a["play"]) for a in hand["actions"] if "play" in a}
    own -= set(discards) if seat == bidder else set()
    allowed = own | played
    if seat == bidder and taken:
        allowed |= widow | set(discards)
    return own, allowed


def bid_names(game) -> list:
    """The legal bids as a player reads them: "pass", numbers, "plunge", "splash"."""
    out = []
    for a in game.legal_actions():
        if isinstance(a, Pass):
            out.append("pass")
        elif isinstance(a, Bid):
            out.append(a.value)
        else:
            out.append(type(a).__name__.lower())
    return out
