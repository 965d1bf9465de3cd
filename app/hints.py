"""Hints: the expert's move for the human's seat, with a reason a player can follow.

``hint_text`` words an ``ai.advice.Advice`` from what the expert computed (how often each
choice gets your side what it plays for, and the points or tricks it keeps) and simple
facts of the view (a trump, wins the trick, the count it carries).  ``Hints`` asks for
advice in a thread from the table, so the screen never waits, and points the hand or the
choices at the move so Enter plays it.  Advice reads the human's view only, and its random
numbers are its own: asking for a hint changes nothing in the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from moon42.ai.knowledge import tile_set_of
from moon42.ai.normal import best_value, table_trumps
from moon42.rules import Bid, Discard, NameTrump, Pass, Play, Plunge, Splash, Tile, Trump
from moon42.rules.actions import Action
from moon42.rules.tiles import tile
from moon42.rules.trump import suit_name
from moon42.rules.views import SeatView

from .offers import offer_label
from .words import trump_text

if TYPE_CHECKING:
    from moon42.ai.advice import Advice

    from .glyphs import Glyphs

__all__ = ["hint_text", "hint_lines", "hint_parts", "Hints", "HINT_SETTINGS", "HINT_SEED"]

HINT_SEED = 4242
# ``ai.advice.advise``'s keyword arguments; the tests set a fixed number of layouts.
HINT_SETTINGS: dict[str, Any] = {}


# ----- words -------------------------------------------------------------------------


def _pct(rate: float) -> str:
    return f"{round(100 * rate)}%"


def _goal(view: SeatView, side: bool) -> str:
    if view.trump is Trump.NELLO:
        return "Nello is made" if side else "Nello is set"
    return "the bid is made" if side else "the bid is set"


def _unseen(view: SeatView) -> list[Tile]:
    seen = set(view.hand) | set(view.played) | {view.discard}
    return [t for t in tile_set_of(view) if t not in seen]


def _count_word(points: int) -> str:
    return f"{points} count"


def _play_reason(view: SeatView, t: Tile) -> str:
    """Plain facts about playing ``t`` now: leading strength, winning, count."""
    rules = view.trick_rules
    if rules is None:
        return ""
    counts = not view.options.is_moon and view.trump not in (Trump.NELLO, Trump.SEVENS)
    if rules.sevens:
        return "it is the closest to seven you hold"
    trick = view.current_trick
    if trick is None:
        suit = rules.led_suit[t]
        power = rules.power[suit]
        higher = [u for u in _unseen(view) if rules.follow_mask[suit] >> u & 1
                  and power[u] > power[t]]
        if rules.is_trump[t]:
            return ("your top trump draws the others' trumps" if not higher
                    else "a trump lead, to draw the others' trumps")
        if not higher:
            return f"nothing left beats it in {suit_name(suit)}"
        return "a lead that keeps your stronger tiles"
    tiles = [u for _, u in trick.plays] + [t]
    players = view.seats - (1 if view.sitting_out is not None else 0)
    last = len(tiles) == players
    wins = rules.winner_index(tiles) == len(tiles) - 1
    ahead = trick.plays[rules.winner_index(tiles[:-1])][0]
    on_trick = sum(u.count for u in tiles) if counts else 0
    if view.trump is Trump.NELLO and view.seat == view.bidder:
        return "it takes the trick, as it must" if wins else "it stays under the trick"
    if wins:
        what = "it wins the trick" if last else "it tops the trick so far"
        if rules.is_trump[t] and not rules.is_trump[tiles[0]]:
            what = "it trumps in" + (" and wins the trick" if last else "")
        return what + (f", with {_count_word(on_trick)} in it" if on_trick else "")
    if view.partner is not None and ahead == view.partner:
        return "your partner is winning the trick" + (
            f": it gives them {_count_word(t.count)}" if counts and t.count else "")
    gives = ""
    if counts:
        gives = f", giving away only {_count_word(t.count)}" if t.count else ", with no count"
    others = [a.tile for a in view.legal if isinstance(a, Play) and a.tile != t]
    if any(rules.winner_index(tiles[:-1] + [u]) == len(tiles) - 1 for u in others):
        return "it lets this trick go" + gives
    order = [(trick.leader + k) % view.seats for k in range(view.seats)]
    later = order[order.index(view.seat) + 1:]
    if view.partner is not None and view.partner in later and view.sitting_out is None:
        return "you cannot top the trick; your partner plays after you" + gives
    return "the trick is lost anyway" + (gives or ": it keeps your stronger tiles")


def _hand_facts(view: SeatView, trump: Trump) -> list[str]:
    """What the hand holds for ``trump``, most telling first: "3 fives with the double",
    "2 other doubles", "15 count"."""
    hand = view.hand
    doubles = sum(1 for t in hand if t.is_double)
    count = sum(t.count for t in hand) if not view.options.is_moon else 0
    if trump.number is not None:
        n = trump.number
        held = sum(1 for t in hand if t.carries(n))
        double = tile(n, n) in hand
        name = trump.label if held != 1 else trump.label[: -2 if trump.label == "sixes" else -1]
        facts = [f"{held} {name} {'with' if double else 'without'} the double"]
        others = doubles - double
        if others:
            facts.append(f"{others} other double{'s' * (others != 1)}")
    elif trump in (Trump.DOUBLES, Trump.NO_TRUMP):
        facts = [f"{doubles} double{'s' * (doubles != 1)}"]
    else:
        return []
    if count:
        facts.append(f"{count} count")
    return facts


def _best_trump(view: SeatView, advice: Advice) -> Trump | None:
    if advice.rates:
        return advice.rates[0][0]
    if isinstance(advice.action, NameTrump):
        return advice.action.trump
    return best_value(view, view.hand, table_trumps(view)).trump


# A hint is a list of (text, rank) parts, read in order; when the line is too short the
# parts of the highest rank go first: 0 the move and its main reason, 1 the expert's
# figure for it, 2 more facts, 3 the comparison with the runner-up.
Parts = list[tuple[str, int]]


def _with_facts(head: str, facts: list[str]) -> Parts:
    if not facts:
        return [(head, 0)]
    return [(f"{head}: {facts[0]}", 0)] + [(f", {fact}", 2) for fact in facts[1:]]


def _call_parts(view: SeatView, advice: Advice) -> Parts:
    action = advice.action
    trump = _best_trump(view, advice)
    name = trump_text(trump, view.options) if trump is not None else ""
    facts = _hand_facts(view, trump) if trump is not None else []
    rate = advice.rates[0][1] if advice.rates else None
    if isinstance(action, NameTrump):
        head = f"Name {trump_text(action.trump, view.options)}"
        if action.trump is Trump.NELLO:
            return [(f"{head}: your hand is safe to lose every trick", 0)]
        if action.trump is Trump.SEVENS:
            return [(f"{head}: your tiles are close to seven", 0)]
        parts = _with_facts(head, _hand_facts(view, action.trump))
        mine = dict(advice.rates).get(action.trump)
        if mine is not None:
            parts.append((f"; made in {_pct(mine)} of hands like this", 1))
            others = [(t, r) for t, r in advice.rates if t is not action.trump]
            if others:
                other = trump_text(others[0][0], view.options)
                parts.append((f" (with {other}: {_pct(others[0][1])})", 3))
        return parts
    if isinstance(action, Plunge | Splash):
        doubles = sum(1 for t in view.hand if t.is_double)
        label = offer_label(action, view).capitalize()
        return [(f"{label}: {doubles} doubles", 0), ("; your partner names trump", 2)]
    if isinstance(action, Pass):
        if view.partner is not None and view.bidder == view.partner:
            return [("Pass: your partner holds the bid", 0)]
        if rate is not None and advice.bid_value is not None:
            lowest = offer_label(Bid(view.seat, advice.bid_value), view)
            made = (f"is made in only {_pct(rate)} of hands like this" if rate
                    else "is almost never made")
            return [(f"Pass: even with {name}, {lowest} {made}", 0)] + [
                (f"; {fact}", 2) for fact in facts[:1]]
        return [("Pass: your hand is too weak to bid", 0)] + [(f"; {f}", 2) for f in facts[:1]]
    head = f"Bid {offer_label(action, view)}" + (f" with {name}" if name else "")
    parts = _with_facts(head, facts)
    if rate is not None:
        parts.append((f"; made in {_pct(rate)} of hands like this", 1))
    return parts


def _play_parts(view: SeatView, advice: Advice) -> Parts:
    t = advice.action.tile
    verb = "Lead" if view.current_trick is None else "Play"
    if len(view.legal) == 1:
        return [(f"{verb} {t}: it is the only tile you may play", 0)]
    reason = _play_reason(view, t)
    parts = [(f"{verb} {t}: {reason}" if reason else f"{verb} {t}", 0)]
    if not advice.tiles:
        return parts
    best, rest = advice.tiles[0], advice.tiles[1:]
    goal = _goal(view, advice.bidder_side)
    unit = "tricks" if view.options.is_moon else "points"
    if any(abs(f.wins - best.wins) > 1e-9 for f in rest):
        parts.append((f"; {goal} in {_pct(best.wins)} of deals", 1))
        tied = [f for f in rest if abs(f.wins - best.wins) < 1e-9]
        other = max(rest, key=lambda f: f.wins)
        parts.append((f" (as with {tied[0].action.tile})" if tied
                      else f" (with {other.action.tile}: {_pct(other.wins)})", 3))
    elif best.credit is not None and best.credit - max(f.credit or 0.0 for f in rest) >= 0.05:
        other = max(rest, key=lambda f: f.credit or 0.0)
        parts.append((f"; your side keeps {best.credit:.1f} {unit} on average", 1))
        parts.append((f" (with {other.action.tile}: {other.credit:.1f})", 3))
    elif best.wins in (0.0, 1.0):
        side = advice.bidder_side == bool(best.wins)
        parts.append((f"; {_goal(view, side)} whatever you play", 1))
    else:
        parts.append((f"; as good as any ({goal} in {_pct(best.wins)} of deals)", 1))
    return parts


def hint_parts(view: SeatView, advice: Advice) -> Parts:
    """The hint in ranked pieces (see ``Parts``)."""
    action = advice.action
    if isinstance(action, Play):
        return _play_parts(view, advice)
    if isinstance(action, Discard):
        return [(f"Discard {action.tile}: your hand is strongest without it", 0)]
    return _call_parts(view, advice)


def _fit(prefix: str, parts: Parts, width: int) -> str:
    """``prefix`` and the parts in at most ``width`` characters, the least telling cut first."""
    parts = list(parts)
    while len(parts) > 1 and len(prefix) + sum(len(text) for text, _ in parts) > width:
        worst = max(range(1, len(parts)), key=lambda i: (parts[i][1], i))
        del parts[worst]
    text = prefix + "".join(text for text, _ in parts)
    return text if len(text) <= width else text[: width - 1] + "…"


def hint_text(view: SeatView, advice: Advice, width: int = 200) -> str:
    """``Hint: ...`` on one line of at most ``width`` characters."""
    return _fit("Hint: ", hint_parts(view, advice), width)


def hint_lines(view: SeatView, advice: Advice, width: int) -> tuple[str, str]:
    """The hint on two lines: the move and the facts, then the expert's figures."""
    parts = hint_parts(view, advice)
    facts = [p for p in parts if p[1] in (0, 2)]
    figures = [(text.removeprefix("; "), rank) for text, rank in parts if rank in (1, 3)]
    second = _fit("", figures, width - 16) if figures else ""
    second = second[:1].upper() + second[1:]
    return _fit("Hint: ", facts, width), (f"{second}. " if second else "") + "Enter plays it."


# ----- on the table --------------------------------------------------------------------


def _turn_key(view: SeatView) -> tuple:
    """One turn of one seat: a hint is shown only on the turn it was asked for."""
    return (view.hand_number, len(view.bids), len(view.played), view.phase, view.legal)


class HintTable(Protocol):
    """What hints ask of the table screen they serve (``screens.table.TableScreen``)."""

    view: SeatView | None
    interactive: bool
    glyphs: Glyphs

    @property
    def app(self) -> Any: ...

    @property
    def message_width(self) -> int: ...

    def refuse(self, reason: str) -> None: ...

    def note(self, text: str) -> None: ...

    def run_worker(self, work: Callable[[], None], **options: Any) -> Any: ...

    def show_hint(self, first: str, second: str) -> None: ...

    def point_at(self, action: Action) -> None: ...


class Hints:
    """The table's hint key: asks in a thread, then words and points at the move."""

    def __init__(self, screen: HintTable, think: Callable[..., Advice] | None = None) -> None:
        self.screen = screen
        self.asked: tuple | None = None
        self.advice: Advice | None = None
        self._think = think

    def ask(self) -> None:
        screen = self.screen
        view = screen.view
        if view is None or not screen.interactive or not view.my_turn:
            screen.refuse("a hint is for your own turn.")
            return
        key = _turn_key(view)
        if self.asked == key:
            if self.advice is not None:
                self._show(view, self.advice)
            return  # still thinking: one question at a time
        self.asked, self.advice = key, None
        dots = "..." if screen.glyphs.ascii else "…"
        screen.note(f"Hint: thinking{dots}")
        screen.run_worker(lambda: self._work(view), thread=True, group="hint", name="hint")

    def _work(self, view: SeatView) -> None:
        think = self._think
        if think is None:
            # Imported when first asked, for start-up time: advice loads the expert's search.
            from moon42.ai.advice import advise as think
        try:
            advice = think(view, seed=HINT_SEED, **HINT_SETTINGS)
        except Exception as error:  # a hint that fails must not end the game
            self.screen.app.call_from_thread(self.screen.note, f"Hint: none this time ({error}).")
            self.asked = None
            return
        self.screen.app.call_from_thread(self._arrived, view, advice)

    def _arrived(self, view: SeatView, advice: Advice) -> None:
        now = self.screen.view
        if now is None or _turn_key(now) != _turn_key(view):
            return  # the turn has moved on: the hint is stale
        self.advice = advice
        self._show(view, advice)

    def _show(self, view: SeatView, advice: Advice) -> None:
        first, second = hint_lines(view, advice, self.screen.message_width)
        self.screen.show_hint(first, second)
        self.screen.point_at(advice.action)
