"""The hand review's decisions in words, for the review screen and the replay's mark.

Each decision says what was done and, told apart, what it kept with every hand known (the
double-dummy figures: exact) and what the expert made of it from what the seat could see
(``ai.review_words``' honest wording: "about" unless proven).  A costly decision leads with
its verdict.
"""

from __future__ import annotations

from rich.text import Text

from moon42.ai.review_figures import Decision, HandReview
from moon42.ai.review_words import action_text, choice_text, pct, view_text
from moon42.rules import Options, Trump
from moon42.rules.actions import Pass
from moon42.rules.tiles import Tile

__all__ = ["unit_for", "title_of", "cost_of", "known_line", "seen_line", "better_line",
           "better_tile", "decision_text", "ordered", "count_line"]


def unit_for(options: Options, trump: Trump | None) -> str:
    """What the figures count: points in Texas 42 (tricks in Nello and Sevens), else tricks."""
    if options.is_moon or trump in (Trump.NELLO, Trump.SEVENS):
        return "tricks"
    return "points"


def title_of(d: Decision) -> str:
    """``Trick 3: 6-4``, ``Bidding: bid 30``, ``Trump: fives``, ``Discard: 6-6``."""
    if d.kind == "play":
        return f"Trick {d.trick}: {action_text(d.action)}"
    if d.kind == "bid":
        return f"Bidding: {action_text(d.action)}"
    if d.kind == "trump":
        return f"Trump: {action_text(d.action)}"
    return f"Discard: {action_text(d.action)}"


def cost_of(d: Decision, unit: str) -> str:
    """How much the decision cost: with every hand known first, else from the seat."""
    if d.lost > 0:
        return f"cost {d.lost} {unit}, every hand known"
    if d.costly:
        return "costly from the seat"
    return "no cost"


def known_line(d: Decision, unit: str) -> str | None:
    """The figures with every hand known: the best choice and what was done."""
    dd, done = d.dd, d.done
    if dd is None or not isinstance(done, Tile | Trump) or done not in dd.values:
        return None
    mine = dd.values[done]
    if d.lost <= 0:
        return f"Every hand known: {choice_text(done)} keeps the most, {mine} {unit}."
    best = [c for c in dd.best if c != done]
    first = min(best, key=int) if all(isinstance(c, Tile) for c in best) else best[0]
    verb = "keeps" if dd.more else "gives up"
    return (f"Every hand known: {choice_text(first)} {verb} {dd.best_value} {unit}, "
            f"{choice_text(done)} {mine}.")


def _figure(action: object, figure_text: str | None) -> str:
    return f"{action} {figure_text}" if figure_text else str(action)


def seen_line(d: Decision, unit: str, whose: str = "your") -> str | None:
    """The expert's figures from what the seat could see, in the hints' honest words."""
    credit = unit if d.kind == "play" else ""
    done = view_text(d.view_done, credit)
    best = view_text(d.view_expert, credit)
    if d.expert is None or (done is None and best is None):
        return None
    head = f"From {whose} seat: "
    what, expert = action_text(d.action), action_text(d.expert)
    if d.kind == "bid":
        made = f"{what} is made in {done} of hands like this" if done else f"{what}"
        if d.expert == d.action:
            return head + f"{made}, the expert's choice too."
        if type(d.expert) is Pass:
            return head + f"{made}; the expert passes."
        return head + f"{made}; the expert bids {d.bid}, made in {best} of hands like this."
    if d.kind == "trump" and d.bid is not None and done and best:
        if d.expert == d.action:
            return head + f"{what} makes {d.bid} in {done} of hands like this."
        return (head + f"{what} makes {d.bid} in {done} of hands like this, "
                f"{expert} in {best}.")
    if d.expert == d.action:
        return head + f"{_figure(what, done or best)}, the expert's choice too."
    return head + f"{_figure(what, done)}; the expert's {_figure(expert, best)}."


def better_line(d: Decision, unit: str) -> str | None:
    """The replay's mark: the better choice and by how much (every hand known), or the
    expert's (from the seat)."""
    dd, done = d.dd, d.done
    if dd is not None and d.lost > 0 and isinstance(done, Tile | Trump):
        better = [c for c in dd.best if c != done]
        first = min(better, key=int) if all(isinstance(c, Tile) for c in better) else better[0]
        return (f"Better: {choice_text(first)} (kept {dd.best_value} {unit} against "
                f"{dd.values[done]}, every hand known)")
    if d.expert is not None and d.expert != d.action and d.view_expert is not None:
        chance = d.view_expert.chance
        said = "" if chance is None else f", about {pct(chance)} from the seat"
        return f"Better: {action_text(d.expert)} (the expert's choice{said})"
    return None


def better_tile(d: Decision) -> Tile | None:
    """The tile to mark in the replay: the best with every hand known, else the expert's."""
    dd, done = d.dd, d.done
    if d.kind not in ("play", "discard"):
        return None
    if dd is not None and d.lost > 0:
        tiles = [c for c in dd.best if isinstance(c, Tile) and c != done]
        if tiles:
            return min(tiles, key=int)
    tile = getattr(d.expert, "tile", None)
    return tile if isinstance(tile, Tile) and tile != done else None


def decision_text(d: Decision, unit: str, whose: str = "your") -> Text:
    """One decision as the review lists it: its title and cost, then the two kinds of
    figures on lines of their own."""
    text = Text()
    costly = d.costly
    text.append(title_of(d), "bold" if costly else "")
    text.append(f"  ({cost_of(d, unit)})", "bold" if costly else "dim")
    known = known_line(d, unit)
    if costly and d.verdict and d.kind == "play":
        known = d.verdict  # in the game's words, and it says "every hand known"
    for line in (known, seen_line(d, unit, whose)):
        if line:
            text.append(f"\n  {line}")
    return text


def ordered(review: HandReview) -> list[Decision]:
    """The costly decisions, costliest first, then the rest in the order made."""
    costly = list(review.costly)
    shown = {id(d) for d in costly}
    return costly + [d for d in review.decisions if id(d) not in shown]


def count_line(review: HandReview) -> str:
    n, costly = len(review.decisions), len(review.costly)
    if not n:
        return "No decision of this seat in this hand."
    return (f"{n} decision{'s' * (n != 1)}, {costly} costly" + (" (first)" if costly else "")
            + ". From the seat: how often the side then gets what it plays for.")
