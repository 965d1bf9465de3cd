"""The warm parent of the SSH games: a process that has imported the game once, and forks
a child for every game.

A cold game is a new Python that imports Textual and the app before it draws anything (a
second of a core, and about 32 MiB each).  This process does that once, freezes what the
imports made (``gc.freeze``: the collector then never writes to those pages, so they stay
shared, copy-on-write, by every child; on Python 3.12 and 3.13 it makes them immortal too,
so a child reading them does not write their counts: ``immortal``, unless the server says
``--no-immortal``), and waits for requests from the server on its control socket.  As the
``gc`` module's documentation advises for a parent that forks, its collector is off from
the start (an explicit collection before the freeze aside), so no collection leaves holes
in pages the games share, and each game turns its own on.  It tells the server it is
``ready`` with how many objects it made immortal (``off`` where it did not).  A request
is the game's environment and arguments, with the descriptors of the game's streams (the
PTY's terminal side; or, for a web game, three pipes) and a status socket.  The child
becomes a session of its own on that PTY (its controlling terminal), takes the environment
and arguments a cold process would have, and runs the app's ``main``; this process writes
``pid N`` on the status socket, and ``exit S`` (as asyncio's ``returncode``: negative for a
signal) once it has reaped the child.  The child says ``exit S`` too as it leaves, and
keeps its copy of the status socket until it ends, so if this process dies first, the
server still learns how the game ended (the last ``exit`` said before the socket's end of
file).  A request also names the cap on a game's memory (``memory``, MiB): the child
limits its data by it.

Run by the server only (``python -m moon42.app.cli.zygote FD [--no-immortal]``: the command
line hands this module its games' entry, ``main``), with
the environment a cold game starts from, so what the imports read from it is the same.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import ctypes
import fcntl
import gc
import importlib
import io
import json
import locale
import os
import pkgutil
import random
import select
import signal
import socket
import sys
import termios
import traceback
from typing import Protocol

from .game_memory import limit_data
from .immortal import MAX_READY, immortalize, open_resources
from .immortal import available as immortal_available

__all__ = ["WARM_MODULES", "MAX_REQUEST", "offer_pages_to_merge", "serve"]

# What a game imports before its lobby draws and while it plays (found by running one).
WARM_MODULES = (
    "moon42.app.tui.app", "moon42.app.play.presets", "moon42.app.play.stats.store",
    "moon42.app.play.stats.report",
    "moon42.app.server.tables.protocol", "moon42.app.tui.remote_flow",
    "moon42.app.tui.screens.tables", "moon42.app.play.view_codec",
    "textual.drivers.linux_driver", "textual.drivers._writer_thread", "textual._xterm_parser",
    "textual.layouts.horizontal", "textual.layouts.stream", "textual.scrollbar",
    "textual.widgets._footer", "textual.widgets._label", "textual.pilot", "sqlite3", "tty",
)
# Packages imported whole: every screen, widget and bot a game may show or play.
WARM_PACKAGES = ("moon42.app.cli", "moon42.app.play", "moon42.app.tui.replay",
                 "moon42.app.tui.screens", "moon42.app.tui.widgets", "moon42.ai", "moon42.rules")

# The most a request may be: a few variables of at most 255 bytes, and arguments.
MAX_REQUEST = 16384

_PR_SET_MEMORY_MERGE = 67  # linux/prctl.h

_children: dict[int, socket.socket] = {}  # pid -> its status socket
_parser: argparse.ArgumentParser | None = None  # the game's command line, built once here


class GameEntry(Protocol):
    """What a game is started by: the command line's parser and its ``main``."""

    __file__: str

    def build_parser(self) -> argparse.ArgumentParser: ...

    def main(self, argv: list[str] | None = None,
             parser: argparse.ArgumentParser | None = None) -> int: ...


_entry: GameEntry | None = None  # set by ``main``


def offer_pages_to_merge() -> bool:
    """Let the kernel merge the pages of this process and of its games that are alike byte
    for byte (Linux's KSM, 6.4 and later: ``prctl(PR_SET_MEMORY_MERGE)``, kept by every
    fork); whether the kernel took the offer.  It merges only where the machine's owner has
    turned KSM on (``/sys/kernel/mm/ksm/run``); elsewhere nothing changes.

    Why: a game writes to most pages of the warm parent that it merely reads, since every
    object it uses counts its references (Python 3.11 has no immortal objects); about half
    of a game's own memory at the lobby is such pages, the same in every game or the same
    as the parent's, which the kernel can share again."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # not Linux
        return False
    arguments = (ctypes.c_int(_PR_SET_MEMORY_MERGE),
                 *(ctypes.c_ulong(value) for value in (1, 0, 0, 0)))
    return prctl(*arguments) == 0


def warm(immortal: bool = True, allowed: tuple = ()) -> str:
    """Import what a game needs, then freeze it all so children share the pages (and, where
    Python has immortal objects and ``immortal`` says so, make it all immortal: see
    ``immortal``); what was made immortal, as the server's log says it.

    Nothing may be open then but ``allowed`` and the standard streams: what the games
    inherit open, they would all hold (and, immortal, never close)."""
    global _parser
    cli = _entry
    assert cli is not None, "main() names the games' entry before the zygote warms up"
    for name in WARM_MODULES:
        _import(name)
    for package_name in WARM_PACKAGES:
        package = _import(package_name)
        for info in pkgutil.walk_packages(getattr(package, "__path__", []),
                                          package_name + "."):
            if not info.name.endswith(("__main__", ".calibrate")):
                _import(info.name)
    _parser = cli.build_parser()
    rehearse()
    gc.collect()
    left = open_resources(allowed)
    if left:  # as the rehearsal's threads: a game must not start with them
        raise RuntimeError("the warm process holds open: " + "; ".join(left[:5]))
    said = "off (--no-immortal)"
    if immortal:
        # Python 3.12 and 3.13: a game reading them copies none of their pages.
        changed = immortalize(allowed)
        said = f"{changed} objects" if immortal_available() else \
            f"off (Python {sys.version_info[0]}.{sys.version_info[1]} has no immortal objects)"
    gc.freeze()
    return said


def rehearse() -> None:
    """Draw the lobby once, headless, in a throwaway folder: the caches a game fills as it
    starts (parsed styles, measured text) are filled here once for every child to share."""
    # start-up: the rehearsal runs once, after warm() has loaded the app (and reported
    # what would not load); the module itself stays light for the server that names it.
    import asyncio
    import shutil
    import tempfile
    import threading

    from moon42.app.tui.app import Moon42App  # start-up: as above

    folder = tempfile.mkdtemp(prefix="moon42-rehearsal-")
    os.environ["MOON42_DATA_DIR"] = folder

    async def draw() -> None:
        app = Moon42App(None, lobby=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()

    try:
        asyncio.run(draw())
    finally:
        del os.environ["MOON42_DATA_DIR"]
        shutil.rmtree(folder, ignore_errors=True)
    if threading.active_count() != 1:  # forking beside a thread could copy a held lock
        raise RuntimeError("the rehearsal left threads running")


def _import(name: str) -> object:
    """The module, or None if it is not there any more (a game imports it itself, if it
    still needs it: colder, but it works)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        print(f"moon42 warm game starter: cannot load {name} ahead ({error})",
              file=sys.stderr, flush=True)
        return None


def serve(control: socket.socket, immortal: bool = True) -> None:
    """Fork a game for every request, until the server closes the control socket."""
    gc.disable()  # on again in every game (``_child``)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the server, which ends us
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    os.set_blocking(wake_read, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda number, frame: None)
    offer_pages_to_merge()  # first: every page this process makes is offered
    said = warm(immortal, (control,))
    control.sendall(f"ready immortal: {said}".encode()[:MAX_READY])
    poll = select.poll()
    poll.register(control, select.POLLIN)
    poll.register(wake_read, select.POLLIN)
    while True:
        try:
            ready = poll.poll()
        except InterruptedError:
            ready = []
        for fd, _ in ready:
            if fd == wake_read:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_read, 512)
                continue
            try:
                message, fds, _, _ = socket.recv_fds(control, MAX_REQUEST, 4)
            except InterruptedError:
                continue
            if not message:  # the server has gone: so do we (the games go on)
                return
            _start(message, fds, (control, wake_read, wake_write))
        _reap()


def _start(message: bytes, fds: list[int], mine: tuple) -> None:
    if len(fds) not in (2, 4):
        for fd in fds:
            os.close(fd)
        return
    *streams, status_fd = fds
    try:
        status = socket.socket(fileno=status_fd)
    except OSError:  # not a socket: a request this zygote does not understand
        for fd in fds:
            os.close(fd)
        return
    try:
        request = json.loads(message)
        env = {str(k): str(v) for k, v in dict(request["env"]).items()}
        argv = [str(word) for word in request["argv"]]
        memory = request.get("memory")
        memory = None if memory is None else int(memory)
    except (ValueError, KeyError, TypeError, AttributeError):
        for fd in streams:
            os.close(fd)
        status.close()
        return
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            code = _child(streams, status, env, argv, mine, memory)
        finally:
            _tell(status, f"exit {code}\n")  # in case this zygote is gone by the end
            os._exit(code)
    for fd in streams:
        os.close(fd)
    _children[pid] = status
    _tell(status, f"pid {pid}\n")


def _reap() -> None:
    while _children:
        try:
            pid, wait_status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        status = _children.pop(pid, None)
        if status is not None:
            _tell(status, f"exit {os.waitstatus_to_exitcode(wait_status)}\n")
            status.close()


def _tell(status: socket.socket, line: str) -> None:
    with contextlib.suppress(OSError):  # the server stopped listening to this game
        status.send(line.encode(), socket.MSG_DONTWAIT)


# ----- in the child ------------------------------------------------------------------


def _child(streams: list[int], status: socket.socket, env: dict[str, str], argv: list[str],
           mine: tuple, memory: int | None = None) -> int:
    """Become the game a cold process would be, on its own terminal (one stream: a PTY's
    terminal side) or on three pipes (a web game's), its data limited by ``memory`` (MiB);
    its exit code."""
    gc.enable()  # off in the warm parent, so that no collection there touched shared pages
    if memory is not None:
        limit_data(memory)
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    control, wake_read, wake_write = mine
    control.close()
    os.close(wake_read)
    os.close(wake_write)
    for other in _children.values():  # each game's end is its own
        other.close()
    _children.clear()
    # ``status`` stays open until the child ends: its end of file tells the server so
    # even if this zygote is gone by then.
    globals()["_status"] = status
    os.setsid()
    for fd, stream in zip((0, 1, 2), streams * 3 if len(streams) == 1 else streams,
                          strict=True):
        os.dup2(stream, fd)
    for stream in set(streams):
        if stream > 2:
            os.close(stream)
    if len(streams) == 1:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    os.environ.clear()
    os.environ.update(env)
    _stdio()
    random.seed()  # from the system's source: no two games deal alike
    cli = _entry
    assert cli is not None
    sys.argv = [str(cli.__file__), *argv]
    code = 0
    try:
        code = cli.main(argv, _parser)
    except SystemExit as leaving:
        code = _exit_code(leaving.code)
    except BaseException:
        traceback.print_exc()
        code = 1
    with contextlib.suppress(BaseException):
        atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    return code


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _stdio() -> None:
    """The standard streams on the terminal, in the game's locale, as Python starts them."""
    try:
        locale.setlocale(locale.LC_CTYPE, "")
    except locale.Error:
        locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    encoding = locale.getencoding()
    if encoding.lower() in ("ascii", "ansi_x3.4-1968"):  # the C locale: Python uses UTF-8
        with contextlib.suppress(locale.Error):
            locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
        encoding = "utf-8"
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding=encoding,
        errors="strict", line_buffering=True)
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "w", closefd=False)), encoding=encoding,
        errors="strict", line_buffering=os.isatty(1))
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(2, "w", closefd=False)), encoding=encoding,
        errors="backslashreplace", line_buffering=True)


def main(entry: GameEntry) -> None:
    """Serve games started by ``entry`` (the command line) on the socket ``argv[1]`` names."""
    global _entry
    _entry = entry
    fd = int(sys.argv[1])
    serve(socket.socket(fileno=fd), immortal="--no-immortal" not in sys.argv[2:])
    # At once: tearing down all that was loaded and frozen takes a while on a busy machine,
    # and the server waits for this process as it stops.
    sys.stderr.flush()
    os._exit(0)

