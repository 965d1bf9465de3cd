"""What keeps a public server healthy: connections, attempts, typing speed, idle players.

Every limit is a flag of ``moon42 serve`` (``command.py``); the defaults here are what a
small server on a small machine can hold.  The model is OpenSSH's ``MaxStartups``,
``LoginGraceTime`` and ``PerSourceMaxStartups`` (and its ``PerSourceNetBlockSize``: an
IPv6 client is counted by its /64, ``source_of``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...play.exports import BYTES_VARIABLE, FILES_VARIABLE

__all__ = ["AttemptLimiter", "ConnectionCount", "InputBudget", "Latest", "Quieter",
           "ServeLimits", "RESIZE_EVERY", "Startups", "source_of"]

Value = TypeVar("Value")

# A game is told of a new terminal size at most this often; only the latest size counts.
RESIZE_EVERY = 0.5

# Addresses remembered before the old ones are swept out.
_SWEEP_AT = 1000


def source_of(address: str) -> str:
    """Whom the per-address limits count ``address`` as: an IPv4 address on its own, an
    IPv6 address by its /64 (the least a site is given, so one client may hold all of it)."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass(frozen=True)
class Startups:
    """OpenSSH's ``MaxStartups start:rate:full``: from ``start`` connections not yet signed
    in, a new one is refused with a chance of ``rate`` in 100, rising evenly to all of them
    at ``full``.  A flood of idle connections cannot fill the door: the flooder's are
    refused at random as a player's would be, and the more it holds the more it loses."""

    start: int = 10
    rate: int = 30
    full: int = 100

    @classmethod
    def parse(cls, text: str) -> Startups:
        """``START:RATE:FULL`` (ValueError saying what is wrong)."""
        parts = text.split(":")
        if len(parts) != 3 or not all(p.isdigit() and len(p) <= 6 for p in parts):
            raise ValueError("it is START:RATE:FULL, three whole numbers (e.g. 10:30:100)")
        start, rate, full = map(int, parts)
        if not 1 <= start < full or not 1 <= rate <= 100:
            raise ValueError("START is at least 1 and below FULL, RATE is 1 to 100")
        return cls(start, rate, full)

    def refuses(self, signing_in: int, draw: float) -> bool:
        """Whether a new connection is refused while ``signing_in`` connections are not yet
        signed in; ``draw`` is a random number in [0, 1)."""
        if signing_in < self.start:
            return False
        if signing_in >= self.full:
            return True
        chance = self.rate + (100 - self.rate) * (signing_in - self.start) \
            / (self.full - self.start)
        return draw * 100 < chance

    def __str__(self) -> str:
        return f"{self.start}:{self.rate}:{self.full}"


@dataclass(frozen=True)
class ServeLimits:
    max_sessions: int = 20  # games at once
    idle_timeout: float = 1800.0  # seconds without a key before a game ends
    max_attempts: int = 10  # connections one address may make in a window
    attempt_window: float = 60.0
    max_connections: int = 100  # connections of any kind at once
    max_per_address: int = 10  # connections of any kind from one address at once
    login_grace: float = 60.0  # a connection's time to sign in and start a game
    input_rate: int = 256  # bytes a second a player may type (more waits)
    input_burst: int = 4096  # bytes a player may type at once (a paste), beyond the rate
    game_memory: int = 128  # MiB of its own a game may use before it is ended
    max_startups: Startups = Startups()  # connections not yet signed in
    player_files: int = 100  # records a player may keep; past it, x exports nothing
    player_bytes: int = 32 * 1024 * 1024  # and their bytes (app/play/exports.py)

    def player_environment(self) -> dict[str, str]:
        """What tells a game the cap on its player's records."""
        return {FILES_VARIABLE: str(self.player_files), BYTES_VARIABLE: str(self.player_bytes)}


class AttemptLimiter:
    """At most ``limit`` connection attempts from one address in any ``window`` seconds
    (an address as ``key`` counts it: by default ``source_of``, an IPv6 /64 as one)."""

    def __init__(self, limit: int, window: float,
                 clock: Callable[[], float] = time.monotonic,
                 key: Callable[[str], str] = source_of) -> None:
        self.limit, self.window, self.clock, self.key = limit, window, clock, key
        self._attempts: dict[str, deque[float]] = {}
        self._sweep_at = _SWEEP_AT

    def attempt(self, address: str) -> int:
        """Count one attempt from ``address``; how many it made in the window, this one too.

        Refused attempts count as well, so an address that keeps hammering stays shut out.
        An address keeps at most ``limit + 1`` times: more would say nothing new.
        """
        address = self.key(address)
        now = self.clock()
        if len(self._attempts) > self._sweep_at:
            self._forget_before(now - self.window)
            # Many addresses all within the window: sweep again only once they double.
            self._sweep_at = max(_SWEEP_AT, 2 * len(self._attempts))
        times = self._attempts.setdefault(address, deque(maxlen=self.limit + 1))
        while times and times[0] <= now - self.window:
            times.popleft()
        counted = len(times) + 1
        times.append(now)
        return counted

    def wait_for(self, address: str) -> float:
        """Seconds until ``address`` may try again (0 if it may now)."""
        times = self._attempts.get(self.key(address))
        if not times or len(times) < self.limit:
            return 0.0
        return max(0.0, times[-self.limit] + self.window - self.clock())

    def _forget_before(self, oldest: float) -> None:
        for address in list(self._attempts):
            times = self._attempts[address]
            while times and times[0] <= oldest:
                times.popleft()
            if not times:
                del self._attempts[address]


class ConnectionCount:
    """The connections open now: at most ``total`` in all and ``per_address`` from one
    (an IPv6 /64 counted as one address)."""

    def __init__(self, total: int, per_address: int) -> None:
        self.total, self.per_address = total, per_address
        self.open = 0
        self._by_address: dict[str, int] = {}

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; or, when it is one too many, why not
        (and it is not counted)."""
        address = source_of(address)
        if self.open >= self.total:
            return f"the server has {self.total} connections open, as many as it takes"
        if self._by_address.get(address, 0) >= self.per_address:
            return f"{address} has {self.per_address} connections open, as many as one " \
                "address may"
        self.open += 1
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return None

    def release(self, address: str) -> None:
        """A connection counted by ``admit`` has closed."""
        address = source_of(address)
        left = self._by_address.get(address, 0) - 1
        if left < 0:
            return
        self.open -= 1
        if left:
            self._by_address[address] = left
        else:
            del self._by_address[address]

    def from_address(self, address: str) -> int:
        return self._by_address.get(source_of(address), 0)


class InputBudget:
    """How much a player may type: ``rate`` bytes a second, ``burst`` at once.

    A person types a few bytes a second (a key is 1 to 6 bytes, a mouse report about 12);
    the budget is there for a client that sends as fast as its link allows, so that its
    flood waits in its own connection instead of costing everyone else the machine.
    """

    def __init__(self, rate: float, burst: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst if burst is not None else rate * 4
        self.clock = clock
        self._left = self.burst
        self._at = clock()

    def _refill(self) -> None:
        now = self.clock()
        self._left = min(self.burst, self._left + (now - self._at) * self.rate)
        self._at = now

    def available(self) -> int:
        """Bytes that may pass now."""
        self._refill()
        return max(0, int(self._left))

    def spend(self, size: int) -> float:
        """Count ``size`` bytes passed; seconds until the budget is no longer overspent."""
        self._refill()
        self._left -= size
        return 0.0 if self._left >= 0 else -self._left / self.rate

    def time_for(self, size: int) -> float:
        """Seconds until ``size`` bytes may pass (at most a burst's worth is waited for)."""
        self._refill()
        return max(0.0, (min(size, self.burst) - self._left) / self.rate)


class Latest(Generic[Value]):
    """Hands on the latest of the values offered, at most once every ``every`` seconds:
    the first at once, then whichever is the latest when the time comes (a terminal's
    size: a client resizing 50 times a second costs a game two redraws a second, each
    at the latest size)."""

    def __init__(self, apply: Callable[[Value], object], every: float = RESIZE_EVERY) -> None:
        self.apply, self.every = apply, every
        self._latest: Value | None = None
        self._timer: asyncio.TimerHandle | None = None

    def offer(self, value: Value) -> None:
        self._latest = value
        if self._timer is None:
            self._due()

    def _due(self) -> None:
        value, self._latest = self._latest, None
        if value is None:
            self._timer = None
            return
        self.apply(value)
        self._timer = asyncio.get_running_loop().call_later(self.every, self._due)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._latest = None


class Quieter:
    """Says whether a line about ``key`` is due: at most one a ``every`` seconds, so a flood
    of refused connections writes a few lines, not one a connection."""

    def __init__(self, every: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.clock = every, clock
        self._last: dict[str, float] = {}

    def due(self, key: str) -> bool:
        now = self.clock()
        if len(self._last) > _SWEEP_AT:
            self._last = {k: t for k, t in self._last.items() if t > now - self.every}
            if len(self._last) > _SWEEP_AT:  # all recent: forgetting costs only a line
                self._last.clear()
        last = self._last.get(key)
        if last is not None and now - last < self.every:
            return False
        self._last[key] = now
        return True
