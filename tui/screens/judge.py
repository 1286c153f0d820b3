"""Judge: check a board-state YAML file, see what is illegal and what happens next."""

from __future__ import annotations

from pathlib import Path

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
    # The path box has focus until a file is checked; then the report takes it, so that
    # `r` re-checks instead of typing into the box.
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
        # a control key, not "n": the path box has the focus and would take a letter
        Binding(
            "ctrl+n",
            "new_board",
            "New board",
            id="judge.new",
            tooltip="Start a board from a template for a phase or combat step.",
            priority=True,
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

    def action_new_board(self) -> None:
        from tui.dialogs.template_picker import TemplatePicker

        self.app.push_screen(TemplatePicker(), self._write_template)

    def _write_template(self, name: str | None) -> None:
        """Copy the chosen example into a new file in the current folder and check it."""
        if name is None:
            return
        from judge.base.paths import examples_root

        target = _free_path(Path.cwd(), f"board-{name}")
        try:
            target.write_text(
                (examples_root() / "boards" / f"{name}.yaml").read_text(encoding="utf-8"),
                encoding="utf-8",
            )
        except OSError as exc:
            self.notify(f"Could not write {target}: {exc.strerror}", severity="error", markup=False)
            return
        self.notify(f"Wrote {target.name}: edit it, then press r to re-check.", markup=False)
        self.check(str(target))


def _free_path(folder: Path, stem: str) -> Path:
    """`board-combat.yaml`, or `board-combat-2.yaml` when that exists: never overwrite."""
    candidate, number = folder / f"{stem}.yaml", 2
    while candidate.exists():
        candidate, number = folder / f"{stem}-{number}.yaml", number + 1
    return candidate
