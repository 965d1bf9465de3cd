"""Headless Chromium for the web tests, driven over the DevTools protocol.

A plain ``--screenshot`` is taken as soon as the page has loaded, before the app behind
the websocket has drawn anything; here the test waits for the game's own words first,
then for the page to have painted them (its fonts in, two frames drawn with nothing new).
The page draws the terminal on a canvas, so its words are read from what the websocket
brings, which a script added before the page's own keeps a copy of.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import re
import signal
import subprocess
from pathlib import Path

import aiohttp

from .tools import need

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu",
                  "--disable-background-networking", "--no-first-run",
                  "--window-size=1280,800", "--remote-debugging-port=0",
                  # Only the server under test: nothing else may be reached.
                  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")


# Keeps the text of every websocket message, escapes and all, in window.moon42Screen.
_WATCH_WEBSOCKETS = """
(() => {
  const Original = window.WebSocket;
  const decoder = new TextDecoder();
  window.moon42Screen = "";
  window.WebSocket = function (...args) {
    const socket = new Original(...args);
    socket.addEventListener("message", (event) => {
      window.moon42Screen += typeof event.data === "string" ? event.data
        : decoder.decode(event.data, {stream: true});
    });
    return socket;
  };
  window.WebSocket.prototype = Original.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) {
    window.WebSocket[name] = Original[name];
  }
})();
"""

# Resolves, with how much the app has sent, once the page's fonts are in and the terminal
# has painted two frames since (the terminal draws what it was sent at the next frame).
_PAINTED = """
document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(
  () => requestAnimationFrame(() => done((window.moon42Screen || "").length)))))
"""

_ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b.")


class Browser:
    def __init__(self, folder: Path) -> None:
        need("chromium")
        self.process = subprocess.Popen(
            ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={folder / 'profile'}",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            start_new_session=True,
        )
        assert self.process.stderr is not None
        for line in self.process.stderr:
            match = re.search(r"DevTools listening on (ws://\S+)", line)
            if match:
                self.endpoint = match.group(1)
                break
        else:
            raise AssertionError("chromium did not start")
        self._ids = itertools.count(1)
        self.requested: list[str] = []  # every address the page asked for
        self.answer: object = None  # what ``ask`` found

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()

    async def page_text_and_picture(self, url: str, wanted: str, picture: Path,
                                    timeout: float = 60.0, phone: tuple[int, int] | None = None,
                                    ask: str | None = None,
                                    tap: tuple[float, float, str] | None = None) -> str:
        """Open ``url``, wait until the app has drawn ``wanted``; save a screenshot.

        ``phone``: the page is seen on a phone's screen of that size (CSS pixels, touch);
        ``ask``: a script whose value is kept in ``answer`` once the page is painted;
        ``tap``: then a finger taps the page at (x, y) and the app must draw the words given.
        Returns the text the app sent, without its escape sequences.
        """
        http = self.endpoint.split("/devtools")[0].replace("ws://", "http://")
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{http}/json/list") as answer:
                pages = [t for t in await answer.json() if t["type"] == "page"]
            async with session.ws_connect(pages[0]["webSocketDebuggerUrl"],
                                          max_msg_size=0) as ws:
                await self._call(ws, "Page.enable")
                await self._call(ws, "Network.enable")
                await self._call(ws, "Page.addScriptToEvaluateOnNewDocument",
                                 source=_WATCH_WEBSOCKETS)
                if phone is not None:
                    # One pixel a CSS pixel: xterm draws a changed pixel ratio too big in a
                    # headless browser.
                    await self._call(ws, "Emulation.setDeviceMetricsOverride", width=phone[0],
                                     height=phone[1], deviceScaleFactor=1, mobile=True)
                    await self._call(ws, "Emulation.setTouchEmulationEnabled", enabled=True)
                await self._call(ws, "Page.navigate", url=url)
                deadline = asyncio.get_running_loop().time() + timeout
                text = await self._screen_until(ws, wanted, deadline)
                await self._painted(ws, deadline)
                if ask is not None:
                    found = await self._call(ws, "Runtime.evaluate", expression=ask)
                    self.answer = found["result"].get("value")
                if tap is not None:
                    x, y, wanted = tap
                    for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
                        await self._call(ws, "Input.dispatchTouchEvent", type=kind,
                                         touchPoints=points)
                    text = await self._screen_until(ws, wanted, deadline)
                shot = await self._call(ws, "Page.captureScreenshot", format="png")
                picture.write_bytes(base64.b64decode(shot["data"]))
                return text

    async def _screen_until(self, ws: aiohttp.ClientWebSocketResponse, wanted: str,
                            deadline: float) -> str:
        """What the app sent (escapes left out), once it holds ``wanted``."""
        loop = asyncio.get_running_loop()
        text = ""
        while wanted not in text:
            if loop.time() > deadline:
                raise AssertionError(f"the page never showed {wanted!r}: {text!r}")
            await asyncio.sleep(0.5)
            found = await self._call(ws, "Runtime.evaluate",
                                     expression="window.moon42Screen || ''")
            text = _ESCAPES.sub("", found["result"].get("value", ""))
        return text

    async def _painted(self, ws: aiohttp.ClientWebSocketResponse, deadline: float) -> None:
        """Until the page has painted all the app sent: nothing new came while the
        terminal painted two frames (its fonts loaded)."""
        loop = asyncio.get_running_loop()
        before = -1
        while True:
            found = await self._call(ws, "Runtime.evaluate", expression=_PAINTED,
                                     awaitPromise=True)
            sent = int(found["result"]["value"])
            if sent == before:
                return
            if loop.time() > deadline:
                raise AssertionError("the page never stopped drawing")
            before = sent

    async def _call(self, ws: aiohttp.ClientWebSocketResponse, method: str, **params):
        number = next(self._ids)
        await ws.send_str(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads((await ws.receive()).data)
            if message.get("method") == "Network.requestWillBeSent":
                self.requested.append(message["params"]["request"]["url"])
            if message.get("id") == number:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message["result"]
