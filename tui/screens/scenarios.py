"""Scenarios: every Quest Companion scenario by cycle, and its Easy Mode checklist.

At the table the question is usually about the scenario on it: pick it from the list
(or type part of its name), tick off the Easy Mode removals while sorting the
encounter deck, and follow its keyword, ruling and related-quest links.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, SelectionList, Static
from textual.widgets.selection_list import Selection

from tui.messages import OpenLink
from tui.widgets.labels import MUTED, entry_line
from tui.widgets.link_list import SEPARATOR, LinkList, Row
from tui.widgets.nav_bar import NavBar

HINT = "Type part of a scenario's name; Enter moves to the list. Space ticks a card."


class ScenariosScreen(Screen):
    """Scenarios listed by cycle; the chosen one's page and Easy Mode checklist."""

    SUB_TITLE = "Scenarios"
    AUTO_FOCUS = "#scenario-filter"

    def __init__(self) -> None:
        super().__init__()
        self.scenario = None  # the judge.kb.scenario_pages.Scenario on show

    def compose(self) -> ComposeResult:
        yield NavBar("scenarios")
        yield Input(placeholder="Scenario name, e.g. journey down the anduin", id="scenario-filter")
        yield Static(Content.styled(HINT, MUTED), id="scenario-status")
        with Horizontal(id="scenarios-main"):
            yield LinkList(id="scenario-list")
            with VerticalScroll(id="scenario-page"):
                yield Static(id="scenario-heading")
                yield SelectionList[str](id="scenario-easy")
                yield LinkList(id="scenario-links")
                yield Static(id="scenario-cards")
        yield Footer()

    def on_mount(self) -> None:
        self._list("")

    def _scenarios(self):
        from judge.kb.scenario_pages import scenarios

        return scenarios(self.app.library.kb)

    def _list(self, text: str) -> None:
        """The scenarios whose title contains every word typed, grouped by cycle in the
        order the Quest Companion prints them; a typo falls back to the fuzzy match."""
        from judge.base.slug import slugify

        words = slugify(text).split("-") if text.strip() else []
        found = [s for s in self._scenarios() if all(w in slugify(s.title) for w in words)]
        if not found and words:
            from judge.kb.scenario_pages import find_scenario

            match = find_scenario(text, self.app.library.kb)
            titles = {t for t, _ in match.candidates}
            found = [s for s in self._scenarios() if s.title in titles]
        rows: list[Row] = []
        for group in dict.fromkeys(s.group for s in found):
            rows += [SEPARATOR, (Content.styled(group, "bold"), None)]
            rows += [(Content(f"  {s.title}"), s.id) for s in found if s.group == group]
        self.query_one("#scenario-list", LinkList).set_links(rows)
        count = f"{len(found)} scenario{'s' if len(found) != 1 else ''}"
        self._status(Content.styled(f"{count}. {HINT}", MUTED))
        if len(found) == 1 or (found and self.scenario not in found):
            self.show(found[0].id)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._list(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#scenario-list", LinkList).focus()

    def on_link_list_link_highlighted(self, message: LinkList.LinkHighlighted) -> None:
        if message.link_list.id == "scenario-list" and message.href:
            self.show(message.href)

    def on_open_link(self, message: OpenLink) -> None:
        """Enter on a scenario in the list moves to its checklist (the page is already
        shown); every other link goes on to the app's router."""
        if self.query_one("#scenario-list", LinkList).has_focus:
            message.stop()
            self.show(message.href)
            easy = self.query_one("#scenario-easy", SelectionList)
            (easy if easy.display else self.query_one("#scenario-links", LinkList)).focus()

    def show(self, scenario_id: str) -> None:
        """Show one scenario's page: facts, Easy Mode checklist, links."""
        from judge.kb.scenario_pages import Scenario

        kb = self.app.library.kb
        entry = kb.get(scenario_id)
        if entry is None or entry.kind != "scenario":
            return
        scenario = Scenario.from_entry(entry)
        if self.scenario == scenario:
            return
        self.scenario = scenario
        difficulty = scenario.difficulty if scenario.difficulty is not None else "not rated"
        product = scenario.product + (f" · {scenario.cycle}" if scenario.cycle else "")
        self.query_one("#scenario-heading", Static).update(
            Content("\n").join(
                [
                    entry_line(entry.listed_kind, entry.title, entry.id),
                    Content(f"{product} · official difficulty {difficulty}"),
                    Content.styled(scenario.citation, f"italic {MUTED}"),
                    Content(""),
                    Content.styled("Easy Mode", "bold"),
                    *(Content(f"• {note}") for note in scenario.easy_setup),
                    *self._easy_source(scenario),
                ]
            )
        )
        removals = self._removals(scenario)
        easy = self.query_one("#scenario-easy", SelectionList)
        easy.clear_options()
        easy.add_options(
            [
                Selection(f"{r.count}x {r.title}  ({name})", f"{name}/{r.title}")
                for name, cards in removals
                for r in cards
            ]
        )
        easy.display = bool(removals)
        easy.highlighted = 0 if removals else None
        self.query_one("#scenario-cards", Static).update(self._cards(scenario))
        rows: list[Row] = []
        for label, ids in (
            ("Keywords", scenario.keywords),
            ("Rulings and errata", scenario.rulings),
            ("Related quests", scenario.related),
        ):
            if ids:
                rows += [SEPARATOR, (Content.styled(label, "bold"), None)]
                rows += [
                    (entry_line(kb.by_id[i].listed_kind, kb.by_id[i].title), i)
                    for i in ids
                    if i in kb.by_id
                ]
        self.query_one("#scenario-links", LinkList).set_links(rows)

    @staticmethod
    def _removals(scenario):
        """The checklist: the page's removals, or where the page gives only the
        gold-border rule, the cards DragnCards' Easy deck leaves out."""
        return scenario.easy_checklist().removals

    @staticmethod
    def _easy_source(scenario) -> list[Content]:
        """Where the checklist comes from when it is not the Quest Companion's list,
        and DragnCards' differing list beside the page's."""
        chosen = scenario.easy_checklist()
        if chosen.dragncards and chosen.removals:
            note = (
                "The cards below are DragnCards' Easy deck's (Normal minus Easy),"
                " not the Quest Companion's."
            )
            return [Content.styled(note, f"italic {MUTED}")]
        if chosen.differs is not None:
            differs = "; ".join(
                f"{name}: " + ", ".join(f"{r.count}x {r.title}" for r in cards)
                for name, cards in chosen.differs
            )
            return [Content.styled(f"DragnCards' Easy deck removes instead: {differs}", MUTED)]
        return []

    @staticmethod
    def _cards(scenario) -> Content:
        """Quest stages and encounter cards, from the card facts."""
        stages = scenario.quest_stages()
        lines = [Content.styled("Quest stages", "bold")]
        lines += [
            Content(f"{q.stage}{q.side} {q.title}")
            + Content("" if q.quest_points is None else f" · {q.quest_points} quest points")
            for q in stages
        ] or [Content.styled("The card facts have no quest cards for this scenario.", MUTED)]
        lines += [Content(""), Content.styled("Encounter cards", "bold")]
        sets = scenario.encounter_cards()
        if not sets:
            lines.append(Content.styled("No source names its encounter sets.", MUTED))
        for found in sets:
            where = f"{found.pack}, {found.total} cards" if found.pack else "not in the card facts"
            lines.append(Content.styled(f"{found.encounter_set} ({where})", "underline"))
            lines += [Content(f"  {c.count}x {c.title} ({c.type})") for c in found.cards]
        return Content("\n").join(lines)

    def look_up(self, name: str) -> None:
        """Show the scenario a name means (the palette and links use this)."""
        box = self.query_one("#scenario-filter", Input)
        with box.prevent(Input.Changed):
            box.value = name
        self._list(name)

    @property
    def ticked(self) -> list[str]:
        """The Easy Mode removals ticked so far (`set/title`)."""
        return list(self.query_one("#scenario-easy", SelectionList).selected)

    def _status(self, content: Content) -> None:
        self.query_one("#scenario-status", Static).update(content)
