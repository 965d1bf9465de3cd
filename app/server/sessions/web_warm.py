"""Warm games for ``serve web``: textual-serve's app runner, with the app forked by the
warm starter when it is ready (and timed answering keys, for the busy gauge).

textual-serve runs each tab's app as a process on three pipes and speaks to it through
them (``AppService``); only its way of opening the process is replaced here.  The forked
game gets the same three pipes and the same environment the cold process would, so the
runner cannot tell them apart.  The zygote of the web games is started with the web
runner's environment (its Textual driver and colours are read as Textual is imported);
a game started while it is not ready is a cold process as before (in a session of its
own, as a forked one is, so that it is ended the same way).

A game is stopped by the server, not by textual-serve's "quit" (which waits behind the
keys already sent, and for a process that may be writing to a pipe nobody reads): the
game is asked to end (SIGTERM: the web driver leaves as on "quit"), what it writes
meanwhile is read and dropped, and after ``_GRACE`` seconds it is killed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import signal
import time
from collections.abc import Callable, Mapping
from typing import Any

from textual_serve.app_service import AppService

from .busy import NOT_AN_ANSWER
from .warm import WarmGame, WarmStarter, zygote_environment

__all__ = ["WarmAppService", "web_zygote_environment"]

# Set per game by the runner: not the zygote's.
_PER_GAME = ("COLUMNS", "ROWS")
# How long a game asked to end has before it is killed.
_GRACE = 2.0


def web_zygote_environment() -> dict[str, str]:
    """The environment textual-serve gives its apps, without what differs per game."""
    env = AppService._build_environment(_Unbound(), 80, 24)  # type: ignore[arg-type]
    return {name: value for name, value in zygote_environment(env).items()
            if name not in _PER_GAME}


class _Unbound:
    """``_build_environment`` reads nothing of its service but ``debug``."""

    debug = False


class PipedGame:
    """A forked web game seen as the runner sees a process: its three streams."""

    def __init__(self, game: WarmGame, stdin: asyncio.StreamWriter,
                 stdout: asyncio.StreamReader, stderr: asyncio.StreamReader) -> None:
        self.game, self.pid = game, game.pid
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        self.ended = asyncio.ensure_future(game.wait())  # closes its status socket

    @property
    def returncode(self) -> int | None:
        return self.game.returncode

    async def wait(self) -> int:
        return await self.game.wait()

    @classmethod
    async def connect(cls, game: WarmGame, stdin: int, stdout: int, stderr: int) -> PipedGame:
        loop = asyncio.get_running_loop()
        readers = []
        for fd in (stdout, stderr):
            reader = asyncio.StreamReader(limit=2**16, loop=loop)
            await loop.connect_read_pipe(lambda r=reader: asyncio.StreamReaderProtocol(r),
                                         os.fdopen(fd, "rb", 0))
            readers.append(reader)
        transport, protocol = await loop.connect_write_pipe(
            lambda: asyncio.streams.FlowControlMixin(loop=loop), os.fdopen(stdin, "wb", 0))
        writer = asyncio.StreamWriter(transport, protocol, None, loop)
        return cls(game, writer, *readers)


class WarmAppService(AppService):
    """``AppService`` whose app is forked by ``starter`` when it can be."""

    def __init__(self, *args: Any, starter: WarmStarter | None = None,
                 answered: Callable[[float], None] = lambda seconds: None,
                 env: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.starter = starter
        self.env = dict(env or {})  # the player's own, over textual-serve's environment
        self.warm = False
        self.answered = answered  # how long the app took to answer a key with its screen
        self._asked: float | None = None

    @property
    def process(self) -> Any:
        """The game's process (textual-serve keeps it as ``_process``), or None."""
        return self._process

    async def send_bytes(self, data: bytes) -> bool:
        if self._asked is None and data:
            self._asked = time.monotonic()
        return await super().send_bytes(data)

    async def on_data(self, payload: bytes) -> None:
        if self._asked is not None:
            took = time.monotonic() - self._asked
            self._asked = None
            if took < NOT_AN_ANSWER:
                self.answered(took)
        # A browser that has gone cannot be written to: the screen is dropped, and the
        # game's output still read, so that it never waits on a full pipe.
        with contextlib.suppress(ConnectionError, RuntimeError):
            await super().on_data(payload)

    async def stop(self) -> None:
        """End the game: ask, then kill; back once it has gone."""
        process = self._process
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process is not None and process.returncode is None:
            self._signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(asyncio.shield(process.wait()), _GRACE)
            except TimeoutError:
                self._signal(signal.SIGKILL)
                await process.wait()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._stdin is not None:
            self._stdin.close()

    def _signal(self, number: int) -> None:
        """To the game's session (its own, forked or cold), so nothing of it is left."""
        assert self._process is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, number)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), **self.env}

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        starter = self.starter
        env = self._build_environment(width=width, height=height)
        if starter is None or not starter.ready:
            return await self._open_cold(env)
        pipes = [os.pipe() for _ in range(3)]
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        ours = [pipes[0][1], pipes[1][0], pipes[2][0]]
        try:
            game = await starter.spawn(env, theirs)
        finally:
            for fd in theirs:
                os.close(fd)
        if game is None:
            for fd in ours:
                os.close(fd)
            return await self._open_cold(env)
        process = await PipedGame.connect(game, *ours)
        self._process = process  # type: ignore[assignment]
        self._stdin = process.stdin
        self.warm = True
        return process

    async def _open_cold(self, env: dict[str, str]) -> Any:
        """The game as a new process, in a session of its own."""
        pipe = asyncio.subprocess.PIPE
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=pipe, stdout=pipe, stderr=pipe, env=env,
            start_new_session=True)
        self._stdin = process.stdin
        return process
