"""The Loremaster app: one screen per task, one link router, the engine opened once.

Screens are modes created on first use (only Ask exists at start); the knowledge base
and the search index open in worker threads, so the first screen is ready as soon as
Textual is.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from judge.games import DEFAULT_GAME, GAMES, ruleset
from tui._start_time import START
from tui.library import Library
from tui.messages import OpenLink
from tui.screens import SCREENS as SCREEN_TABLE
from tui.screens import ScreenInfo


def _screen(module: str, name: str) -> Callable[[], Screen]:
    def make() -> Screen:
        return getattr(importlib.import_module(f"tui.screens.{module}"), name)()

    return make


def _commands():
    from tui.commands import LoremasterCommands

    return LoremasterCommands


def _go(screen: ScreenInfo) -> Binding:
    return Binding(
        screen.key,
        f"go('{screen.mode}')",
        screen.name,
        show=False,
        id=f"app.{screen.mode}",
        tooltip=screen.title + ".",
    )


class LoremasterApp(App[int]):
    """Rules reference and judge for The Lord of the Rings: The Card Game."""

    TITLE = "Loremaster"
    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    SCREENS = {screen.mode: _screen(screen.module, screen.cls) for screen in SCREEN_TABLE}
    MODES = {mode: mode for mode in SCREENS}
    DEFAULT_MODE = "ask"
    #: below 60 columns (a phone's browser) screens stack their panes: see app.tcss
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-wide")]
    COMMANDS = App.COMMANDS | {_commands}
    BINDINGS = [
        Binding(
            "f1", "help", "Help", id="app.help", tooltip="Every key, for the app and this screen."
        ),
        *(_go(screen) for screen in SCREEN_TABLE),
        Binding(
            "/",
            "search",
            "Search",
            show=False,
            id="app.search",
            tooltip="Jump to the question box.",
        ),
        Binding(
            "ctrl+g",
            "switch_game",
            "Game",
            id="app.game",
            tooltip="Which game's rules answer: auto (each question routed), LCG or TCG.",
        ),
        Binding(
            "ctrl+t",
            "toggle_theme",
            "Theme",
            show=False,
            id="app.theme",
            tooltip="Switch light / dark.",
        ),
        Binding(
            "q",
            "quit",
            "Quit",
            show=False,
            id="app.quit",
            tooltip="Leave Loremaster (typing q in a box types q).",
        ),
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            priority=True,
            id="app.quit_anywhere",
            tooltip="Leave Loremaster, even while typing in a box.",
        ),
    ]

    #: the game switch: "auto" lets each question's words choose, or a game key
    game: reactive[str] = reactive("auto")

    def __init__(self) -> None:
        super().__init__()
        self.library = Library()
        self.ready_ms: float | None = None

    def on_ready(self) -> None:
        self.ready_ms = (time.perf_counter() - START) * 1000
        self.log.info(f"Loremaster ready in {self.ready_ms:.0f} ms after tui was imported")
        # Only now: threads opening the index and the knowledge base would compete with
        # the first frame for the interpreter.
        self.get_screen("ask").open_index()
        self.run_worker(lambda: self.library.kb, thread=True, group="kb", exit_on_error=False)

    # -- the link router: every OpenLink from every screen ends here --------------------

    async def on_open_link(self, message: OpenLink) -> None:
        await self.open_link(message.href)

    async def open_link(self, href: str) -> None:
        """Follow a link: an entry id, `card:Title`, a URL, or an in-page `#anchor`."""
        href = href.strip()
        if href.startswith(("http://", "https://")):
            self.open_url(href)
        elif href.startswith("card:"):
            await self.switch_mode("cards")
            self.get_screen("cards").look_up(href.removeprefix("card:"))
        elif href and not href.startswith("#"):
            await self._open_entry(href.removeprefix("entry:"))

    async def _open_entry(self, entry_id: str) -> None:
        kb = self.library.kb
        if kb.get(entry_id) is None:
            closest = ", ".join(kb.closest_ids(entry_id, limit=3))
            self.notify(
                f"No entry {entry_id!r}. Closest: {closest}", severity="warning", markup=False
            )
            return
        viewer = self.get_screen("entry")
        viewer.visit(entry_id, return_mode=self.current_mode)
        await self.switch_mode("entry")

    # -- a phone's layout, before a screen is laid out ---------------------------------

    def switch_mode(self, mode: str) -> AwaitComplete:
        """Show a screen, in the phone layout at once when the app is narrow.

        Textual sets a screen's breakpoint class only when that screen is resized, after
        laying it out at the new size: a screen shown for the first time (or again, after
        the terminal narrowed while it was hidden) is laid out once in the wide layout.
        At a phone's width that squeezes a pane to no width, and a list at width 0 ends
        the session (Textual's OptionList cannot wrap in 0 columns): the tap on its tab
        "did nothing". The wide layout is the stylesheet's default, and the narrow one
        does no harm at a wide size, so only the narrow class is set ahead of Textual.
        """
        self._narrow_first(self.get_screen(mode), self.size.width)
        return super().switch_mode(mode)

    def on_resize(self, event: events.Resize) -> None:
        """The same for a resize (a phone turned upright), before Textual lays the
        screens out at the new width."""
        for screen in self.screen_stack:
            self._narrow_first(screen, event.size.width)

    def _narrow_first(self, screen: Screen, width: int) -> None:
        (_, narrow), (wide_from, wide) = self.HORIZONTAL_BREAKPOINTS
        if width < wide_from:
            screen.set_class(True, narrow)
            screen.set_class(False, wide)

    # -- actions ------------------------------------------------------------------------

    async def action_go(self, mode: str) -> None:
        await self.switch_mode(mode)

    async def action_search(self) -> None:
        await self.switch_mode("ask")
        self.get_screen("ask").focus_question()

    def new_board(self) -> None:
        """The palette's "New board": the Judge, with its template picker open."""
        self.switch_mode("judge")
        self.call_after_refresh(lambda: self.screen.action_new_board())

    def action_help(self) -> None:
        from tui.dialogs.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_switch_game(self) -> None:
        """Move the game switch on; every screen that depends on it watches `game`."""
        choices = ("auto", *GAMES)
        self.game = choices[(choices.index(self.game) + 1) % len(choices)]
        name = "each question goes to its game" if self.game == "auto" else ruleset(self.game).title
        self.notify(f"Game: {name}", markup=False)

    def chart_game(self):
        """The ruleset whose turn the Round screen charts: the switch's game, or the
        default game while the switch is on auto."""
        return ruleset(DEFAULT_GAME if self.game == "auto" else self.game)

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"


def run_app() -> int:
    """Run the app in the terminal; the exit code for `loremaster` with no arguments."""
    app = LoremasterApp()
    app.run()
    return app.return_code or 0
