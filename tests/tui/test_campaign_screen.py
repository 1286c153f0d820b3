"""Campaign: the rules as an outline, and a campaign log's check with each player's checklist."""

from __future__ import annotations

from tui_helpers import SIZE, FakeEvent, FakeFinding, FakeReport, screen_text, settle

from tui import checks
from tui.screens.campaign import campaign_outline

LOG = """\
expert: true
fallen_heroes: [Boromir]
players:
  - name: Ann
    heroes: [Aragorn, Boromir]
    hero_damage: {Aragorn: 2}
  - name: Bob
    heroes: [Legolas]
campaign_pool:
  - {title: Mithril Shirt, kind: boon, permanent: true, attached_to: Aragorn}
  - {title: Grievous Wound, kind: burden, deck: encounter}
"""


def test_the_outline_starts_with_campaign_mode_and_lists_every_campaign_entry_once(kb):
    outline = campaign_outline(kb)
    assert outline[0] == (0, kb.get("rr/campaign/campaign-mode"))
    ids = [entry.id for _, entry in outline]
    assert sorted(ids) == sorted(e.id for e in kb.entries if e.kind == "campaign")
    depth = dict((entry.id, d) for d, entry in outline)
    assert all(depth[i] == 1 for i in kb.get("rr/campaign/campaign-mode").see_also if i in depth)


def test_quest_companion_pages_sit_side_by_side_under_the_section_they_explain(kb):
    depth = {entry.id: d for d, entry in campaign_outline(kb)}
    ids = [entry.id for _, entry in campaign_outline(kb)]
    fellowship = ids.index("rr/campaign/fellowship-of-heroes")
    heroes = ["qc/campaign/aragorn", "qc/campaign/frodo-baggins", "qc/campaign/saruman-grima"]
    assert ids[fellowship + 1 : fellowship + 4] == heroes
    assert {depth[i] for i in heroes} == {depth["rr/campaign/fellowship-of-heroes"] + 1}


async def test_the_outline_previews_the_highlighted_section_and_enter_opens_it(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await settle(pilot)
        outline = app.screen.query_one("#campaign-outline")
        assert outline.has_focus
        await pilot.press("down")
        await settle(pilot)
        second = outline.current
        assert app.library.kb.get(second).title in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry" and app.screen.entry_id == second


async def _check_log(app, pilot, path) -> None:
    await pilot.press("f6")
    await settle(pilot)
    await pilot.press("ctrl+l")
    await settle(pilot)
    box = app.screen.query_one("CheckPanel Input")
    assert box.has_focus
    box.value = str(path)
    await pilot.press("enter")
    await settle(pilot)


async def test_a_campaign_log_shows_its_findings_and_each_players_checklist(app, tmp_path):
    log = tmp_path / "campaign.yaml"
    log.write_text(LOG, encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await _check_log(app, pilot, log)
        report = app.screen.query_one(".report")
        text = "\n".join(
            str(report.get_option_at_index(i).prompt) for i in range(report.option_count)
        )
        assert "Violations (1)" in text and "Boromir" in text
        assert "Setup checklist: Ann" in text and "Setup checklist: Bob" in text
        assert "rr/campaign/campaign-setup-checklist" in report.links


async def test_checklist_events_are_grouped_by_player(app, monkeypatch):
    def fake(path: str) -> checks.Outcome:
        cite = ("rr/campaign/campaign-setup-checklist",)
        return checks.Outcome(
            path,
            report=FakeReport(
                findings=(
                    FakeFinding(
                        "threat-penalty", "info", "Ann starts with +1 threat.", "players[0]", cite
                    ),
                ),
                next=(
                    FakeEvent(
                        "setup-checklist", "setup", "Ann: play Aragorn.", {"player": "Ann"}, cite
                    ),
                    FakeEvent(
                        "setup-checklist", "setup", "Bob: play Legolas.", {"player": "Bob"}, cite
                    ),
                    FakeEvent(
                        "setup-checklist", "setup", "Shuffle a burden in.", {"player": None}, cite
                    ),
                ),
            ),
        )

    monkeypatch.setattr(checks, "check_campaign", fake)
    async with app.run_test(size=SIZE) as pilot:
        await _check_log(app, pilot, "log.yaml")
        text = screen_text(app)
        for heading in (
            "Setup checklist: Ann",
            "Setup checklist: Bob",
            "Setup checklist: the whole group",
        ):
            assert heading in text
        assert (
            text.index("Ann: play Aragorn.")
            < text.index("Setup checklist: Bob")
            < text.index("Bob: play")
        )


async def test_checking_a_log_brings_its_tab_forward_and_ctrl_l_goes_back(app, monkeypatch):
    from textual.widgets import TabbedContent

    monkeypatch.setattr(
        checks, "check_campaign", lambda path: checks.Outcome(path, report=FakeReport())
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await settle(pilot)
        app.screen.check("log.yaml")
        await settle(pilot)
        tabs = app.screen.query_one(TabbedContent)
        assert tabs.active == "log"
        assert "No rule is broken" in screen_text(app)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert tabs.active == "rules" and app.screen.query_one("#campaign-outline").has_focus
