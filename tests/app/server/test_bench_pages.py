"""The serve bench's reading of where a forked game's memory comes from."""

from __future__ import annotations

import os
import signal

from moon42.app.server.sessions.shared_pages import pages_against_parent

MIB = 2**20


def test_a_forked_process_s_pages_are_told_apart_shared_copied_and_its_own() -> None:
    """Read before and after the child writes to half of a block it shares and makes 2 MiB
    of its own: the half moves from shared to copied, and the private pages grow by both
    (other pages move too as the interpreter runs, so the figures are compared, not
    fixed)."""
    block = bytearray(os.urandom(8 * MIB))  # in memory in this process, before the fork
    go_read, go_write = os.pipe()
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.write(ready_write, b"1")
            os.read(go_read, 1)
            for at in range(0, 4 * MIB, 4096):
                block[at] ^= 1
            own = bytearray(2 * MIB)
            for at in range(0, 2 * MIB, 4096):
                own[at] = 1
            os.write(ready_write, b"2")
            signal.pause()
        finally:
            os._exit(0)
    try:
        assert os.read(ready_read, 1) == b"1"
        before = pages_against_parent(pid)
        os.write(go_write, b"x")
        assert os.read(ready_read, 1) == b"2"
        after = pages_against_parent(pid)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        for fd in (go_read, go_write, ready_read, ready_write):
            os.close(fd)
    if os.geteuid() != 0:  # page frames are shown to root only: nothing to compare
        assert before is None and after is None
        return
    assert before is not None and after is not None
    assert before["shared"] >= 8.0  # the whole block, not yet written
    assert after["copied"] - before["copied"] >= 4.0
    assert before["shared"] - after["shared"] >= 3.5
    # The new 2 MiB are its own, or copied where the parent has a page at those addresses
    # (a mapping the child no longer has: the pages are told apart by address).
    grown = (after["own"] + after["copied"]) - (before["own"] + before["copied"])
    assert grown >= 5.5
