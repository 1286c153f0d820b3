"""Search hits: kind badge, title, citation and the snippet with the question's words lit."""

from __future__ import annotations

from collections.abc import Sequence

from tui.widgets.labels import hit_prompt
from tui.widgets.link_list import SEPARATOR, LinkList, Row


class SearchResults(LinkList):
    """The answers to a question, best first; Enter or a click opens one."""

    def show_hits(self, hits: Sequence) -> None:
        rows: list[Row] = []
        for hit in hits:
            rows += [(hit_prompt(hit), hit.id), SEPARATOR]
        self.set_links(rows)
