"""F1: every key the app and the current screen answer to, from their bindings."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

ABOUT = (
    "Loremaster answers rules questions for The Lord of the Rings: The Card Game and the "
    "Lord of the Rings Trading Card Game (ctrl+g chooses the game), and judges board "
    "states, citing the Rules Reference, the FAQ and its errata, the Quest Companion, the "
    "rules summary and the TCG Starter Rulebook, in our own words. Cards (F4) "
    "browses every card by type, sphere, pack and encounter set, with each version's "
    "facts, errata, rulings and the rules it touches."
)


class HelpScreen(ModalScreen[None]):
    """Lists keys with what they do; built from the bindings, so it never goes stale."""

    BINDINGS = [
        Binding("escape,f1", "close", "Close", id="help.close", tooltip="Close the help."),
    ]

    def __init__(self, under: Screen) -> None:
        super().__init__()
        self._under = under

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Content.styled("Loremaster: keys", "bold"), id="help-title")
            yield Static(Content(ABOUT), id="help-about")
            yield Static(self._keys(), id="help-keys")
            yield Static(
                Content.styled("Escape or F1 closes this help.", "$text-muted"), id="help-close"
            )

    def _keys(self) -> Content:
        lines: list[Content] = []
        sections = (
            ("Everywhere", self.app.BINDINGS),
            (
                f"This screen ({self._under.sub_title or 'screen'})",
                getattr(self._under, "BINDINGS", []),
            ),
        )
        for title, bindings in sections:
            bindings = [b for b in bindings if isinstance(b, Binding) and b.id]
            if not bindings:
                continue
            lines.append(Content.styled(title, "bold underline"))
            for binding in bindings:
                keys = ", ".join(
                    self.app.get_key_display(binding.with_key(k)) for k in binding.key.split(",")
                )
                lines.append(
                    Content.assemble(
                        (f"{keys:<18}", "bold $text-accent"),
                        (f"{binding.description:<11}", "bold"),
                        " ",
                        (binding.tooltip, "$text-muted"),
                    )
                )
            lines.append(Content(""))
        lines.append(Content.styled("Lists and trees", "bold underline"))
        for keys, what in (
            ("Tab, shift+Tab", "move between the parts of a screen"),
            ("↑ ↓, Enter", "move in a list and open the link under the cursor"),
            ("ctrl+p", "command palette: jump to any entry, card, step or screen"),
        ):
            lines.append(Content.assemble((f"{keys:<18}", "bold $text-accent"), what))
        return Content("\n").join(lines)

    def action_close(self) -> None:
        self.dismiss(None)
