"""Cards: every card to browse by type, sphere, pack, set and a typo-tolerant name; a card
shows its facts, its own errata and rulings, and the rules it touches, each one a link."""

from __future__ import annotations

from tui_helpers import SIZE, option_texts, screen_text, settle


async def _cards(app, pilot):
    await settle(pilot)
    await pilot.press("f4")
    await settle(pilot)
    return app.screen


async def test_the_screen_opens_on_every_player_card_by_pack_with_one_shown(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await _cards(app, pilot)
        assert app.current_mode == "cards"
        listed = option_texts(screen.query_one("#card-list"))
        assert listed[0] == "Core Set"
        assert any(row.startswith("Aragorn  Hero · Leadership") for row in listed)
        assert all(c.category == "player" for c in screen.listed.cards)
        text = screen_text(app)
        assert "player cards by pack" in text
        assert screen.card is not None and "Packs: Core Set" in text  # not two empty panes


async def test_a_misspelt_name_finds_sneak_attack_an_action_that_puts_into_play(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await _cards(app, pilot)
        await pilot.press(*"sneak atack")
        await settle(pilot)
        assert screen.card == "Sneak Attack"
        text = screen_text(app)
        assert "Event · Leadership" in text and "Ability types: Action" in text
        assert "rr/play-and-put-into-play" in screen.query_one("#card-links").links


async def test_every_version_of_a_title_is_listed_and_words_beside_it_narrow_them(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await _cards(app, pilot)
        screen.look_up("aragorn")
        await settle(pilot)
        heroes = [c for c in screen.listed.cards if c.title == "Aragorn"]
        assert len(heroes) == 7 and {c.type for c in heroes} == {"Hero"}
        # the Core Set's version first: Sentinel, a Response, threat 12
        text = screen_text(app)
        assert "Hero · Leadership · unique" in text
        assert "Keywords: Sentinel" in text and "Ability types: Response" in text
        assert "threat 12" in text
        screen.look_up("aragorn lore")
        await settle(pilot)
        assert [(c.type, c.sphere) for c in screen.listed.cards] == [("Hero", "Lore")]


async def test_filters_by_type_and_encounter_set_find_the_core_hill_troll(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await _cards(app, pilot)
        screen.choose("card-type", "Enemy")
        screen.choose("card-set", "Wilderlands")
        await settle(pilot)
        cards = screen.query_one("#card-list")
        assert {c.type for c in screen.listed.cards} == {"Enemy"}
        assert all("Wilderlands" in c.encounter_sets for c in screen.listed.cards)
        troll = next(c for c in screen.listed.cards if c.title == "Hill Troll")
        cards.focus()
        assert cards.highlight_link(f"design:{troll.id}")
        await settle(pilot)
        assert screen.card == "Hill Troll"
        assert "engagement cost 30" in screen_text(app)


async def test_escape_clears_the_name_and_filters_back_to_the_player_cards(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await _cards(app, pilot)
        screen.choose("card-sphere", "Lore")
        screen.look_up("gandalf")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert screen.request == ("", "", "", "", "")
        assert screen.listed.everything and "player cards by pack" in screen_text(app)


async def test_enter_on_a_card_moves_to_its_links_and_enter_opens_the_entry(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await _cards(app, pilot)
        await pilot.press(*"beravor", "enter")
        await settle(pilot)
        assert screen.query_one("#card-list").has_focus
        await pilot.press("enter")
        await settle(pilot)
        links = screen.query_one("#card-links")
        assert links.has_focus and links.current == "errata/beravor"  # its own errata first
        assert "FAQ errata: Beravor (CORE 12)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry" and app.screen.entry_id == "errata/beravor"


async def test_a_name_like_no_card_says_so_and_lists_the_closest_titles(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await _cards(app, pilot)
        screen.look_up("gondr")  # in no title, and no one card is clearly meant
        await settle(pilot)
        text = screen_text(app)
        assert "No card is called 'gondr'" in text and "Horn of Gondor" in text
        assert "Horn of Gondor" in {c.title for c in screen.listed.cards}
        screen.look_up("ungoliant")  # a part of several titles lists them
        await settle(pilot)
        assert "with 'ungoliant' in the title" in screen_text(app)
        assert "Ungoliant's Spawn" in {c.title for c in screen.listed.cards}
        screen.look_up("qqqqzzzz")
        await settle(pilot)
        assert screen.listed.cards == () and screen.card is None
        assert "No card matches 'qqqqzzzz'" in screen_text(app)


async def test_a_card_link_opens_the_cards_screen_on_that_card(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await app.open_link("card:Beravor")
        await settle(pilot)
        assert app.current_mode == "cards" and app.screen.card == "Beravor"
        assert app.screen.query_one("#card").value == "Beravor"


async def test_the_palette_finds_every_card_and_the_screen_by_its_old_name(app):
    from tui.commands import LoremasterCommands

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        provider = LoremasterCommands(app.screen)
        await provider.startup()

        async def best(query: str) -> list:
            hits = [hit async for hit in provider.search(query)]
            return sorted(hits, key=lambda h: -h.score)[:3]

        troll = next(h for h in await best("hill troll") if h.text == "Card: Hill Troll")
        assert "Screen: Cards" in [h.text for h in await best("errata")]
        await troll.command()
        await settle(pilot)
        assert app.current_mode == "cards" and app.screen.card == "Hill Troll"
