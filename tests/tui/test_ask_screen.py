"""Ask: answers appear as you type, open with Enter, and links lead on and back."""

from __future__ import annotations

from tui_helpers import SIZE, option_texts, screen_text, settle

from tui.widgets.labels import HIGHLIGHT


async def test_typing_a_question_shows_cited_answers_with_the_words_lit(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"sentinel defend twice")
        await settle(pilot)
        results = app.screen.query_one("#results")
        assert results.links[:2] and "kw/sentinel" in results.links[:3]
        first = results.get_option_at_index(0).prompt
        assert 'Rules Reference, "Sentinel", p. 15' in str(first)
        assert any(span.style == HIGHLIGHT for span in first.spans)  # the question's words lit
        assert "answers" in screen_text(app)


async def test_enter_opens_the_top_answer_and_a_link_leads_on_and_back(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.ask("sentinel defend twice")
        await settle(pilot)
        top = app.screen.query_one("#results").links[0]
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry"
        viewer = app.screen
        assert viewer.entry_id == top
        assert "Cited as:" in screen_text(app)
        links = viewer.query_one("#entry-links")
        assert links.has_focus
        target = links.current
        await pilot.press("enter")  # follow the highlighted link
        await settle(pilot)
        assert viewer.entry_id == target != top
        await pilot.press("b")
        assert viewer.entry_id == top
        await pilot.press("f")
        assert viewer.entry_id == target
        await pilot.press("alt+left", "alt+left")  # back past the first entry: to Ask
        await settle(pilot)
        assert app.current_mode == "ask"


async def test_enter_before_the_answer_arrives_opens_it_when_it_does(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.ask("engagement check")
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry"
        assert app.screen.entry_id is not None


async def test_down_moves_from_the_question_to_the_answers(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"staging")
        await settle(pilot)
        await pilot.press("down")
        assert app.screen.query_one("#results").has_focus


async def test_clearing_the_question_clears_the_answers(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"staging")
        await settle(pilot)
        await pilot.press(*["backspace"] * len("staging"))
        await settle(pilot)
        assert option_texts(app.screen.query_one("#results")) == []


async def test_a_question_with_no_answer_says_so(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"zzqx")
        await settle(pilot)
        assert "Nothing found" in screen_text(app)


async def test_slash_focuses_the_question_from_another_screen(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        assert app.current_mode == "round"
        await pilot.press("slash")
        assert app.current_mode == "ask"
        assert app.screen.query_one("#question").has_focus


async def test_typing_q_in_the_question_box_types_q(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q", "u", "e", "s", "t")
        await settle(pilot)
        assert app.is_running
        assert app.screen.query_one("#question").value == "quest"


async def test_q_quits_when_no_box_has_focus(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_q_quits_even_from_the_question_box(app):
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.query_one("#question").has_focus
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_clicking_an_answer_opens_it(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.ask("engagement check")
        await settle(pilot)
        app.screen.focus_question()  # the click, not the keyboard, picks the answer
        first = app.screen.query_one("#results").links[0]
        await pilot.click("#results", offset=(20, 2))  # on the first answer's citation line
        await settle(pilot)
        assert app.current_mode == "entry"
        assert app.screen.entry_id == first


async def test_the_answer_line_is_on_top_and_goes_with_the_question():
    from tui.app import LoremasterApp

    app = LoremasterApp()
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.ask("can sentinel defend twice")
        await settle(pilot)
        line = app.screen.query_one("#ask-answer")
        assert line.display and "Answer:" in screen_text(app)
        assert "kw/sentinel" in str(line.render())
        app.screen.ask("")
        await settle(pilot)
        assert not line.display


async def test_the_status_says_what_was_read_and_which_cards_we_have_nothing_on():
    from tui.app import LoremasterApp

    app = LoremasterApp()
    async with app.run_test(size=(140, 40)) as pilot:
        app.screen.ask("sentinal")
        await settle(pilot)
        assert "Showing results for sentinel (for sentinal)" in screen_text(app)
        app.screen.ask("can I play radagasts cunning in the quest phase")
        await settle(pilot)
        assert "nothing on Radagast's Cunning" in screen_text(app)


async def test_a_question_with_no_confident_answer_shows_the_rules_that_may_decide_it(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*"can i do that")
        await settle(pilot)
        line = app.screen.query_one("#ask-answer")
        shown = screen_text(app)
        assert "No confident answer. Rules that may decide this:" in shown
        assert "Answer:" not in shown and line.entry_id
