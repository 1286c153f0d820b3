"""The top line: the app's name and every screen with its key; the current one lit.

It is also how a phone gets around (a browser on a phone has no F-keys): every screen's
name is a click target, and when the bar is too narrow for the keys it drops them and
wraps onto a second line rather than cutting screens off.
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from tui.screens import SCREENS


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
        width = self.size.width
        # Widest first: keys with padding, keys without padding (80 columns), then
        # names only, which may wrap (a phone).
        for bar in (self._bar(with_keys=True, pad=" "), self._bar(with_keys=True, pad="")):
            if not width or bar.cell_length <= width:
                return bar
        return self._bar(with_keys=False, pad="\u00a0")

    def _bar(self, with_keys: bool, pad: str) -> Content:
        # Without keys the bar may wrap: a no-break space inside each item keeps a line
        # break from splitting one.
        space = " " if with_keys else "\u00a0"
        parts: list[Content] = [Content.styled(f"{pad}Loremaster{pad}", "bold $text-accent")]
        for screen in SCREENS:
            label = f"{screen.key.upper()} {screen.name}" if with_keys else screen.name
            label = label.replace(" ", space)
            # Our own constant names, so markup is safe here: it carries the click action.
            item = Content.from_markup(f"[@click=app.go('{screen.mode}')]{pad}{label}{pad}[/]")
            if screen.mode == self.current:
                item = item.stylize("bold reverse")
            parts += [Content(" "), item]
        return Content.assemble(*parts)
