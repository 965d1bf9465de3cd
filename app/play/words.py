"""How the app says things: game names, bids, trumps and refusals in a player's words."""

from __future__ import annotations

import re

from moon42.rules import Trump
from moon42.rules.bidding import MARK, MOON, bid_label, marks_of
from moon42.rules.options import Options
from moon42.rules.trump import Doubles
from moon42.rules.views import SeatView

__all__ = [
    "GAME_TITLES",
    "bid_meaning",
    "bid_text",
    "trump_text",
    "seat_name",
    "plain_refusal",
    "score_unit",
    "side_name",
]

GAME_TITLES = {"moon3": "Moon for 3", "moon4": "Moon for 4", "texas42": "Texas 42"}


def bid_text(value: int | None, contract: str, options: Options) -> str:
    return bid_label(value, contract, options.is_moon)


def bid_meaning(value: int | None, contract: str, options: Options) -> str:
    """One line on what a bid contracts to do."""
    side = "your side" if options.partnerships else "you"
    if value is None:
        return "Pass: let someone else take the bid."
    if contract in ("plunge", "splash"):
        need = 4 if contract == "plunge" else 3
        return (f"{contract.capitalize()} ({need}+ doubles), {marks_of(value)} marks: partner"
                " names trump; win all 7 tricks.")
    if options.is_moon:
        if value == MOON:
            return f"Shoot the moon: {side} must take all 7 tricks, for 21 points."
        return f"Bid {value}: {side} must take at least {value} of the 7 tricks."
    if value >= MARK:
        marks = marks_of(value)
        return f"Bid {value}: {side} must take every trick, for {marks} mark{'s' * (marks > 1)}."
    return f"Bid {value}: {side} must take at least {value} of the 42 points (tricks + count)."


def trump_text(trump: Trump | None, options: Options | None = None) -> str:
    if trump is None:
        return "-"
    text = trump.label
    if trump is Trump.NO_TRUMP and options is not None and not options.is_moon:
        text = "follow me"
    if options is not None and trump in (Trump.NO_TRUMP, Trump.NELLO):
        text += _DOUBLES_WORDS.get(options.doubles_for(trump), "")
    return text


_DOUBLES_WORDS = {Doubles.LOW: " (doubles low)", Doubles.OWN: " (doubles own suit)"}


def seat_name(view: SeatView, seat: int) -> str:
    return "You" if seat == view.seat else view.players[seat]


def side_name(view: SeatView, seat: int) -> str:
    """A scoring unit's name: a player in Moon for 3, a partnership otherwise."""
    if not view.options.partnerships:
        return seat_name(view, seat)
    a, b = seat % 2, seat % 2 + 2
    if view.seat in (a, b):
        return "Us"
    return "Them"


def score_unit(options: Options, count: int = 2) -> str:
    """What the game is scored in, for ``count`` of it ("1 mark", "7 marks")."""
    unit = "mark" if options.uses_marks else "point"
    return unit if count == 1 else unit + "s"


_SEAT = re.compile(r"\bseat (\d)\b")


def plain_refusal(message: str, view: SeatView) -> str:
    """The engine's refusal, with seat numbers turned into names."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return seat_name(view, seat) if seat < view.seats else match.group(0)

    text = _SEAT.sub(name, message)
    text = text.replace("it holds", "you hold").replace("it does not hold it", "you do not hold it")
    text = text.replace("it needs", "you need").replace("doubles and holds", "doubles and hold")
    text = text.replace("a tile closest to seven", "the tile closest to 7 pips (Sevens)")
    return text[:1].upper() + text[1:]
