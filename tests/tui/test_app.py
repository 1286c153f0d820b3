"""The app as a whole: keys, help, palette, themes, small terminals, cheap start."""

from __future__ import annotations

import subprocess
import sys

import pytest
from textual.binding import Binding
from tui_helpers import SIZE, screen_text, settle

from tui.screens import SCREENS


def _all_bindings():
    import importlib

    from tui.app import LoremasterApp
    from tui.dialogs.file_picker import FilePicker
    from tui.dialogs.help import HelpScreen

    classes = [LoremasterApp, HelpScreen, FilePicker]
    classes += [getattr(importlib.import_module(f"tui.screens.{s.module}"), s.cls) for s in SCREENS]
    for cls in classes:
        for binding in cls.__dict__.get("BINDINGS", []):  # our own, not inherited ones
            yield cls.__name__, binding


def test_every_binding_has_an_id_and_a_tooltip_and_avoids_keys_terminals_swallow():
    ids = []
    for owner, binding in _all_bindings():
        assert isinstance(binding, Binding), owner
        assert binding.id and binding.tooltip, (owner, binding.key)
        for key in binding.key.split(","):
            assert key not in ("ctrl+enter", "ctrl+h", "ctrl+question_mark", "ctrl+b"), (owner, key)
        ids.append(binding.id)
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("screen", SCREENS, ids=[s.mode for s in SCREENS])
async def test_each_screen_opens_from_its_key_even_at_80x24(screen):
    from tui.app import LoremasterApp

    app = LoremasterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(screen.key)
        await settle(pilot)
        assert app.current_mode == screen.mode
        top_line = screen_text(app).splitlines()[0]
        assert f"{screen.key.upper()} {screen.name}" in top_line


async def test_f1_lists_the_keys_of_the_app_and_of_the_current_screen(app):
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        text = str(app.screen.query_one("#help-keys").render())
        assert "Re-check" in text and "Check the same file again" in text  # the Judge's own keys
        assert "Round" in text and "Theme" in text and "Quit" in text
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "JudgeScreen"


async def test_ctrl_t_switches_between_the_light_and_the_dark_theme(app):
    async with app.run_test(size=SIZE) as pilot:
        dark = app.current_theme.dark
        await pilot.press("ctrl+t")
        assert app.current_theme.dark is not dark
        await pilot.press("ctrl+t")
        assert app.current_theme.dark is dark


async def test_the_palette_jumps_to_a_step_by_number_and_title(app):
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"3.3 staging")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.current_mode == "entry"
        assert app.screen.entry_id == "rr/step-3.3"


async def test_the_palette_finds_entries_by_id_cards_and_screens(app):
    from tui.commands import LoremasterCommands

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        provider = LoremasterCommands(app.screen)
        await provider.startup()

        async def texts(query: str) -> list[str]:
            hits = [hit async for hit in provider.search(query)]
            return [hit.text for hit in sorted(hits, key=lambda h: -h.score)]

        assert "Engagement Check" in (await texts("rr/engagement-check"))[:3]
        assert "Card: Beravor" in (await texts("beravor"))[:3]
        assert "Screen: Judge" in (await texts("screen judge"))[:3]
        for query in ("step 6.4.2", "6.4.2"):
            assert (await texts(query))[0].startswith("Step 6.4.2 "), query


def test_importing_the_app_loads_no_search_engine_yaml_or_fuzzy_matcher():
    code = "import tui.app, sys; print('\\n'.join(sys.modules))"
    modules = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    for heavy in ("whoosh", "yaml", "rapidfuzz", "judge.search.engine", "judge.kb.knowledge"):
        assert heavy not in modules, heavy


@pytest.mark.parametrize(("setting", "frames"), [(None, 120), ("30", 30)])
def test_the_app_repaints_at_120_frames_a_second_unless_the_player_says_otherwise(setting, frames):
    import os

    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_FPS"}
    if setting:
        env["TEXTUAL_FPS"] = setting
    code = "import tui.app, textual.constants as c; print(c.MAX_FPS)"
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert int(found.stdout) == frames


def test_the_engine_still_imports_no_textual():
    code = "import cli.main, judge.kb.knowledge, judge.search.engine, judge.app.checking, sys; print('\\n'.join(sys.modules))"
    modules = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    assert not any(m == "textual" or m.startswith("textual.") or m == "tui" for m in modules)


async def test_the_game_switch_cycles_and_the_round_screen_charts_that_games_turn():
    from tui.app import LoremasterApp

    app = LoremasterApp()
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("f5")
        await settle(pilot)
        assert "Quest phase" in screen_text(app) and "Game: auto" in screen_text(app)
        await pilot.press("ctrl+g", "ctrl+g")  # auto -> lcg -> tcg
        await settle(pilot)
        assert app.game == "tcg"
        text = screen_text(app)
        assert "Game: TCG" in text and "Skirmish phase" in text and "Quest phase" not in text
        await pilot.press("ctrl+g")
        await settle(pilot)
        assert app.game == "auto" and "Quest phase" in screen_text(app)


async def test_the_ask_screen_answers_with_the_switchs_game(monkeypatch):
    from tui.app import LoremasterApp

    app = LoremasterApp()
    asked = []
    real_ask = app.library.ask

    def spy(question, k=10, game="auto"):
        asked.append(game)
        return real_ask(question, k=k, game=game)

    monkeypatch.setattr(app.library, "ask", spy)
    async with app.run_test(size=(120, 30)) as pilot:
        app.get_screen("ask").ask("what does sentinel do")
        await settle(pilot)
        await pilot.press("ctrl+g")  # lcg: the question is answered again
        await settle(pilot)
        assert asked[0] == "auto" and asked[-1] == "lcg"
