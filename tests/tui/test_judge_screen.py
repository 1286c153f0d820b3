"""Judge: findings grouped by severity with citations that open, input errors located, r re-checks."""

from __future__ import annotations

from tui_helpers import SIZE, FakeEvent, FakeFinding, FakeReport, screen_text, settle

from tui import checks

VIOLATIONS = """\
game: lcg
phase: quest
step: "3.4"
players:
  - name: Ann
    threat: 52
    heroes:
      - {title: Aragorn, sphere: Leadership, willpower: 2, hit_points: 5, damage: 5, committed: true, exhausted: true}
    allies:
      - {title: Gandalf, resources: 2}
quest: {title: Flies and Spiders, quest_points: 8, progress: 0}
"""

BROKEN_YAML = """\
game: lcg
players:
  - name: Ann
    threat: [12, 13
    heroes: []
"""


async def _check(app, pilot, path) -> None:
    """Go to the Judge, put the path in its box (typing it would be slow) and press Enter."""
    await pilot.press("f7")
    await settle(pilot)
    box = app.screen.query_one("CheckPanel Input")
    assert box.has_focus
    box.value = str(path)
    await pilot.press("enter")
    await settle(pilot)


async def test_a_board_with_violations_lists_them_with_citations_that_open(app, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text(VIOLATIONS, encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await _check(app, pilot, board)
        text = screen_text(app)
        assert "✗ Not legal" in text and "Violations (3)" in text
        assert "Ann's threat is 52" in text
        assert "What happens next" in text
        report = app.screen.query_one(".report")
        assert "rr/threat-elimination-level" in report.links
        report.focus()
        assert report.highlight_link("rr/threat-elimination-level")
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry"
        assert app.screen.entry_id == "rr/threat-elimination-level"


async def test_a_yaml_error_shows_the_file_line_and_column(app, tmp_path):
    board = tmp_path / "broken.yaml"
    board.write_text(BROKEN_YAML, encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await _check(app, pilot, board)
        text = screen_text(app)
        assert "cannot be judged" in text
        problem = app.screen.query_one(".input-problem")
        assert problem.display
        shown = str(problem.render())
        assert str(board) in shown and "line" in shown and "column" in shown
        assert f"{board}:" in shown  # the judge's own FILE:LINE:COL line


async def test_r_rechecks_the_file_after_it_is_edited(app, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text(BROKEN_YAML, encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await _check(app, pilot, board)
        assert app.screen.query_one(".input-problem").display
        board.write_text(VIOLATIONS, encoding="utf-8")
        app.screen.query_one(".report").focus()
        await pilot.press("r")
        await settle(pilot)
        assert not app.screen.query_one(".input-problem").display
        assert "Violations (3)" in screen_text(app)


def _fake_outcome(path: str) -> checks.Outcome:
    report = FakeReport(
        findings=(
            FakeFinding(
                "threat-elimination",
                "violation",
                "[b]Ann[/b]'s threat is 52.",
                "players[0].threat",
                ("rr/threat-elimination-level",),
            ),
            FakeFinding(
                "committed-ready",
                "warning",
                "Aragorn is committed but ready.",
                "players[0].heroes[0]",
                ("rr/step-3.2", "no/such-entry"),
            ),
            FakeFinding(
                "threat-penalty",
                "info",
                "Ann starts with +1 threat.",
                "players[0]",
                ("rr/step-3.4",),
            ),
        ),
        next=(
            FakeEvent(
                "quest-resolution",
                "3.4",
                "Willpower 7 against threat 5: 2 progress.",
                {},
                ("rr/step-3.4",),
            ),
        ),
    )
    return checks.Outcome(path, report=report)


async def test_findings_are_grouped_most_serious_first_and_text_stays_literal(app, monkeypatch):
    monkeypatch.setattr(checks, "check_board", _fake_outcome)
    async with app.run_test(size=SIZE) as pilot:
        await _check(app, pilot, "board.yaml")
        text = screen_text(app)
        order = [
            text.index(h)
            for h in ("Violations (1)", "Warnings (1)", "Notes (1)", "What happens next")
        ]
        assert order == sorted(order)
        assert "[b]Ann[/b]'s threat is 52." in text
        assert "no/such-entry (not in the knowledge base)" in text
        report = app.screen.query_one(".report")
        assert "no/such-entry" not in report.links


async def test_r_with_no_file_open_says_what_to_do(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await settle(pilot)
        app.screen.query_one(".report").focus()
        await pilot.press("r")
        await pilot.pause()
        assert any("Open a board file" in str(n.message) for n in app._notifications)


async def test_the_file_picker_opens_and_cancels_and_a_typed_path_is_checked(
    app, monkeypatch, tmp_path
):
    monkeypatch.setattr(checks, "check_board", _fake_outcome)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text("game: lcg\n", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert type(app.screen).__name__ == "FilePicker"
        assert "mine.yaml" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "JudgeScreen"
        await pilot.press("ctrl+o")
        await settle(pilot)
        app.screen.query_one("#picker-path").focus()
        await pilot.press(*"mine.yaml", "enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "JudgeScreen"
        assert app.screen.query_one("CheckPanel").path == "mine.yaml"
        assert "Violations (1)" in screen_text(app)


async def test_a_path_starting_with_a_tilde_is_expanded_for_the_judge(app, monkeypatch):
    import os

    seen = []

    def fake(path: str) -> checks.Outcome:
        seen.append(path)
        return checks.Outcome(path, report=FakeReport())

    monkeypatch.setattr(checks, "check_board", fake)
    async with app.run_test(size=SIZE) as pilot:
        await _check(app, pilot, "~/board.yaml")
        assert seen == [os.path.expanduser("~/board.yaml")]
        assert "✓ Legal" in screen_text(app)


async def test_r_rechecks_right_after_a_path_is_entered_without_moving_focus(app, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text(BROKEN_YAML, encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await _check(app, pilot, board)
        board.write_text(VIOLATIONS, encoding="utf-8")
        await pilot.press("r")
        await settle(pilot)
        assert app.screen.query_one("CheckPanel Input").value == str(board)
        assert "Violations (3)" in screen_text(app)


async def test_a_new_board_from_the_combat_template_is_written_and_checked(
    app, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board-combat.yaml").write_text("kept: true\n", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await settle(pilot)
        assert app.screen.query_one("CheckPanel Input").has_focus  # the key works from the box
        await pilot.press("ctrl+n")
        await settle(pilot)
        options = app.screen.query_one("#template-list")
        options.highlighted = next(
            i for i in range(options.option_count) if options.get_option_at_index(i).id == "combat"
        )
        await pilot.press("enter")
        await settle(pilot)
        written = tmp_path / "board-combat-2.yaml"
        assert written.is_file() and (tmp_path / "board-combat.yaml").read_text() == "kept: true\n"
        shown = screen_text(app)
        assert "✓ Legal" in shown and "Aragorn: 4 damage, survives" in shown


async def test_a_tcg_board_is_judged_by_the_tcg_with_tcg_citations(app):
    from helpers import REPO

    async with app.run_test(size=SIZE) as pilot:
        await _check(app, pilot, REPO / "examples" / "boards" / "tcg-skirmish.yaml")
        text = screen_text(app)
        assert "✓ Legal" in text and "a tie at 8 goes to the Shadow side" in text
        assert "tcg/skirmish-resolution" in app.screen.query_one(".report").links


async def test_the_palette_starts_a_new_board(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.new_board()
        await settle(pilot)
        assert app.screen.query_one("#template-list")
        from tui.commands import LoremasterCommands

        provider = LoremasterCommands(app.screen)
        await provider.startup()
        texts = [hit.text async for hit in provider.search("new board")]
        assert "New board from a template" in texts
