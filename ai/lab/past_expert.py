"""An earlier commit's expert in today's arena (``moon42 arena --past COMMIT``).

The ``ai`` folder as it stood at COMMIT (``git archive``, in the checkout the command runs
in) is unpacked into a temporary folder as a package of its own,
``moon42_ai_<commit>``, with its imports of ``moon42.ai`` turned to that name.  Its expert is
registered as ``expert@<commit>`` (the commit as given), a name the arena's A, B or pool
may then use: the two versions play the same deals against the same opponents under
today's rules and arena, and their ``--per-deal`` files pair with
``python -m moon42.ai.lab.paired``.  For example::

    moon42 arena texas42 expert@4f030c8 --past 4f030c8 --pool greedy cautious club \\
        --hands 150 --no-bidding --seed 91 --jobs 1 --per-deal before.jsonl

Each of its decisions is made with its own package's measuring switches set as today's
are (the budgets' wall cap and share, an auction given, where it has them), so a
``--share`` or ``--no-bidding`` run means the same to it.  The rules are today's: a commit
whose ``ai`` no longer fits them fails on import or in play, and says so.  Several
``--jobs`` work where worker processes are forked (Linux).
"""

from __future__ import annotations

import importlib
import io
import re
import subprocess
import sys
import tarfile
from contextlib import ExitStack
from pathlib import Path
from types import ModuleType
from typing import Any

from moon42.rules.actions import Action
from moon42.rules.views import SeatView

from .. import budget
from ..facts.forced_auction import auction_given
from ..protocol import Strategy
from ..registry import register

__all__ = ["PastExpert", "past_package", "register_past_expert"]

_COMMIT = re.compile(r"[0-9A-Za-z_./^~-]{1,80}")  # a commit, a tag or a branch


def _resolved(commit: str, checkout: Path) -> str:
    if not _COMMIT.fullmatch(commit) or commit.startswith("-"):
        raise ValueError(f"not a commit: {commit!r}")
    try:
        done = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--verify", "--quiet",
                               f"{commit}^{{commit}}"], capture_output=True, text=True)
    except OSError as error:
        raise ValueError(f"git cannot be run ({error})") from error
    if done.returncode != 0:
        raise ValueError(f"no commit {commit!r} in {checkout} (run it in a checkout of moon42)")
    return done.stdout.strip()


def past_package(commit: str, folder: Path, checkout: Path) -> str:
    """Unpack ``ai/`` at ``commit`` of ``checkout`` into ``folder`` as a package; its name
    (importable once ``folder`` is on ``sys.path``)."""
    sha = _resolved(commit, checkout)
    name = f"moon42_ai_{sha[:12]}"
    done = subprocess.run(["git", "-C", str(checkout), "archive", "--format=tar", sha, "ai"],
                          capture_output=True)
    if done.returncode != 0:
        raise ValueError(f"commit {commit!r} has no ai folder to unpack")
    archive = done.stdout
    target = folder / name
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            parts = Path(member.name).parts
            if parts[0] != "ai" or ".." in parts:
                continue
            path = target.joinpath(*parts[1:])
            path.parent.mkdir(parents=True, exist_ok=True)
            data = tar.extractfile(member)
            assert data is not None
            content = data.read()
            if path.suffix == ".py":
                text = re.sub(r"\bmoon42\.ai\b", name, content.decode("utf-8"))
                content = text.encode("utf-8")
            path.write_bytes(content)
    return name


def register_past_expert(commit: str, folder: Path, checkout: Path) -> str:
    """Register the expert at ``commit`` of ``checkout`` as ``expert@<commit>``; the name."""
    package = past_package(commit, folder, checkout)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    try:
        expert = importlib.import_module(f"{package}.expert")
    except Exception as error:  # its code, not ours: whatever it raises is reported
        raise ValueError(f"its expert does not import with today's rules: {error!r}") from error
    name = f"expert@{commit}"
    measuring = _Measuring(package)

    def factory(seed: int | None = None, **settings: Any) -> Strategy:
        return PastExpert(expert.ExpertBot(seed, **settings), measuring)

    register(name, factory)
    return name


class _Measuring:
    """The past package's own switches for a measurement (its budgets' wall cap and share,
    an auction given rather than called), where it has them: a decision of the past expert
    is made with them set as today's are set (by the arena, ``ai.workers``)."""

    def __init__(self, package: str) -> None:
        self.budget = _module(f"{package}.budget")
        self.auction = (_module(f"{package}.facts.forced_auction")
                        or _module(f"{package}.forced_auction"))

    def set_as_today(self, stack: ExitStack) -> None:
        uncapped = getattr(self.budget, "without_wall_cap", None)
        if uncapped is not None and not budget.wall_capped():
            stack.enter_context(uncapped())
        scaled = getattr(self.budget, "scaled", None)
        if scaled is not None:
            stack.enter_context(scaled(budget.share()))
        given = getattr(self.auction, "given_auction", None)
        if given is not None and auction_given():
            stack.enter_context(given())


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


class PastExpert:
    """A past expert whose every decision is made under ``_Measuring``'s switches."""

    def __init__(self, bot: Any, measuring: _Measuring) -> None:
        self.bot = bot
        self.measuring = measuring

    def __getattr__(self, name: str) -> Any:  # aim_for_majority, seconds_for, ...
        if name in ("bot", "measuring"):  # not yet set (a copy being made)
            raise AttributeError(name)
        return getattr(self.bot, name)

    def _decide(self, kind: str, view: SeatView) -> Action:
        with ExitStack() as stack:
            self.measuring.set_as_today(stack)
            action: Action = getattr(self.bot, kind)(view)
            return action

    def bid(self, view: SeatView) -> Action:
        return self._decide("bid", view)

    def discard(self, view: SeatView) -> Action:
        return self._decide("discard", view)

    def trump(self, view: SeatView) -> Action:
        return self._decide("trump", view)

    def play(self, view: SeatView) -> Action:
        return self._decide("play", view)
