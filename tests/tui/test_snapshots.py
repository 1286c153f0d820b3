"""What each screen looks like, pinned as SVG snapshots (update: pytest --snapshot-update).

Screens show knowledge-base text, so an edit to an entry they show changes a snapshot:
review the difference, then update. Cursor blink is off and workers are waited for, so
every run draws the same picture.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input
from tui_helpers import SIZE, FakeEvent, FakeFinding, FakeReport, settle

from tui import checks


def _steady(app) -> None:
    for box in app.screen.query(Input):
        box.cursor_blink = False


def _app():
    from tui.app import LoremasterApp

    return LoremasterApp()


def _fake_board(path: str) -> checks.Outcome:
    report = FakeReport(
        findings=(
            FakeFinding(
                "threat-elimination",
                "violation",
                "Ann's threat is 52: a player is eliminated on reaching 50.",
                "players[0].threat",
                ("rr/threat-elimination-level", "rr/player-elimination"),
            ),
            FakeFinding(
                "committed-ready",
                "warning",
                "Aragorn is committed to the quest but not exhausted.",
                "players[0].heroes[0].exhausted",
                ("rr/step-3.2",),
            ),
        ),
        next=(
            FakeEvent(
                "quest-resolution",
                "3.4",
                "Willpower 7 against threat 5: 2 progress on the active location.",
                {},
                ("rr/step-3.4",),
            ),
        ),
    )
    return checks.Outcome(path, report=report)


async def _ask(pilot):
    await settle(pilot)
    pilot.app.screen.ask("can sentinel defend twice")
    await settle(pilot)
    _steady(pilot.app)


async def _entry(pilot):
    await settle(pilot)
    await pilot.app.open_link("rr/step-3.3")
    await settle(pilot)


async def _cards(pilot):
    await pilot.press("f4")
    await settle(pilot)
    pilot.app.screen.look_up("aragorn")
    await settle(pilot)
    _steady(pilot.app)


async def _round(pilot):
    await pilot.press("f5")
    await settle(pilot)
    pilot.app.screen.show_step("rr/step-3.3")
    await settle(pilot)


async def _campaign(pilot):
    await pilot.press("f6")
    await settle(pilot)


async def _judge(pilot):
    await pilot.press("f7")
    await settle(pilot)
    pilot.app.screen.check("board.yaml")
    await settle(pilot)
    _steady(pilot.app)


async def _scenarios(pilot):
    await pilot.press("f8")
    await settle(pilot)
    pilot.app.screen.look_up("journey down the anduin")
    await settle(pilot)
    _steady(pilot.app)


async def _help(pilot):
    await pilot.press("f5")
    await settle(pilot)
    await pilot.press("f1")
    await settle(pilot)


SCREENS = {
    "ask": _ask,
    "entry": _entry,
    "cards": _cards,
    "round": _round,
    "campaign": _campaign,
    "judge": _judge,
    "scenarios": _scenarios,
    "help": _help,
}


@pytest.mark.parametrize("name", SCREENS)
def test_screen_snapshot(name, snap_compare, monkeypatch):
    monkeypatch.setattr(checks, "check_board", _fake_board)
    assert snap_compare(_app(), terminal_size=SIZE, run_before=SCREENS[name])


def test_round_structure_in_the_light_theme_at_80x24(snap_compare):
    async def light_round(pilot):
        await _round(pilot)
        pilot.app.theme = "textual-light"
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=light_round)


PHONE = (40, 40)  # a phone's browser through `loremaster serve`


@pytest.mark.parametrize("name", ["ask", "entry"])
def test_a_phone_width_stacks_the_panes_and_wraps_the_tab_bar(name, snap_compare):
    assert snap_compare(_app(), terminal_size=PHONE, run_before=SCREENS[name])
