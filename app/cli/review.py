"""``moon42 review RECORD [--hand N] [--seat S] [--json]``: where the points went, decision
by decision (``moon42.ai.review``).

Exit 0: the record reviewed (a record that breaks a rule is reviewed up to the broken
action, and says so); 2: the file is no record, or it has no such hand or seat, with one line
on standard error and nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from moon42.rules.actions import Bid, Discard, NameTrump, Pass, Play
from moon42.rules.record import ParsedRecord

from ..play.review_subject import human_seat as seat_named_you
from .check import read_record_or_say, write_quietly
from .flags import Commands, whole_flag

__all__ = ["add_review_parser", "run", "human_seat", "review_document"]

MAX_HANDS = 1000  # hands a record may hold for --hand


def add_review_parser(commands: Commands) -> None:
    review = commands.add_parser(
        "review",
        help="review a game record's decisions: where the points went",
        description="For every decision of one seat (bids, trump, discard, plays) in every "
        "hand of the record, or hand N: what it kept with every hand known (double-dummy) "
        "and the expert's figures from what the seat could see. Costly decisions get a "
        "verdict. Exit 2: the file is not a game record, or has no such hand or seat.",
    )
    review.add_argument("file", metavar="RECORD", help="the record, or - for standard input")
    review.add_argument("--hand", type=whole_flag(1, MAX_HANDS), metavar="N",
                        help="only hand N, counted from 1 as in the record (thrown-in hands "
                        "included)")
    review.add_argument("--seat", type=whole_flag(0, 3), metavar="S",
                        help="the seat reviewed (default: the record's human seat, the one "
                        "named You, else 0)")
    review.add_argument("--json", action="store_true", help="print one JSON document")


def human_seat(record: ParsedRecord) -> int:
    """The seat named "You" (the app's human player), else 0."""
    return seat_named_you(record.players)


def _figure(figure: Any) -> dict[str, Any] | None:
    if figure is None:
        return None
    return {"chance": figure.chance, "by_habit": figure.by_habit, "credit": figure.credit,
            "certain": figure.certain, "rough": figure.rough}


def _key(choice: object) -> str:
    return str(choice)  # a tile "6-4", a trump as the record writes it ("5", "doubles")


def _action(decision: Any) -> dict[str, Any]:
    action = decision.action
    if type(action) is Play:
        return {"trick": decision.trick, "played": str(action.tile)}
    if type(action) is Discard:
        return {"discarded": str(action.tile)}
    if type(action) is NameTrump:
        return {"trump": str(action.trump)}
    if type(action) is Bid:
        return {"bid": action.value}
    return {"bid": "pass" if type(action) is Pass else type(action).__name__.lower()}


def _expert(action: Any) -> Any:
    """The expert's choice as the decision's own member writes it: a tile, a trump, a bid."""
    if type(action) in (Play, Discard):
        return str(action.tile)
    if type(action) is NameTrump:
        return str(action.trump)
    if type(action) is Bid:
        return action.value
    if action is None:
        return None
    return "pass" if type(action) is Pass else type(action).__name__.lower()


def _decision(decision: Any, unit: str) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": str(decision.kind), "seat": decision.seat}
    out.update(_action(decision))
    if decision.dd is not None:
        out["dd"] = {_key(c): v for c, v in decision.dd.values.items()}
        out["best"] = [_key(c) for c in decision.dd.best]
        out["lost"] = decision.lost
        out["more_is_better"] = decision.dd.more
        out["unit"] = unit
    out["expert"] = _expert(decision.expert)
    out["view"] = {"done": _figure(decision.view_done), "expert": _figure(decision.view_expert),
                   "layouts": decision.layouts}
    if decision.bid is not None:
        out["for_bid"] = decision.bid
    out["costly"] = decision.costly
    out["verdict"] = decision.verdict
    return out


def review_document(record: ParsedRecord, hands: list[int], seat: int) -> dict[str, Any]:
    """The ``--json`` document for ``hands`` (from 0) of ``seat``."""
    # Imported here for start-up time: the review loads the search and the expert.
    from moon42.ai.review import review_hand

    out = []
    for hand in hands:
        review = review_hand(record, hand, seat)
        if review is None:
            continue
        unit = "tricks" if record.options.is_moon else "points"
        out.append({
            "hand": review.hand,
            "seat": seat,
            "broken": review.broken,
            "decisions": [_decision(d, _unit(d, unit)) for d in review.decisions],
            "costly": [review.decisions.index(d) for d in review.costly],
        })
    return {"hands": out}


def _unit(decision: Any, unit: str) -> str:
    trump = getattr(decision.action, "trump", None)
    if decision.kind == "play" and decision.dd is not None and not decision.dd.more:
        return "tricks"  # Nello
    if trump is not None and str(trump) in ("nello", "sevens"):
        return "tricks"
    return unit


def _many(count: int, thing: str) -> str:
    return f"{count} {thing}" + ("" if count == 1 else "s")


def _text(document: dict[str, Any], record: ParsedRecord) -> str:
    lines = []
    names = record.players or ()
    for hand in document["hands"]:
        seat = hand["seat"]
        who = f"seat {seat}" + (f" ({names[seat]})" if seat < len(names) else "")
        decisions = hand["decisions"]
        lines.append(f"Hand {hand['hand']}, {who}: {_many(len(decisions), 'decision')}, "
                     f"{len(hand['costly'])} costly")
        for i in hand["costly"]:
            d = decisions[i]
            lines.append(f"  {d['verdict']}")
            view = _view_line(d)
            if view:
                lines.append(f"    {view}")
        if hand["broken"]:
            lines.append(f"  The record breaks a rule here: {hand['broken']}; reviewed up to it.")
        if not decisions:
            lines.append("  No decision of this seat in this hand.")
    return "\n".join(lines) + "\n"


def _view_line(d: dict[str, Any]) -> str | None:
    """A play's figures from the seat's view: how often the side gets what it plays for
    (the bid made, or set) after what was done and after the expert's choice."""
    # Imported here for start-up time, as ``review_document``'s.
    from moon42.ai.review_figures import ViewFigure
    from moon42.ai.review_words import view_text

    if d["kind"] != "play" or d["view"]["done"] is None:
        return None
    unit = d.get("unit", "points")
    done = view_text(ViewFigure(**d["view"]["done"]), unit)
    line = f"From your seat: {d['played']} {done}"
    expert = d["view"]["expert"]
    if expert is not None and d["expert"] != d["played"]:
        line += f"; the expert's {d['expert']} {view_text(ViewFigure(**expert), unit)}"
    return line + " (the bid made, or set, in that share of deals)"


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    path = args.file
    record = read_record_or_say(path, "review")
    if record is None:
        return 2
    seats = record.options.seats
    seat = args.seat if args.seat is not None else human_seat(record)
    if seat >= seats:
        write_quietly(sys.stderr, f"moon42 review: seat {seat} is not a seat of this "
                      f"{seats}-player game (0 to {seats - 1})\n")
        return 2
    count = len(record.hands)
    if args.hand is not None and args.hand > count:
        write_quietly(sys.stderr, f"moon42 review: {path} has {count} hands, not "
                      f"{args.hand}\n")
        return 2
    hands = [args.hand - 1] if args.hand is not None else list(range(count))
    document = review_document(record, hands, seat)
    if args.json:
        write_quietly(sys.stdout, json.dumps(document, indent=1) + "\n")
    else:
        write_quietly(sys.stdout, _text(document, record))
    return 0
