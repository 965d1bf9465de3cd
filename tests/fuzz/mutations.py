"""Hostile records made from valid ones: hypothesis strategies that change a record's
structure (drop, duplicate, retype, nest, enlarge a member, or cut the file short).

A record is held as a tree in which an object is a list of (name, value) pairs, so a member
can be named twice, and a number can be written as raw text (a 5,000-digit integer, say);
``dump`` writes the tree as JSON text.  The bases are the worked examples and records from
the differential test's generator: every game, many options, legal and broken.
"""

from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tests.rules.record_generator import generate

__all__ = ["Pairs", "Raw", "Mutated", "mutated_records", "dump", "BASES"]

EXAMPLES = Path(__file__).parents[1] / "rules" / "examples"


@dataclass
class Pairs:
    """A JSON object, member by member (the same name may come twice)."""

    items: list[tuple[str, Any]]


@dataclass(frozen=True)
class Raw:
    """A number written exactly as ``text``."""

    text: str


def tree(value: Any) -> Any:
    if isinstance(value, dict):
        return Pairs([(k, tree(v)) for k, v in value.items()])
    if isinstance(value, list):
        return [tree(v) for v in value]
    return value


def dump(node: Any) -> str:
    if isinstance(node, Pairs):
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in node.items) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(dump(v) for v in node) + "]"
    if isinstance(node, Raw):
        return node.text
    return json.dumps(node)  # floats nan and inf come out as NaN and Infinity: not JSON


def _bases() -> list[Any]:
    found = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))
             if not p.name.endswith(".expected.json")]
    found += [generate(seed).doc for seed in range(60)]
    return [doc for doc in found if isinstance(doc, dict)]


BASES = _bases()


def _paths(node: Any, here: tuple = (), within: str = "") -> list[tuple[tuple, str]]:
    """Every place in the tree: its path of list indices and member positions, and the name
    of the member whose value holds it (the list an action is in is "actions")."""
    found = [(here, within)]
    if isinstance(node, Pairs):
        for i, (name, value) in enumerate(node.items):
            found += _paths(value, (*here, i), name)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*here, i), within)
    return found


def _get(node: Any, path: tuple) -> Any:
    for step in path:
        node = node.items[step][1] if isinstance(node, Pairs) else node[step]
    return node


def _set(node: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = _get(node, path[:-1])
    if isinstance(parent, Pairs):
        name, _ = parent.items[path[-1]]
        parent.items[path[-1]] = (name, value)
    else:
        parent[path[-1]] = value
    return node


# Values a member may be given instead of its own: every JSON type, every edge of a range.
ODD_VALUES = [
    None, True, False, 0, -1, 1, 7, 5.0, 4.5, -0.0, 1e308, 2**63 - 1, -(2**63),
    Raw(str(2**63)), Raw(str(-(2**63) - 1)), Raw("1" * 33), Raw("9" * 5000),
    Raw("0." + "1" * 40), Raw("1e999"), float("nan"), float("inf"),
    "", "pass", "plunge", "splash", "6-4", "4-6", "7-7", "66", "6-6\n", "doubles", "none",
    "nello", "sevens", "moon42/1", "moon3", "moon4", "texas42", "\x1b[2J", "\ud800",
    "x" * 1000, [], [[]], {}, [1, 2], Pairs([("a", 1)]), Pairs([("seat", 0), ("seat", 1)]),
]

odd_values = st.one_of(
    st.sampled_from(ODD_VALUES),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)


@dataclass(frozen=True)
class Mutated:
    text: str
    changes: tuple[str, ...]  # what was done, for the report of a failure


@st.composite
def mutated_records(draw: st.DrawFn, max_changes: int = 4) -> Mutated:
    doc = tree(draw(st.sampled_from(BASES)))
    changes: list[str] = []
    for _ in range(draw(st.integers(min_value=1, max_value=max_changes))):
        kind = draw(st.sampled_from(["drop", "duplicate", "retype", "nest", "enlarge"]))
        places = _paths(doc)
        if kind in ("drop", "duplicate"):  # a member or an item: not the whole document
            places = places[1:]
        if not places:
            continue
        # Half the time the actions, where a change can keep the file a record and break,
        # or keep, the rules; otherwise anywhere (most places are tiles of a deal).
        actions = [path for path, within in places if within == "actions"]
        if actions and draw(st.booleans()):
            path = draw(st.sampled_from(actions))
        else:
            path = draw(st.sampled_from([path for path, _ in places]))
        node = _get(doc, path)
        changes.append(f"{kind} at {list(path)}")
        if kind == "drop":
            parent = _get(doc, path[:-1])
            (parent.items if isinstance(parent, Pairs) else parent).pop(path[-1])
        elif kind == "duplicate":
            parent = _get(doc, path[:-1])
            if isinstance(parent, Pairs):  # the same name again, maybe with another value
                name, value = parent.items[path[-1]]
                again = value if draw(st.booleans()) else draw(odd_values)
                parent.items.insert(draw(st.integers(0, len(parent.items))), (name, again))
            else:
                parent.insert(path[-1], copy.deepcopy(node))
        elif kind == "retype":
            doc = _set(doc, path, draw(odd_values))
        elif kind == "nest":
            depth = draw(st.integers(min_value=1, max_value=40))
            for _ in range(depth):
                node = [node] if draw(st.booleans()) else Pairs([("n", node)])
            doc = _set(doc, path, node)
        elif kind == "enlarge":
            doc = _set(doc, path, _enlarged(node, draw))
    text = dump(doc)
    if draw(st.integers(0, 19)) == 0:  # now and then a file cut short, as by a crash
        text = text[: draw(st.integers(0, max(0, len(text) - 1)))]
        changes.append("cut short")
    return Mutated(text, tuple(changes))


def _enlarged(node: Any, draw: st.DrawFn) -> Any:
    """``node`` made bigger, within reason: a case stays well under a megabyte or two (files
    up to the size limit are timed on their own, ``run.py --largest``)."""
    times = draw(st.sampled_from([2, 10, 100, 1000]))
    if isinstance(node, str):
        return (node or "x") * min(times * 100, 100_000 // max(1, len(node)))
    if isinstance(node, list):
        return node * min(times, 20)
    if isinstance(node, Pairs):
        return Pairs(node.items + [(f"extra{i}", i) for i in range(times)])
    if isinstance(node, bool) or node is None:
        return [node] * times
    if isinstance(node, int | float) and math.isfinite(node):
        return Raw(str(int(node)) + "0" * min(times, 100))
    return node
