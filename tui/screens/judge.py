"""Judge: check a board-state YAML file, see what is illegal and what happens next."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from tui import checks
from tui.widgets.check_panel import CheckPanel
from tui.widgets.nav_bar import NavBar


class JudgeScreen(Screen):
    """A board file's findings, grouped by severity, each citing the rule it applies."""

    SUB_TITLE = "Judge"
    AUTO_FOCUS = "CheckPanel Input"
    BINDINGS = [
        Binding(
            "r",
            "recheck",
            "Re-check",
            id="judge.recheck",
            tooltip="Check the same file again after editing it.",
        ),
        Binding(
            "ctrl+o",
            "browse",
            "Open file",
            id="judge.open",
            tooltip="Pick a board-state YAML file to check.",
        ),
    ]

    def compose(self) -> ComposeResult:
        yield NavBar("judge")
        yield CheckPanel(
            lambda path: checks.check_board(path), what="board-state", id="judge-panel"
        )
        yield Footer()

    def check(self, path: str) -> None:
        self.query_one(CheckPanel).check(path)

    def action_recheck(self) -> None:
        if not self.query_one(CheckPanel).recheck():
            self.notify("Open a board file first (ctrl+o).", severity="warning", markup=False)

    def action_browse(self) -> None:
        self.query_one(CheckPanel).browse()
