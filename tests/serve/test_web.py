"""``moon42 serve web``: a headless Chromium opens the page and the lobby comes up in it."""

from __future__ import annotations

import asyncio
import socket
import urllib.request
from pathlib import Path

from .browser import Browser
from .harness import Server, processes_mentioning, wait_until


def free_port() -> int:
    # textual-serve writes its own address into the page, so it needs the real port.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_page_shows_the_lobby(tmp_path: Path) -> None:
    port = free_port()
    server = Server(tmp_path, "web", "--port", str(port), "--data-dir", str(tmp_path / "srv"))
    browser = None
    try:
        url = f"http://127.0.0.1:{port}/"
        page = wait_until(lambda: _fetch(url), what="the page")
        assert "moon42" in page and f"ws://127.0.0.1:{port}/ws" in page

        browser = Browser(tmp_path)
        picture = tmp_path / "lobby.png"
        text = asyncio.run(browser.page_text_and_picture(
            url, "moon42: Moon and Texas 42", picture))
        assert "Start game" in text and "Seed" in text
        # A real picture of the lobby, not a blank page: PNG, and too big to be one colour.
        data = picture.read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 20_000
        # The app behind the page runs with the server's web folder for its saves.
        assert processes_mentioning(str(tmp_path / "srv" / "web"))
    finally:
        if browser is not None:
            browser.close()
        assert server.stop() == 0, server.log()
    wait_until(lambda: not processes_mentioning(str(tmp_path / "srv")), 15,
               what="the app processes to end")


def _fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.read().decode()
    except OSError:
        return None
