"""The hand review in the game's words: a verdict per costly decision, the figures told.

Figures from the seat's view keep the hints' honesty: "about N%" (never 0% or 100%) unless
proven, "100%" only when the side's sure tricks make it whatever the others hold, "0%" only
when correct play stops it in every layout, and where the others were read as players of
habits, the figure against best play first.  Figures with every hand known are exact and
say so ("every hand known").
"""

from __future__ import annotations

from moon42.rules.actions import Action, Bid, Discard, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.tiles import COUNT, Tile
from moon42.rules.trump import Trump
from moon42.rules.views import SeatView

from .review_figures import Decision, ViewFigure

__all__ = ["verdict", "unit_of", "choice_text", "action_text", "view_text", "pct"]


def unit_of(view: SeatView, trump: Trump | None = None) -> str:
    """What the figures count: points in Texas 42 (tricks in Nello and Sevens), else tricks."""
    trump = trump if trump is not None else view.trump
    if view.options.is_moon or trump in (Trump.NELLO, Trump.SEVENS):
        return "tricks"
    return "points"


def choice_text(choice: object) -> str:
    """A tile as ``6-4``, a trump by its name."""
    if isinstance(choice, Trump):
        return choice.label
    return str(choice)


def action_text(action: Action) -> str:
    """A decision as the table says it: ``pass``, ``bid 30``, ``fives``, ``6-4``."""
    if type(action) is Pass:
        return "pass"
    if type(action) is Bid:
        return f"bid {action.value}"
    if type(action) in (Plunge, Splash):
        return type(action).__name__.lower()
    if type(action) is NameTrump:
        return action.trump.label
    if isinstance(action, Play | Discard):
        return str(action.tile)
    return str(action)


def pct(rate: float) -> str:
    """A figure that is not proven: never 0% or 100%."""
    return f"{min(99, max(1, round(100 * rate)))}%"


def view_text(figure: ViewFigure | None, credit_unit: str = "points") -> str | None:
    """One choice's figure from the seat's view, honestly worded; None: no figure."""
    if figure is None or figure.chance is None:
        return None
    if figure.certain == "always":
        text = "100%, whatever the others hold and play"
    elif figure.certain == "never":
        text = "0% if the others play correctly"
    elif figure.rough:
        text = f"roughly {pct(figure.chance)} (few measured)"
    else:
        text = f"about {pct(figure.chance)}"
        if figure.by_habit is not None:
            text += f" against best play, {pct(figure.by_habit)} if they play by habit"
    if figure.credit is not None:
        text += f", {figure.credit:.1f} {credit_unit} on average"
    return text


def _play_verdict(view: SeatView, d: Decision) -> str:
    unit = unit_of(view)
    played, dd = d.done, d.dd
    assert isinstance(played, Tile) and dd is not None, "a play weighed with no figures"
    head = f"Trick {d.trick}: {played}"
    if d.lost <= 0:
        better = view_text(d.view_expert, unit)
        mine = view_text(d.view_done, unit)
        expert = action_text(d.expert) if d.expert is not None else "another tile"
        return (f"{head} kept as much with every hand known, but from your seat {expert} "
                f"got there in {better} of deals, {played} in {mine}")
    count = COUNT[int(played)] if unit == "points" else 0
    if d.trick_lost and count:
        what = f"gave up its {count} count"
    elif d.trick_lost and d.best_wins_trick:
        what = "lost the trick"
    else:
        what = f"cost {d.lost} {unit}"
    best = [t for t in dd.best if isinstance(t, Tile)]
    first = min(best, key=int)
    rest = [str(t) for t in best if t != first]
    others = f" (or {', '.join(rest)})" if rest else ""
    takes = " wins the trick and" if d.best_wins_trick and d.trick_lost else ""
    verb = "keeps" if dd.more else "takes"
    return (f"{head} {what}; {first}{others}{takes} {verb} {dd.best_value} {unit}, "
            f"not {dd.values[played]} (every hand known)")


def _call_verdict(view: SeatView, d: Decision) -> str:
    done = view_text(d.view_done, "")
    best = view_text(d.view_expert, "")
    expert = action_text(d.expert) if d.expert is not None else ""
    if d.kind == "bid":
        if type(d.action) is Bid and type(d.expert) is Pass:
            return (f"Bidding: {action_text(d.action)} is made in {done} of hands like this; "
                    "the expert passes")
        if type(d.action) is Bid and type(d.expert) is Bid:
            return (f"Bidding: {action_text(d.action)} is made in {done} of hands like this; "
                    f"the expert bids {d.expert.value}, made in {best}")
        return (f"Bidding: you passed; the expert bids {d.bid}, made in {best} of hands "
                "like this")
    text = f"Trump: {action_text(d.action)}"
    if done is not None and best is not None and d.view_gap > 0:
        text += f" makes {d.bid} in {done} of hands like this, {expert} in {best}"
    named = d.done
    if d.dd is not None and d.lost > 0 and isinstance(named, Trump):
        unit = unit_of(view, named)
        first = d.dd.best[0]
        text += (f"; with every hand known {choice_text(first)} keeps {d.dd.best_value} {unit}, "
                 f"{action_text(d.action)} {d.dd.values[named]}")
    return text


def _discard_verdict(view: SeatView, d: Decision) -> str:
    laid, dd = d.done, d.dd
    assert isinstance(laid, Tile) and dd is not None, "a discard weighed with no figures"
    first = min((t for t in dd.best if isinstance(t, Tile)), key=int)
    return (f"Discard: laying {laid} aside keeps {dd.values[laid]} tricks; "
            f"laying {first} aside keeps {dd.best_value} (every hand known)")


def verdict(view: SeatView, decision: Decision) -> str:
    """One line on a costly decision, in the game's words."""
    if decision.kind == "play":
        return _play_verdict(view, decision)
    if decision.kind == "discard" and decision.dd is not None:
        return _discard_verdict(view, decision)
    if decision.kind == "discard":
        expert = action_text(decision.expert) if decision.expert is not None else "another tile"
        return f"Discard: {decision.done}; the expert lays {expert} aside"
    return _call_verdict(view, decision)
