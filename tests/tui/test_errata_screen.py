"""Errata: a misspelt card still finds its errata; an unclear name offers choices."""

from __future__ import annotations

from tui_helpers import SIZE, option_texts, screen_text, settle


async def test_a_misspelt_card_shows_its_errata_first(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press(*"beravore", "enter")
        await settle(pilot)
        screen = app.screen
        assert screen.card == "Beravor"
        entries = screen.query_one("#errata-list")
        assert entries.links[0] == "errata/beravor"
        assert entries.has_focus
        text = screen_text(app)
        assert "FAQ errata: Beravor (CORE 12)" in text
        assert "Limit once per" in text  # the preview shows the erratum itself


async def test_the_answer_comes_as_you_type(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press(*"beravor")
        await settle(pilot)
        assert app.screen.card == "Beravor"


async def test_an_unclear_name_lists_candidates_and_picking_one_shows_it(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press(*"gondor", "enter")  # Horn of Gondor? Steward of Gondor?
        await settle(pilot)
        screen = app.screen
        assert screen.card is None
        choices = screen.query_one("#errata-list")
        assert "Several cards" in screen_text(app) and len(choices.links) >= 2
        assert all(href.startswith("card:") for href in choices.links)
        assert {"card:Horn of Gondor", "card:Steward of Gondor"} <= set(choices.links)
        chosen = choices.links[1].removeprefix("card:")
        await pilot.press("down", "enter")
        await settle(pilot)
        assert screen.card == chosen
        assert screen.query_one("#card").value == chosen
        assert all(not text.startswith("card") for text in option_texts(choices))


async def test_entering_an_erratum_opens_it_in_the_viewer(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press(*"beravor", "enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry"
        assert app.screen.entry_id == "errata/beravor"


async def test_a_name_like_no_card_says_so_and_offers_guesses(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await settle(pilot)
        app.screen.look_up("qqqqzzzz")
        await settle(pilot)
        assert app.screen.card is None
        assert "No card matches 'qqqqzzzz'" in screen_text(app)
