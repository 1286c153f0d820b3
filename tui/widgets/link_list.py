"""A focusable list of links: the keyboard path to everything a screen can open.

Markdown links cannot be reached with Tab (textual#3554), so every screen lists what it
links to in one of these. Options are paired with an href; headings are disabled
options with no href.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.content import Content
from textual.message import Message
from textual.visual import VisualType
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.messages import OpenLink

#: one row: what to show and where it leads (None: a heading or plain note)
Row = tuple[VisualType, str | None]
SEPARATOR: Row = (None, None)


class LinkList(OptionList):
    """Options that are links. Enter or a click posts `OpenLink`; moving posts `LinkHighlighted`."""

    class LinkHighlighted(Message):
        """The cursor rests on a link (screens show a preview)."""

        def __init__(self, link_list: LinkList, href: str | None) -> None:
            super().__init__()
            self.link_list = link_list
            self.href = href

        @property
        def control(self) -> LinkList:
            return self.link_list

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._targets: list[str | None] = []

    def set_links(self, rows: Iterable[Row], highlight_first: bool = True) -> None:
        """Replace the options; `(None, None)` rows draw a separator line."""
        options: list[Option | None] = []
        self._targets = []
        for prompt, href in rows:
            if prompt is None:
                if options and options[-1] is not None:
                    options.append(None)
                continue
            options.append(Option(prompt, disabled=href is None))
            self._targets.append(href)
        self.set_options(options)
        if highlight_first:
            first = next((i for i, href in enumerate(self._targets) if href), None)
            self.highlighted = first

    @property
    def links(self) -> list[str]:
        """Every href listed, in order."""
        return [href for href in self._targets if href]

    def highlight_link(self, href: str) -> bool:
        """Move the cursor to a link; False if it is not listed."""
        if href not in self._targets:
            return False
        self.highlighted = self._targets.index(href)
        return True

    @property
    def current(self) -> str | None:
        """The href under the cursor."""
        if self.highlighted is None or self.highlighted >= len(self._targets):
            return None
        return self._targets[self.highlighted]

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        href = (
            self._targets[event.option_index] if event.option_index < len(self._targets) else None
        )
        if href:
            self.post_message(OpenLink(href))

    def _on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.LinkHighlighted(self, self.current))


def heading(text: str) -> Row:
    """A section heading inside a link list."""
    return Content.styled(text, "bold underline"), None
