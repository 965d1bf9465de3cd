"""A hint in words: the expert's move for the seat and why, with its figures, fitted to a
line's width.

``hint_parts`` words an ``ai.advice.Advice`` from what the expert computed (how often each
choice gets your side what it plays for, and the points or tricks it keeps) and simple
facts of the view (a trump, wins the trick, the count it carries), in ranked pieces;
``hint_text`` and ``hint_lines`` fit them to one line or to the table's two, the least
telling cut first.  A figure that moved since the last hint says where it was and why
(``figure_moves``), and keeps room for that on an 80-column screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from moon42.ai.advice_figure import compared, figure_trusted, shows_credit, tiles_differ
from moon42.ai.claims import check_claim
from moon42.ai.expert import make_rate_needed
from moon42.ai.odds import CallOdds, Certainty
from moon42.rules import Bid, Discard, NameTrump, Pass, Play, Plunge, Splash, Trump
from moon42.rules.views import SeatView

from ...play.words import trump_text
from .figure_moves import Moved
from .figure_moves import percent as _pct
from .offers import offer_label
from .reasons import discard_claims, hand_claims, play_reason

if TYPE_CHECKING:
    from moon42.ai.advice import Advice, TileFigures

__all__ = ["hint_text", "hint_lines", "hint_parts", "Parts", "claimable", "CLAIM_NOTE"]


def _about(rate: float) -> str:
    return f"about {_pct(rate)}"


def _goal(view: SeatView, side: bool) -> str:
    if view.trump is Trump.NELLO:
        return "Nello is made" if side else "Nello is set"
    return "the bid is made" if side else "the bid is set"


def _facts(view: SeatView, trump: Trump | None) -> list[str]:
    return [claim.words for claim in hand_claims(view, trump)]


# A hint is a list of (text, rank) parts, read in order; when the line is too short the
# parts of the highest rank go first: 0 the move and its main reason, 1 the expert's
# figure for it, 2 more facts, 3 the comparison with the runner-up (or why a bid is
# advised, or the neighbouring bids' figures), 4 a bid's figure against basic when such a
# reason or such figures are given.
Parts = list[tuple[str, int]]


def _with_facts(head: str, facts: list[str]) -> Parts:
    if not facts:
        return [(head, 0)]
    return [(f"{head}: {facts[0]}", 0)] + [(f", {fact}", 2) for fact in facts[1:]]


class _CallFigure(NamedTuple):
    """A call's figure as a hint gives it, in four pieces: the figure (``made in about
    60%``), whose figure it is (`` of hands like this``, or ""), when and how surely
    (`` before the widow``, `` (few measured)``, or ""), and apart from them the figure
    against ``basic`` (`` (N% against basic)``, or ""), the first thing a short line
    leaves out."""

    figure: str
    whose: str = ""
    when: str = ""
    basic: str = ""

    @property
    def whole(self) -> str:
        return self.figure + self.whose + self.when + self.basic


def _call_figure(
    odds: CallOdds, widow_to_come: bool = False, short: bool = False,
    under: float | None = None,
) -> _CallFigure | None:
    """How often the bid is made with this trump, as the hint gives it (None: not
    measured, not shown).  ``widow_to_come``: Moon for three before the bidder takes the
    widow, whose tile the figure counts as any of the unseen ones (taken, it may lift the
    hand or leave it as it was, and the trump hint's figure moves with it).  ``short``: a
    proven figure in fewer words, leaving room on the line for why it moved.  ``under``: a
    passed bid's, with the rate bids are made from: a figure that rounds up to it (49.6%,
    shown as 50%, where bids are made from half) is put as just under it, so that passing
    reads right."""
    if odds.certain is Certainty.ALWAYS:
        return _CallFigure("made in 100%: your sure tricks make it" if short
                           else "made in 100%: your sure tricks make it however the tiles lie")
    if odds.certain is Certainty.NEVER:
        return _CallFigure("made in 0%: correct defence sets it" if short
                           else f"made in 0%: correct defence sets it in all {odds.worlds:,} deals")
    found = odds.estimate
    if found is None:
        return None
    like = " of hands like this"
    when = " before the widow" if widow_to_come else ""
    if found.rough:
        return _CallFigure(f"made in roughly {_pct(found.experts)}", like,
                           f"{when} (few measured)")
    basic = f" ({_pct(found.basic)} against basic)" if found.basic is not None else ""
    shown = _about(found.experts)
    if under is not None and round(100 * found.experts) >= round(100 * under):
        shown = f"just under {_pct(under)}"
    return _CallFigure(f"made in {shown}", like, when, basic)


def _call_short(odds: CallOdds) -> str | None:
    """The runner-up's figure, in a few words."""
    if odds.certain is Certainty.ALWAYS:
        return "100%"
    if odds.certain is Certainty.NEVER:
        return "0%"
    if odds.estimate is None:
        return None
    return ("roughly " if odds.estimate.rough else "about ") + _pct(odds.estimate.experts)


def _call_parts(view: SeatView, advice: Advice, moved: Moved | None = None) -> Parts:
    action = advice.action
    trump = advice.trump
    name = trump_text(trump, view.options) if trump is not None else ""
    facts = _facts(view, trump)
    odds = {o.trump: o for o in advice.odds}
    mine = odds.get(trump) if trump is not None else None
    widow_to_come = view.options.game == "moon3" and view.discard is None
    needed = make_rate_needed(view.options)
    under = needed if isinstance(action, Pass) else None
    figure = (_call_figure(mine, widow_to_come, moved is not None, under)
              if mine is not None else None)
    if isinstance(action, NameTrump):
        head = f"Name {trump_text(action.trump, view.options)}"
        parts = _with_facts(head, facts)
        if figure is not None:
            parts += _figure_parts(figure, moved=moved is not None)
            others = [o for o in advice.odds if o.trump is not action.trump]
            short = _call_short(others[0]) if others else None
            if short is not None:
                other = trump_text(others[0].trump, view.options)
                parts.append((f" (with {other}: {short})", 3))
            parts += _moved_part(moved)
        return parts
    if isinstance(action, Plunge | Splash):
        doubles = sum(1 for t in view.hand if t.is_double)
        label = offer_label(action, view).capitalize()
        return [(f"{label}: {doubles} doubles", 0), ("; your partner names trump", 2)]
    if isinstance(action, Pass):
        if view.partner is not None and view.bidder == view.partner:
            return [("Pass: your partner holds the bid", 0)]
        if figure is not None and advice.bid_value is not None:
            lowest = offer_label(Bid(view.seat, advice.bid_value), view)
            return [(f"Pass: even with {name}, {lowest} is {figure.whole}", 0)] + [
                (f"; {fact}", 2) for fact in facts[:1]]
        if mine is not None and mine.simulated < needed:
            # Not measured for this kind of bid: the simulation alone says it is too risky.
            return [("Pass: your hand is too weak to bid", 0)] + [
                (f"; {f}", 2) for f in facts[:1]]
        return [("Pass", 0)]
    purpose = "for" if trump in (Trump.NELLO, Trump.SEVENS) else "with"
    head = f"Bid {offer_label(action, view)}" + (f" {purpose} {name}" if name else "")
    parts = _with_facts(head, facts)
    if figure is not None:
        why = _why_bid_under_half(view, mine)
        neighbours = _neighbour_parts(view, advice)
        # The reason and the neighbouring bids' figures go before the figure against basic
        # on a line too short for all of them.
        rank = 4 if why or neighbours else 3
        parts += _figure_parts(figure, rank, moved is not None, bool(neighbours)) + why
        parts += neighbours + _moved_part(moved)
    return parts


def _neighbour_parts(view: SeatView, advice: Advice) -> Parts:
    """The neighbouring bids' figures beside the advised bid's (``; 4: about 80%, 6: about
    35%``): a made bid scores what was bid, so the next bid down and up are worth seeing."""
    shown = []
    for value, odds in advice.others:
        short = _call_short(odds)
        if short is not None:
            shown.append(f"{offer_label(Bid(view.seat, value), view)}: {short}")
    # Each its own part: a short line keeps the bid below (the first) before the one above.
    return [(f"{'; ' if i == 0 else ', '}{text}", 3) for i, text in enumerate(shown)]


def _why_bid_under_half(view: SeatView, odds: CallOdds | None) -> Parts:
    """Why a bid made less often than not is still advised, where the game's bids pay from
    less than half (in Moon for 3, as measured, from 30%)."""
    needed = make_rate_needed(view.options)
    estimate = odds.estimate if odds is not None and odds.certain is None else None
    if estimate is None or estimate.rough or estimate.experts >= 0.5 or needed >= 0.5:
        return []
    return [(f"; bidding from {_pct(needed)} wins more hands than passing", 3)]


def _figure_parts(found: _CallFigure, basic_rank: int = 3, moved: bool = False,
                  neighbours: bool = False) -> Parts:
    """A call's figure, and apart from it (cut first) the one against ``basic``; with why
    it moved to tell, whose figure it is stands apart too, cut before the first reason, and
    with the neighbouring bids' figures, before them (after the one against basic)."""
    figure, whose, when, basic = found
    if whose and (moved or neighbours):
        head = [(f"; {figure}", 1), (whose, 3 if moved else 4)] + ([(when, 1)] if when else [])
    else:
        head = [(f"; {figure}{whose}{when}", 1)]
    return head + ([(basic, basic_rank)] if basic else [])


def _moved_part(moved: Moved | None) -> Parts:
    """Why the figure moved since the last hint (``figure_moves.moved_words``), after the
    figures: the earlier figure and the first reason are kept before the runner-up's."""
    if moved is None:
        return []
    reasons = moved.reasons
    first: Parts = []
    if reasons:  # a trick's count stands apart, cut before the trick (long names)
        trick, count = _count_apart(reasons[0])
        first = [(f": {trick}", 1)] + ([(count, 1)] if count else [])
    return [(f"; was {moved.was}", 1)] + first + [(f", {r}", 3) for r in reasons[1:]]


def _count_apart(reason: str) -> tuple[str, str]:
    """``reason`` and apart from it a trick's count at its end (``" (15 count)"``), or ""."""
    head, sep, tail = reason.rpartition(" (")
    if sep and tail.endswith(" count)"):
        return head, f" ({tail}"
    return reason, ""


def _headline_parts(goal: str, f: TileFigures, moved: Moved | None) -> Parts:
    """The advised tile's figure; with why it moved to tell, its figure by habit stands apart
    and is cut before the first reason (a line at 80 columns has room for the one or the
    other)."""
    figure, habit = _tile_figure_apart(f, short=moved is not None)
    if moved is None or not habit:
        return [(f"; {goal} in {figure}{habit}", 1)]
    return [(f"; {goal} in {figure}", 1), (habit, 3)]


def _tile_figure_apart(f: TileFigures, short: bool) -> tuple[str, str]:
    """How often the seat's side gets what it plays for after this tile: proven, or about;
    and apart from it (or "") the figure that reads the others as players of habits, after
    the one against best play, saying so."""
    # Short: put in few words, to leave room on the line for why the figure moved.
    if f.certain is Certainty.ALWAYS:
        return ("100%" if short else "100% of deals, whatever they hold and play"), ""
    by_habit = "by habit" if short else "if they play by habit"
    habit = f", {_pct(f.wins)} {by_habit}" if f.best_play is not None else ""
    if f.certain is Certainty.NEVER:
        return ("0%" if short else "0% if they play correctly"), habit
    if habit:
        return _about(f.best_play), habit
    return (_about(f.wins) if short else f"{_about(f.wins)} of deals"), ""


def _tile_short(f: TileFigures, best_play: bool) -> str:
    """Another tile's figure beside the advised one's, alike (against best play where
    that is the advised one's first figure)."""
    if f.certain is Certainty.ALWAYS:
        return "100%"
    if f.certain is Certainty.NEVER and (best_play or f.best_play is None):
        return "0%"
    return _about(compared(f, best_play))


def _play_parts(view: SeatView, advice: Advice, moved: Moved | None = None) -> Parts:
    t = advice.action.tile
    verb = "Lead" if view.current_trick is None else "Play"
    if len(view.legal) == 1:
        return [(f"{verb} {t}: it is the only tile you may play", 0)]
    if claimable(view, advice):  # what makes each tile a winner says less than this
        parts = [(f"{verb} {t}, or {CLAIM_NOTE}", 0)]
    else:
        reason = play_reason(view, t)
        parts = [(f"{verb} {t}: {reason[0]}" if reason else f"{verb} {t}", 0)]
        parts += [(more, 2) for more in reason[1:]]
    if not advice.tiles or not figure_trusted(view, advice):
        return parts
    best, rest = advice.tiles[0], advice.tiles[1:]
    goal = _goal(view, advice.bidder_side)
    if moved:  # with why the figure moved to tell, the figure is put in fewer words
        goal = goal.split()[-1]
    unit = "tricks" if view.options.is_moon else "points"
    habit = best.best_play is not None
    if tiles_differ(advice):
        parts += _headline_parts(goal, best, moved)
        tied = [f for f in rest if abs(compared(f, habit) - compared(best, habit)) < 1e-9]
        other = max(rest, key=lambda f: compared(f, habit))
        short = _tile_short(other, habit)
        parts.append((f" (as with {tied[0].action.tile})" if tied
                      else f" (with {other.action.tile}: {short})", 3))
        parts += _moved_part(moved)
    elif shows_credit(advice):
        other = max(rest, key=lambda f: f.credit or 0.0)
        parts.append((f"; your side keeps {best.credit:.1f} {unit} on average", 1))
        parts.append((f" (with {other.action.tile}: {other.credit:.1f})", 3))
    elif best.certain is not None:
        parts += _headline_parts(goal, best, moved)
        parts += _moved_part(moved)
    else:
        done = "made" if advice.bidder_side else "set"
        if moved:  # the figure first, then why it moved; that every tile is alike can go
            figure, habit = _tile_figure_apart(best, short=True)
            parts += [(f"; {done} in {figure}", 1), (habit, 3), (" (as good as any)", 3)]
        else:
            figure = "".join(_tile_figure_apart(best, short=False)).removesuffix(" of deals")
            parts.append((f"; as good as any: {figure} {done}" if "," not in figure
                          else f"; as good as any: {done} in {figure}", 1))
        parts += _moved_part(moved)
    return parts


def hint_parts(view: SeatView, advice: Advice, moved: Moved | None = None) -> Parts:
    """The hint in ranked pieces (see ``Parts``); ``moved``: why its figure moved since the
    last hint of the hand (``figure_moves.moved_words``)."""
    action = advice.action
    if isinstance(action, Play):
        return _play_parts(view, advice, moved)
    if isinstance(action, Discard):
        return _with_facts(f"Discard {action.tile}",
                           [c.words for c in discard_claims(view, action.tile)])
    return _call_parts(view, advice, moved)


def _fit(prefix: str, parts: Parts, width: int) -> str:
    """``prefix`` and the parts in at most ``width`` characters, the least telling cut first."""
    parts = list(parts)
    while len(parts) > 1 and len(prefix) + sum(len(text) for text, _ in parts) > width:
        worst = max(range(1, len(parts)), key=lambda i: (parts[i][1], i))
        del parts[worst]
    text = prefix + "".join(text for text, _ in parts)
    return text if len(text) <= width else text[: width - 1] + "…"


def hint_text(view: SeatView, advice: Advice, width: int = 200, moved: Moved | None = None) -> str:
    """``Hint: ...`` on one line of at most ``width`` characters."""
    return _fit("Hint: ", hint_parts(view, advice, moved), width)


def hint_lines(
    view: SeatView, advice: Advice, width: int, moved: Moved | None = None
) -> tuple[str, str]:
    """The hint on two lines: the move and the facts, then the expert's figures."""
    parts = hint_parts(view, advice, moved)
    facts = [p for p in parts if p[1] in (0, 2)]
    figures = [(text, rank) for text, rank in parts if rank in (1, 3, 4)]
    if figures:  # the first figure opens the line
        figures[0] = (figures[0][0].removeprefix("; "), figures[0][1])
    first = _fit("Hint: ", facts, width)
    if first.endswith("…"):  # one fact too long for a line: the facts go on under it
        room = 2 * width - len(". Enter plays it.") - 1
        return _wrapped(_fit("Hint: ", facts, room), width)
    second = _fit("", figures, width - len(". Enter plays it.")) if figures else ""
    second = second[:1].upper() + second[1:]
    return first, (f"{second}. " if second else "") + "Enter plays it."


CLAIM_NOTE = "w claims the rest: every tile you hold wins"


def claimable(view: SeatView, advice: Advice) -> bool:
    """A lead with two tiles or more, every one a sure winner: the hand may be claimed (the
    claim's own check, so w is never suggested and then refused)."""
    return (isinstance(advice.action, Play) and view.current_trick is None
            and len(view.hand) >= 2 and check_claim(view).accepted)


def _wrapped(text: str, width: int) -> tuple[str, str]:
    """``text`` over two lines of ``width`` (broken between words), then "Enter plays it."."""
    cut = text.rfind(" ", 0, width + 1)
    cut = cut if cut > 0 else width
    first, rest = text[:cut], text[cut:].strip()
    room = width - len(". Enter plays it.")
    if len(rest) > room:
        rest = rest[: room - 1] + "…"
    return first, f"{rest}. Enter plays it."
