"""What a hint may say about a move or a hand: claims, each with the fact that makes it true.

A reason is a ``Claim``: its words and the key of the fact they state.  Each fact is a
predicate over what the seat knows (its view: its tiles, the tiles played, the trick on
the table, the suits others have shown they are out of); a claim is made only when its
predicate holds, so a hint never says "your top trump" of a tile the seat holds a higher
trump than, nor "draws trumps" when none can be out.

- ``play_claims(view, tile)``: every claim that holds for playing ``tile`` now, most
  telling first (``play_reason`` words the ones a hint shows).
- ``hand_claims(view, trump)``: what the hand holds for a trump ("3 fives with the
  double", "2 other doubles", "15 count"), counted from the hand alone, so the bid, the
  trump and the play hints of one hand say the same of it; in Moon for three, a trump the
  widow added to is said to be ("the widow gave you 5-4"), the hand having changed since
  the bid.

"Unseen" tiles are the ones the seat cannot see (the others' hands, and the widow or a
discard it was not shown): a tile that might still beat ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from moon42.ai.contracts import nello_dangers
from moon42.ai.facts.knowledge import Knowledge, tile_set_of
from moon42.ai.normal import best_value, table_trumps
from moon42.rules.actions import Play
from moon42.rules.tiles import TILES, Tile, mask_of, tile
from moon42.rules.trump import TRUMP_SUIT, TrickRules, Trump, suit_name
from moon42.rules.views import SeatView

from ...play.phrases import phrase

__all__ = ["Claim", "play_claims", "play_reason", "hand_claims", "discard_claims"]

# Two opponents named longer than this ("Margaret and Victoria") are "both opponents": the
# hint's first line at 80 columns keeps room for the rest of the reason.
LONG_NAMES = 21


@dataclass(frozen=True)
class Claim:
    """A reason: ``words`` as the hint gives them, stating the fact ``key``."""

    key: str
    words: str


def _singular(suit: int) -> str:
    name = suit_name(suit)
    return {"sixes": "six", "trump": "trump", "doubles": "double"}.get(name, name[:-1])


class _Move:
    """The facts about ``view``'s seat playing ``t`` now, from what the seat knows."""

    def __init__(self, view: SeatView, t: Tile) -> None:
        self.view = view
        self.t = t
        self.rules: TrickRules = view.trick_rules
        self.know = Knowledge.of(view)
        self.trick = view.current_trick
        self.counts = not view.options.is_moon and view.trump not in (Trump.NELLO, Trump.SEVENS)
        self.hand = mask_of(view.hand)

    # ----- leading ----------------------------------------------------------------------

    def power(self, u: int) -> int:
        """A tile's strength as a lead."""
        return self.rules.power[self.rules.led_suit[u]][u]

    @cached_property
    def suit(self) -> int:
        """The suit ``t`` leads (or, following, the suit led)."""
        if self.trick is None:
            return self.rules.led_suit[self.t]
        return self.rules.led_suit[self.trick.plays[0][1]]

    def _above_in_suit(self, pool: int) -> int:
        rules, suit = self.rules, self.rules.led_suit[self.t]
        power = rules.power[suit]
        return sum(1 << u for u in range(28) if pool >> u & 1
                   and rules.follow_mask[suit] >> u & 1 and power[u] > power[self.t])

    @cached_property
    def is_trump(self) -> bool:
        return self.rules.is_trump[self.t]

    @cached_property
    def unseen_trumps(self) -> int:
        return self.know.unseen & self.rules.follow_mask[TRUMP_SUIT]

    @cached_property
    def opponents_may_hold_trumps(self) -> bool:
        partner = self.view.partner
        return any(self.know.possible[s] & self.unseen_trumps
                   for s in range(self.view.seats) if s not in (self.view.seat, partner))

    @cached_property
    def unseen_above(self) -> int:
        """Unseen tiles that top ``t`` in the suit it leads."""
        return self._above_in_suit(self.know.unseen)

    @cached_property
    def held_above(self) -> int:
        """The seat's own tiles that top ``t`` in the suit it leads."""
        return self._above_in_suit(self.hand)

    @cached_property
    def may_trump_it(self) -> list[int]:
        """Led (not a trump): the opponents known to be out of its suit who may still hold
        a trump, so may trump it."""
        if self.is_trump or self.trick is not None:
            return []
        view, follow = self.view, self.rules.follow_mask[self.suit]
        return [s for s in range(view.seats)
                if s not in (view.seat, view.partner, view.sitting_out)
                and not self.know.possible[s] & follow
                and self.know.possible[s] & self.unseen_trumps]

    @cached_property
    def sure_winner(self) -> bool:
        """Led, nothing unseen can take it: nothing tops it in its suit, and no trump can
        be out to trump it."""
        return not self.unseen_above and (self.is_trump or not self.unseen_trumps)

    # ----- following --------------------------------------------------------------------

    @cached_property
    def tiles(self) -> list[int]:
        return [u for _, u in self.trick.plays]

    @cached_property
    def last(self) -> bool:
        players = self.view.seats - (1 if self.view.sitting_out is not None else 0)
        return len(self.tiles) + 1 == players

    def tops(self, u: int) -> bool:
        """Playing ``u`` now, it would be winning the trick."""
        tiles = [*self.tiles, u]
        return self.rules.winner_index(tiles) == len(tiles) - 1

    def none_after_tops(self, u: int) -> bool:
        """Playing ``u`` now, no tile a seat still to play may hold would top it."""
        tiles = [*self.tiles, u]
        return not any(self.rules.winner_index([*tiles, v]) == len(tiles)
                       for s in self.later for v in range(28) if self.know.possible[s] >> v & 1)

    @cached_property
    def winning_seat(self) -> int:
        return self.trick.plays[self.rules.winner_index(self.tiles)][0]

    @cached_property
    def legal(self) -> list[int]:
        return [a.tile for a in self.view.legal if isinstance(a, Play)]

    @cached_property
    def later(self) -> list[int]:
        """The seats still to play to this trick after this one."""
        view, trick = self.view, self.trick
        order = [(trick.leader + k) % view.seats for k in range(view.seats)]
        order = [s for s in order if s != view.sitting_out]
        return order[order.index(view.seat) + 1:]

    @cached_property
    def follows(self) -> bool:
        return bool(self.rules.follow_mask[self.suit] >> self.t & 1)

    @cached_property
    def can_follow(self) -> bool:
        return bool(self.hand & self.rules.follow_mask[self.suit])

    @cached_property
    def on_trick(self) -> int:
        return sum(TILES[u].count for u in self.tiles) + TILES[self.t].count

    def count_words(self, points: int) -> str:
        return f"{points} count"


def play_claims(view: SeatView, t: Tile) -> list[Claim]:
    """Every claim that holds for ``view``'s seat playing ``t`` now, most telling first."""
    if view.trick_rules is None:
        return []
    if view.trump is Trump.SEVENS:
        return [Claim("closest_to_seven", "it is as close to seven as any tile you hold")]
    m = _Move(view, t)
    return _lead_claims(m) if m.trick is None else _follow_claims(m)


def _lead_claims(m: _Move) -> list[Claim]:
    out = []
    if m.sure_winner:
        out.append(Claim("sure_winner", phrase("sure_winner")))
    if m.is_trump:
        if not m.unseen_above and not m.held_above:
            out.append(Claim("highest_trump_left", phrase("highest_trump_left")))
        elif not m.held_above:
            out.append(Claim("your_highest_trump", phrase("your_highest_trump")))
        unseen = m.unseen_trumps.bit_count()
        if unseen and m.opponents_may_hold_trumps:
            out.append(Claim("trumps_unseen",
                             f"{phrase('draw_trumps')} ({unseen} you have not seen)"))
    elif m.may_trump_it:
        # Known to be out of the suit, with trumps still out: said first, for it matters
        # more than how high the tile stands in its suit.
        names = [m.view.players[s] for s in m.may_trump_it]
        who = " and ".join(names)
        if len(names) == 2 and len(who) > LONG_NAMES:  # (to leave the line room)
            who = "both opponents"
        verb = "is" if len(names) == 1 else "are"
        out.insert(0, Claim("out_of_suit_may_trump",
                            f"{who} {verb} out of {suit_name(m.suit)} and may trump it"))
    elif not m.unseen_above and not m.held_above and not m.sure_winner:
        out.append(Claim("highest_of_suit_left", f"the highest {_singular(m.suit)} left"))
    if not m.is_trump and not m.held_above \
            and not m.hand & ~(1 << m.t) & m.rules.follow_mask[m.suit]:
        out.append(Claim("leaves_void", f"it leaves you with no {suit_name(m.suit)}"))
    return out


def _follow_claims(m: _Move) -> list[Claim]:
    view, t = m.view, m.t
    out = []
    tops = m.tops(t)
    if view.trump is Trump.NELLO and view.seat == view.bidder:
        if tops and all(m.tops(u) for u in m.legal):
            out.append(Claim("nello_must_take", "it takes the trick, as any tile you may would"))
        elif not tops:
            out.append(Claim("stays_under", phrase("stays_under")))
        return out
    led_trump = m.rules.is_trump[m.tiles[0]]
    if tops:
        if m.is_trump and not led_trump:
            won = " and wins the trick" if m.last else ""
            out.append(Claim("trumps_in", phrase("trumps_in") + won))
        elif m.last:
            out.append(Claim("wins_trick", phrase("wins_trick")))
        elif m.none_after_tops(t):
            out.append(Claim("holds_trick", "nobody still to play can top it"))
        else:
            out.append(Claim("tops_trick", "it tops the trick so far"))
        if m.counts and m.on_trick:
            out.append(Claim("count_in_trick", f"with {m.on_trick} count in it"))
        return out
    partner = view.partner
    if partner is not None and m.winning_seat == partner:
        out.append(Claim("partner_winning", phrase("partner_winning")))
        if m.counts and t.count:
            out.append(Claim("gives_count", f"{t.count} count to your side"))
        return out
    if any(m.tops(u) for u in m.legal if u != t):
        out.append(Claim("lets_go", phrase("lets_go")))
    elif partner is not None and partner in m.later:
        out.append(Claim("partner_after", "you cannot top it and your partner plays after you"))
    else:
        out.append(Claim("lost_anyway", phrase("lost_anyway")))
    if m.follows and all(m.rules.power[m.suit][u] >= m.rules.power[m.suit][t]
                         for u in m.legal if m.rules.follow_mask[m.suit] >> u & 1):
        out.append(Claim("lowest_of_suit", f"your lowest {_singular(m.suit)}"))
    elif not m.can_follow:
        name = "trumps" if m.suit == TRUMP_SUIT else suit_name(m.suit)
        out.append(Claim("cannot_follow", f"you have no {name}"))
    if m.counts:
        if not t.count:
            out.append(Claim("no_count", phrase("no_count")))
        elif all(TILES[u].count >= t.count for u in m.legal):
            out.append(Claim("least_count", f"giving away only {t.count} count"))
    return out


# How a claim reads after the one before it (a detail of the same thought, or a new one).
_JOIN = {"count_in_trick": ", ", "gives_count": ": ", "trumps_unseen": ", ",
         "no_count": ", ", "least_count": ", "}


def play_reason(view: SeatView, t: Tile) -> list[str]:
    """The reason a hint gives for playing ``t``: its first claims, each after the first
    with the words that join it to the one before (a hint may drop those to fit)."""
    claims = play_claims(view, t)
    if claims and claims[0].key == "sure_winner":
        # "Nothing left can beat it" says more than which trump it is.
        claims = [c for c in claims if c.key not in ("highest_trump_left", "your_highest_trump")]
    return [(_JOIN.get(c.key, "; ") if i else "") + c.words for i, c in enumerate(claims[:3])]


def hand_claims(view: SeatView, trump: Trump | None) -> list[Claim]:
    """What the hand holds for ``trump``, most telling first."""
    hand = view.hand
    if trump is None:
        return []
    doubles = sum(1 for t in hand if t.is_double)
    count = sum(t.count for t in hand) if not view.options.is_moon else 0
    out = []
    if trump.number is not None:
        n = trump.number
        held = sum(1 for t in hand if t.carries(n))
        double = tile(n, n) in hand
        name = trump.label if held != 1 else _singular(n)
        out.append(Claim("holds_of_number",
                         f"{held} {name} {'with' if double else 'without'} the double"))
        others = doubles - double
        if others:
            out.append(Claim("other_doubles", f"{others} other double{'s' * (others != 1)}"))
    elif trump in (Trump.DOUBLES, Trump.NO_TRUMP):
        out.append(Claim("doubles", f"{doubles} double{'s' * (doubles != 1)}"))
    elif trump is Trump.NELLO:
        rules = view.options.trick_rules_for(Trump.NELLO)
        others = mask_of(tile_set_of(view)) & ~mask_of(hand)
        dangers = len(nello_dangers(hand, rules, others))
        out.append(Claim(
            "nello_dangers",
            "no tile of yours can be forced to win a trick" if not dangers
            else f"{dangers} tile{'s' * (dangers != 1)} that may be forced to win a trick",
        ))
    elif trump is Trump.SEVENS:
        near = sum(1 for t in hand if abs(t.pips - 7) <= 1)
        out.append(Claim("near_seven", f"{near} of your tiles within a pip of seven"))
    if count:
        out.append(Claim("count_held", f"{count} count"))
    widow = view.widow[0] if len(view.widow) == 1 and view.widow[0] in hand else None
    if widow is not None and (widow.carries(trump.number) if trump.number is not None
                              else trump is Trump.DOUBLES and widow.is_double):
        out.append(Claim("widow_gave", f"the widow gave you {widow}"))
    return out


def discard_claims(view: SeatView, t: Tile) -> list[Claim]:
    """What discarding ``t`` (Moon for three's widow) does to the hand kept: not a trump
    (once trump is named), the numbers it leaves you without (to trump them), else the
    lowest of its suit.  A trump or a double thrown has none of these to say.  Before trump
    is named the claims hold whatever trump is named: they are said of the tiles alone."""
    kept = tuple(o for o in view.hand if o != t)
    trump = view.trump
    rules = view.options.trick_rules_for(
        trump if trump is not None else best_value(view, kept, table_trumps(view)).trump)
    if rules.is_trump[t] or t.is_double:
        return []
    out = []
    if trump is not None and (trump.number is not None or trump is Trump.DOUBLES):
        out.append(Claim("discard_no_trump", "not a trump"))
    ends = sorted({t.high, t.low} - ({trump.number} if trump is not None else set()),
                  reverse=True)
    out_of = [suit_name(e) for e in ends if not any(o.carries(e) for o in kept)]
    if out_of:
        out.append(Claim("discard_leaves_void", f"it leaves you with no {' or '.join(out_of)}"))
        return out
    suit = rules.led_suit[t]
    if suit != TRUMP_SUIT and all(o.pips > t.pips for o in kept if o.carries(suit)):
        out.append(Claim("discard_lowest", f"your lowest {_singular(suit)}"))
    return out
