"""Messages that widgets post upward; the app routes links, screens handle the rest."""

from __future__ import annotations

from textual.message import Message


class OpenLink(Message):
    """Follow a link: an entry id (`rr/step-3.3`), `card:Title`, `#anchor` or a URL.

    Every widget that shows a link posts this; the app's router decides where it goes.
    """

    def __init__(self, href: str) -> None:
        super().__init__()
        self.href = href
