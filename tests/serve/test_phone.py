"""Table mode on a phone: Chromium emulating one (conftest.PHONE) against one server.

Without a viewport of its own a page is laid out 980 pixels wide on a phone: the app
ran at 106 columns in text 4 pixels high and never showed its phone layout. The page
now takes the phone's width and text sized for about 40 columns, and asks nothing of
another host (a table may have no internet). Every control is then a tap: the tabs, the
answer, the hits, back.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from web_terminal import WebTerminal

from tui.screens import SCREENS

#: the widest a phone's terminal may be (the app's phone layout is below 60 columns)
PHONE_COLUMNS = 60
#: the smallest text a phone may get, in CSS pixels (a cell's height)
READABLE_PIXELS = 12
#: how many times each tab is tapped in turn (the second round finds a tab that works
#: only the first time)
TAB_ROUNDS = 2
#: an entry's id as a hit shows it (kw/sentinel, rr/step-6.4.1, faq/1.52)
ENTRY_ID = re.compile(r"\b(?:rr|faq|kw|qc|errata|scenario|tcg)/[a-z0-9][\w./-]*\w")


def _open(context, served) -> WebTerminal:
    tab = WebTerminal(context.new_page(), served.url)
    tab.wait_for_tab("Ask")
    return tab


def _heading(tab: WebTerminal) -> str:
    """The entry screen's heading: the lines above its citation."""
    return tab.screen.text().split("Cited as:")[0]


def _hosts(tab: WebTerminal) -> set[str]:
    return {urlsplit(url).netloc for url in tab.requested}


def test_a_phone_gets_its_own_width_and_text_it_can_read(served, phone):
    tab = _open(phone, served)
    try:
        page = tab.page
        viewport = page.locator('meta[name="viewport"]').get_attribute("content")
        assert viewport == "width=device-width, initial-scale=1"
        assert page.evaluate("window.innerWidth") == 412  # not the 980 of a page without one
        columns, rows = tab.size
        assert 30 <= columns <= PHONE_COLUMNS, f"{columns} columns on a phone"
        box = page.locator(".xterm-screen").bounding_box()
        assert box["height"] / rows >= READABLE_PIXELS, "text too small to read"
        assert box["width"] <= page.evaluate("window.innerWidth")
        screen = tab.screen.text()
        # the phone layout: the tab bar drops its F-keys and wraps
        assert "F2" not in screen
        assert tab.screen.find("Scenarios")[0] == 2
        assert page.evaluate("document.fonts.check('16px \"Roboto Mono\"')")
    finally:
        tab.page.close()


def test_a_phone_asks_nothing_of_another_host(served, phone):
    tab = _open(phone, served)
    try:
        assert _hosts(tab) == {urlsplit(served.url).netloc}, tab.requested
        assert any(urlsplit(url).path.startswith("/static/fonts/") for url in tab.requested)
    finally:
        tab.page.close()


def test_a_question_typed_on_a_phone_is_answered_and_every_answer_is_a_tap(
    served, phone, screenshot
):
    tab = _open(phone, served)
    try:
        tab.tap("e.g. can I play")  # the question box: the phone's keyboard types into it
        tab.page.keyboard.type("sentinel defend twice")
        tab.wait_for('Rules Reference, "Sentinel", p. 15')
        screen = tab.wait_for("Answer:")
        assert "[kw/sentinel]" in screen
        screenshot(tab.page, "phone-ask")

        answered = "kw/sentinel"
        tab.tap("Answer:")
        tab.wait_for_tab("Entry")
        tab.wait_for("Cited as:")
        assert answered in _heading(tab)
        screenshot(tab.page, "phone-entry")

        tab.tap("Back")  # the footer's key, for a phone has no b key
        tab.wait_for_tab("Ask")
        hit = next(entry for entry in ENTRY_ID.findall(tab.screen.text()) if entry != answered)
        tab.tap(hit)  # a hit's id line
        tab.wait_for_tab("Entry")
        tab.wait_for("Cited as:")
        assert hit in _heading(tab)
    finally:
        tab.page.close()


def test_every_tab_is_one_tap_away_every_time(narrow_phone, served):
    """Each tab in turn, twice over, on the narrow phone: at 40 columns a screen first
    laid out wide ended the session (its tab's tap "did nothing"). The wider phone lays
    its screens out the same way (below 60 columns), and its other tests tap too."""
    tab = _open(narrow_phone, served)
    try:
        assert tab.size[0] <= 40
        names = [screen.name for screen in SCREENS]
        for _ in range(TAB_ROUNDS):
            for name in names[1:] + names[:1]:
                tab.tap(name)
                tab.wait_for_tab(name)
        assert not tab.ended
    finally:
        tab.page.close()
