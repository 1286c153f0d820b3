"""Campaign: the campaign rules as an outline, and a campaign log's check and checklists."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

from tui import checks
from tui.widgets.check_panel import CheckPanel
from tui.widgets.labels import MUTED, entry_line
from tui.widgets.link_list import LinkList
from tui.widgets.nav_bar import NavBar

OVERVIEW = "rr/campaign/campaign-mode"


class CampaignScreen(Screen):
    """Appendix III in reading order beside the text of the highlighted section; a log checker."""

    SUB_TITLE = "Campaign"
    AUTO_FOCUS = "#campaign-outline"
    BINDINGS = [
        Binding(
            "r",
            "recheck",
            "Re-check",
            id="campaign.recheck",
            tooltip="Check the campaign log again.",
        ),
        Binding(
            "ctrl+o",
            "browse",
            "Open log",
            id="campaign.open",
            tooltip="Pick a campaign log YAML file.",
        ),
        Binding(
            "ctrl+l",
            "switch_tab",
            "Rules/Log",
            id="campaign.tab",
            tooltip="Switch between the campaign rules and the campaign log checker.",
        ),
    ]

    def compose(self) -> ComposeResult:
        yield NavBar("campaign")
        with TabbedContent(initial="rules", id="campaign-tabs"):
            with TabPane("Rules", id="rules"), Horizontal(id="campaign-main"):
                yield LinkList(id="campaign-outline")
                with VerticalScroll(id="campaign-preview"):
                    yield Static(id="campaign-heading")
                    yield Markdown(open_links=False, id="campaign-markdown")
            with TabPane("Campaign log", id="log"):
                yield CheckPanel(
                    lambda path: checks.check_campaign(path),
                    what="campaign log",
                    checklists=True,
                    id="campaign-panel",
                )
        yield Footer()

    def on_mount(self) -> None:
        rows = [
            (Content.styled("   " * depth + entry.title, "bold" if depth == 0 else ""), entry.id)
            for depth, entry in campaign_outline(self.app.library.kb)
        ]
        self.query_one("#campaign-outline", LinkList).set_links(rows)

    def on_link_list_link_highlighted(self, message: LinkList.LinkHighlighted) -> None:
        if message.link_list.id != "campaign-outline":
            return  # the log's report lists citations too; only the outline previews
        entry = self.app.library.kb.get(message.href) if message.href else None
        if entry is None:
            return
        self.query_one("#campaign-heading", Static).update(
            Content("\n").join(
                [
                    entry_line(entry.listed_kind, entry.title, entry.id),
                    Content.styled(str(entry.citation), f"italic {MUTED}"),
                ]
            )
        )
        self.query_one("#campaign-markdown", Markdown).update(entry.body)

    def check(self, path: str) -> None:
        """Check a campaign log (shown in the log tab)."""
        self.action_show_tab("log")
        self.query_one(CheckPanel).check(path)

    def action_show_tab(self, tab: str) -> None:
        # Focus follows: a focused widget in the hidden tab would bring its tab back.
        self.query_one(TabbedContent).active = tab
        target = "CheckPanel Input" if tab == "log" else "#campaign-outline"
        self.query_one(target).focus()

    def action_switch_tab(self) -> None:
        self.action_show_tab("log" if self.query_one(TabbedContent).active == "rules" else "rules")

    def action_recheck(self) -> None:
        if not self.query_one(CheckPanel).recheck():
            self.notify("Open a campaign log first (ctrl+o).", severity="warning", markup=False)

    def action_browse(self) -> None:
        self.action_show_tab("log")
        self.query_one(CheckPanel).browse()


def campaign_outline(kb) -> list[tuple[int, object]]:
    """Appendix III as an outline: Campaign Mode, then what it links to, then theirs.

    The Rules Reference sections nest by their own see-also lists, so a new section
    appears where the sections that mention it put it; sections nothing links to go last.
    Quest Companion pages never take children: each sits under the section its heading
    names ("The Fellowship of Heroes"), else under the first section that links to it.
    """
    campaign = {e.id: e for e in kb.entries if e.kind == "campaign"}
    companion = sorted(
        (i for i, e in campaign.items() if e.citation.source == "qc"),
        key=lambda i: campaign[i].title,
    )
    sections = {i: e for i, e in campaign.items() if i not in companion}
    children: dict[str, list[str]] = {i: [] for i in campaign}
    placed: set[str] = set()

    def claim(parent: str) -> None:
        found = [i for i in sections[parent].see_also if i in sections and i not in placed]
        placed.update(found)  # claim them all first: a section sits under the first that names it
        children[parent] += found
        for child in found:
            claim(child)

    roots = [OVERVIEW] if OVERVIEW in sections else []
    roots += sorted((i for i in sections if i != OVERVIEW), key=lambda i: sections[i].title)
    kept = []
    for root in roots:
        if root not in placed:
            placed.add(root)
            claim(root)
            kept.append(root)
    roots = kept
    in_order = _depth_first(roots, children)
    by_title = {_heading_key(e.title): i for i, e in sections.items()}
    for page in companion:
        parent = by_title.get(_heading_key(campaign[page].section)) or next(
            (i for _, i in in_order if page in sections[i].see_also), None
        )
        (children[parent] if parent else roots).append(page)
    return [(depth, campaign[i]) for depth, i in _depth_first(roots, children)]


def _heading_key(heading: str) -> str:
    return heading.casefold().removeprefix("the ").strip()


def _depth_first(roots: list[str], children: dict[str, list[str]]) -> list[tuple[int, str]]:
    order: list[tuple[int, str]] = []

    def visit(node: str, depth: int) -> None:
        order.append((depth, node))
        for child in children[node]:
            visit(child, depth + 1)

    for root in roots:
        visit(root, 0)
    return order
