"""Claims at the table (ai/claims.py checks them): the human's on w, the bots' where the
lobby allows; an accepted claim plays the hand out at once, so its record is an ordinary one.
"""

from __future__ import annotations

from typing import Any, Protocol

from moon42.ai.claims import Claim, check_claim, claim_play
from moon42.rules import Game, Phase
from moon42.rules.events import Event

from ..config import GameConfig
from ..widgets.hand_log import Claimed

__all__ = ["ClaimingFlow", "claim_refusal", "play_out", "bot_claim"]


class ClaimingFlow(Protocol):
    """What a claim needs of the game in progress (``Flow`` is one)."""

    game: Game
    table: Any  # the table screen: told where the hand was claimed
    config: GameConfig

    def feed(self, events: list[Event]) -> None: ...


def claim_refusal(claim: Claim) -> str:
    if claim.why_not:
        return f"no claim: {claim.why_not}."
    assert claim.loses is not None
    tile, beater = claim.loses
    return f"no claim: {tile} could lose to {beater}, which is still out."


def play_out(flow: ClaimingFlow, claimer: int, claim: Claim) -> None:
    """Play the rest of the hand by the claim's fixed rule; the table is told where the claim
    was made (for the hand log)."""
    game = flow.game
    view = game.view(claimer)
    flow.table.claimed = Claimed(view.hand_number, len(view.tricks) + 1, claimer)
    hand = game.hand_number
    while game.phase is Phase.PLAY and game.hand_number == hand and game.to_act is not None:
        seat = game.to_act.seat
        flow.feed(game.apply(claim_play(game.view(seat), claimer, claim.order)))


def bot_claim(flow: ClaimingFlow, seat: int) -> Claim | None:
    """The claim a bot on lead makes (with two tiles or more left), if the lobby allows."""
    if not flow.config.bot_claims:
        return None
    view = flow.game.view(seat)
    if len(view.hand) < 2:
        return None
    claim = check_claim(view)
    return claim if claim.accepted else None
