"""A browser tab on `loremaster serve`, and the screen its web terminal draws.

The web terminal paints on a canvas, so the page has no text to query. Instead the tab
records what the server sends it over the websocket and replays it onto a grid of cells:
Textual draws by moving the cursor (`ESC [ row ; col H`) and writing styled text, so
cursor moves and printable characters are all a screen needs. Of the styles only reverse
video is kept: it is how the tab bar lights the current screen.
"""

from __future__ import annotations

import codecs
import json
import re
import time
from urllib.parse import parse_qs, urlsplit

#: a CSI sequence (cursor moves, styles, modes), an OSC string, or any other escape
ESCAPE = re.compile(r"\x1b\[([0-9;?<>=]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")
WAIT_SECONDS = 20
#: SGR parameters that take arguments (38/48/58: a colour as `5;n` or `2;r;g;b`)
COLOUR_PARAMETERS = {"38", "48", "58"}
#: the rows the tab bar may take (it wraps onto a second line on a phone)
TAB_BAR_ROWS = 3


class Screen:
    """Cells written by the byte stream so far."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], str] = {}
        self.reversed: set[tuple[int, int]] = set()
        self.row = self.col = 1
        self.reverse = False

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
                self.reversed.clear()
            elif match.group(2) == "m":
                self._style(match.group(1).split(";"))
        self._write(text[position:])

    def _style(self, parameters: list[str]) -> None:
        """Follow reverse video through an SGR sequence's parameters."""
        index = 0
        while index < len(parameters):
            parameter = parameters[index]
            if parameter in ("", "0"):
                self.reverse = False
            elif parameter == "7":
                self.reverse = True
            elif parameter == "27":
                self.reverse = False
            elif parameter in COLOUR_PARAMETERS:
                index += 4 if parameters[index + 1 : index + 2] == ["2"] else 2
            index += 1

    def _write(self, text: str) -> None:
        for char in text:
            if char >= " ":
                self.cells[self.row, self.col] = char
                if self.reverse:
                    self.reversed.add((self.row, self.col))
                else:
                    self.reversed.discard((self.row, self.col))
                self.col += 1

    def current_tab(self) -> str:
        """The tab bar's lit item: the screen the app shows ("" before it is drawn).

        The first run of reverse-video cells from the top: the tab bar is drawn first,
        and anything else lit (a text box's cursor) lies below it.
        """
        for row in range(1, TAB_BAR_ROWS + 1):
            cols = sorted(col for r, col in self.reversed if r == row)
            run = [self.cells[row, cols[0]]] if cols else []
            for before, col in zip(cols, cols[1:], strict=False):
                if col != before + 1:
                    break
                run.append(self.cells[row, col])
            if name := "".join(run).replace("\u00a0", " ").strip():
                return name
        return ""

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
        # Only the server, as at a table without internet (the page needs nothing else)
        here = urlsplit(url).netloc
        page.route(lambda address: urlsplit(address).netloc != here, lambda r: r.abort())
        #: columns, rows: what the page tells the server (the app's terminal size)
        self.size = (80, 24)
        #: every URL the page asked for, its websocket's included, in order
        self.requested: list[str] = []
        page.on("request", lambda request: self.requested.append(request.url))
        page.on("websocket", self._watch)
        self.response = page.goto(url)

    def _watch(self, websocket) -> None:
        self.requested.append(websocket.url)
        asked = parse_qs(urlsplit(websocket.url).query)  # the size the session starts at
        if "width" in asked and "height" in asked:
            self.size = (int(asked["width"][0]), int(asked["height"][0]))

        decoder = codecs.getincrementaldecoder("utf-8")("replace")

        def received(frame) -> None:
            if isinstance(frame, bytes):  # a character may straddle two frames
                self.screen.feed(decoder.decode(frame))

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

    def wait_for_tab(self, name: str) -> None:
        """Wait until the tab bar lights `name`: the app has switched to that screen."""
        wait_until(
            self.page,
            lambda: self.screen.current_tab() == name,
            lambda: (
                f"the tab bar lights {self.screen.current_tab()!r}, not {name!r}"
                f"{' (the session has ended)' if self.ended else ''}:\n{self.screen.text()}"
            ),
        )

    @property
    def ended(self) -> bool:
        """The session is over (the page says so): its app has exited."""
        return self.page.evaluate("document.body.classList.contains('-closed')")

    def point(self, text: str) -> tuple[float, float]:
        """The page coordinates of the middle of the first cell of `text` on the screen."""
        row, col = self.screen.find(text)
        box = self.page.locator(".xterm-screen").bounding_box()
        columns, rows = self.size
        x = box["x"] + (col - 0.5) * box["width"] / columns
        y = box["y"] + (row - 0.5) * box["height"] / rows
        return x, y

    def click(self, text: str) -> None:
        """Click the middle of the first cell of `text` on the screen."""
        self.page.mouse.click(*self.point(text))

    def tap(self, text: str) -> None:
        """Tap the middle of the first cell of `text` (a page with touch: a phone)."""
        self.page.touchscreen.tap(*self.point(text))

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
