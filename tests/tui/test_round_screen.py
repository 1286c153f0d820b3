"""Round structure: every step in chart order, action windows marked, each step opens."""

from __future__ import annotations

from tui_helpers import SIZE, screen_text, settle

from judge.app.turn_chart import turn_chart


def test_the_chart_opens_and_closes_the_round_around_the_seven_phases(kb):
    chart = turn_chart(kb)
    assert [p.title for p in chart] == [
        "Round begins",
        "Resource phase",
        "Planning phase",
        "Quest phase",
        "Travel phase",
        "Encounter phase",
        "Combat phase",
        "Refresh phase",
        "Round ends",
    ]
    combat = {s.step.number: [c.step.number for c in s.children] for s in chart[6].steps}
    assert list(combat)[:5] == ["6.1", "6.2", "6.3", "6.4a", "6.4b"]
    assert list(combat)[-2:] == ["6.10", "6.11"]
    assert combat["6.4b"] == ["6.4.1", "6.4.2", "6.4.3", "6.4.4"]
    assert combat["6.8b"] == ["6.8.1", "6.8.2", "6.8.3", "6.8.4"]
    shown = sum(1 + len(s.children) for p in chart for s in p.steps)
    assert shown == sum(1 for e in kb.entries if e.kind == "step" and e.game == "lcg")


async def test_the_tree_marks_every_step_an_action_window_follows(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        tree = app.screen.query_one("#round-tree")
        for entry in (e for e in app.library.kb.entries if e.kind == "step" and e.game == "lcg"):
            label = tree.step_nodes[entry.id].label.plain
            assert label.startswith(f"{entry.number} {entry.title}")
            assert ("⚡ action window" in label) == bool(entry.action_window), label


async def test_staging_answers_can_i_play_an_action_now(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        app.screen.show_step("rr/step-3.3")
        await settle(pilot)
        assert "3.3 Staging  ⚡ action window" in screen_text(app)
        answer = str(app.screen.query_one("#round-step").render())
        assert "⚡ action window: not while 3.3 resolves, but as soon as it has" in answer


async def test_enter_on_a_step_opens_its_entry(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        app.screen.show_step("rr/step-6.4.1")
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry"
        assert app.screen.entry_id == "rr/step-6.4.1"


async def test_space_folds_a_phase(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        tree = app.screen.query_one("#round-tree")
        await pilot.press("down")  # the resource phase
        assert tree.cursor_node.label.plain == "Resource phase"
        await pilot.press("space")
        assert not tree.cursor_node.is_expanded


def test_each_phase_links_to_the_entry_that_describes_it(kb):
    chart = turn_chart(kb)
    links = {p.key: p.entry_id for p in chart if p.key}
    assert links["quest"] == "rr/quest-phase" and links["combat"] == "rr/combat-phase"
    assert all(links.values())


async def test_no_label_of_the_chart_is_cut_at_120_columns(app):
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        tree = app.screen.query_one("#round-tree")

        def depth(node) -> int:
            return 0 if node.parent is None else 1 + depth(node.parent)

        widest = max(
            tree.guide_depth * depth(node) + tree.get_label_width(node)
            for node in tree.step_nodes.values()
        )
        assert widest <= tree.scrollable_content_region.width
