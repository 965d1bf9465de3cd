"""The server's side of warm games: it starts the zygote, asks it for games, and restarts it
when it dies.

A game asked for while the zygote is not ready (starting, restarting, or not answering) is
``None`` here, and the caller starts a cold process instead: a player never waits for the
zygote.  A zygote that does not answer a request in time is killed and started again, so a
game is never forked late onto a terminal another process has taken.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import sys
from collections.abc import Mapping

from .immortal import MAX_READY

__all__ = ["WarmGame", "WarmStarter", "zygote_environment"]

log = logging.getLogger("moon42.serve")

# How long the zygote has to import everything, and to answer a request.
_START_TIMEOUT = 120.0
_ANSWER_TIMEOUT = 10.0
# Restarts wait this long after a failure, doubling to the most.
_FIRST_BACKOFF = 1.0
_MOST_BACKOFF = 60.0


class WarmGame:
    """A game forked by the zygote: what ``GameTerminal`` needs of a process."""

    def __init__(self, pid: int, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._reader, self._writer = reader, writer
        self._ended: asyncio.Task[int] | None = None

    async def wait(self) -> int:
        if self._ended is None:
            self._ended = asyncio.ensure_future(self._watch())
        return await asyncio.shield(self._ended)

    async def _watch(self) -> int:
        code = 1  # killed, with the zygote gone: nobody could say how
        while line := await self._reader.readline():
            word, _, value = line.decode("ascii", "replace").partition(" ")
            if word == "exit":
                with contextlib.suppress(ValueError):
                    code = int(value)
        # End of file: the game and the zygote have both closed the socket.
        self.returncode = code
        self._writer.close()
        return code


class WarmStarter:
    """The zygote process: started once, restarted after it dies."""

    def __init__(self, env: Mapping[str, str], game_memory: int | None = None,
                 immortal: bool = True) -> None:
        self.env = dict(env)
        self.game_memory = game_memory  # MiB: the cap on each game's own memory
        self.immortal = immortal  # make the warm objects immortal, where Python allows
        self.process: asyncio.subprocess.Process | None = None
        self._control: socket.socket | None = None
        self._ready = False
        self._closing = False
        self._task: asyncio.Task[None] | None = None
        self.starts = 0  # how many times a zygote was started (tests and the log)

    @property
    def ready(self) -> bool:
        return self._ready

    def start(self) -> None:
        """Start the zygote (and keep it going) in the background."""
        self._task = asyncio.get_running_loop().create_task(self._keep_going())

    async def wait_ready(self, timeout: float = _START_TIMEOUT) -> bool:
        """Wait until the zygote takes requests (tests and the bench); whether it does."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self._ready and loop.time() < deadline and not self._closing:
            await asyncio.sleep(0.05)
        return self._ready

    async def _keep_going(self) -> None:
        backoff = _FIRST_BACKOFF
        while not self._closing:
            began = asyncio.get_running_loop().time()
            try:
                await self._run_once()
            except OSError as error:
                log.warning("the warm game starter cannot start: %s", error)
            if self._closing:
                return
            if asyncio.get_running_loop().time() - began > _MOST_BACKOFF:
                backoff = _FIRST_BACKOFF  # it ran a good while: not a crash loop
            log.warning("the warm game starter stopped; games start cold for %g s, then it "
                        "starts again", backoff)
            await asyncio.sleep(backoff)
            backoff = min(_MOST_BACKOFF, backoff * 2)

    async def _run_once(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "moon42.app.cli.zygote", str(theirs.fileno()),
                *(() if self.immortal else ("--no-immortal",)),
                pass_fds=(theirs.fileno(),), env=self.env, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
            )
        finally:
            theirs.close()
        self.starts += 1
        ours.setblocking(False)
        loop = asyncio.get_running_loop()
        try:
            try:
                said = await asyncio.wait_for(loop.sock_recv(ours, MAX_READY),
                                              _START_TIMEOUT)
            except TimeoutError:
                said = b""
            word, _, more = said.decode("ascii", "replace").partition(" ")
            if word == "ready":
                self._control = ours
                self._ready = True
                log.info("warm game starter ready (pid %d)", self.process.pid)
                if self.starts == 1:  # once: a restarted one says the same
                    log.info("warm game starter: %s", more or "immortal: unknown")
            else:
                self._kill()
            await self.process.wait()
        finally:
            self._ready = False
            self._control = None
            ours.close()

    def _kill(self) -> None:
        self._ready = False
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()

    async def spawn(self, env: Mapping[str, str], streams: list[int],
                    argv: tuple[str, ...] = ()) -> WarmGame | None:
        """A game forked on ``streams`` (the PTY's terminal side, or the game's stdin,
        stdout and stderr pipes; the caller closes them), or None when the zygote cannot
        give one now."""
        control = self._control
        if not self._ready or control is None:
            return None
        message = json.dumps({"env": dict(env), "argv": list(argv),
                              "memory": self.game_memory}).encode()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            socket.send_fds(control, [message], [*streams, theirs.fileno()])
        except OSError as error:  # full (not reading) or gone: a cold game this time
            ours.close()
            log.warning("the warm game starter took no request (%s)", error)
            return None
        finally:
            theirs.close()
        reader, writer = await asyncio.open_unix_connection(sock=ours)
        try:
            line = await asyncio.wait_for(reader.readline(), _ANSWER_TIMEOUT)
        except TimeoutError:
            line = b""
        word, _, value = line.decode("ascii", "replace").partition(" ")
        if word != "pid" or not value.strip().isdigit():
            writer.close()
            log.warning("the warm game starter did not answer; it is started again")
            self._kill()
            return None
        return WarmGame(int(value), reader, writer)

    async def close(self) -> None:
        """Stop the zygote (its games go on until the server ends them)."""
        self._closing = True
        self._ready = False
        if self._control is not None:
            with contextlib.suppress(OSError):
                self._control.shutdown(socket.SHUT_RDWR)
        if self.process is not None and self.process.returncode is None:
            try:
                await asyncio.wait_for(self.process.wait(), 5.0)
            except TimeoutError:
                self._kill()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


def zygote_environment(env: Mapping[str, str]) -> dict[str, str]:
    """The zygote's environment: a cold game's, without a player's folder."""
    return {name: value for name, value in env.items() if not name.startswith("MOON42_")}

