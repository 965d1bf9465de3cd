"""``moon42 serve ssh|web``: the command line of the servers."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

__all__ = ["add_serve_parser", "run"]

_DESCRIPTION = """\
Serve the game to other people's terminals. `ssh` gives every SSH session a game of its
own (public-key sign-in from an authorized_keys file, or --guest for anyone); `web` serves
it to web browsers."""


def add_serve_parser(commands: argparse._SubParsersAction) -> None:
    serve = commands.add_parser("serve", help="serve the game over SSH or the web",
                                description=_DESCRIPTION)
    kinds = serve.add_subparsers(dest="serve_kind", metavar="ssh|web", required=True)

    ssh = kinds.add_parser(
        "ssh", help="an SSH server: every session plays its own game",
        description="An SSH server that gives every session the moon42 lobby on its own "
        "terminal. Players connect with `ssh -p PORT HOST`.",
    )
    ssh.add_argument("--host", default="127.0.0.1",
                     help="the address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    ssh.add_argument("--port", type=int, default=2222, help="the port (default 2222; 0 picks "
                     "a free one)")
    who = ssh.add_mutually_exclusive_group(required=True)
    who.add_argument("--authorized-keys", type=Path, metavar="FILE",
                     help="let in only the keys in this OpenSSH authorized_keys file (read "
                     "at every sign-in, so keys can be added while it runs)")
    who.add_argument("--guest", action="store_true",
                     help="let anyone in without a key; each user name gets its own saves")
    ssh.add_argument("--idle-timeout", type=float, default=1800.0, metavar="SECONDS",
                     help="end a game after this long without a key pressed (default 1800)")
    ssh.add_argument("--max-sessions", type=int, default=20, metavar="N",
                     help="at most this many games at once (default 20)")
    ssh.add_argument("--max-attempts", type=int, default=10, metavar="N",
                     help="at most this many connections from one address in "
                     "--attempt-window seconds (default 10)")
    ssh.add_argument("--attempt-window", type=float, default=60.0, metavar="SECONDS",
                     help="the window of --max-attempts (default 60)")
    ssh.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                     help="the server's host key and players' saves (default: the moon42 "
                     "data folder's 'server')")
    ssh.add_argument("--seat-grace", type=float, default=30.0, metavar="SECONDS",
                     help="at a shared table, how long a dropped player's seat waits for "
                     "them before a bot plays it (default 30)")
    ssh.add_argument("--table-pace", type=float, default=1.0, metavar="SECONDS",
                     help="at the shared tables, the time between bot moves (default 1)")

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


def _server_folder(given: Path | None) -> Path:
    if given is not None:
        given.mkdir(parents=True, exist_ok=True)
        return given
    from ..paths import data_dir

    folder = data_dir() / "server"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.serve_kind == "web":
        from .web import serve_web

        return serve_web(args.host, args.port, args.public_url, _server_folder(args.data_dir))
    for name in ("seat_grace", "table_pace"):
        if getattr(args, name) < 0:
            parser.error(f"--{name.replace('_', '-')} must be 0 or more")
    for name in ("idle_timeout", "attempt_window"):
        if getattr(args, name) <= 0:
            parser.error(f"--{name.replace('_', '-')} must be more than 0")
    for name in ("max_sessions", "max_attempts"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.authorized_keys is not None and not args.authorized_keys.is_file():
        parser.error(f"--authorized-keys {args.authorized_keys}: no such file")
    from .limits import ServeLimits
    from .ssh import SshSettings

    settings = SshSettings(
        host=args.host, port=args.port, folder=_server_folder(args.data_dir),
        authorized_keys=args.authorized_keys,
        limits=ServeLimits(max_sessions=args.max_sessions, idle_timeout=args.idle_timeout,
                           max_attempts=args.max_attempts,
                           attempt_window=args.attempt_window),
        table_grace=args.seat_grace, table_pace=args.table_pace,
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        asyncio.run(_serve_ssh(settings))
    except OSError as error:
        print(f"moon42 serve ssh: {error}", file=sys.stderr)
        return 1
    return 0


async def _serve_ssh(settings) -> None:
    from .ssh import GameService

    service = GameService(settings)
    port = await service.start()
    who = f"keys in {settings.authorized_keys}" if settings.authorized_keys else "guests"
    print(f"moon42 serve ssh: listening on {settings.host}:{port} for {who}; "
          f"host key {service.host_fingerprint()}; Ctrl+C stops", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    await stop.wait()
    await service.close()
    print("moon42 serve ssh: stopped", flush=True)
