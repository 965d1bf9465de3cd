"""Claims: a player on lead who holds only winners shows the hand and takes the rest.

A claim is checked from the claimer's view alone and is accepted only when no way of
dealing the tiles the claimer cannot see can take a trick from it: the claimer leads every
remaining trick, and each tile it leads must beat every tile still out, whoever holds it.
If one tile may lose, the claim is refused with that tile and the tile still out that beats
it.  (Once a tile cannot be beaten it stays so as tiles are played, so leading the
unbeatable tiles first, best first, is the whole test.)

An accepted claim is played out at once by a fixed rule, so the record of a claimed hand is
an ordinary record: the claimer leads its tiles in the claim's order, and every other player
plays the lowest of its legal tiles (by the trick's ranking; between equals, the tile
written lower).  Claims are for taking tricks: not in a Nello or Sevens hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from moon42.rules import Play, Tile, Trump
from moon42.rules.actions import Action
from moon42.rules.tiles import FULL_SET, MOON21_SET, MOON22_SET
from moon42.rules.views import SeatView

__all__ = ["Claim", "check_claim", "claim_play", "may_claim"]


@dataclass(frozen=True)
class Claim:
    """``order``: the claimer's tiles in the order they are led, when the claim stands;
    ``loses``: else a tile of the claimer's and a tile still out that beats it."""

    order: tuple[Tile, ...] = ()
    loses: tuple[Tile, Tile] | None = None
    why_not: str = ""  # a claim that cannot be made at all here, and why

    @property
    def accepted(self) -> bool:
        return not self.why_not and self.loses is None


def may_claim(view: SeatView) -> str:
    """Why ``view``'s seat may not claim now ("" when it may)."""
    if view.to_act is None or view.to_act.kind != "play" or not view.my_turn:
        return "a claim is made at your turn to play"
    if view.current_trick is not None:
        return "a claim is made when you lead, before the trick's first tile"
    if view.trump in (Trump.NELLO, Trump.SEVENS):
        return "claims are for taking tricks: not in a Nello or Sevens hand"
    return ""


def _out(view: SeatView) -> set[Tile]:
    """Every tile the claimer cannot place: not its own, not played (a discard it laid
    aside is out of play)."""
    if view.game == "moon3":
        in_play = MOON21_SET if view.options.remove_double_blank else MOON22_SET
    else:
        in_play = FULL_SET
    known = set(view.hand) | set(view.played)
    if view.discard is not None:
        known.add(view.discard)
    return set(in_play) - known


def check_claim(view: SeatView) -> Claim:
    why_not = may_claim(view)
    if why_not:
        return Claim(why_not=why_not)
    rules = view.play_rules
    out = _out(view)
    left = list(view.hand)
    order: list[Tile] = []
    while left:
        sure = [t for t in left
                if all(rules.power_lead[t][u] < rules.power_lead[t][t] for u in out)]
        if not sure:
            # Name the tile most likely meant and what beats it: the strongest left.
            tile = max(left, key=lambda t: rules.power_lead[t][t])
            beater = max(out, key=lambda u: rules.power_lead[tile][u])
            return Claim(order=tuple(order), loses=(tile, beater))
        best = max(sure, key=lambda t: (rules.power_lead[t][t], t))
        order.append(best)
        left.remove(best)
    return Claim(order=tuple(order))


def claim_play(view: SeatView, claimer: int, order: tuple[Tile, ...]) -> Action:
    """The fixed rule's play for the seat to act in a claimed hand."""
    if view.seat == claimer:
        tile = next(t for t in order if t in view.hand)
        return Play(view.seat, tile)
    rules = view.play_rules
    assert view.current_trick is not None
    led = view.current_trick.plays[0][1]
    plays = [a for a in view.legal if isinstance(a, Play)]
    return min(plays, key=lambda a: (rules.power_lead[led][a.tile], a.tile))
