"""Why a hint's figure moved since the last one the player was shown in the hand.

A hint's headline figure (how often the bid is made or set after the advised move) is a
``ShownFigure``.  When the next hint of the same hand, for the same goal, gives a figure
more than ``MOVED`` away from it, ``moved_words`` says how far it moved and what changed
in between, from the seat's view alone: the bid or the trump it is weighed with, the
widow taken, the auction (bids, and passes where the play's figures read them), a bid's figure
(for hands like this one) giving way to the play's (this hand's own deals), a seat showing
out of a suit, the tricks taken, the lead.
Nothing is said of a figure that kept still, and a move with nothing to show for it says
only where it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from moon42.ai.advice_figure import headline
from moon42.ai.facts.knowledge import voids_of
from moon42.ai.odds import Certainty
from moon42.ai.search.auction import reads_calls
from moon42.rules import Trump
from moon42.rules.trump import TRUMP_SUIT, suit_name
from moon42.rules.views import SeatView

from ...play.words import seat_name, trump_text

if TYPE_CHECKING:
    from moon42.ai.advice import Advice

__all__ = ["MOVED", "Moved", "ShownFigure", "percent", "shown_figure", "moved_words"]

MOVED = 15  # a figure that moves by more than this many points (of 100) says why
MOST_REASONS = 2  # a line has room for about two


@dataclass(frozen=True)
class ShownFigure:
    """A hint's headline figure as the player saw it, with the view it was shown in.

    ``goal``: what the figure is the chance of ("made" or "set"); ``value`` and ``trump``:
    the bid and trump it is weighed with; ``hands_like``: a bid or trump figure, read for
    hands like this one through the calibration (a play's is counted on this hand's deals).
    """

    view: SeatView
    rate: float
    words: str
    goal: str
    value: int | None
    trump: Trump | None
    hands_like: bool


def percent(rate: float) -> str:
    """A figure that is not proven, never 0% or 100%."""
    return f"{min(99, max(1, round(100 * rate)))}%"


def _words(rate: float, certain: Certainty | None, rough: bool = False) -> str:
    if certain is Certainty.ALWAYS:
        return "100%"
    if certain is Certainty.NEVER:
        return "0%"
    return f"roughly {percent(rate)}" if rough else percent(rate)  # (shown as "about")


def shown_figure(view: SeatView, advice: Advice) -> ShownFigure | None:
    """The figure a hint for ``advice`` leads with (None: it shows no chance of making or
    setting the bid), chosen by ``ai.advice_figure.headline``."""
    found = headline(view, advice)
    if found is None:
        return None
    words = _words(found.rate, found.certain, found.rough)
    return ShownFigure(view, found.rate, words, found.goal, found.value, found.trump,
                       found.hands_like)


@dataclass(frozen=True)
class Moved:
    """How a figure moved: the earlier figure's words and what changed, most telling first."""

    was: str
    reasons: tuple[str, ...]


def moved_words(earlier: ShownFigure | None, now: ShownFigure | None) -> Moved | None:
    """The earlier figure and why it moved (``was about 88%: Ann showed out of fives``) when
    it moved by more than ``MOVED`` since ``earlier`` (same hand, same goal), else None."""
    if earlier is None or now is None:
        return None
    if not _same_hand(earlier.view, now.view) or earlier.goal != now.goal:
        return None
    if abs(round(100 * now.rate) - round(100 * earlier.rate)) <= MOVED:
        return None
    return Moved(earlier.words, tuple(_what_changed(earlier, now)[:MOST_REASONS]))


def _same_hand(before: SeatView, view: SeatView) -> bool:
    """The same hand of the same game: its number, and every tile the seat held then it holds
    now, played since or discarded (a game played again numbers its hands afresh)."""
    if before.hand_number != view.hand_number or before.seat != view.seat:
        return False
    tricks = [*view.tricks, *([view.current_trick] if view.current_trick else [])]
    gone = {t for trick in tricks for s, t in trick.plays if s == view.seat}
    return set(before.hand) <= set(view.hand) | gone | {view.discard}


def _what_changed(earlier: ShownFigure, now: ShownFigure) -> list[str]:
    """What the seat has learnt or done since ``earlier``, most telling first."""
    before, view = earlier.view, now.view
    out: list[str] = []
    if earlier.value is not None and now.value is not None and earlier.value != now.value:
        out.append(f"the bid is {now.value} now, not {earlier.value}")
    if earlier.trump is not None and now.trump is not None and earlier.trump is not now.trump:
        out.append(f"weighed with {trump_text(now.trump, view.options)}, "
                   f"not {trump_text(earlier.trump, view.options)}")
    if before.discard is None and view.discard is not None:
        out.append("widow taken")
    out += _auction_since(before, view, reads_passes=not now.hands_like)
    if earlier.hands_like and not now.hands_like:
        out.append("that was for hands like yours")  # (after "was 42%: ")
    out += _voids_since(before, view)
    out += _tricks_since(before, view, rose=now.rate > earlier.rate)
    return out


def _auction_since(before: SeatView, view: SeatView, reads_passes: bool) -> list[str]:
    """The bids made since ``before``; the passes too where the figure now shown reads
    them (``reads_passes``: the play's figures read the calls, a bid's or a trump's,
    simulated on random deals, do not)."""
    calls = [b for b in view.bids[len(before.bids):] if b.seat != view.seat]
    out = []
    bids = [b for b in calls if b.value]
    if bids:
        out.append(", ".join(f"{view.players[b.seat]} bid {b.value}" for b in bids[-2:]))
    # A pass says a hand is weak where the play reads the calls (not Moon for three's).
    passed = [view.players[b.seat] for b in calls if b.contract == "pass"]
    if passed and reads_passes and reads_calls(view.options.game):
        names = passed[0] if len(passed) == 1 else ", ".join(passed[:-1]) + " and " + passed[-1]
        out.append(f"{names} passed")
    return out


def _voids_since(before: SeatView, view: SeatView) -> list[str]:
    if view.trump is None:
        return []
    was, now = voids_of(before), voids_of(view)
    out = []
    for seat in range(view.seats):
        if seat == view.seat:
            continue
        for suit in sorted(now[seat] - was[seat]):
            name = "trumps" if suit == TRUMP_SUIT else suit_name(suit)
            out.append(f"{view.players[seat]} showed out of {name}")
    return out


def _tricks_since(before: SeatView, view: SeatView, rose: bool) -> list[str]:
    """The tricks taken since ``before``; one trick only where it goes the way the figure
    went (your side's trick for a figure that rose, the others' for one that fell: "You
    took trick 2" says nothing of a figure that fell), the others' count only where it fell."""
    done = view.tricks[len(before.tricks):]
    counts = not view.options.is_moon
    mine = {view.seat, view.partner}
    out = []
    if len(done) == 1:
        trick = done[0]
        assert trick.winner is not None
        if (trick.winner in mine) is rose:
            who = seat_name(view, trick.winner)
            count = trick.points - 1
            out.append(f"{who} took trick {len(view.tricks)}"
                       + (f" ({count} count)" if counts and count else ""))
    elif done:
        # Short enough to follow the figures at 80 columns; the others' count on its own.
        ours = [t for t in done if t.winner in mine]
        side = "your side" if view.partner is not None else "you"
        theirs_count = sum(t.points - 1 for t in done if t.winner not in mine)
        out.append(f"{side} took {len(ours)} of {len(done)} tricks")
        if counts and theirs_count and not rose:
            out.append(f"the others took {theirs_count} count")
    trick = view.current_trick
    if trick is not None and trick.plays and (before.current_trick is None
                                              or len(before.tricks) != len(view.tricks)):
        leader, led = trick.plays[0]
        if leader != view.seat:
            out.append(f"{view.players[leader]} led {led}")
    return out
