"""The top line: the app's name and every screen with its key; the current one lit.

It is also how a phone gets around (a browser on a phone has no F-keys): every screen's
name is a click target, and when the bar is too narrow for the keys it drops them and
wraps onto a second line rather than cutting screens off.
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from tui.screens import SCREENS

BRAND = Content.styled(" Loremaster ", "bold $text-accent")


class NavBar(Widget):
    """Click a screen's name, or press its key, to go there."""

    DEFAULT_CSS = """
    NavBar {
        height: auto;
        background: $panel;
        color: $foreground;
    }
    """

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def render(self) -> Content:
        full = self._bar(with_keys=True)
        if self.size.width and full.cell_length > self.size.width:
            return self._bar(with_keys=False)
        return full

    def _bar(self, with_keys: bool) -> Content:
        # Without keys the bar may wrap: a no-break space inside each item keeps a line
        # break from splitting one.
        space = " " if with_keys else "\u00a0"
        parts: list[Content] = [BRAND]
        for screen in SCREENS:
            label = f"{screen.key.upper()} {screen.name}" if with_keys else screen.name
            label = label.replace(" ", space)
            # Our own constant names, so markup is safe here: it carries the click action.
            item = Content.from_markup(f"[@click=app.go('{screen.mode}')]{space}{label}{space}[/]")
            if screen.mode == self.current:
                item = item.stylize("bold reverse")
            parts += [Content(" "), item]
        return Content.assemble(*parts)
