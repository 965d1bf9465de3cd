"""Real servers and real clients for the serve tests: a server process, ssh in tmux.

Every server listens on a free port the kernel picks, keeps its data in the test's temp
folder and is stopped at the end; every tmux runs on its own socket and is killed.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path

from .tools import need

ROOT = Path(__file__).resolve().parents[3]

SSH_OPTIONS = ("-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
               "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
               "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "ConnectTimeout=60")

LOBBY_TITLE = "moon42: Moon and Texas 42"

# Seconds any one step may take: the tests share two cores with other work, and a wait
# ends as soon as what it waits for is there.
PATIENCE = 120.0


def wait_until(check, timeout: float = PATIENCE, every: float = 0.2, what: str = "it",
               shown: Callable[[], str] | None = None):
    """Poll ``check`` until it returns something true; that value.  If it times out, the
    error says ``shown()`` too (the screens, say)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            said = f"; then:\n{shown()}" if shown is not None else ""
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}{said}")
        time.sleep(every)


def make_key(folder: Path, name: str) -> Path:
    need("ssh")
    path = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(path)],
                   check=True)
    return path


class Server:
    """``moon42 serve ...`` in a process of its own (and its own process group)."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.folder = folder
        self.log_path = folder / "server.log"
        env = dict(os.environ, PYTHONPATH=str(ROOT), MOON42_DATA_DIR=str(folder / "data"))
        env.pop("NO_COLOR", None)
        if "--busy-answer" not in args:
            # A test machine busy with other work must not turn the tests' players away.
            args = (*args, "--busy-answer", "0")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "moon42.app.cli", "serve", *args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=self.log_path.open("wb"),
            start_new_session=True, text=True,
        )
        assert self.process.stdout is not None
        self.banner = self.process.stdout.readline()
        match = re.search(r"listening on [^:]+:(\d+)", self.banner)
        if match is None:
            self.stop()
            raise AssertionError(f"the server did not start: {self.banner!r} {self.log()}")
        self.port = int(match.group(1))

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def game_pids(self, player: str = r"\S+") -> list[int]:
        """The processes of the games the log says started (for ``player``, a folder name:
        a forked game's environment does not show in /proc, so the log says who it is)."""
        return [int(pid) for pid in re.findall(
            rf"^\S+ \S+ {player} from \S+: game starts \(.*pid (\d+)\)$", self.log(), re.M)]

    def rss_mib(self) -> float:
        """The server process's resident memory."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
        assert match is not None
        return int(match.group(1)) / 1024

    def stop(self) -> int:
        """Ask it to stop (as Ctrl+C would); kill it if it does not."""
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
        return self.process.returncode

    def ssh(self, key: Path | None, *args: str, user: str | None = None) -> list[str]:
        """OpenSSH's command line; the user name is the key's file name by default (each
        key's player has a name of their own: one name is one key's), else "player"."""
        need("ssh")
        auth = ["-i", str(key)] if key else ["-o", "PubkeyAuthentication=no"]
        user = user or (key.name if key else "player")
        # ssh takes the first value of an option, so the test's own come first.
        return ["ssh", *args, *SSH_OPTIONS, *auth, "-p", str(self.port), "-l", user,
                "127.0.0.1"]


class Tmux:
    """A private tmux server: each test's terminals, captured as text."""

    def __init__(self) -> None:
        need("tmux")
        self.socket = f"moon42-test-{uuid.uuid4().hex[:10]}"

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True,
                              capture_output=True, text=True).stdout

    def open(self, name: str, command: list[str], width: int = 80, height: int = 24) -> None:
        shell = " ".join(_quote(word) for word in command)
        # The pane stays after the client ends, so its last words can be read.
        self._tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
                   f"{shell}; echo CLIENT-ENDED $?; sleep 600")

    def screen(self, name: str) -> str:
        return self._tmux("capture-pane", "-p", "-t", name)

    def above(self, name: str, lines: int = 80) -> str:
        """The terminal's last ``lines`` lines above its screen (scrolled away)."""
        return self._tmux("capture-pane", "-p", "-J", "-S", f"-{lines}", "-E", "-1", "-t", name)

    def screens(self, *names: str) -> str:
        """Several terminals' screens, one after the other, each under its name."""
        return "\n".join(f"--- {name}:\n{self.screen(name)}" for name in names)

    def keys(self, name: str, *keys: str) -> None:
        self._tmux("send-keys", "-t", name, *keys)

    def modes(self, name: str) -> dict[str, str]:
        """The terminal modes the pane is in, as tmux keeps them."""
        names = ("alternate_on", "mouse_any_flag", "mouse_all_flag", "mouse_button_flag",
                 "mouse_standard_flag", "mouse_sgr_flag", "cursor_flag")
        shown = self._tmux("display", "-p", "-t", name, " ".join(f"#{{{n}}}" for n in names))
        return dict(zip(names, shown.split(), strict=True))

    def resize(self, name: str, width: int, height: int) -> None:
        self._tmux("resize-window", "-t", name, "-x", str(width), "-y", str(height))

    def wait_for(self, name: str, text: str, timeout: float = PATIENCE) -> str:
        def shows() -> str | None:
            screen = self.screen(name)
            return screen if text in screen else None

        try:
            return wait_until(shows, timeout, what=repr(text))
        except AssertionError as error:
            raise AssertionError(f"{error}; the screen:\n{self.screen(name)}") from None

    def kill(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def _quote(word: str) -> str:
    import shlex

    return shlex.quote(word)


# What a player's screen says once a game is dealt, whatever the bots bid before the player's
# turn (a bot's moon ends the bidding before a dealer's "Your bid").
AT_TABLE = "Hand 1 · Score"

# What a player's screen says when it is their turn to bid, discard, name trump or play.
MY_TURN = ("Your bid", "you must bid", "Discard:", "Name trump:", "Your lead", "Your turn",
           "Sevens:")


def my_turn(screen: str) -> bool:
    return any(words in screen for words in MY_TURN)


def first_offer(screen: str) -> str:
    """Enter takes the choice shown; naming trump, where nothing is chosen for the player,
    Right first moves onto the first trump."""
    return "Right" if "Nothing chosen yet" in screen else "Enter"


def play_turns(tmux: Tmux, names: Iterable[str], done: Callable[[str], bool],
               key: Callable[[str], str] = first_offer,
               turn: Callable[[str], bool] = my_turn,
               timeout: float = PATIENCE) -> dict[str, str]:
    """Each player presses ``key(screen)`` at their turns until ``done(screen)`` holds for
    every one of them; the screens they end on.

    As a person would, a player reads a screen only once it has settled (the same at two
    looks in a row), presses one key on it, and presses again only on a screen that has
    changed since: the screen a test reads is behind the game while the key travels and
    the answer is drawn, and a key pressed again on a turn already answered lands on
    whatever comes next (the hand's summary, which it would close unseen).  The deadline is
    for the screens to move: a busy machine makes a hand slow, but never still.
    """
    waiting = list(names)
    seen: dict[str, str] = {}  # each one's screen at the last look
    pressed: dict[str, str] = {}  # the screen each one last pressed a key on
    ended: dict[str, str] = {}
    deadline = time.monotonic() + timeout
    while waiting:
        for name in list(waiting):
            screen = tmux.screen(name)
            if screen != seen.get(name):
                seen[name] = screen
                deadline = time.monotonic() + timeout
            elif done(screen):
                ended[name] = screen
                waiting.remove(name)
            elif turn(screen) and screen != pressed.get(name):
                pressed[name] = screen
                tmux.keys(name, key(screen))
        if waiting:
            assert time.monotonic() < deadline, \
                f"the screens stood still for {timeout:g} s:\n{tmux.screens(*waiting)}"
            time.sleep(0.2)
    return ended


GATHERING = "gathering players"  # a table opened with o waits for its opener's Enter


def deal(tmux: Tmux, name: str) -> None:
    """The opener of a table gathering its players starts it (Enter): the first hand."""
    tmux.wait_for(name, GATHERING)
    tmux.keys(name, "Enter")
    wait_until(lambda: GATHERING not in tmux.screen(name), what="the first deal",
               shown=lambda: tmux.screens(name))


def connections_to(port: int) -> int:
    """TCP connections to ``port`` that the server holds open, as the kernel counts them:
    established, or closed by the client and not yet by the server (CLOSE_WAIT: a server
    still counts those as open)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local_port = int(fields[1].rsplit(":", 1)[1], 16)
            if local_port == port and fields[3] in ("01", "08"):
                count += 1
    return count


def running(pid: int) -> bool:
    """Whether the process is there and not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def processes_mentioning(marker: str) -> list[int]:
    """Processes whose command line or environment names ``marker`` (a temp folder)."""
    found = []
    needle = marker.encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            text = (entry / "cmdline").read_bytes() + (entry / "environ").read_bytes()
        except OSError:
            continue
        if needle in text:
            found.append(int(entry.name))
    return found


def stuck(tmux: Tmux, server: Server, *names: str) -> str:
    """What a test that gave up waiting saw: each terminal (and whether it shows the
    alternate screen, where the app draws), each game's process state, the server's log."""
    parts = [tmux.screens(*names)]
    for name in names:
        parts.append(f"--- {name}'s terminal modes: {tmux.modes(name)}")
        # What scrolled away (an app that stopped wrote why; Enter pressed since scrolls it).
        history = tmux.above(name)
        parts.append(f"--- {name}'s terminal, the lines above its screen:\n{history.rstrip()}")
    for pid in server.game_pids():
        threads = []
        for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
            try:
                state = (task / "stat").read_text().rsplit(")", 1)[1].split()[0]
                threads.append(f"{(task / 'comm').read_text().strip()} {state} in "
                               f"{(task / 'wchan').read_text() or '-'}")
            except OSError:
                continue
        parts.append(f"--- game process {pid}: " + ("; ".join(threads) or "gone"))
    log = [line for line in server.log().splitlines() if line[:4].isdigit()]  # no warnings
    parts.append("--- the server's log, its last 60 lines:")
    parts.extend(log[-60:])
    return "\n".join(parts)
