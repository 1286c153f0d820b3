"""The app at a small and a large terminal and with NO_COLOR: every screen opens and reads."""

from __future__ import annotations

import pytest
from tui_helpers import screen_text, settle

from tui.screens import SCREENS


async def _visit_every_screen(app, size) -> None:
    async with app.run_test(size=size) as pilot:
        for screen in SCREENS:
            await pilot.press(screen.key)
            await settle(pilot)
            assert app.current_mode == screen.mode
            lines = screen_text(app).splitlines()
            assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
            assert f"{screen.key.upper()} {screen.name}" in lines[0]


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
async def test_every_screen_reads_at_this_size(size):
    from tui.app import LoremasterApp

    await _visit_every_screen(LoremasterApp(), size)


async def test_no_color_is_honoured_and_every_screen_still_reads(monkeypatch):
    from tui.app import LoremasterApp

    monkeypatch.setenv("NO_COLOR", "1")
    app = LoremasterApp()
    assert app.no_color
    await _visit_every_screen(app, (100, 30))
