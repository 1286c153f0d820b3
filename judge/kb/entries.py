"""Typed, immutable knowledge-base entries and the one citation formatter."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from judge.games import listed_kind

KINDS = ("glossary", "keyword", "step", "faq", "qa", "errata", "campaign", "scenario")

#: Document keys (see ../shared/sources/README.md) and how citations name them.
SOURCES = {
    "rr": "Rules Reference",
    "faq": "FAQ",
    "summary": "Rules summary",
    "qc": "Quest Companion",
    "tcg": "TCG Starter Rulebook",
}


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a rule is printed: document key, printed heading, page or number."""

    source: str
    section: str
    title: str = ""
    page: int | None = None
    number: str | None = None
    set_code: str | None = None
    kind: str = ""

    def __str__(self) -> str:
        return format_citation(self)


#: quote marks a heading may carry itself (a glossary term in quotes); we add our own
QUOTES = "\"'“”‘’"


def format_citation(cite: Citation) -> str:
    """Render a citation the way the project's documents ask to be cited.

    `Rules Reference, "Engagement Check", p. 7`, `FAQ (1.24) Questing Successfully`,
    `FAQ errata: Beravor (CORE 12)`, `Quest Companion, "Beravor"`.
    """
    document = SOURCES.get(cite.source, cite.source)
    if cite.source == "faq" and cite.kind == "errata":
        code = f" ({cite.set_code})" if cite.set_code else ""
        return f"FAQ errata: {cite.title or cite.section}{code}"
    if cite.source == "faq" and cite.number:
        return f"FAQ ({cite.number}) {cite.title}"
    page = f", p. {cite.page}" if cite.page is not None else ""
    if cite.source == "rr" and cite.kind == "step" and cite.number:
        return f'{document}, Appendix I, "{cite.number} {cite.title}"{page}'
    heading = cite.title if cite.source in ("rr", "tcg") and cite.title else cite.section
    return f'{document}, "{heading.strip(QUOTES)}"{page}'


@dataclass(frozen=True, slots=True)
class FrontMatterField:
    """One front-matter field of a knowledge-base file, declared once.

    `shape` decides how the loader reads it and what the validator accepts:
    `text`, `page` (a positive whole number), `number` (a quoted step or ruling number),
    `list` (non-empty strings), `questions` (a list whose items are a question, or a
    mapping of the question (`ask`) and the opening words of the body line that
    answers it (`answer`)), `flag`, `citations` (mappings with a source and a
    section) or `scenario` (kept together in `Entry.scenario`, checked by
    `judge.kb.scenario_pages`). `attr` is the `Entry` attribute when it differs from the name.
    """

    name: str
    shape: str = "text"
    required: bool = False
    attr: str | None = None


#: The whole front-matter schema, in the order `docs/knowledge-base.md` explains it.
FRONT_MATTER = (
    FrontMatterField("id", required=True),
    FrontMatterField("title", required=True),
    FrontMatterField("kind", required=True),
    FrontMatterField("game", required=True),
    FrontMatterField("source", required=True),
    FrontMatterField("section", required=True),
    FrontMatterField("page", "page"),
    FrontMatterField("number", "number"),
    FrontMatterField("aliases", "list"),
    FrontMatterField("questions", "questions"),
    FrontMatterField("cards", "list"),
    FrontMatterField("see_also", "list"),
    FrontMatterField("also_in", "citations"),
    FrontMatterField("supersedes", "list"),
    FrontMatterField("superseded_by", "list"),
    FrontMatterField("redirects", "list"),
    FrontMatterField("action_window", "flag"),
    FrontMatterField("phase"),
    FrontMatterField("set", attr="set_code"),
    *(
        FrontMatterField(name, "scenario")
        for name in (
            "product",
            "cycle",
            "sequence",
            "difficulty",
            "encounter_sets",
            "keywords",
            "rulings",
            "related",
            "easy_setup",
            "easy_mode",
        )
    ),
)
FIELDS = tuple(f.name for f in FRONT_MATTER)
REQUIRED = tuple(f.name for f in FRONT_MATTER if f.required)
#: Front-matter fields that hold lists of strings.
LIST_FIELDS = tuple(f.name for f in FRONT_MATTER if f.shape in ("list", "questions"))
#: `Entry` attributes that hold tuples, kept as lists in the compiled cache.
_TUPLE_ATTRS = (*LIST_FIELDS, "question_answers")
#: Front matter only scenario entries carry; `Entry.scenario` holds them as one mapping.
SCENARIO_FIELDS = tuple(f.name for f in FRONT_MATTER if f.shape == "scenario")


@dataclass(frozen=True, slots=True)
class Entry:
    """One knowledge-base entry: front matter plus its Markdown body."""

    id: str
    title: str
    kind: str
    game: str
    source: str
    section: str
    body: str
    path: str
    page: int | None = None
    number: str | None = None
    aliases: tuple[str, ...] = ()
    questions: tuple[str, ...] = ()
    #: for each question, the opening words of the body line that answers it, or None
    question_answers: tuple[str | None, ...] = ()
    cards: tuple[str, ...] = ()
    see_also: tuple[str, ...] = ()
    also_in: tuple[Citation, ...] = ()
    supersedes: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()
    #: ids of entries merged into this one, which keep opening it
    redirects: tuple[str, ...] = ()
    phase: str | None = None
    action_window: bool | None = None
    set_code: str | None = None
    scenario: dict | None = None  # scenario only: see judge.kb.scenario_pages.Scenario

    @property
    def listed_kind(self) -> str:
        return listed_kind(self.kind, self.game)

    @property
    def citation(self) -> Citation:
        return Citation(
            source=self.source,
            section=self.section,
            title=self.title,
            page=self.page,
            number=self.number,
            set_code=self.set_code,
            kind=self.kind,
        )

    @property
    def citations(self) -> tuple[Citation, ...]:
        """The primary citation first, then every other document that prints it."""
        return (self.citation, *self.also_in)

    @property
    def titled_after_a_card(self) -> bool:
        """Whether the entry is named after a card it covers ("Aragorn", the campaign
        rule for that hero; "Gollum/Sméagol"): about one card, though of a kind that
        is usually about a rule."""
        from judge.base.slug import slugify

        title = slugify(self.title)
        return any(title.startswith(slugify(card)) for card in self.cards)

    @property
    def summary(self) -> str:
        """The first paragraph of the body: the entry's own one-line answer."""
        for block in self.body.strip().split("\n\n"):
            block = block.strip()
            if block and not block.startswith("#"):
                return " ".join(block.split())
        return ""

    def to_dict(self) -> dict:
        """The entry as plain data, ready for JSON. A shallow copy: `asdict` would
        deep-copy every value (the scenario pages' nested lists most), and that took a
        fifth of loading the knowledge base without its cache."""
        data = {field.name: getattr(self, field.name) for field in fields(self)}
        data["also_in"] = [asdict(c) for c in self.also_in]
        for key in _TUPLE_ATTRS:
            data[key] = list(data[key])
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Entry:
        values = dict(data)
        values["also_in"] = tuple(Citation(**c) for c in values.get("also_in", ()))
        for key in _TUPLE_ATTRS:
            values[key] = tuple(values.get(key) or ())
        return cls(**values)
