"""Scenario entries: the typed view of a Quest Companion scenario page, and finding one.

A scenario entry's facts live in its front matter (product, official difficulty, keyword
and ruling ids, the Easy Mode removals), so the CLI, the app and the tests read them as
data instead of parsing prose.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.kb import scenario_cards

#: Front-matter fields of a scenario whose values are ids of other entries.
SCENARIO_LINKS = ("keywords", "rulings", "related")
MAX_DIFFICULTY = 10
#: The words of the Easy Mode note (`tools/qc_scenarios.py`, GOLD_BORDER) on a page that
#: gives only the Quest Companion's general rule instead of a list of cards.
GOLD_BORDER_RULE = "gold difficulty border"


@dataclass(frozen=True, slots=True)
class Removal:
    """Copies of one encounter card that Easy Mode takes out of the encounter deck."""

    title: str
    count: int


#: an Easy Mode list: per encounter set, the cards to remove
Removals = tuple[tuple[str, tuple[Removal, ...]], ...]


@dataclass(frozen=True, slots=True)
class EasyChecklist:
    """The Easy Mode list a scenario's page is ticked off from, as the CLI and the app
    both show it (`Scenario.easy_checklist`): the Quest Companion's own removals, or,
    where the page gives only the gold-border rule, DragnCards' Easy deck (Normal
    minus Easy), labelled as DragnCards' and not the Quest Companion's."""

    removals: Removals
    #: the removals are DragnCards' Easy deck's, not the page's
    dragncards: bool = False
    #: the page gives only the gold-border rule and DragnCards has no Easy deck to say
    #: which cards have the border
    unsourced: bool = False
    #: DragnCards' Easy deck where it differs from the page's own list, shown beside it
    differs: Removals | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scenario page as data (built from an entry of kind `scenario`)."""

    id: str
    title: str
    product: str
    cycle: str | None
    difficulty: int | None
    encounter_sets: tuple[str, ...]
    keywords: tuple[str, ...]
    rulings: tuple[str, ...]
    related: tuple[str, ...]
    easy_mode: tuple[tuple[str, tuple[Removal, ...]], ...]
    easy_setup: tuple[str, ...]
    citation: str
    sequence: int = 0  # the page's place among the Quest Companion's scenario pages

    @classmethod
    def from_entry(cls, entry) -> Scenario:
        facts = entry.scenario or {}
        easy = facts.get("easy_mode") or {}
        return cls(
            id=entry.id,
            title=entry.title,
            product=str(facts.get("product") or ""),
            cycle=facts.get("cycle"),
            difficulty=facts.get("difficulty"),
            encounter_sets=tuple(facts.get("encounter_sets") or ()),
            keywords=tuple(facts.get("keywords") or ()),
            rulings=tuple(facts.get("rulings") or ()),
            related=tuple(facts.get("related") or ()),
            easy_mode=tuple(
                (name, tuple(Removal(str(r["title"]), int(r["count"])) for r in cards))
                for name, cards in easy.items()
            ),
            easy_setup=tuple(facts.get("easy_setup") or ()),
            citation=str(entry.citation),
            sequence=int(facts.get("sequence") or 0),
        )

    @property
    def group(self) -> str:
        """The heading the scenario is listed under: its cycle, else its product."""
        return self.cycle or self.product

    @property
    def gold_border_only(self) -> bool:
        """Whether the page gives the gold-border rule and no list of cards to remove."""
        return not self.easy_mode and any(GOLD_BORDER_RULE in n for n in self.easy_setup)

    def quest_stages(self) -> tuple[scenario_cards.QuestSide, ...]:
        return scenario_cards.quest_stages(self.title, self.product)

    def encounter_cards(self) -> tuple[scenario_cards.SetCards, ...]:
        return scenario_cards.encounter_cards(self)

    def dragncards_easy(self) -> tuple[tuple[str, tuple[Removal, ...]], ...] | None:
        """What DragnCards' Easy deck leaves out of its Normal deck, per encounter set;
        None when DragnCards has no Easy deck for this scenario."""
        found = scenario_cards.easy_removals(self.id)
        if found is None:
            return None
        return tuple(
            (name, tuple(Removal(r["title"], r["count"]) for r in cards))
            for name, cards in found.items()
        )

    def easy_checklist(self) -> EasyChecklist:
        """Which Easy Mode list the page is ticked off from, and DragnCards' beside it
        where the two differ (`EasyChecklist`)."""
        theirs = self.dragncards_easy()
        if self.gold_border_only:
            return EasyChecklist(theirs or (), theirs is not None, unsourced=theirs is None)
        differs = theirs if self.easy_mode_agrees() is False else None
        return EasyChecklist(self.easy_mode, differs=differs)

    def easy_mode_agrees(self) -> bool | None:
        """Whether the page's removals are DragnCards' Easy deck's (None when there is
        nothing to compare: no list on the page, or no Easy deck)."""
        theirs = self.dragncards_easy()
        if theirs is None or not self.easy_mode:
            return None
        return _counts(self.easy_mode) == _counts(theirs)

    def to_json(self) -> dict:
        """The CLI contract's shape (../shared/contracts/cli.md, `scenario`), with the
        card facts computed when asked (`judge.kb.scenario_cards`)."""
        theirs = self.dragncards_easy()
        return {
            "id": self.id,
            "title": self.title,
            "product": self.product,
            "cycle": self.cycle,
            "difficulty": self.difficulty,
            "encounter_sets": list(self.encounter_sets),
            "keywords": list(self.keywords),
            "rulings": list(self.rulings),
            "related": list(self.related),
            "easy_mode": _removal_json(self.easy_mode),
            "easy_setup": list(self.easy_setup),
            "citation": self.citation,
            "cards_source": scenario_cards.CARDS_SOURCE,
            "quest_stages": [q.to_json() for q in self.quest_stages()],
            "encounter_cards": [s.to_json() for s in self.encounter_cards()],
            "dragncards_easy": None
            if theirs is None
            else {
                "source": scenario_cards.DECKS_SOURCE,
                "agrees": self.easy_mode_agrees(),
                "remove": _removal_json(theirs),
            },
        }


def _removal_json(lists) -> list[dict]:
    return [
        {"encounter_set": name, "remove": [{"title": r.title, "count": r.count} for r in cards]}
        for name, cards in lists
    ]


def _counts(lists) -> dict[tuple[str, str], int]:
    return scenario_cards.removal_counts(
        (name, [(r.title, r.count) for r in cards]) for name, cards in lists
    )


def scenarios(kb) -> list[Scenario]:
    """Every scenario in the knowledge base, in the Quest Companion's page order."""
    found = [Scenario.from_entry(e) for e in kb.entries if e.kind == "scenario"]
    return sorted(found, key=lambda s: (s.sequence, s.title))


def scenario_titles(kb) -> dict[str, str]:
    """Slug -> title of every scenario: the keys `judge.kb.card_lookup.find_card` matches on.

    Titles only: aliases are mostly the same words again and would make one scenario
    its own runner-up, which reads as an ambiguous match.
    """
    from judge.base.slug import slugify

    return {slugify(e.title): e.title for e in kb.entries if e.kind == "scenario"}


def find_scenario(query: str, kb):
    """The typed scenario name matched like a card name (accents, typos, partial
    titles): a `judge.kb.card_lookup.CardMatch` of scenario titles."""
    from judge.kb.card_lookup import find_card

    return find_card(query, scenario_titles(kb))


def scenario_by_title(kb, title: str) -> Scenario:
    from judge.base.slug import slugify

    return Scenario.from_entry(kb.get(f"scenario/{slugify(title)}"))


def front_matter_problems(meta: dict) -> list[tuple[str, str]]:
    """(field, problem) for a scenario's own fields; links are checked with the others."""
    problems = []
    if not meta.get("product"):
        problems.append(("product", "a scenario needs its product"))
    difficulty = meta.get("difficulty")
    if difficulty is not None and not (
        isinstance(difficulty, int)
        and not isinstance(difficulty, bool)
        and 1 <= difficulty <= MAX_DIFFICULTY
    ):
        problems.append(("difficulty", f"difficulty must be 1-{MAX_DIFFICULTY} or omitted"))
    sequence = meta.get("sequence")
    if not (isinstance(sequence, int) and not isinstance(sequence, bool) and sequence >= 1):
        problems.append(("sequence", "sequence must be the page's position, 1 or more"))
    for key in ("encounter_sets", "easy_setup", *SCENARIO_LINKS):
        value = meta.get(key)
        if value is not None and not (
            isinstance(value, list) and all(isinstance(v, str) and v for v in value)
        ):
            problems.append((key, f"{key} must be a list of non-empty strings"))
    easy = meta.get("easy_mode")
    if easy is None:
        return problems
    if not isinstance(easy, dict):
        return [*problems, ("easy_mode", "easy_mode must map encounter sets to card lists")]
    for name, cards in easy.items():
        if not isinstance(cards, list) or not all(_is_removal(c) for c in cards):
            problems.append(
                (
                    "easy_mode",
                    f"easy_mode[{name!r}] must be a list of {{title: <card>, count: <1 or more>}}",
                )
            )
    return problems


def _is_removal(card) -> bool:
    return (
        isinstance(card, dict)
        and set(card) == {"title", "count"}
        and isinstance(card["title"], str)
        and bool(card["title"])
        and isinstance(card["count"], int)
        and not isinstance(card["count"], bool)
        and card["count"] >= 1
    )
