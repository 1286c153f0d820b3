"""A browser tab on `loremaster serve`, and the screen its web terminal draws.

The web terminal paints on a canvas, so the page has no text to query. Instead the tab
records what the server sends it over the websocket and replays it onto a grid of cells:
Textual draws by moving the cursor (`ESC [ row ; col H`) and writing styled text, so
cursor moves and printable characters are all a screen needs; styles are dropped.
"""

from __future__ import annotations

import json
import re
import time

#: a CSI sequence (cursor moves, styles, modes), an OSC string, or any other escape
ESCAPE = re.compile(r"\x1b\[([0-9;?<>=]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")
WAIT_SECONDS = 20


class Screen:
    """Cells written by the byte stream so far."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.row = self.col = 1

    def feed(self, text: str) -> None:
        position = 0
        for match in ESCAPE.finditer(text):
            self._write(text[position : match.start()])
            position = match.end()
            if match.group(2) == "H":
                row, _, col = (match.group(1) or "1;1").partition(";")
                self.row, self.col = int(row or 1), int(col or 1)
            elif match.group(2) == "J" and match.group(1) == "2":
                self.cells.clear()
        self._write(text[position:])

    def _write(self, text: str) -> None:
        for char in text:
            if char >= " ":
                self.cells[self.row, self.col] = char
                self.col += 1

    def find(self, text: str) -> tuple[int, int]:
        """(row, column) where `text` starts on the screen, both from 1."""
        for row, line in enumerate(self.text().splitlines(), start=1):
            if (col := line.find(text)) >= 0:
                return row, col + 1
        raise LookupError(text)

    def text(self) -> str:
        rows = max((row for row, _ in self.cells), default=0)
        cols = max((col for _, col in self.cells), default=0)
        return "\n".join(
            "".join(self.cells.get((row, col), " ") for col in range(1, cols + 1)).rstrip()
            for row in range(1, rows + 1)
        )


class WebTerminal:
    """One page on the server: type into the app and wait for what it shows."""

    def __init__(self, page, url: str) -> None:
        self.page = page
        self.screen = Screen()
        # Only the server: the page's web-font link points at the internet.
        page.route(lambda address: not address.startswith(url), lambda route: route.abort())
        self.size = (80, 24)  # columns, rows: updated from what the page tells the server
        page.on("websocket", self._watch)
        self.response = page.goto(url)

    def _watch(self, websocket) -> None:
        def received(frame) -> None:
            if isinstance(frame, bytes):
                self.screen.feed(frame.decode("utf-8", "replace"))

        def sent(frame) -> None:
            if isinstance(frame, str) and frame.startswith('["resize"'):
                size = json.loads(frame)[1]
                self.size = (size["width"], size["height"])

        websocket.on("framereceived", received)
        websocket.on("framesent", sent)

    def wait_for(self, text: str) -> str:
        """Wait until the screen shows `text`; return the whole screen."""
        wait_until(
            self.page,
            lambda: text in self.screen.text(),
            lambda: f"{text!r} never appeared; the screen:\n{self.screen.text()}",
        )
        return self.screen.text()

    def click(self, text: str) -> None:
        """Click (tap) the middle of the first cell of `text` on the screen."""
        row, col = self.screen.find(text)
        box = self.page.locator(".xterm-screen").bounding_box()
        columns, rows = self.size
        x = box["x"] + (col - 0.5) * box["width"] / columns
        y = box["y"] + (row - 0.5) * box["height"] / rows
        self.page.mouse.click(x, y)

    def type(self, text: str) -> None:
        self.page.focus(".xterm-helper-textarea")
        self.page.keyboard.type(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)


def wait_until(page, condition, failure, timeout: float = WAIT_SECONDS) -> None:
    """Poll `condition` while Playwright keeps delivering events (a plain sleep would
    stop it); fail with `failure()` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(failure())
        page.wait_for_timeout(50)
