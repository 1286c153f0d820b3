"""Entry viewer: citation, body, keyboard links, history, and the one link router."""

from __future__ import annotations

from tui_helpers import SIZE, option_texts, screen_text, settle

from tui.history import History


def test_history_goes_back_and_forward_and_forgets_forward_on_a_new_visit():
    history = History()
    for item in ("a", "b", "c"):
        history.visit(item)
    assert history.back() == "b" and history.back() == "a" and history.back() is None
    assert history.forward() == "b"
    history.visit("d")
    assert history.forward() is None and history.current == "d"
    assert history.back() == "b"


def test_visiting_the_current_entry_again_adds_nothing():
    history = History()
    history.visit("a")
    history.visit("a")
    assert len(history) == 1


async def test_an_entry_shows_its_citation_body_and_every_kind_of_link(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.open_link("rr/step-3.3")
        await settle(pilot)
        text = screen_text(app)
        assert 'Rules Reference, Appendix I, "3.3 Staging"' in text
        assert "⚡ action window follows" in text
        links = app.screen.query_one("#entry-links").links
        kb = app.library.kb
        assert set(kb.get("rr/step-3.3").see_also) <= set(links)
        assert {e.id for e in kb.linked_from("rr/step-3.3")} <= set(links)


async def test_an_entry_naming_cards_links_their_rulings_and_the_cards_screen(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        kb = app.library.kb
        entry = next(e for e in kb.entries if e.kind == "qa" and e.cards and kb.related(e))
        await app.open_link(entry.id)
        await settle(pilot)
        links = app.screen.query_one("#entry-links").links
        assert f"card:{entry.cards[0]}" in links
        assert {e.id for e in kb.related(entry)} <= set(links)
        link_list = app.screen.query_one("#entry-links")
        link_list.focus()
        assert link_list.highlight_link(f"card:{entry.cards[0]}")
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "cards"
        assert app.screen.query_one("#card").value == entry.cards[0]


async def test_tab_reaches_the_links_and_the_body_scrolls(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.open_link("rr/engagement-check")
        await settle(pilot)
        focused = []
        for _ in range(3):
            await pilot.press("tab")
            focused.append(app.focused.id if app.focused else None)
        assert "entry-links" in focused and "entry-body" in focused


async def test_a_markdown_link_goes_through_the_router(app):
    from textual.widgets import Markdown

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.open_link("rr/engagement-check")
        await settle(pilot)
        markdown = app.screen.query_one(Markdown)
        markdown.post_message(Markdown.LinkClicked(markdown, "rr/staging"))
        await settle(pilot)
        assert app.screen.entry_id == "rr/staging"


async def test_an_unknown_id_suggests_the_closest(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.open_link("rr/engagment-check")
        await pilot.pause()
        assert app.current_mode == "ask"
        assert any("rr/engagement-check" in str(n.message) for n in app._notifications)


async def test_escape_returns_to_the_screen_that_opened_the_entry(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        await pilot.press("enter")  # the first step of the round
        await settle(pilot)
        assert app.current_mode == "entry"
        await pilot.press("escape")
        await pilot.pause()
        assert app.current_mode == "round"


async def test_f3_before_any_entry_explains_how_to_open_one(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await settle(pilot)
        assert "No entry open yet" in screen_text(app)


async def test_an_entry_the_rules_model_implements_says_when_the_judge_uses_it(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.open_link("rr/engagement-check")
        await settle(pilot)
        shown = option_texts(app.screen.query_one("#entry-links"))
        assert "The judge uses this rule when" in shown
        assert "working out what happens at step 5.3" in shown


async def test_imported_official_wording_shows_below_or_beside_with_the_deciding_words(
    app, tmp_path, monkeypatch
):
    from judge.kb.importer import store

    monkeypatch.setenv("LOREMASTER_DATA_DIR", str(tmp_path))
    store.save(
        "rr",
        "my-copy.txt",
        "0" * 64,
        {"rr/cancel": {"text": "Invented: a cancel cannot be undone after it starts.", "line": 5}},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.open_link("rr/cancel")
        await settle(pilot)
        below = app.screen.query_one("#entry-official-below")
        assert below.display and not app.screen.query_one("#entry-official-pane").display
        assert "Official wording · Rules Reference" in str(below.render())
        await pilot.press("o")
        await settle(pilot)
        assert app.screen.query_one("#entry-official-pane").display and not below.display
        shown = str(app.screen.query_one("#entry-official-beside").render())
        assert "cannot be undone" in shown and "Differs from our text" in shown
        await app.open_link("rr/engagement-check")
        await settle(pilot)
        assert not app.screen.query_one("#entry-official-pane").display
