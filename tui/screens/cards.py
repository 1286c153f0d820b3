"""Cards: every card of the game, browsed by type, sphere, pack, encounter set and name.

A card opens its facts (what it is, its printed values, keywords, ability types and
effects, packs), its own errata, rulings and Q&A, and the rules its facts touch; each
of those links opens the entry. The screen starts on every player card by pack; a typed
name forgives typos and takes words beside it as a version ("aragorn lore").
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Select, Static

from tui.messages import OpenLink
from tui.widgets.labels import MUTED, entry_line
from tui.widgets.link_list import SEPARATOR, LinkList, Row, heading
from tui.widgets.nav_bar import NavBar

DEBOUNCE = 0.15
#: the most cards one listing shows (every player card fits): a name of one letter or a
#: filter that keeps thousands would fill the list for seconds
LIMIT = 1000
HINT = "Type a name (typos are fine) or pick a filter. Enter moves to the list; Esc clears."
#: the prefix of a card's href inside this screen's list (the app's `card:` takes a title)
DESIGN = "design:"
#: the filters, in the order they stand: (Select id, prompt, `browse` argument)
FILTERS = (
    ("card-type", "Any type", "card_type"),
    ("card-sphere", "Any sphere", "sphere"),
    ("card-pack", "Any pack", "pack"),
    ("card-set", "Any encounter set", "encounter_set"),
)


class CardsScreen(Screen):
    """Browse and filter the cards; the highlighted card's facts, entries and rules."""

    SUB_TITLE = "Cards"
    AUTO_FOCUS = "#card"
    BINDINGS = [
        Binding(
            "down",
            "browse",
            "List",
            show=False,
            id="cards.browse",
            tooltip="Move from the card name to the list of cards.",
        ),
        Binding(
            "escape",
            "clear",
            "Clear",
            id="cards.clear",
            tooltip="Clear the name and every filter: back to all player cards by pack.",
        ),
    ]

    class Loaded(Message):
        """The catalogue is built (or could not be: `error`)."""

        def __init__(self, catalogue=None, error: str | None = None) -> None:
            super().__init__()
            self.catalogue = catalogue
            self.error = error

    class Listed(Message):
        """A worker's listing for one set of filters."""

        def __init__(self, request: tuple[str, ...], found) -> None:
            super().__init__()
            self.request = request
            self.found = found

    def __init__(self) -> None:
        super().__init__()
        self._timer: Timer | None = None
        self._catalogue = None
        self._request: tuple[str, ...] | None = None
        self.listed = None  # the judge.app.card_report.Browse on show
        self.version = None  # the judge.app.card_report.CardVersion on show

    def compose(self) -> ComposeResult:
        yield NavBar("cards")
        yield Input(placeholder="Card name, e.g. aragorn lore or hil trol core", id="card")
        with Horizontal(id="card-filters"):
            for select_id, prompt, _ in FILTERS:
                yield Select[str]((), prompt=prompt, id=select_id, compact=True)
        yield Static(Content.styled("Reading the cards…", MUTED), id="card-status")
        with Horizontal(id="cards-main"):
            yield LinkList(id="card-list")
            with Vertical(id="card-page"):
                yield Static(id="card-facts")
                yield LinkList(id="card-links")
        yield Footer()

    def on_mount(self) -> None:
        self._load()

    @work(thread=True, group="cards", exit_on_error=False)
    def _load(self) -> None:
        """Build the catalogue in a thread: every design becomes a record once."""
        from judge.app.card_report import available, catalogue

        if not available():
            self.post_message(self.Loaded(error="The card facts (cards/facts.json) are missing."))
            return
        try:
            found = catalogue()
        except Exception as exc:  # a broken facts file must not take the app down
            self.post_message(self.Loaded(error=f"The card facts could not be read: {exc}"))
        else:
            self.post_message(self.Loaded(found))

    def on_cards_screen_loaded(self, message: Loaded) -> None:
        if message.error:
            self._status(Content.styled(message.error, "$text-error"))
            return
        self._catalogue = found = message.catalogue
        choices = {
            "card-type": found.types,
            "card-sphere": found.spheres,
            "card-pack": found.packs,
            "card-set": found.encounter_sets,
        }
        for select_id, values in choices.items():
            select = self.query_one(f"#{select_id}", Select)
            with select.prevent(Select.Changed):
                select.set_options((value, value) for value in values)
        self._list()

    # -- what is asked: the name and the filters ------------------------------------------

    @property
    def request(self) -> tuple[str, ...]:
        """(name, type, sphere, pack, encounter set) as the boxes hold them now."""
        values = [self.query_one("#card", Input).value.strip()]
        for select_id, _, _ in FILTERS:
            value = self.query_one(f"#{select_id}", Select).value
            values.append(value if isinstance(value, str) else "")
        return tuple(values)

    def look_up(self, name: str) -> None:
        """Show the card a name means (links and the palette use this); filters clear."""
        box = self.query_one("#card", Input)
        with box.prevent(Input.Changed):
            box.value = name
        self._clear_filters()
        self._list()

    def choose(self, select_id: str, value: str) -> None:
        """Set one filter (tests and links): `card-type`, `card-sphere`, `card-pack`, `card-set`."""
        self.query_one(f"#{select_id}", Select).value = value

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DEBOUNCE, self._list)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self._timer is not None:
            self._timer.stop()
        self._list()
        self.action_browse()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._list()

    def _list(self) -> None:
        self._timer = None
        if self._catalogue is None:
            return  # listed once the catalogue is in
        self._request = self.request
        self._browse(self._request)

    @work(exclusive=True, thread=True, group="card-search", exit_on_error=False)
    def _browse(self, request: tuple[str, ...]) -> None:
        from judge.app.card_report import browse

        name, card_type, sphere, pack, encounter_set = request
        self.post_message(
            self.Listed(request, browse(name, card_type, sphere, pack, encounter_set))
        )

    def on_cards_screen_listed(self, message: Listed) -> None:
        if message.request != self._request:
            return  # typing has moved on
        self.listed = found = message.found
        name, _, _, pack, _ = message.request
        cards = self.query_one("#card-list", LinkList)
        rows = _rows(found.cards[:LIMIT], by_title=bool(name), pack=pack, catalogue=self._catalogue)
        cards.set_links(rows)
        self._status(_summary(name, found))
        if cards.current:
            self.show(cards.current.removeprefix(DESIGN))
        else:
            self._show_nothing()

    # -- the card on show ---------------------------------------------------------------

    def show(self, design_id: str) -> None:
        """Show one design: its facts, then its errata, rulings and rules as links."""
        from judge.app.card_report import version
        from judge.kb.card_facts import design

        found = design(design_id)
        if found is None:
            return
        if self.version is not None and self.version.design == found:
            return
        self.version = shown = version(found, self.app.library.kb)
        lines = [
            Content.styled(found.title, "bold"),
            Content.styled(shown.kind, "bold $text-accent"),
            *(Content.assemble((f"{label}: ", MUTED), value) for label, value in shown.facts()),
        ]
        self.query_one("#card-facts", Static).update(Content("\n").join(lines))
        self.query_one("#card-links", LinkList).set_links(_entry_rows(shown), highlight_first=False)

    def _show_nothing(self) -> None:
        self.version = None
        self.query_one("#card-facts", Static).update("")
        self.query_one("#card-links", LinkList).set_links([])

    @property
    def card(self) -> str | None:
        """The title of the card on show."""
        return self.version.design.title if self.version is not None else None

    def on_link_list_link_highlighted(self, message: LinkList.LinkHighlighted) -> None:
        if message.link_list.id == "card-list" and message.href:
            self.show(message.href.removeprefix(DESIGN))

    def on_open_link(self, message: OpenLink) -> None:
        """Enter on a card in the list moves to its links (the card is already shown);
        every other link goes on to the app's router."""
        if message.href.startswith(DESIGN):
            message.stop()
            self.show(message.href.removeprefix(DESIGN))
            links = self.query_one("#card-links", LinkList)
            if links.links:
                links.highlight_link(links.links[0])
                links.focus()

    # -- actions ------------------------------------------------------------------------

    def action_browse(self) -> None:
        cards = self.query_one("#card-list", LinkList)
        if cards.option_count:
            cards.focus()

    def action_clear(self) -> None:
        box = self.query_one("#card", Input)
        with box.prevent(Input.Changed):
            box.value = ""
        self._clear_filters()
        self._list()
        box.focus()

    def _clear_filters(self) -> None:
        for select_id, _, _ in FILTERS:
            select = self.query_one(f"#{select_id}", Select)
            with select.prevent(Select.Changed):
                select.clear()

    def _status(self, content: Content) -> None:
        self.query_one("#card-status", Static).update(content)


def _card_line(card, *, title: bool = True, pack: bool = False) -> Content:
    """`Aragorn  Hero · Leadership`, with the pack or set when the grouping does not say."""
    what = " · ".join(x for x in (card.type, card.sphere) if x)
    where = card.encounter_sets[0] if card.encounter_sets else ""
    if pack and card.packs:
        where = card.packs[0] + (f" · {where}" if where else "")
    parts: list = [(card.title, "bold"), "  "] if title else []
    parts.append((what, "$text-accent"))
    if where:
        parts.append((f"  {where}", MUTED))
    return Content.assemble(*parts)


def _rows(found: tuple, *, by_title: bool, pack: str, catalogue) -> list[Row]:
    """The listing grouped: by title when a name was typed (the title meant first), else
    by pack (the chosen pack, or each card's first pack in the catalogue's order)."""
    rows: list[Row] = []
    if by_title:
        titles: dict[str, list] = {}
        for card in found:
            titles.setdefault(card.title, []).append(card)
        for title, cards in titles.items():
            if len(cards) == 1:
                rows.append((_card_line(cards[0], pack=True), DESIGN + cards[0].id))
                continue
            rows += [SEPARATOR, heading(title)]
            rows += [(_card_line(c, title=False, pack=True), DESIGN + c.id) for c in cards]
            rows.append(SEPARATOR)
        return rows
    order = {p: i for i, p in enumerate(catalogue.packs)}
    groups: dict[str, list] = {}
    for card in found:
        first = pack or min(card.packs, key=lambda p: order.get(p, len(order)), default="")
        groups.setdefault(first, []).append(card)
    for name in sorted(groups, key=lambda p: order.get(p, len(order))):
        rows += [SEPARATOR, heading(name or "No pack")]
        cards = sorted(groups[name], key=lambda c: (c.folded, c.type))
        rows += [(_card_line(c), DESIGN + c.id) for c in cards]
    return rows


def _summary(name: str, found) -> Content:
    count = f"{len(found.cards):,} card{'s' if len(found.cards) != 1 else ''}"
    if found.everything:
        return Content.assemble(
            (f"All {count.replace('cards', 'player cards')}", "bold"), " by pack. ", (HINT, MUTED)
        )
    if name and found.close:
        return Content.assemble(
            ("No card is called ", "$text-warning"),
            (repr(name), "bold"),
            ("; the closest: ", "$text-warning"),
            ", ".join(found.close),
        )
    if name and not found.cards:
        return Content.assemble(("No card matches ", "$text-warning"), (repr(name), "bold"))
    parts: list = [(count, "bold")]
    if len(found.cards) > LIMIT:
        parts.append((f", the first {LIMIT:,} shown: type more or pick a filter", MUTED))
    if name and not found.title:
        parts.append((f" with {name!r} in the title", MUTED))
    if found.title and found.title.casefold() != name.casefold():
        parts += ["  ·  ", (found.title, "bold"), (f" for {name!r}", MUTED)]
    return Content.assemble(
        *parts, "  ·  ", ("Enter on a card moves to its rulings and rules", MUTED)
    )


def _entry_rows(shown) -> list[Row]:
    """The card's own errata, rulings and Q&A (with citations), then the rules it touches."""
    rows: list[Row] = []
    for title, refs in (("Errata", shown.errata), ("Rulings and Q&A", shown.rulings)):
        rows.append(heading(title))
        if not refs:
            rows.append((Content.styled("  none", MUTED), None))
        for ref in refs:
            label = entry_line(ref.kind, ref.title or ref.id)
            rows.append((Content("\n").join([label, Content.styled(ref.citation, MUTED)]), ref.id))
        rows.append(SEPARATOR)
    if shown.rules:
        rows.append(heading("Rules this card touches"))
        for fact in shown.rules:
            for ref in fact.entries:
                title = ref.title or ref.id
                said = fact.fact.casefold() in title.casefold()  # "Sentinel" for Sentinel
                line = entry_line(ref.kind, title)
                rows.append(
                    (line if said else Content.assemble(line, (f"  {fact.fact}", MUTED)), ref.id)
                )
    return rows
