"""Make the warm parent's objects immortal before it forks games, where Python allows it.

Every object a game merely reads still has its reference count written as the game uses it,
and that write copies the whole page the object lies on from the warm parent into the game:
on Python 3.11 about 15 MiB of a game's memory is such copies, spread over every kind of
object (strings, code, tuples, functions, dicts, classes).  Python 3.12 and 3.13 have
immortal objects (PEP 683): an object whose count holds the immortal value is never counted
up or down, so reading it writes nothing.  ``immortalize`` gives that value to every object
the parent holds, once, after it has loaded and rehearsed a game and before it forks.

What it costs: an immortal object is never freed.  In the warm parent that changes nothing
(all it holds lives until it ends); in a game, an object of the parent's that the game lets go
of stays in memory, in pages the game shares with every other game.

Only where the immortal value is the one this module knows (CPython 3.12 and 3.13 on a 64-bit
machine, built without free threading: ``None``'s count is ``0xFFFFFFFF``); elsewhere it does
nothing.  It needs nothing of the project, so it can be tried on another Python by its path.
"""

from __future__ import annotations

import ctypes
import gc
import sys
from types import CodeType

__all__ = ["IMMORTAL_COUNT", "available", "immortalize"]

# The reference count of an immortal object on CPython 3.12 and 3.13, 64-bit.
IMMORTAL_COUNT = 0xFFFFFFFF


def _count_word(obj: object) -> ctypes.c_ssize_t:
    """The object's reference count, as the word in memory (``ob_refcnt``, first in every
    object), to read and write."""
    return ctypes.c_ssize_t.from_address(id(obj))


def available() -> bool:
    """Whether this Python has immortal objects as this module knows them."""
    if sys.version_info[:2] not in ((3, 12), (3, 13)) or ctypes.sizeof(ctypes.c_void_p) != 8:
        return False
    if getattr(sys, "_is_gil_enabled", lambda: True)() is False:  # free threading
        return False
    return _count_word(None).value == IMMORTAL_COUNT


def immortalize() -> int:
    """Make every object this process holds immortal: all that the garbage collector tracks
    and all they refer to, down to the strings and numbers, with the constants and names of
    every function's code (code is neither tracked nor traversed by the collector).  How
    many objects it changed (0 where this Python has no immortal objects).

    Call it in a process that is about to fork and is no longer letting objects go: the
    objects it changes are never freed."""
    if not available():
        return 0
    pending = gc.get_objects()
    seen = {id(pending)}  # the list itself goes when this returns
    changed = 0
    while pending:
        obj = pending.pop()
        key = id(obj)
        if key in seen:
            continue
        seen.add(key)
        pending.extend(gc.get_referents(obj))
        if type(obj) is CodeType:  # not tracked, nor traversed: its constants and names
            pending.extend((obj.co_consts, obj.co_names, obj.co_filename, obj.co_name,
                            obj.co_qualname))
        word = _count_word(obj)
        if word.value != IMMORTAL_COUNT:
            word.value = IMMORTAL_COUNT
            changed += 1
    return changed
