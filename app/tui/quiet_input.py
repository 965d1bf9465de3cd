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

It also reads no faster than the app takes keys in.  Textual's reader posts every key the
moment it comes, so keys held down faster than the app handles them (``b`` opening and
closing the leaderboard, about 30 a second) piled up in the app's queue without end: a
served game held 581 of them and grew by 85 MiB in 26 s, and the server's own limit on a
client's keys never came into play, as the terminal never filled.  ``QuietDriver`` lets at
most ``BACKLOG`` keys wait in the app: past that it stops reading the terminal until the
app has handled them, so further keys wait in the terminal and then in the server, whose
window closes on the client.
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
from textual.events import Callback

from . import textual_pin
from .escape_keys import EscapeFirstParser

__all__ = ["BACKLOG", "QuietDriver", "driver_for"]

POLL = 0.1  # seconds between looks while an Escape may still be a key of its own (Textual's)

# The most keys (input events) waiting in the app before the reader stops reading: two
# seconds of the slowest key (a screen opened or closed); a person typing never gets near.
BACKLOG = 64

# While stopped, how often the reader looks whether the app's queue has emptied, in case
# the app dropped the message that says it caught up (it drops callbacks with no screen).
RECHECK = 0.5


class _WakingEvent(threading.Event):
    """The driver's stop signal, that also wakes the reader sleeping on its pipe."""

    def __init__(self, wake: int) -> None:
        super().__init__()
        self._wake = wake

    def set(self) -> None:
        super().set()
        self.wake()

    def wake(self) -> None:
        """Wake the reader (to stop, or to read again)."""
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
        self._posted = 0  # input events posted to the app (by the reader's thread)
        self._handled = 0  # of them, how many the app is known to have handled
        self._asking = False  # whether a message asking the app to say so is on its way

    def close(self) -> None:
        super().close()
        self._stop.stop_waking()
        for fd in (self._woken, self._wake):
            with contextlib.suppress(OSError):
                os.close(fd)

    @property
    def keys_waiting(self) -> int:
        """Input events posted to the app that it has not yet been seen to handle."""
        return self._posted - self._handled

    def _post(self, event) -> None:
        self._posted += 1
        self.process_message(event)

    def _ask_when_handled(self) -> None:
        """Post a message behind the keys posted so far that says when the app reaches it."""
        self._asking = True
        self.send_message(Callback(callback=lambda posted=self._posted: self._caught_up(posted)))

    def _caught_up(self, posted: int) -> None:
        """In the app: every key up to ``posted`` handled; the reader may read again."""
        self._handled = max(self._handled, posted)
        self._asking = False
        self._stop.wake()

    def _app_queue_empty(self) -> bool:
        return self._app.message_queue_size == 0

    def run_input_thread(self) -> None:
        """Textual's ``LinuxDriver.run_input_thread``, waiting on the terminal and the wake
        pipe with no time limit unless the parser is waiting out an Escape, reading
        Escape then a key as both (``EscapeFirstParser``), and reading nothing while
        ``BACKLOG`` keys wait in the app."""
        selector = selectors.SelectSelector()
        selector.register(self._woken, selectors.EVENT_READ)
        fileno = self.fileno
        woken = self._woken
        parser = EscapeFirstParser(self._debug)
        feed = parser.feed
        tick = parser.tick
        decode = getincrementaldecoder("utf-8")().decode
        reading = False

        def waiting_out_an_escape() -> bool:
            return getattr(parser, "_timeout_time", 0) is not None

        def read_the_terminal(read: bool) -> None:
            nonlocal reading
            if read and not reading:
                selector.register(fileno, selectors.EVENT_READ)
            elif reading and not read:
                selector.unregister(fileno)
            reading = read

        def process(selector_events, final: bool = False) -> None:
            for last, (key, mask) in loop_last(selector_events):
                if key.fd == woken:
                    with contextlib.suppress(OSError):
                        os.read(woken, 512)
                    continue
                if mask & selectors.EVENT_READ:
                    # No more bytes than keys may still wait (a byte is at most one key).
                    room = max(1, BACKLOG - self.keys_waiting)
                    data = decode(os.read(fileno, min(4096, room)), final=final and last)
                    if not data:
                        break
                    for event in feed(data):
                        self._post(event)
            for event in tick():
                self._post(event)
            if self.keys_waiting >= BACKLOG // 2 and not self._asking:
                self._ask_when_handled()

        try:
            while not self.exit_event.is_set():
                full = self.keys_waiting >= BACKLOG
                read_the_terminal(not full)
                if waiting_out_an_escape():
                    timeout: float | None = POLL
                else:
                    timeout = RECHECK if full else None
                ready = selector.select(timeout)
                if not ready and full and self._app_queue_empty():
                    self._caught_up(self._posted)  # the app dropped the question
                process(ready)
            read_the_terminal(False)
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
