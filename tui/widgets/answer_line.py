"""The answer line on top of Ask's hits: the sentence that states the rule, and its source.

A player reads the answer and expects to open it where it stands, so a click (a tap, in
a phone's browser) opens its entry; Enter on the first hit opens the same one.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import Static

from tui.messages import OpenLink
from tui.widgets.labels import MUTED


class AnswerLine(Static):
    """The best entry's answering sentence (hidden when there is none); a click opens it."""

    DEFAULT_CSS = """
    AnswerLine:hover {
        background: $boost;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entry_id: str | None = None

    def show(self, answer) -> None:
        """Show an `Answer` (text, id, citation), or hide the line for None."""
        self.entry_id = None if answer is None else answer.id
        self.display = answer is not None
        if answer is not None:
            self.update(
                Content.assemble(
                    ("Answer: ", "bold $text-success"),
                    answer.text,
                    "\n",
                    (f"{answer.citation}  [{answer.id}]", MUTED),
                )
            )

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.entry_id:
            self.post_message(OpenLink(self.entry_id))
