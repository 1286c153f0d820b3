"""Pick a YAML file: browse folders or type a path."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, DirectoryTree, Input, Static

YAML_SUFFIXES = (".yaml", ".yml")


class YamlTree(DirectoryTree):
    """Folders and YAML files only; hidden ones left out."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [
            path
            for path in paths
            if not path.name.startswith(".")
            and (path.is_dir() or path.suffix.lower() in YAML_SUFFIXES)
        ]


class FilePicker(ModalScreen[str | None]):
    """Returns the chosen path, or None when cancelled."""

    BINDINGS = [
        Binding(
            "escape",
            "cancel",
            "Cancel",
            id="picker.cancel",
            tooltip="Close without choosing a file.",
        ),
    ]

    def __init__(self, title: str, start: Path | None = None) -> None:
        super().__init__()
        self._title = title
        self._start = start if start and start.is_dir() else Path.cwd()

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(Content.styled(self._title, "bold"), id="picker-title")
            yield YamlTree(self._start, id="picker-tree")
            yield Input(placeholder="…or type a path and press Enter", id="picker-path")
            with Horizontal(id="picker-buttons"):
                yield Button("Open", variant="primary", id="picker-open", compact=True)
                yield Button("Cancel", id="picker-cancel", compact=True)

    def on_directory_tree_file_selected(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self.dismiss(str(event.path))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.dismiss(event.value.strip())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "picker-cancel":
            self.dismiss(None)
            return
        typed = self.query_one("#picker-path", Input).value.strip()
        node = self.query_one(YamlTree).cursor_node
        if typed:
            self.dismiss(typed)
        elif node is not None and node.data is not None and node.data.path.is_file():
            self.dismiss(str(node.data.path))

    def action_cancel(self) -> None:
        self.dismiss(None)
