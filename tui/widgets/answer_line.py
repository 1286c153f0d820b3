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

    def show(self, answer, candidates=()) -> None:
        """Show an `Answer` (text, id, citation); with none, the candidates' lines under
        "Rules that may decide this" (a click opens the first); with neither, hide."""
        shown = answer or (candidates[0] if candidates else None)
        self.entry_id = None if shown is None else shown.id
        self.display = shown is not None
        if answer is not None:
            self.update(
                Content.assemble(
                    ("Answer: ", "bold $text-success"),
                    answer.text,
                    "\n",
                    (f"{answer.citation}  [{answer.id}]", MUTED),
                )
            )
        elif candidates:
            parts: list = [
                ("No confident answer. Rules that may decide this:", "bold $text-warning")
            ]
            for line in candidates:
                parts += ["\n• ", line.text, "\n  ", (f"{line.citation}  [{line.id}]", MUTED)]
            self.update(Content.assemble(*parts))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.entry_id:
            self.post_message(OpenLink(self.entry_id))
