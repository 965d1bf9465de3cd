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
of stays in memory, in pages the game shares with every other game.  So a resource the parent
holds open when it runs (a file, a socket, an SQLite connection, an executor, an event loop)
would never be closed in any game: no ``__del__``, no weak reference's callback.
``open_resources`` finds them, and ``immortalize`` refuses to run while one is open but those
the caller names (its standard streams, its control socket).

Only where the immortal value is the one this module knows (CPython 3.12 and 3.13 on a 64-bit
machine, built without free threading: ``None``'s count is ``0xFFFFFFFF``); elsewhere it does
nothing.  It needs nothing of the project, so it can be tried on another Python by its path.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import gc
import io
import socket
import sqlite3
import sys
from collections.abc import Iterable
from types import CodeType

__all__ = ["IMMORTAL_COUNT", "MAX_READY", "ResourceOpen", "available", "immortalize",
           "open_resources"]

# The most the zygote's word that it is ready (and on how many objects this ran) may be.
MAX_READY = 256

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


_RESOURCES = (io.IOBase, socket.socket, sqlite3.Connection, concurrent.futures.Executor,
              asyncio.AbstractEventLoop)


class ResourceOpen(RuntimeError):
    """A resource is open that immortal objects would keep open in every game."""


def _is_open(obj: object) -> bool:
    """Whether ``obj`` is a resource that is open (a file, a socket, an SQLite connection,
    an executor, an event loop); False for anything else."""
    with contextlib.suppress(Exception):  # a half-made or detached object: not open
        if isinstance(obj, io.IOBase):  # a file; in memory only, nothing to close
            return not obj.closed and not isinstance(obj, io.StringIO | io.BytesIO)
        if isinstance(obj, socket.socket):
            return obj.fileno() != -1
        if isinstance(obj, sqlite3.Connection):
            obj.total_changes  # noqa: B018 - raises once the connection is closed
            return True
        if isinstance(obj, concurrent.futures.Executor):
            return not getattr(obj, "_shutdown", getattr(obj, "_shutdown_thread", True))
        if isinstance(obj, asyncio.AbstractEventLoop):
            return not obj.is_closed()
    return False


def open_resources(allowed: Iterable[object] = ()) -> list[str]:
    """The resources this process holds open but ``allowed`` (and the standard streams),
    each said as its type and itself; empty if none."""
    kept = {id(obj) for obj in allowed}
    for stream in (sys.stdin, sys.stdout, sys.stderr, sys.__stdin__, sys.__stdout__,
                   sys.__stderr__):
        # The text stream, its buffer, the buffer's raw file (a stand-in may be its own).
        while stream is not None and id(stream) not in kept:
            kept.add(id(stream))
            stream = getattr(stream, "buffer", getattr(stream, "raw", None))
    return [f"{type(obj).__name__}: {obj!r}"[:200] for obj in gc.get_objects()
            if isinstance(obj, _RESOURCES) and id(obj) not in kept and _is_open(obj)]


def immortalize(allowed: Iterable[object] = ()) -> int:
    """Make every object this process holds immortal: all that the garbage collector tracks
    and all they refer to, down to the strings and numbers, with the constants and names of
    every function's code (code is neither tracked nor traversed by the collector).  How
    many objects it changed (0 where this Python has no immortal objects).

    Call it in a process that is about to fork and is no longer letting objects go: the
    objects it changes are never freed.  ``ResourceOpen`` if a resource is open but those
    ``allowed`` (see ``open_resources``)."""
    if not available():
        return 0
    left = open_resources(allowed)
    if left:
        raise ResourceOpen("open when the warm objects were to be made immortal (they would "
                           "stay open in every game): " + "; ".join(left[:5]))
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
