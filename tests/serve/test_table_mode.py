"""Table mode in a real browser: ask, read a cited answer, open it; the cap; Ctrl+C.

Set LOREMASTER_SCREENSHOTS to a folder (the README's are in docs/screenshots) to keep
the screenshots these tests take; otherwise they go to the test's temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from web_terminal import WebTerminal, wait_until

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 760}


def _screenshot(page, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("LOREMASTER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"serve-{name}.png"
    page.screenshot(path=str(path))
    return path


@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_browser_asks_sees_a_cited_answer_and_opens_it(
    name, viewport, served, chromium, tmp_path
):
    page = chromium.new_page(viewport=viewport)
    try:
        tab = WebTerminal(page, served.url)
        tab.wait_for("Loremaster")
        tab.type("sentinel defend twice")
        screen = tab.wait_for('Rules Reference, "Sentinel", p. 15')
        assert "Rules Reference" in screen
        assert _screenshot(page, f"{name}-ask", tmp_path).stat().st_size > 0
        tab.press("Enter")
        screen = tab.wait_for("Cited as:")
        assert "Sentinel" in screen
        _screenshot(page, f"{name}-entry", tmp_path)
    finally:
        page.close()


def test_a_phone_reaches_every_screen_by_tapping_its_tab(served, chromium):
    page = chromium.new_page(viewport=PHONE)
    try:
        tab = WebTerminal(page, served.url)
        screen = tab.wait_for("Judge")
        assert tab.size[0] <= 42, f"not phone-sized: {tab.size[0]} columns"
        for name in ("Ask", "Entry", "Cards", "Round", "Campaign", "Judge"):
            assert name in screen
        tab.click("Round")
        tab.wait_for("action window")  # the round chart's legend
        tab.click("Cards")
        tab.wait_for("Card name")  # the cards screen's name box
    finally:
        page.close()


def test_the_browser_over_the_cap_is_told_the_table_is_full(serve, chromium):
    server = serve(max_sessions=1)
    first = chromium.new_page(viewport=DESKTOP)
    WebTerminal(first, server.url).wait_for("Loremaster")
    second = chromium.new_page(viewport=DESKTOP)
    try:
        refused = WebTerminal(second, server.url)
        assert refused.response.status == 503
        assert "1 of 1 sessions are in use" in second.inner_text("body")
        first.close()  # a closed session frees its place and its process
        wait_until(second, lambda: not server.session_pids(), lambda: "the session outlived it")
        WebTerminal(second, server.url).wait_for("Loremaster")
    finally:
        second.close()
        if not first.is_closed():
            first.close()


def test_ctrl_c_stops_the_server_and_every_session(serve, chromium):
    server = serve()
    pages = [chromium.new_page(viewport=PHONE) for _ in range(2)]
    for page in pages:
        WebTerminal(page, server.url).wait_for("Loremaster")
    sessions = server.session_pids()
    assert len(sessions) == 2
    code, errors = server.interrupt()
    assert code == 0
    assert errors.strip() == ""  # no traceback, no warning
    for pid in sessions:
        assert not Path(f"/proc/{pid}").exists(), f"session {pid} outlived the server"
    for page in pages:
        page.close()
