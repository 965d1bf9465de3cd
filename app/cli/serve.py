"""``moon42 serve ssh|web|club``: the command line of the servers."""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import signal
import sys
from pathlib import Path

from ..play.paths import data_dir
from .flags import Commands

__all__ = ["add_serve_parser", "run"]

_DESCRIPTION = """\
Serve the game to other people's terminals. `ssh` gives every SSH session a game of its
own (public-key sign-in from an authorized_keys file, or --guest for anyone); `web` serves
it to web browsers; `club` runs both doors over the same shared tables, browser players
signing in by a name and a secret. All are made to face the internet: every limit has a
default, and every connection leads to a game or is closed."""


def add_serve_parser(commands: Commands) -> None:
    serve = commands.add_parser("serve", help="serve the game over SSH or the web",
                                description=_DESCRIPTION)
    kinds = serve.add_subparsers(dest="serve_kind", metavar="ssh|web|club", required=True)

    ssh = kinds.add_parser(
        "ssh", help="an SSH server: every session plays its own game",
        description="An SSH server that gives every session the moon42 lobby on its own "
        "terminal. Players connect with `ssh -p PORT HOST`.",
    )
    ssh.add_argument("--host", default="127.0.0.1",
                     help="the address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    ssh.add_argument("--port", type=int, default=2222, help="the port (default 2222; 0 picks "
                     "a free one)")
    _add_ssh_door(ssh)

    web = kinds.add_parser(
        "web", help="a web server: every browser tab plays its own game",
        description="Serve the game to web browsers (textual-serve): open "
        "http://HOST:PORT and play in the page.",
    )
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on "
                     "(default 127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    web.add_argument("--public-url", default=None, metavar="URL",
                     help="the address browsers use, when it differs from http://HOST:PORT")
    web.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                     help="where the web players' saves go (default: the moon42 data "
                     "folder's 'server')")
    _add_limits(web, "games (browser tabs)", "games")
    web.add_argument("--cold-start", action="store_true",
                     help="start every game in a new Python process (slower to draw, about "
                     "twice the memory); by default games are forked from a process that "
                     "has loaded the game once")
    _add_no_immortal(web)
    _add_web_door(web)
    secret = web.add_mutually_exclusive_group()
    secret.add_argument("--password", metavar="WORDS",
                        help="ask for this password before a game (the page's sign-in, or "
                        "?password=WORDS in the address); other users of this machine can "
                        "see a command line, so --password-file is safer")
    secret.add_argument("--password-file", type=Path, metavar="FILE",
                        help="the password is this file's first line")

    club = kinds.add_parser(
        "club", help="both doors at once: SSH and browser players at the same tables",
        description="One club, two doors: an SSH server and a web server in one process, "
        "over the same shared tables, bots and players' folders. Browser players sign in "
        "with a name and a secret (the first sign-in with a new name registers it; the "
        "secret is kept hashed in the data folder's members.json); SSH players sign in as "
        "with `serve ssh`; a member signs out, or changes their secret on /secret, from the "
        "page. At the tables a member's name ends in +, a guest's in ?, a key's player's has "
        "no mark; a name a member or a key's player holds is refused to anyone else. The "
        "limits apply to each door on its own.",
    )
    club.add_argument("--host", default="127.0.0.1",
                      help="the address both doors listen on (default 127.0.0.1)")
    club.add_argument("--ssh-port", type=int, default=2222, metavar="PORT",
                      help="the SSH door's port (default 2222; 0 picks a free one)")
    club.add_argument("--web-port", type=int, default=8000, metavar="PORT",
                      help="the web door's port (default 8000; 0 picks a free one)")
    club.add_argument("--public-url", default=None, metavar="URL",
                      help="the address browsers use, when it differs from http://HOST:PORT")
    club.add_argument("--max-members", type=int, default=10000, metavar="N",
                      help="at most this many names registered from browsers; more are "
                      "refused (default 10000)")
    club.add_argument("--no-register", action="store_true",
                      help="take no new members: only names already in members.json may "
                      "sign in from a browser (the sign-in page says so)")
    _add_web_door(club)
    _add_ssh_door(club)


def _add_web_door(parser: argparse.ArgumentParser) -> None:
    """The flags of a web server's door (``serve web`` and ``serve club``)."""
    parser.add_argument("--tls-cert", type=Path, metavar="FILE",
                        help="serve the page over HTTPS with this certificate (PEM, the "
                        "chain after it); with --tls-key")
    parser.add_argument("--tls-key", type=Path, metavar="FILE",
                        help="the certificate's private key (PEM)")
    parser.add_argument("--trust-proxy-header", metavar="HEADER",
                        help="behind a proxy: take the client's address from the last one in "
                        "this header (e.g. X-Forwarded-For), for the per-address limits; "
                        "only when every request comes through that proxy (default: the "
                        "connection's own address)")


def _add_ssh_door(parser: argparse.ArgumentParser) -> None:
    """The flags of an SSH server's door (``serve ssh`` and ``serve club``)."""
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--authorized-keys", type=Path, metavar="FILE",
                     help="let in only the keys in this OpenSSH authorized_keys file (read "
                     "at every sign-in, so keys can be added while it runs)")
    who.add_argument("--guest", action="store_true",
                     help="let anyone in without a key; each user name gets its own saves, "
                     "and a name in use is refused to another connection, as is a name a "
                     "member or a key's player holds (guests' names show as NAME? at the "
                     "tables)")
    _add_limits(parser, "games", "connections (signed in or not, with a game or not)")
    parser.add_argument("--max-attempts", type=int, default=10, metavar="N",
                        help="at most this many connections from one address in "
                        "--attempt-window seconds; more are told to wait (default 10)")
    parser.add_argument("--attempt-window", type=float, default=60.0, metavar="SECONDS",
                        help="the window of --max-attempts (default 60)")
    parser.add_argument("--max-connections", type=int, default=100, metavar="N",
                        help="at most this many connections open at once, signed in or not, "
                        "with a game or not; more are closed at once (default 100)")
    parser.add_argument("--max-startups", default="10:30:100", metavar="START:RATE:FULL",
                        help="connections not yet signed in: from START of them a new one is "
                        "refused with a chance of RATE in 100, rising to all at FULL, as "
                        "OpenSSH's MaxStartups (default 10:30:100)")
    parser.add_argument("--login-grace", type=float, default=60.0, metavar="SECONDS",
                        help="close a connection that has no game this long after it opened "
                        "or its game ended: sign-in included, and `ssh -N` (default 60)")
    parser.add_argument("--use-dns", action="store_true",
                        help="look up each client's host name (it must resolve back to the "
                        "address), so that from= patterns in authorized_keys can name hosts; "
                        "without it they match addresses only")
    parser.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                        help="the server's host key and players' folders (saves, statistics; for "
                        "a club, members.json too) (default: the moon42 data folder's "
                        "'server')")
    parser.add_argument("--seat-grace", type=float, default=30.0, metavar="SECONDS",
                        help="at a shared table, how long a dropped player's seat waits for "
                        "them before a bot plays it (default 30)")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="processes that decide the bots' moves at the shared tables, at a "
                        "lower priority than the games (default: one a core)")
    parser.add_argument("--cold-start", action="store_true",
                        help="start every game in a new Python process (slower to draw, about "
                        "twice the memory); by default games are forked from a process that "
                        "has loaded the game once")
    _add_no_immortal(parser)
    parser.add_argument("--table-pace", type=float, default=1.0, metavar="SECONDS",
                        help="at the shared tables, the time between bot moves (default 1)")
    parser.add_argument("--move-clock", type=float, default=60.0, metavar="SECONDS",
                        help="at the shared tables, how long a connected player has for a "
                        "turn before the table plays it for them as their bot would; three "
                        "turns running and they are away until they press a key (0: no "
                        "clock; up to 3600; default 60)")
    parser.add_argument("--max-spectators", type=int, default=10, metavar="N",
                        help="at most this many spectators at one shared table; 0 lets nobody "
                        "watch (default 10)")
    parser.add_argument("--chat-rate", type=int, default=5, metavar="N",
                        help="at most this many chat lines from one player in any 10 seconds; "
                        "0 turns table chat off (default 5)")


def _add_no_immortal(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-immortal", action="store_true",
                        help="do not make the warm process's objects immortal before it forks "
                        "games (Python 3.12 and 3.13 only: it saves about 7 MiB a game; the "
                        "log says at start whether it ran)")


def _add_limits(parser: argparse.ArgumentParser, games: str, per_address: str) -> None:
    """The limits both servers share."""
    parser.add_argument("--idle-timeout", type=float, default=1800.0, metavar="SECONDS",
                        help="end a game after this long without a key pressed "
                        "(default 1800)")
    parser.add_argument("--max-sessions", type=int, default=20, metavar="N",
                        help=f"at most this many {games} at once (default 20)")
    parser.add_argument("--max-per-address", type=int, default=10, metavar="N",
                        help=f"at most this many {per_address} from one address at once "
                        "(default 10)")
    parser.add_argument("--busy-answer", type=float, default=None, metavar="MS",
                        help="refuse new games (saying the server is busy) while the games "
                        "answer keys slower than this, in milliseconds (the median over the "
                        "last 10 s): a sign that the machine's cores are all taken; 0 never "
                        "refuses (default 60)")
    parser.add_argument("--input-rate", type=int, default=256, metavar="BYTES",
                        help="the most a player may type a second, in bytes (a key is 1 to "
                        "6), once --input-burst is spent; more waits its turn, so a flood "
                        "slows only its sender (default 256)")
    parser.add_argument("--input-burst", type=int, default=4096, metavar="BYTES",
                        help="the most a player may type at once, a paste say, before "
                        "--input-rate holds them back (default 4096)")
    parser.add_argument("--game-memory", type=int, default=128, metavar="MIB",
                        help="end a game (saved, with a line in the log) that uses more "
                        "than this much memory of its own, in MiB (default 128)")
    parser.add_argument("--player-files", type=int, default=100, metavar="N",
                        help="the most records a player may keep on the server; past it, "
                        "exporting (x) writes nothing and says so, while finished games are "
                        "still recorded (default 100)")
    parser.add_argument("--player-bytes", type=int, default=32 * 1024 * 1024, metavar="BYTES",
                        help="the most bytes of records a player may keep, as --player-files "
                        "(default 33554432, 32 MiB)")


def _server_folder(given: Path | None) -> Path:
    if given is not None:
        given.mkdir(parents=True, exist_ok=True)
        return given
    folder = data_dir() / "server"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _limits(args: argparse.Namespace, parser: argparse.ArgumentParser):
    """The limits given, checked."""
    from ..server.accounts.limits import (  # for start-up time, as the servers below
        ServeLimits,
        Startups,
    )

    names = ["idle_timeout", "max_sessions", "max_per_address", "input_rate", "input_burst",
             "game_memory", "max_attempts", "attempt_window", "max_connections",
             "login_grace", "player_files", "player_bytes"]
    given = {name: getattr(args, name) for name in names if hasattr(args, name)}
    startups = {}
    if hasattr(args, "max_startups"):
        try:
            startups["max_startups"] = Startups.parse(args.max_startups)
        except ValueError as error:
            parser.error(f"--max-startups {args.max_startups[:40]}: {error}")
    for name, value in given.items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, float) and value <= 0:
            parser.error(f"{flag} must be more than 0")
        if isinstance(value, int) and value < 1:
            parser.error(f"{flag} must be at least 1")
    return ServeLimits(**given, **startups)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    for flag in ("port", "ssh_port", "web_port"):
        if not 0 <= getattr(args, flag, 0) <= 65535:
            parser.error(f"--{flag.replace('_', '-')} is 0 to 65535")
    limits = _limits(args, parser)
    if args.serve_kind == "web":
        return _run_web(args, parser, limits)
    settings = _ssh_settings(args, parser, limits)
    _log_to_stderr()
    if args.serve_kind == "club":
        return _run_club(args, parser, settings)
    try:
        asyncio.run(_serve_ssh(settings))
    except OSError as error:
        print(f"moon42 serve ssh: {error}", file=sys.stderr)
        return 1
    return 0


def _ssh_settings(args: argparse.Namespace, parser: argparse.ArgumentParser, limits):
    """The SSH door's settings (``serve ssh`` and ``serve club``), checked."""
    if args.bot_workers is not None and not 1 <= args.bot_workers <= 256:
        parser.error("--bot-workers is 1 to 256")
    for name in ("seat_grace", "table_pace"):
        if getattr(args, name) < 0:
            parser.error(f"--{name.replace('_', '-')} must be 0 or more")
    if not (args.move_clock == 0 or 5 <= args.move_clock <= 3600):
        parser.error("--move-clock is 0 (no clock) or 5 to 3600 seconds")
    if not 0 <= args.max_spectators <= 1000:
        parser.error("--max-spectators is 0 to 1000")
    if not 0 <= args.chat_rate <= 100:
        parser.error("--chat-rate is 0 (no chat) to 100")
    if args.authorized_keys is not None and not args.authorized_keys.is_file():
        parser.error(f"--authorized-keys {args.authorized_keys}: no such file")
    # Imported here for start-up time, as the web server below: asyncssh (aiohttp) loads
    # only for the server that runs.
    from ..server.doors.ssh import SshSettings

    return SshSettings(
        host=args.host, port=args.ssh_port if args.serve_kind == "club" else args.port,
        folder=_server_folder(args.data_dir), authorized_keys=args.authorized_keys,
        limits=limits, table_grace=args.seat_grace, table_pace=args.table_pace,
        use_dns=args.use_dns, warm=not args.cold_start, immortal=not args.no_immortal,
        bot_workers=args.bot_workers,
        busy_answer=_busy_answer(args.busy_answer, parser),
        max_spectators=args.max_spectators, chat_rate=args.chat_rate,
        move_clock=args.move_clock,
    )


def _run_club(args: argparse.Namespace, parser: argparse.ArgumentParser, ssh) -> int:
    if not 1 <= args.max_members <= 1_000_000:
        parser.error("--max-members is 1 to 1000000")
    _check_public_url(args.public_url, parser)
    from ..server.doors.club import ClubSettings  # for start-up time, as above
    from ..server.doors.web import WebSettings  # for start-up time, as above

    web = WebSettings(host=args.host, port=args.web_port, public_url=args.public_url,
                      folder=ssh.folder, limits=ssh.limits, warm=ssh.warm,
                      immortal=ssh.immortal, busy_answer=ssh.busy_answer,
                      tls=_tls(args, parser),
                      proxy_header=_proxy_header(args, parser))
    try:
        asyncio.run(_serve_club(ClubSettings(ssh, web, args.max_members,
                                                     register=not args.no_register)))
    except OSError as error:
        print(f"moon42 serve club: {error}", file=sys.stderr)
        return 1
    return 0


def _busy_answer(given: float | None, parser: argparse.ArgumentParser) -> float | None:
    from ..server.sessions.busy import (
        DEFAULT_BUSY_ANSWER_MS,  # for start-up time, as the servers below
    )

    if given is None:
        return DEFAULT_BUSY_ANSWER_MS
    if not 0 <= given <= 60000:
        parser.error("--busy-answer is 0 (never busy) to 60000 milliseconds")
    return given or None


def _run_web(args: argparse.Namespace, parser: argparse.ArgumentParser, limits) -> int:
    password = args.password
    if args.password_file is not None:
        try:
            password = args.password_file.read_text(encoding="utf-8").splitlines()[0]
        except (OSError, UnicodeError, IndexError) as error:
            parser.error(f"--password-file {args.password_file}: cannot read a password "
                         f"({error or 'the file is empty'})")
    if password is not None and not 1 <= len(password) <= 256:
        parser.error("a password has 1 to 256 characters")
    _check_public_url(args.public_url, parser)
    from ..server.doors.web import WebSettings, serve_web  # for start-up time, as above

    _log_to_stderr()
    return serve_web(WebSettings(host=args.host, port=args.port, public_url=args.public_url,
                                 folder=_server_folder(args.data_dir), limits=limits,
                                 password=password, warm=not args.cold_start,
                                 immortal=not args.no_immortal,
                                 busy_answer=_busy_answer(args.busy_answer, parser),
                                 tls=_tls(args, parser),
                                 proxy_header=_proxy_header(args, parser)))


def _tls(args: argparse.Namespace, parser: argparse.ArgumentParser):
    """The web door's TLS context, or None for plain HTTP."""
    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    if args.tls_cert is None:
        return None
    from ..server.doors.tls import tls_context  # for start-up time, as above

    try:
        return tls_context(args.tls_cert, args.tls_key)
    except ValueError as error:
        parser.error(f"--tls-cert {args.tls_cert}, --tls-key {args.tls_key}: {error}")


def _proxy_header(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str | None:
    header = args.trust_proxy_header
    if header is not None and not re.fullmatch(r"[A-Za-z0-9-]{1,64}", header):
        parser.error("--trust-proxy-header is a header's name (letters, digits, -)")
    return header


def _check_public_url(url: str | None, parser: argparse.ArgumentParser) -> None:
    if url is not None and not url.startswith(("http://", "https://")):
        parser.error("--public-url starts with http:// or https://")


def _log_to_stderr() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    logging.getLogger("aiohttp").setLevel(logging.WARNING)


async def _serve_ssh(settings) -> None:
    from ..server.doors.ssh import GameService  # for start-up time, as above

    service = GameService(settings)
    port = await service.start()
    who = f"keys in {settings.authorized_keys}" if settings.authorized_keys else "guests"
    print(f"moon42 serve ssh: listening on {settings.host}:{port} for {who}; "
          f"host key {service.host_fingerprint()}; Ctrl+C stops", flush=True)
    await _stopped().wait()
    await service.close()
    print("moon42 serve ssh: stopped", flush=True)


async def _serve_club(settings) -> None:
    from ..server.doors.club import serve_club  # for start-up time, as above

    await serve_club(settings, _stopped())


def _stopped() -> asyncio.Event:
    """Set by Ctrl+C or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    return stop
