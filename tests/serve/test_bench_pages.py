"""The serve bench's reading of where a forked game's memory comes from."""

from __future__ import annotations

import os
import signal

from moon42.app.serve.bench_players import pages_against_parent

MIB = 2**20


def test_a_forked_process_s_pages_are_told_apart_shared_copied_and_its_own() -> None:
    block = bytearray(os.urandom(8 * MIB))  # in memory in this process, before the fork
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: writes to half the block, then makes 2 MiB of its own
        try:
            for at in range(0, 4 * MIB, 4096):
                block[at] ^= 1
            own = bytearray(b"x" * (2 * MIB))  # noqa: F841 - kept until the process ends
            os.write(ready_write, b"x")
            signal.pause()
        finally:
            os._exit(0)
    try:
        os.close(ready_write)
        assert os.read(ready_read, 1) == b"x"
        found = pages_against_parent(pid)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(ready_read)
    if os.geteuid() != 0:  # page frames are shown to root only: nothing to compare
        assert found is None
        return
    assert found is not None
    assert 4.0 <= found["copied"] < 8.0  # the half it wrote, and little more
    assert found["shared"] >= 4.0  # the half it only kept
    assert found["own"] >= 2.0
