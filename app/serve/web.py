"""``moon42 serve web``: the game in a web page, one app process per browser tab.

textual-serve serves the page and runs the app for each tab's websocket; the app draws
through Textual's web driver instead of a terminal.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from textual_serve.server import Server

from .terminal import app_command

__all__ = ["serve_web"]


class GameWebServer(Server):
    async def on_startup(self, app) -> None:
        # One line instead of textual-serve's banner, in the SSH server's words.
        print(f"moon42 serve web: listening on {self.host}:{self.port}; open "
              f"{self.public_url} in a browser; Ctrl+C stops", flush=True)


def serve_web(host: str, port: int, public_url: str | None, folder: Path) -> int:
    """Serve until Ctrl+C; 1 if the port cannot be had."""
    # Web players have no name to tell them apart: they share the server's web folder.
    os.environ["MOON42_DATA_DIR"] = str(folder / "web" / "data")
    server = GameWebServer(shlex.join(app_command()), host=host, port=port, title="moon42",
                           public_url=public_url)
    try:
        server.serve()
    except OSError as error:
        print(f"moon42 serve web: {error}", file=sys.stderr)
        return 1
    return 0
