"""Scenarios: listed by cycle, searchable, with the Easy Mode checklist to tick."""

from __future__ import annotations

from tui_helpers import SIZE, option_texts, screen_text, settle


async def test_every_scenario_is_listed_under_its_cycle(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await settle(pilot)
        listed = app.screen.query_one("#scenario-list")
        assert len(listed.links) >= 130
        texts = option_texts(listed)
        core = texts.index("Core Set")
        assert texts[core + 1].strip() == "Passage Through Mirkwood"
        assert "Dwarrowdelf" in texts and "Vengeance of Mordor" in texts


async def test_typing_narrows_the_list_and_shows_the_page(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await settle(pilot)
        await pilot.press(*"down the anduin")
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#scenario-list").links == ["scenario/journey-down-the-anduin"]
        assert screen.scenario.title == "Journey Down the Anduin"
        text = screen_text(app)
        assert "official difficulty 4" in text
        assert "2x Gladden Fields" in text


async def test_a_typo_still_finds_the_scenario(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await settle(pilot)
        app.screen.look_up("escape from dol guldr")
        await settle(pilot)
        assert app.screen.scenario.id == "scenario/escape-from-dol-guldur"


async def test_the_easy_mode_checklist_ticks_off_cards(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await settle(pilot)
        await pilot.press(*"passage through", "enter")
        await settle(pilot)
        await pilot.press("enter")  # from the list to the checklist
        await settle(pilot)
        screen = app.screen
        easy = screen.query_one("#scenario-easy")
        assert easy.has_focus and easy.option_count == 7
        await pilot.press("space", "down", "down", "down", "space")
        await settle(pilot)
        assert screen.ticked == [
            "Dol Guldur Orcs/Chieftan Ufthak",
            "Dol Guldur Orcs/The Necromancer's Reach",
        ]


async def test_a_gold_border_scenario_has_the_rule_and_no_list(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await settle(pilot)
        app.screen.look_up("ambush at erelas")
        await settle(pilot)
        assert not app.screen.query_one("#scenario-easy").display
        assert "gold difficulty border" in screen_text(app)


async def test_a_ruling_link_opens_in_the_entry_viewer(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await settle(pilot)
        app.screen.look_up("journey down the anduin")
        await settle(pilot)
        links = app.screen.query_one("#scenario-links")
        assert "faq/qa/banks-of-the-anduin" in links.links
        links.focus()
        links.highlight_link("faq/qa/banks-of-the-anduin")
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry"
        assert "Banks of the Anduin" in screen_text(app)


async def test_the_palette_reaches_the_screen(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Screen: Scenarios")
        await _palette_offers(app, pilot, "Screen: Scenarios")
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "scenarios"


async def _palette_offers(app, pilot, text: str, timeout: float = 10.0) -> None:
    """Wait until the command palette's first suggestion is `text` (its search is async)."""
    import time

    from textual.command import CommandList

    deadline = time.monotonic() + timeout
    while True:
        options = app.screen.query_one(CommandList)
        if options.option_count and text in str(options.get_option_at_index(0).prompt):
            return
        assert time.monotonic() < deadline, f"the palette never offered {text!r}"
        await pilot.pause(0.02)
