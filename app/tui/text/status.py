"""The two status lines over the table: the hand (bid, trump, led suit, taken) and the score."""

from __future__ import annotations

from moon42.rules import Phase
from moon42.rules.trump import suit_name
from moon42.rules.views import SeatView

from ...play.glyphs import Glyphs
from ...play.words import GAME_TITLES, bid_text, score_unit, trump_text

__all__ = ["status_lines", "led_suit"]


def led_suit(view: SeatView) -> str:
    """The suit the trick in progress asks for, in words ("" when none)."""
    rules = view.trick_rules
    if rules is None or view.current_trick is None or rules.sevens:
        return ""
    return suit_name(rules.led_suit[view.current_trick.plays[0][1]])


def _score_parts(view: SeatView) -> list[str]:
    names = view.players
    if view.options.partnerships:
        us, them = view.seat % 2, 1 - view.seat % 2
        return [
            f"{names[us]} & {names[us + 2]} {view.scores[us]}",
            f"{names[them]} & {names[them + 2]} {view.scores[them]}",
        ]
    return [f"{names[s]} {view.scores[s]}" for s in range(view.seats)]


def _with_pace(score: str, dot: str, pace: str, width: int | None) -> str:
    """The score line and what it says of the bots, as much of it as fits ``width``: the
    pace's words after its first are left out first ("0.2s, shared table" as "0.2s"), then
    the bots' words altogether; the score itself is never left out for them."""
    if not pace:
        return score
    shorter = pace.split(",")[0]
    for said in (pace, shorter):
        line = f"{score}{dot}bots {said}"
        if width is None or len(line) <= width:
            return line
    return score


def status_lines(view: SeatView, glyphs: Glyphs, pace: str = "", watching: bool = False,
                 heading: str = "", width: int | None = None) -> str:
    """``watching``: nobody at the table is "us" (a game the bots play alone); ``heading``:
    the first line's start instead of the game's name; ``width``: the columns the score line
    has, which the bots' words give way to."""
    options = view.options
    dot = f" {glyphs.dot} "
    parts = [heading or GAME_TITLES[view.game]]
    if view.bidder is not None and view.phase is not Phase.BIDDING:
        said = bid_text(view.high_bid, view.contract or "bid", options)
        parts.append(f"{view.players[view.bidder]} bid {said}")
    if view.trump is not None:
        parts.append(f"trump: {trump_text(view.trump, options)}")
    led = led_suit(view)
    if led:
        parts.append(f"led: {led}")
    if options.partnerships and view.trump is not None:
        taken = view.tricks_won if options.is_moon else view.points
        us, them = view.seat % 2, 1 - view.seat % 2
        word = "tricks" if options.is_moon else "pts"
        ours, theirs = taken[us] + taken[us + 2], taken[them] + taken[them + 2]
        if watching:
            names = view.players
            parts.append(f"{word}: {names[us]} & {names[us + 2]} {ours}, "
                         f"{names[them]} & {names[them + 2]} {theirs}")
        else:
            parts.append(f"{word}: us {ours}, them {theirs}")
    score = f"Hand {view.hand_number + 1}{dot}Score {dot.join(_score_parts(view))}"
    score += f" (to {options.target} {score_unit(options, options.target)})"
    return dot.join(parts) + "\n" + _with_pace(score, dot, pace, width)
