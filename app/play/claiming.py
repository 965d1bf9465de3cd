"""Claims at the table (ai/claims.py checks them): the human's on w, the bots' where the
lobby allows; an accepted claim plays the hand out at once, so its record is an ordinary one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from moon42.ai.claims import Claim, check_claim, claim_play
from moon42.rules import Game, Phase
from moon42.rules.events import Event
from moon42.rules.views import SeatView

from .config import GameConfig

__all__ = ["Claimed", "ClaimingFlow", "claim_refusal", "claimed_plays", "play_out", "bot_claim",
           "bot_claim_of"]


@dataclass(frozen=True)
class Claimed:
    """Where a claim was made, for the hand log: the hand, the trick it starts at, who."""

    hand: int
    trick: int
    seat: int


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


def claimed_plays(game: Game, claimer: int, claim: Claim) -> Iterator[list[Event]]:
    """Play the rest of the hand by the claim's fixed rule, one play at a time: the events
    of each."""
    hand = game.hand_number
    while game.phase is Phase.PLAY and game.hand_number == hand and game.to_act is not None:
        seat = game.to_act.seat
        yield game.apply(claim_play(game.view(seat), claimer, claim.order))


def play_out(flow: ClaimingFlow, claimer: int, claim: Claim) -> None:
    """Play the rest of the hand by the claim's fixed rule; the table is told where the claim
    was made (for the hand log)."""
    view = flow.game.view(claimer)
    flow.table.claimed = Claimed(view.hand_number, len(view.tricks) + 1, claimer)
    for events in claimed_plays(flow.game, claimer, claim):
        flow.feed(events)


def bot_claim_of(view: SeatView) -> Claim | None:
    """The claim a bot on lead makes (with two tiles or more left), if it holds only
    winners."""
    if len(view.hand) < 2:
        return None
    claim = check_claim(view)
    return claim if claim.accepted else None


def bot_claim(flow: ClaimingFlow, seat: int) -> Claim | None:
    """The claim a bot on lead makes, if the lobby allows."""
    if not flow.config.bot_claims:
        return None
    return bot_claim_of(flow.game.view(seat))
