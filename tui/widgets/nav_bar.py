"""The top line: the app's name and every screen with its key; the current one lit."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from tui.screens import SCREENS


class NavBar(Widget):
    """Click a screen's name, or press its key, to go there."""

    DEFAULT_CSS = """
    NavBar {
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def render(self) -> Content:
        full = self._line(pad=" ")
        # too narrow for every screen with padding (80 columns): drop the padding
        return full if full.cell_length <= self.size.width else self._line(pad="")

    def _line(self, pad: str) -> Content:
        parts: list[Content] = [Content.styled(f"{pad}Loremaster{pad}", "bold $text-accent")]
        for screen in SCREENS:
            # Our own constant names, so markup is safe here: it carries the click action.
            item = Content.from_markup(
                f"[@click=app.go('{screen.mode}')]{pad}{screen.key.upper()} {screen.name}{pad}[/]"
            )
            if screen.mode == self.current:
                item = item.stylize("bold reverse")
            parts += [Content(" "), item]
        return Content.assemble(*parts)
