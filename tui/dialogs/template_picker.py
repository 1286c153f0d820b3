"""Pick a starting board: one example per phase and combat step, from `examples/boards/`."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


def templates() -> dict[str, str]:
    """Example name -> its first comment line (what the board shows)."""
    from judge.base.paths import examples_root

    found = {}
    for path in sorted((examples_root() / "boards").glob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        found[path.stem] = first.lstrip("# ").strip()
    return found


class TemplatePicker(ModalScreen[str | None]):
    """Returns the chosen example's name, or None when cancelled."""

    BINDINGS = [
        Binding(
            "escape",
            "cancel",
            "Cancel",
            id="template.cancel",
            tooltip="Close without writing a new board.",
        ),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="template-picker"):
            yield Static(
                Content.styled("New board from a template (written to the current folder)", "bold"),
                id="picker-title",
            )
            yield OptionList(
                *(
                    Option(Content.assemble((name, "bold"), "  ", summary), id=name)
                    for name, summary in templates().items()
                ),
                id="template-list",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
