"""Errata: a card's errata and every ruling and Q&A that names it, typos forgiven."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Markdown, Static

from tui.widgets.labels import MUTED, entry_line
from tui.widgets.link_list import LinkList, Row
from tui.widgets.nav_bar import NavBar

DEBOUNCE = 0.15
HINT = "Type a card's name; typos and missing accents are fine. Enter moves to the list."


class ErrataScreen(Screen):
    """Look a card up; pick among close names; read its errata and rulings."""

    SUB_TITLE = "Errata"
    AUTO_FOCUS = "#card"
    BINDINGS = [
        Binding(
            "down",
            "browse",
            "List",
            show=False,
            id="errata.browse",
            tooltip="Move from the card name to the list of cards or rulings.",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._timer: Timer | None = None
        self.card: str | None = None

    def compose(self) -> ComposeResult:
        yield NavBar("errata")
        yield Input(placeholder="Card name, e.g. beravor", id="card")
        yield Static(Content.styled(HINT, MUTED), id="errata-status")
        with Horizontal(id="errata-main"):
            yield LinkList(id="errata-list")
            with VerticalScroll(id="errata-preview"):
                yield Static(id="errata-heading")
                yield Markdown(open_links=False, id="errata-markdown")
        yield Footer()

    def look_up(self, name: str) -> None:
        """Show the card a name means, or the cards it might mean."""
        box = self.query_one("#card", Input)
        if box.value != name:
            with box.prevent(Input.Changed):
                box.value = name
        self._look_up(name)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if self._timer is not None:
            self._timer.stop()
        name = event.value
        self._timer = self.set_timer(DEBOUNCE, lambda: self._look_up(name))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self._timer is not None:
            self._timer.stop()
        self._look_up(event.value)
        links = self.query_one("#errata-list", LinkList)
        if links.links:
            links.focus()

    def _look_up(self, name: str) -> None:
        from judge.kb.card_lookup import find_card

        self._timer = None
        name = name.strip()
        links = self.query_one("#errata-list", LinkList)
        if not name:
            self.card = None
            self._status(Content.styled(HINT, MUTED))
            links.set_links([])
            self._preview(None)
            return
        kb = self.app.library.kb
        match = find_card(name, kb.card_titles)
        if match.title is None:
            self.card = None
            self._show_candidates(name, match.candidates)
            return
        self.card = match.title
        entries = kb.entries_for_card(match.title)
        errata = sum(1 for e in entries if e.kind == "errata")
        others = len(entries) - errata
        summary = [(match.title, "bold")]
        if match.title.lower() != name.lower():
            summary.append((f"  (for {name!r})", MUTED))
        summary.append(
            f"  ·  {errata} errata, {others} rulings and Q&A"
            if errata
            else f"  ·  no errata; {others} rulings and Q&A name it"
        )
        self._status(Content.assemble(*summary))
        rows: list[Row] = [
            (
                Content("\n").join(
                    [entry_line(e.listed_kind, e.title), Content.styled(str(e.citation), MUTED)]
                ),
                e.id,
            )
            for e in entries
        ]
        links.set_links(rows)
        self._preview(links.current)

    def _show_candidates(self, name: str, candidates: tuple[tuple[str, float], ...]) -> None:
        """Close matches to pick from, or, when nothing is close, the nearest guesses."""
        from judge.kb.card_lookup import CLOSE

        links = self.query_one("#errata-list", LinkList)
        if candidates and candidates[0][1] >= CLOSE:
            words = ("Several cards could be meant by ", ": pick one.")
        elif candidates:
            words = ("No card matches ", ". Did you mean one of these?")
        else:
            words = ("No card matches ", ".")
        self._status(
            Content.assemble(
                (words[0], "$text-warning"), (repr(name), "bold"), (words[1], "$text-warning")
            )
        )
        links.set_links(
            [(Content.styled(title, "bold"), f"card:{title}") for title, _ in candidates]
        )
        self._preview(None)

    def on_link_list_link_highlighted(self, message: LinkList.LinkHighlighted) -> None:
        self._preview(message.href)

    def _preview(self, href: str | None) -> None:
        heading = self.query_one("#errata-heading", Static)
        markdown = self.query_one("#errata-markdown", Markdown)
        entry = self.app.library.kb.get(href) if href and not href.startswith("card:") else None
        if entry is None:
            heading.update("")
            markdown.update("")
            return
        heading.update(
            Content("\n").join(
                [
                    entry_line(entry.listed_kind, entry.title, entry.id),
                    Content.styled("; ".join(map(str, entry.citations)), f"italic {MUTED}"),
                ]
            )
        )
        markdown.update(entry.body)

    def _status(self, content: Content) -> None:
        self.query_one("#errata-status", Static).update(content)

    def action_browse(self) -> None:
        links = self.query_one("#errata-list", LinkList)
        if links.option_count:
            links.focus()
