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

    def on_mount(self) -> None:
        self.watch(self.app, "game", lambda _game: self.refresh(), init=False)

    def render(self) -> Content:
        width = self.size.width
        # Widest first: keys with padding, keys without padding (80 columns), each with
        # the game switch and then without it (the footer still offers ^G), then names
        # only, which may wrap (a phone).
        for game in (True, False):
            for pad in (" ", ""):
                bar = self._bar(with_keys=True, pad=pad, game=game)
                if not width or bar.cell_length <= width:
                    return bar
        return self._bar(with_keys=False, pad="\u00a0", game=True)

    def _bar(self, with_keys: bool, pad: str, game: bool) -> Content:
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
        if game:
            parts += [Content(" "), self._game_switch(with_keys, pad, space)]
        return Content.assemble(*parts)

    def _game_switch(self, with_keys: bool, pad: str, space: str) -> Content:
        """Which game's rules answer; a click moves the switch on."""
        game = self.app.game
        label = f"Game:{space}{'auto' if game == 'auto' else game.upper()}"
        if with_keys:
            label = f"^G{space}{label}"
        switch = Content.from_markup(f"[@click=app.switch_game]{pad}{label}{pad}[/]")
        return switch.stylize("$text-warning")
