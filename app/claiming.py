"""Claims at the table (ai/claims.py checks them): the human's on w, the bots' where the
lobby allows; an accepted claim plays the hand out at once, so its record is an ordinary one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from moon42.ai.claims import Claim, check_claim, claim_play
from moon42.rules import Phase

if TYPE_CHECKING:
    from .flow import Flow

__all__ = ["ClaimRest", "Claimed", "claim_refusal", "play_out", "bot_claim"]


class ClaimRest(Message):
    """The human claims the rest of the hand (the table's w)."""


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


def play_out(flow: Flow, claimer: int, claim: Claim) -> Claimed:
    """Play the rest of the hand by the claim's fixed rule; where the claim was made."""
    game = flow.game
    view = game.view(claimer)
    claimed = Claimed(view.hand_number, len(view.tricks) + 1, claimer)
    flow.table.claimed = claimed
    hand = game.hand_number
    while game.phase is Phase.PLAY and game.hand_number == hand and game.to_act is not None:
        seat = game.to_act.seat
        flow.feed(game.apply(claim_play(game.view(seat), claimer, claim.order)))
    return claimed


def bot_claim(flow: Flow, seat: int) -> Claim | None:
    """The claim a bot on lead makes (with two tiles or more left), if the lobby allows."""
    if not flow.config.bot_claims:
        return None
    view = flow.game.view(seat)
    if len(view.hand) < 2:
        return None
    claim = check_claim(view)
    return claim if claim.accepted else None
