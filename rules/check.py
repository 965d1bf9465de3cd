"""The ``check`` document (rules/RECORDS.md, "Checking a record")."""

from __future__ import annotations

from typing import Any

from .game import Game
from .record import Fault, ParsedRecord, replay
from .results import Trick

__all__ = ["check_document"]


def _trick(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "plays": [str(t) for _, t in trick.plays],
        "winner": trick.winner,
    }


def _hands(game: Game, upto: int) -> list[dict[str, Any]]:
    out = []
    n = game.seats
    for h in range(upto):
        if h < len(game.results):
            r = game.results[h]
            out.append(
                {
                    "dealer": r.dealer,
                    "bidder": r.bidder,
                    "bid": r.bid,
                    "trump": r.trump.value if r.trump is not None else None,
                    "tricks": [_trick(t) for t in r.tricks],
                    "tricks_won": list(r.tricks_won),
                    "points": list(r.points),
                    "made": r.made,
                    "score": list(r.score),
                    "complete": True,
                }
            )
            continue
        view = game.view(0)
        tricks = view.tricks_so_far
        out.append(
            {
                "dealer": view.dealer,
                "bidder": view.bidder,
                "bid": view.high_bid,
                "trump": view.trump.value if view.trump is not None else None,
                "tricks": [_trick(t) for t in tricks],
                "tricks_won": list(view.tricks_won),
                "points": list(view.points),
                "made": None,
                "score": [0] * n,
                "complete": False,
            }
        )
    return out


def _winner(game: Game) -> int | list[int] | None:
    if game.winner is None:
        return None
    if game.options.partnerships:
        return sorted(game.winner)
    return game.winner[0]


def check_document(record: ParsedRecord) -> tuple[dict[str, Any], Fault | None]:
    """Replay ``record`` and describe it; the fault, if any, is returned too."""
    game, fault = replay(record)
    turn = game.to_act
    doc: dict[str, Any] = {
        "ok": fault is None,
        "hands": _hands(game, len(game.log)),
        "scores": list(game.scores),
        "winner": _winner(game),
        "to_act": None if turn is None else {"seat": turn.seat, "kind": turn.kind},
    }
    if fault is not None:
        doc["error"] = {"hand": fault.hand, "action": fault.action, "message": fault.message}
    return doc, fault
