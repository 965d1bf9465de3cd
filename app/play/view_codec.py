"""Seat views, actions and events as JSON, to cross the shared tables' socket exactly.

Only the types a view, an action or an event is made of can be written or read back:
``decode`` builds nothing else, so a message cannot make the reader build anything it
did not mean to.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from moon42.rules import Options, Phase, Tile, Trick, Trump, options_for
from moon42.rules.actions import Bid, Discard, NameTrump, Pass, Play, Plunge, Splash, Turn
from moon42.rules.events import (
    BiddingWon,
    BidMade,
    Discarded,
    GameWon,
    HandDealt,
    HandScored,
    Passed,
    ThrownIn,
    TilePlayed,
    TrickWon,
    TrumpNamed,
    WidowTaken,
)
from moon42.rules.results import HandResult
from moon42.rules.views import BidEntry, SeatView

__all__ = ["encode", "decode", "CodecError"]

_DATACLASSES = {cls.__name__: cls for cls in (
    SeatView, BidEntry, HandResult, Bid, Pass, Plunge, Splash, Discard, NameTrump, Play,
    HandDealt, BidMade, Passed, ThrownIn, BiddingWon, WidowTaken, Discarded, TrumpNamed,
    TilePlayed, HandScored, GameWon,
)}
_TUPLES = {cls.__name__: cls for cls in (Trick, Turn, TrickWon)}
_ENUMS = {cls.__name__: cls for cls in (Trump, Phase)}


class CodecError(ValueError):
    """A message that is not a view, an action or an event this codec writes."""


def encode(value: Any) -> Any:
    """A JSON-ready form of ``value`` (a view, an action, an event, or what they hold)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, Enum):
        return {"$": type(value).__name__, "v": value.value}
    if isinstance(value, Tile):
        return {"$": "Tile", "v": int(value)}
    if isinstance(value, int | str):
        return value
    if isinstance(value, Options):
        return {"$": "Options", "game": value.game, "v": value.to_dict()}
    name = type(value).__name__
    if isinstance(value, tuple) and name in _TUPLES:
        return {"$": name, "v": [encode(item) for item in value]}
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if dataclasses.is_dataclass(value) and name in _DATACLASSES:
        out = {"$": name}
        for field in dataclasses.fields(value):
            out[field.name] = encode(getattr(value, field.name))
        return out
    raise CodecError(f"cannot write a {name}")


def decode(data: Any) -> Any:
    """What ``encode`` wrote, built back (lists become tuples)."""
    if data is None or isinstance(data, bool | int | str):
        return data
    if isinstance(data, list):
        return tuple(decode(item) for item in data)
    if not isinstance(data, dict):
        raise CodecError(f"cannot read {type(data).__name__}")
    kind = data.get("$")
    try:
        if kind == "Tile":
            return Tile(int(data["v"]))
        if kind in _ENUMS:
            return _ENUMS[kind](data["v"])
        if kind == "Options":
            return options_for(str(data["game"]), dict(data["v"]))
        if kind in _TUPLES:
            return _TUPLES[kind](*(decode(item) for item in data["v"]))
        if kind in _DATACLASSES:
            cls = _DATACLASSES[kind]
            names = {field.name for field in dataclasses.fields(cls)}
            return cls(**{key: decode(item) for key, item in data.items()
                          if key != "$" and key in names})
    except CodecError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise CodecError(f"a damaged {kind}: {error}") from error
    raise CodecError(f"unknown kind {kind!r}")
