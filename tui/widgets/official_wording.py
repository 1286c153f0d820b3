"""The printed wording of the player's imported documents, words that matter marked."""

from __future__ import annotations

import re

from textual.content import Content
from textual.widgets import Static

from tui.widgets.labels import MUTED

_WORD = re.compile(r"[A-Za-z']+|[^A-Za-z']+")
MARK = "bold underline $text-warning"


def official_content(wordings: list[dict]) -> Content:
    """Each imported document's wording under its citation; a word our text and the
    printed text disagree on (`judge.kb.importer.compare`) is marked."""
    blocks = []
    for printed in wordings:
        marked = {d["word"] for d in printed["differences"] if d["in_official"]}
        missing = [d["word"] for d in printed["differences"] if d["in_ours"]]
        parts: list = [(f"Official wording · {printed['citation']}\n", "bold")]
        for piece in _WORD.findall(printed["text"]):
            parts.append((piece, MARK) if piece.casefold() in marked else piece)
        if marked or missing:
            parts.append(("\nDiffers from our text: ", MUTED))
            parts.append((", ".join(sorted(marked)) or "-", MARK))
            if missing:
                parts.append((f"; only ours: {', '.join(missing)}", MUTED))
        blocks.append(Content.assemble(*parts))
    return Content("\n\n").join(blocks)


class OfficialWording(Static):
    """Hidden until the entry has imported wording (`loremaster import`)."""

    DEFAULT_CSS = """
    OfficialWording {
        display: none;
        height: auto;
    }
    """

    def show(self, wordings: list[dict]) -> None:
        self.display = bool(wordings)
        self.update(official_content(wordings) if wordings else "")
