"""``moon42 serve club``: one club, two doors.

The SSH server (``ssh``) and the members' web server (``club_web``) run in one process
over one set of shared tables, one pool of bots and one folder of players: an SSH player
and a browser player sit at the same table, and each player's saves, statistics and
seats are their own, whichever door they came in by.  Each door keeps its own limits,
warm games and busy gauge; the members' file and the leaderboard are the club's.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sys
from dataclasses import dataclass

from aiohttp import web

from ..accounts.members import MEMBERS_NAME, Members
from .club_web import ClubWebServer, start_site
from .ssh import GameService, SshSettings
from .tls import plain_secrets_warning
from .web import WebSettings, is_loopback

__all__ = ["ClubSettings", "Club"]

log = logging.getLogger("moon42.serve")

_KEEPALIVE = 15.0  # an HTTP connection without a request is closed after this long


@dataclass(frozen=True)
class ClubSettings:
    ssh: SshSettings  # its folder is the club's: players, host key, members, leaderboard
    web: WebSettings
    max_members: int = 10000
    register: bool = True  # False: only the members there are may sign in (--no-register)


class Club:
    """Both doors, started and stopped together."""

    def __init__(self, settings: ClubSettings) -> None:
        self.settings = settings
        self.ssh = GameService(settings.ssh)
        self.members = Members(settings.ssh.folder / MEMBERS_NAME, settings.max_members,
                               register=settings.register)
        # One set of names over both doors: a guest may not take a member's, nor a new
        # member a key's player's.
        self.ssh.names.members = self.members.holder
        self.members.reserved = self.ssh.names.new_member_problem
        self.web: ClubWebServer | None = None
        self._runner: web.AppRunner | None = None
        self.web_port = settings.web.port

    async def start(self) -> tuple[int, int]:
        """Open both doors; the SSH and web ports really listened on."""
        ssh_port = await self.ssh.start()
        assert self.ssh.tables is not None
        settings = self.settings.web
        try:
            self.web = ClubWebServer(settings, self.members, self.ssh.tables,
                                     self.ssh.board.path)
            self._runner, self.web_port = await start_site(
                self.web.make_app(), settings.host, settings.port, _KEEPALIVE, settings.tls)
        except BaseException:
            await self.ssh.close()
            raise
        if settings.port == 0:  # the page's own address names the port it got
            self.web.settings = dataclasses.replace(settings, port=self.web_port)
        if self.members.damage is not None:
            log.error("browser sign-in is closed until %s is mended", self.members.path)
        return ssh_port, self.web_port

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        await self.ssh.close()


async def serve_club(settings: ClubSettings, stop: asyncio.Event) -> None:
    """Serve until ``stop`` is set (OSError if a port cannot be had)."""
    club = Club(settings)
    ssh_port, web_port = await club.start()
    who = f"keys in {settings.ssh.authorized_keys}" if settings.ssh.authorized_keys \
        else "guests"
    page = settings.web.public_url or \
        f"{settings.web.scheme}://{settings.web.host}:{web_port}"
    print(f"moon42 serve club: listening on {settings.ssh.host}:{ssh_port} for SSH "
          f"({who}; host key {club.ssh.host_fingerprint()}) and on {settings.web.host}:"
          f"{web_port} for browsers ({page}, members sign in by name and secret"
          f"{'' if settings.register else '; no new members'}); "
          "Ctrl+C stops", flush=True)
    web = settings.web
    warning = plain_secrets_warning(web.host, web.tls is not None, is_loopback(web.host),
                                    "the members' secrets")
    if warning is not None:
        log.warning("%s", warning)
        print(f"moon42 serve club: {warning}", file=sys.stderr, flush=True)
    try:
        await stop.wait()
    finally:
        await club.close()
    print("moon42 serve club: stopped", flush=True)
