"""Claims at the table (ai/claims.py checks them; ``table`` plays them): the human's on w,
the bots' where the lobby allows; an accepted claim plays the hand out at once, so its record
is an ordinary one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from moon42.ai.claims import Claim, check_claim, claim_play
from moon42.rules import Game, Phase
from moon42.rules.events import Event
from moon42.rules.views import SeatView

__all__ = ["Claimed", "bot_claim_of", "claim_refusal", "claimed_plays"]


@dataclass(frozen=True)
class Claimed:
    """Where a claim was made, for the hand log: the hand, the trick it starts at, who."""

    hand: int
    trick: int
    seat: int


def claim_refusal(claim: Claim) -> str:
    if claim.why_not:
        return f"no claim: {claim.why_not}."
    assert claim.loses is not None
    tile, beater = claim.loses
    return f"no claim: {tile} could lose to {beater}, which is still out."


def claimed_plays(game: Game, claimer: int, claim: Claim) -> Iterator[list[Event]]:
    """Play the rest of the hand by the claim's fixed rule, one play at a time: the events
    of each."""
    hand = game.hand_number
    while game.phase is Phase.PLAY and game.hand_number == hand and game.to_act is not None:
        seat = game.to_act.seat
        yield game.apply(claim_play(game.view(seat), claimer, claim.order))


def bot_claim_of(view: SeatView) -> Claim | None:
    """The claim a bot on lead makes (with two tiles or more left), if it holds only
    winners."""
    if len(view.hand) < 2:
        return None
    claim = check_claim(view)
    return claim if claim.accepted else None
