"""Entry viewer: one entry as Markdown, its citation, its links, and browser-like history."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from judge.app.turn_chart import phase_name
from tui.history import History
from tui.messages import OpenLink
from tui.widgets.entry_links import EntryLinks
from tui.widgets.labels import ACTION_WINDOW, MUTED, entry_line, is_window_step
from tui.widgets.nav_bar import NavBar
from tui.widgets.official_wording import OfficialWording

EMPTY = "No entry open yet. Ask a question (F2), or press ctrl+p and type an entry's name."


class EntryScreen(Screen):
    """Shows the entry the router sends it; back and forward walk its history."""

    SUB_TITLE = "Entry"
    AUTO_FOCUS = "#entry-links"
    BINDINGS = [
        Binding(
            "b,alt+left,backspace",
            "back",
            "Back",
            id="entry.back",
            tooltip="The previous entry (from the first one, the screen you came from).",
        ),
        Binding(
            "f,alt+right",
            "forward",
            "Forward",
            id="entry.forward",
            tooltip="The next entry in the history, after going back.",
        ),
        Binding(
            "escape",
            "close",
            "Close",
            id="entry.close",
            tooltip="Return to the screen that opened the first entry.",
        ),
        Binding(
            "o",
            "side_by_side",
            "Side by side",
            id="entry.side_by_side",
            tooltip="Show the imported official wording beside our text, or below it.",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.history = History()
        self.return_mode = "ask"

    def compose(self) -> ComposeResult:
        yield NavBar("entry")
        yield Static(Content.styled(EMPTY, MUTED), id="entry-heading")
        yield Static(id="entry-citation")
        with Horizontal(id="entry-main"):
            with VerticalScroll(id="entry-body"):
                yield Markdown(open_links=False, id="entry-markdown")
                yield OfficialWording(id="entry-official-below")
            with VerticalScroll(id="entry-official-pane"):
                yield OfficialWording(id="entry-official-beside")
            yield EntryLinks(id="entry-links")
        yield Footer()

    def on_mount(self) -> None:
        if self.history.current:
            self._show(self.history.current)

    @property
    def entry_id(self) -> str | None:
        return self.history.current

    def visit(self, entry_id: str, return_mode: str | None = None) -> None:
        """Open an entry, adding it to the history."""
        if return_mode and return_mode != "entry":
            self.return_mode = return_mode
        self.history.visit(entry_id)
        if self.is_mounted:
            self._show(entry_id)

    def _show(self, entry_id: str) -> None:
        from judge.app.describe import describe

        kb = self.app.library.kb
        entry = kb.get(entry_id)
        if entry is None:
            return
        data = describe(kb, entry)
        self.query_one("#entry-heading", Static).update(_heading(entry))
        from judge.games import ruleset

        citations = Content.assemble(
            ("Cited as: ", "bold"),
            "; ".join(data["citations"]),
            ("  ·  ", MUTED),
            (ruleset(entry.game).title, MUTED),
        )
        self.query_one("#entry-citation", Static).update(citations)
        self.query_one("#entry-markdown", Markdown).update(entry.body)
        self.query_one("#entry-body", VerticalScroll).scroll_home(animate=False)
        self.query_one(EntryLinks).show_entry(entry, data)
        for wording in self.query(OfficialWording):
            wording.show(data["official"])
        self._place_official(bool(data["official"]))

    def _place_official(self, has_wording: bool) -> None:
        """Below our text, or beside it in its own pane when side by side is on."""
        beside = has_wording and self.has_class("-side-by-side")
        self.query_one("#entry-official-pane").display = beside
        self.query_one("#entry-official-below").display = has_wording and not beside

    def action_side_by_side(self) -> None:
        entry = self.app.library.kb.get(self.entry_id or "")
        self.toggle_class("-side-by-side")
        has_wording = bool(self.query_one("#entry-official-beside", OfficialWording).display)
        if entry is None or not has_wording:
            self.notify(
                "No official wording for this entry: import your copy of the document with "
                "`loremaster import FILE`.",
                markup=False,
            )
        self._place_official(has_wording)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        self.post_message(OpenLink(event.href))

    def action_back(self) -> None:
        previous = self.history.back()
        if previous:
            self._show(previous)
        else:
            self.app.switch_mode(self.return_mode)

    def action_forward(self) -> None:
        following = self.history.forward()
        if following:
            self._show(following)

    def action_close(self) -> None:
        self.app.switch_mode(self.return_mode)


def _heading(entry) -> Content:
    lines = [entry_line(entry.listed_kind, entry.title, entry.id)]
    if entry.kind == "step":
        if entry.action_window:
            window = (
                f"{ACTION_WINDOW} follows: players may act once it resolves",
                "bold $text-warning",
            )
        elif is_window_step(entry.title):
            window = ("⚡ this step is itself an action window", "bold $text-warning")
        else:
            window = ("no action window follows this step", MUTED)
        lines.append(
            Content.assemble(f"Step {entry.number} · {phase_name(entry.phase)} · ", window)
        )
    return Content("\n").join(lines)
