"""Table mode in a desktop browser: ask, read a cited answer, open it; the cap; Ctrl+C.

A phone's browser is in test_phone.py.
"""

from __future__ import annotations

from pathlib import Path

from web_terminal import WebTerminal, wait_until

DESKTOP = {"width": 1280, "height": 760}


def test_a_browser_asks_sees_a_cited_answer_and_opens_it(served, chromium, screenshot):
    page = chromium.new_page(viewport=DESKTOP)
    try:
        tab = WebTerminal(page, served.url)
        tab.wait_for("Loremaster")
        tab.type("sentinel defend twice")
        screen = tab.wait_for('Rules Reference, "Sentinel", p. 15')
        assert "Rules Reference" in screen
        assert screenshot(page, "desktop-ask").stat().st_size > 0
        tab.press("Enter")
        screen = tab.wait_for("Cited as:")
        assert "Sentinel" in screen
        screenshot(page, "desktop-entry")
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
    pages = [chromium.new_page(viewport=DESKTOP) for _ in range(2)]
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
