"""Table-mode fixtures: `loremaster serve` in a subprocess, and headless Chromium as a
desktop browser and as a phone.

Debian's `chromium` drives the tests through Playwright (its own browser download is not
used). Without either, every test that needs the browser is skipped with the reason.
Only 127.0.0.1. Set LOREMASTER_SCREENSHOTS to a folder (the README's are in
docs/screenshots) to keep the screenshots the tests take; otherwise they go to the test's
temporary folder.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
START_SECONDS = 15
#: the phones the tests hold, by Playwright's descriptors: 412 x 839 CSS pixels at 2.625
#: device pixels each (43 columns), and 360 x 732 at 3 (40 columns), the width of most
#: Android phones
PHONE = "Pixel 7"
NARROW_PHONE = "Pixel 9"


def _skip_reason() -> str | None:
    if CHROMIUM is None:
        return "no chromium on PATH (Debian: apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


def pytest_collection_modifyitems(config, items):
    reason = _skip_reason()
    if reason:
        for item in items:
            if "_playwright" in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.skip(reason=reason))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Served:
    """A running `loremaster serve`."""

    process: subprocess.Popen
    url: str
    banner: str

    def session_pids(self) -> list[int]:
        """The app processes the server has started and not yet reaped."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in path.read_text().split()]
        except FileNotFoundError:
            return []

    def interrupt(self, timeout: float = 10) -> tuple[int, str]:
        """Ctrl+C: the exit status and everything the server wrote to stderr."""
        self.process.send_signal(signal.SIGINT)
        _, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, err

    def stop(self) -> None:
        """Ctrl+C if still running (tests end their servers the way a player would)."""
        if self.process.poll() is None:
            self.interrupt()


def _start(max_sessions: int) -> Served:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--port", str(port)]
        + ["--max-sessions", str(max_sessions)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    banner = process.stdout.readline()
    url = f"http://127.0.0.1:{port}/"
    _wait_listening(port)
    return Served(process, url, banner)


def _wait_listening(port: int) -> None:
    import time

    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)  # polling a socket, not waiting for a result
    raise TimeoutError(f"loremaster serve did not listen on port {port}")


@pytest.fixture(scope="session")
def index_built(_private_cache):
    """Build the search index once, so no session spends its first answer building it."""
    from judge.search.index import ensure

    ensure()


@pytest.fixture
def serve(index_built):
    """Start `loremaster serve` (max sessions as given); stopped after the test."""
    started: list[Served] = []

    def start(max_sessions: int = 8) -> Served:
        started.append(_start(max_sessions))
        return started[-1]

    yield start
    for served in started:
        served.stop()


@pytest.fixture(scope="module")
def served(index_built):
    """One shared server for the tests that only need a session each."""
    server = _start(8)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def _playwright():
    """Module-scoped: Playwright's sync API keeps an event loop running in this thread,
    which would stop later tests from starting their own (`asyncio.run`). Skips
    without a browser: a test may ask for a phone by name (`request.getfixturevalue`),
    which the marking at collection cannot see."""
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def chromium(_playwright):
    """A desktop browser."""
    browser = _playwright.chromium.launch(executable_path=CHROMIUM)
    yield browser
    browser.close()


def _emulate(playwright, device_name: str):
    """A browser context emulating a phone: its width, pixel ratio, touch and mobile
    viewport (`.new_page()` is one more player's phone).

    Chromium also starts at the phone's pixel ratio: with emulation alone it measures
    elements in CSS pixels where a real phone measures device pixels, and the web
    terminal then draws its text 2.6 times too big for its cells.
    """
    device = playwright.devices[device_name]
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[f"--force-device-scale-factor={device['device_scale_factor']}"],
    )
    context = browser.new_context(**device)
    yield context
    context.close()
    browser.close()


@pytest.fixture(scope="module")
def phone(_playwright):
    """PHONE's browser."""
    yield from _emulate(_playwright, PHONE)


@pytest.fixture(scope="module")
def narrow_phone(_playwright):
    """NARROW_PHONE's browser."""
    yield from _emulate(_playwright, NARROW_PHONE)


@pytest.fixture
def screenshot(tmp_path):
    """Save a page's screenshot as serve-NAME.png (in LOREMASTER_SCREENSHOTS if set)."""

    def take(page, name: str) -> Path:
        folder = Path(os.environ.get("LOREMASTER_SCREENSHOTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"serve-{name}.png"
        page.screenshot(path=str(path))
        return path

    return take
