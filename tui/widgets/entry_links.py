"""An entry's links as a keyboard-reachable list: superseded by, see also, cards, related,
linked from."""

from __future__ import annotations

from textual.content import Content

from tui.widgets.labels import MUTED, entry_line
from tui.widgets.link_list import SEPARATOR, LinkList, Row, heading


class EntryLinks(LinkList):
    """Everything an entry links to and everything that links to it."""

    def show_entry(self, entry, data: dict) -> None:
        """`data` is `cli.show.describe(kb, entry)`: the same links `show` prints."""
        rows: list[Row] = []

        def section(title: str, refs: list[dict]) -> None:
            if refs:
                rows.append(heading(title))
                rows.extend((entry_line(ref["kind"], ref["title"]), ref["id"]) for ref in refs)
                rows.append(SEPARATOR)

        section("Superseded by", data.get("superseded", []))
        section("See also", data.get("see_also", []))
        if entry.cards:
            rows.append(heading("Cards"))
            rows.extend(
                (Content.assemble(("card  ", MUTED), (card, "bold")), f"card:{card}")
                for card in entry.cards
            )
            rows.append(SEPARATOR)
        section("Rulings and errata for its cards", data.get("related", []))
        section("Linked from", data.get("linked_from", []))
        if data.get("judge_uses"):
            rows.append(heading("The judge uses this rule when"))
            rows.extend((Content.styled(use, MUTED), None) for use in data["judge_uses"])
        if not rows:
            rows.append((Content.styled("No links.", MUTED), None))
        self.set_links(rows)
