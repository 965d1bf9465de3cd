"""A terminal driver whose key reader sleeps until a key comes.

Textual's Linux driver reads the terminal in a thread that wakes ten times a second, keys
or not, to see whether the app is stopping and whether a lone Escape has waited long enough
to be a key of its own. Each wake costs the process about 0.2 ms of a core here: 2 ms a
second for every game sitting in its lobby, so a server's 200 players spent two fifths of a
core on waking up (measured with ``/proc/PID/task/TID/schedstat``).

``QuietDriver`` reads the same way, but waits with no time limit unless the key parser is
waiting out an Escape (then it wakes as Textual's does); the app stopping wakes it through
a pipe. ``Moon42App.get_driver_class`` uses it in place of Textual's Linux driver, on the
Textual it was written against (``app/tui/textual_pin.py``): the reading loop is Textual's own with
its wait changed, and its parser one that never lets a lone Escape eat the key after it
(``app/tui/escape_keys.py``). Elsewhere (the web, the tests' headless driver, another Textual) the
driver is Textual's choice.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
from codecs import getincrementaldecoder

from textual._loop import loop_last
from textual._parser import ParseError
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

from . import textual_pin
from .escape_keys import EscapeFirstParser

__all__ = ["QuietDriver", "driver_for"]

POLL = 0.1  # seconds between looks while an Escape may still be a key of its own (Textual's)


class _WakingEvent(threading.Event):
    """The driver's stop signal, that also wakes the reader sleeping on its pipe."""

    def __init__(self, wake: int) -> None:
        super().__init__()
        self._wake = wake

    def set(self) -> None:
        super().set()
        # A full pipe wakes the reader anyway; a closed one is an app that has stopped.
        with contextlib.suppress(OSError):
            os.write(self._wake, b".")

    def stop_waking(self) -> None:
        """The pipe is closing: never write to its number again (another file may get it)."""
        self._wake = -1


class QuietDriver(LinuxDriver):
    """Textual's Linux driver, its key reader asleep while nothing happens."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._woken, wake = os.pipe()
        os.set_blocking(self._woken, False)
        os.set_blocking(wake, False)
        self._wake = wake
        self._stop = _WakingEvent(wake)
        self.exit_event = self._stop

    def close(self) -> None:
        super().close()
        self._stop.stop_waking()
        for fd in (self._woken, self._wake):
            with contextlib.suppress(OSError):
                os.close(fd)

    def run_input_thread(self) -> None:
        """Textual's ``LinuxDriver.run_input_thread``, waiting on the terminal and the wake
        pipe with no time limit unless the parser is waiting out an Escape, and reading
        Escape then a key as both (``EscapeFirstParser``)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        selector.register(self._woken, selectors.EVENT_READ)
        fileno = self.fileno
        woken = self._woken
        parser = EscapeFirstParser(self._debug)
        feed = parser.feed
        tick = parser.tick
        decode = getincrementaldecoder("utf-8")().decode

        def waiting_out_an_escape() -> bool:
            return getattr(parser, "_timeout_time", 0) is not None

        def process(selector_events, final: bool = False) -> None:
            for last, (key, mask) in loop_last(selector_events):
                if key.fd == woken:
                    with contextlib.suppress(OSError):
                        os.read(woken, 512)
                    continue
                if mask & selectors.EVENT_READ:
                    data = decode(os.read(fileno, 1024 * 4), final=final and last)
                    if not data:
                        break
                    for event in feed(data):
                        self.process_message(event)
            for event in tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process(selector.select(POLL if waiting_out_an_escape() else None))
            selector.unregister(self.fileno)
            process(selector.select(POLL), final=True)
        finally:
            selector.close()
            try:
                for _event in feed(""):
                    pass
            except (EOFError, ParseError):
                pass


def driver_for(chosen: type[Driver]) -> type[Driver]:
    """The driver to use where Textual chose ``chosen``."""
    if chosen is LinuxDriver and textual_pin.on_the_textual_written_for():
        return QuietDriver
    return chosen
