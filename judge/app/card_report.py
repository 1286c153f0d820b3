"""A card as the CLI's `card` and the app's Cards screen show it: facts, entries, rules.

Both shells build what they show here, from the card facts (`judge.kb.card_facts`) and,
for entry titles and citations, the knowledge base: `look_up` finds every version of
the title a player typed, narrowed by the words said beside it ("hill troll core",
"lore aragorn"); `stats` counts the cards; `catalogue` and `browse` list them for the
app by type, sphere, pack, encounter set and name. The facts carry no card text.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from judge.kb import card_facts

if TYPE_CHECKING:
    from judge.kb.card_facts import CardDesign, CardMatch
    from judge.kb.knowledge import KnowledgeBase

SOURCE = "DragnCards card database"
CITATION = "DragnCards card database (community data from the printed cards)"
CORE_SET = "Core Set"

#: the contract's stat keys, in the order a card prints them; the facts' own names
#: where they differ (`victory_points`) are renamed
STATS = (
    "cost",
    "threat",
    "willpower",
    "attack",
    "defense",
    "hit_points",
    "engagement_cost",
    "quest_points",
    "victory",
    "stage",
)
_STAT_NAMES = {"victory_points": "victory"}
STAT_LABELS = {"hit_points": "hit points", "engagement_cost": "engagement cost"}

#: words said beside a title that never pick a version ("the", "of" are in pack names)
_FILLER = frozenset({"the", "of", "and", "a", "an", "in", "to", "for", "at", "on", "card"})
#: the most words of a typed name searched for a title inside it ("core hill troll")
_MAX_WORDS = 8


@dataclass(frozen=True, slots=True)
class EntryRef:
    """A knowledge-base entry a card points to; title, kind and citation are filled in
    when the knowledge base was given (the JSON output needs only the id)."""

    id: str
    title: str = ""
    kind: str = ""
    citation: str = ""


@dataclass(frozen=True, slots=True)
class RuleFact:
    """One fact of a card ("Sentinel", "Response", "puts-into-play") and the entries a
    rules answer about it cites."""

    fact: str
    kind: (
        str  # keyword, gained keyword, ability, granted ability, effect, card type, sphere, unique
    )
    entries: tuple[EntryRef, ...]


@dataclass(frozen=True, slots=True)
class Printing:
    pack: str
    number: int | str
    quantity: int | str


@dataclass(frozen=True, slots=True)
class CardVersion:
    """One design of a title, with everything `card` says about it."""

    design: CardDesign
    versions: int  # designs printed under this title, this one included
    printings: tuple[Printing, ...]
    errata: tuple[EntryRef, ...]
    rulings: tuple[EntryRef, ...]
    rules: tuple[RuleFact, ...]

    @property
    def stats(self) -> dict[str, int | str]:
        """The printed values under the contract's names, in printed order."""
        named = {_STAT_NAMES.get(k, k): v for k, v in self.design.stats}
        order = {name: i for i, name in enumerate(STATS)}
        return dict(sorted(named.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))

    @property
    def keywords(self) -> tuple[str, ...]:
        return tuple(keyword_text(k, v) for k, v in self.design.keywords)

    @property
    def gains_keywords(self) -> tuple[str, ...]:
        return tuple(keyword_text(k, v) for k, v in self.design.gains_keywords)

    @property
    def packs(self) -> tuple[tuple[str, int | str], ...]:
        """Each pack once, with the copies it holds (two printings in one pack add up)."""
        copies: dict[str, int | str] = {}
        for p in self.printings:
            before = copies.get(p.pack)
            both_counts = isinstance(before, int) and isinstance(p.quantity, int)
            copies[p.pack] = before + p.quantity if both_counts else (before or p.quantity)
        return tuple(copies.items())

    @property
    def kind(self) -> str:
        """What the card is: `Hero · Leadership · unique`."""
        d = self.design
        return " · ".join([d.type, *([d.sphere] if d.sphere else []), *(["unique"] * d.unique)])

    def facts(self) -> tuple[tuple[str, str], ...]:
        """The version's facts as (label, value) lines, the ones it has, as both shells
        show them."""
        d = self.design
        printed = ", ".join(f"{STAT_LABELS.get(k, k)} {v}" for k, v in self.stats.items())
        lines = (
            ("Printed", printed),
            ("Traits", ", ".join(d.traits)),
            ("Keywords", ", ".join(self.keywords)),
            ("Gains keywords", ", ".join(self.gains_keywords)),
            ("Ability types", ", ".join(d.abilities)),
            ("Gives abilities", ", ".join(d.granted)),
            ("Effects", ", ".join(d.flags)),
            ("Encounter set", ", ".join(d.encounter_sets)),
            ("Packs", ", ".join(f"{pack} ({quantity}x)" for pack, quantity in self.packs)),
        )
        return tuple((label, value) for label, value in lines if value)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.id for fact in self.rules for e in fact.entries))

    def to_json(self) -> dict:
        d = self.design
        numbers = {}
        for p in self.printings:
            numbers.setdefault(p.pack, p.number)
        return {
            "id": d.id,
            "title": d.title,
            "type": d.type,
            "category": d.category,
            "sphere": d.sphere or None,
            "unique": d.unique,
            "traits": list(d.traits),
            "keywords": list(self.keywords),
            "gains_keywords": list(self.gains_keywords),
            "ability_types": list(d.abilities),
            "granted_ability_types": list(d.granted),
            "flags": list(d.flags),
            "stats": self.stats,
            "packs": [
                {"pack": pack, "quantity": quantity, "number": numbers[pack]}
                for pack, quantity in self.packs
            ],
            "encounter_set": d.encounter_sets[0] if d.encounter_sets else None,
            "encounter_sets": list(d.encounter_sets),
            "versions": self.versions,
            "errata": [e.id for e in self.errata],
            "rulings": [e.id for e in self.rulings],
            "rules": list(self.rule_ids),
            "rules_by_fact": [
                {"fact": f.fact, "kind": f.kind, "rules": [e.id for e in f.entries]}
                for f in self.rules
            ],
        }


@dataclass(frozen=True, slots=True)
class CardReport:
    """What `card NAME` found: every version of the title meant, or the closest titles."""

    query: str
    title: str | None
    matches: tuple[CardVersion, ...]
    close: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        return bool(self.matches)

    def to_json(self) -> dict:
        document: dict = {
            "query": self.query,
            "source": SOURCE,
            "title": self.title,
            "matches": [m.to_json() for m in self.matches],
        }
        if not self.matches:
            document["suggestions"] = list(self.close)
        return document


def keyword_text(name: str, value: int | str | None) -> str:
    """A keyword as printed: `Sentinel`, `Archery 2`, `Victory 4`."""
    return name if value is None else f"{name} {value}"


def available() -> bool:
    """Whether the card facts are there (a wheel built without `cards/` lacks them)."""
    return card_facts.available()


# -- finding the title in what was typed ----------------------------------------------------


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _label_words(design: CardDesign) -> set[str]:
    """The words beside a title that pick this version: its type, sphere, category,
    pack and encounter-set words."""
    words = {_fold(design.category), _fold(design.sphere), _fold(design.type)}
    for text in (design.type, *design.packs, *design.encounter_sets):
        words.update(_fold(text).split())
    return words - {""} - _FILLER


def _label(designs: tuple[CardDesign, ...], word: str) -> str | None:
    """The label a word said beside a title stands for, when it names a type, sphere,
    pack or encounter set of one of its versions ("heroes" -> "hero", "core"); None for
    any other word."""
    word = _fold(word)
    if word in _FILLER:
        return None
    labels = set().union(*(_label_words(d) for d in designs))
    forms = [word, word.removesuffix("s"), word.removesuffix("es")]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")  # "allies"
    return next((form for form in forms if form in labels), None)


def _narrowed(title: str, designs: tuple[CardDesign, ...], beside: list[str]) -> CardMatch | None:
    """The versions of `title` the words beside it pick, or None when a word is no label."""
    if not beside:  # the title alone: every version (and no fuzzy matcher to import)
        return card_facts.CardMatch(title, designs[0].title, designs, score=100.0)
    labels = [_label(designs, w) for w in beside]
    if None in labels:
        return None
    return card_facts.find_cards(title, labels)


def _windows(words: list[str]):
    """(title words, words beside) for every run of words in the name, longest first."""
    for size in range(len(words), 0, -1):
        for start in range(len(words) - size + 1):
            yield " ".join(words[start : start + size]), words[:start] + words[start + size :]


def find_versions(name: str) -> CardMatch:
    """The versions of the title `name` means, narrowed by the words beside the title.

    An exact title wins, alone ("Hill Troll") or with words beside it that all name a
    type, sphere, pack or encounter set of its versions ("hill troll core", "lore
    aragorn"); then a typo or shortening of the whole name ("sneak atack"); then a close
    title that the name's other words name once its version words are set aside
    ("hil trol core"). An unknown name gives no versions and the
    closest titles (`close`), never some other card."""
    words = name.split()
    words = words if len(words) <= _MAX_WORDS else []
    for title, beside in _windows(words):
        found = card_facts.by_title(title)
        narrowed = _narrowed(title, found, beside) if found else None
        if narrowed is not None:
            return narrowed
    whole = card_facts.find_cards(name)
    if whole.designs:
        return whole
    for title in whole.close:  # a misspelt title beside words that pick a version
        designs = card_facts.by_title(title)
        rest = [w for w in words if _label(designs, w) is None]
        if rest and len(rest) < len(words):
            match = card_facts.find_cards(" ".join(rest))
            if match.title == title:
                return _narrowed(title, designs, [w for w in words if w not in rest])
    return whole


# -- the report ------------------------------------------------------------------------------


def _ref(kb: KnowledgeBase | None, entry_id: str) -> EntryRef:
    entry = kb.get(entry_id) if kb is not None else None
    if entry is None:
        return EntryRef(entry_id)
    return EntryRef(entry_id, entry.title, entry.listed_kind, str(entry.citation))


_FACT_ORDER = (
    "keyword",
    "gained keyword",
    "ability",
    "granted ability",
    "effect",
    "card type",
    "sphere",
    "unique",
)


def _fact_kind(design: CardDesign, fact: str) -> str:
    if fact in dict(design.keywords):
        return "keyword"
    if fact.startswith("gains "):
        return "gained keyword"
    if fact in design.abilities:
        return "ability"
    if fact in design.granted:
        return "granted ability"
    if fact == design.type:
        return "card type"
    if fact == design.sphere:
        return "sphere"
    if fact == "unique":
        return "unique"
    return "effect"


def version(design: CardDesign, kb: KnowledgeBase | None = None) -> CardVersion:
    """One design with its printings, its own errata and rulings, and the rules its
    keywords, ability types and effects point to."""
    facts = [
        RuleFact(fact, _fact_kind(design, fact), tuple(_ref(kb, i) for i in ids))
        for fact, ids in design.entries
    ]
    facts.sort(key=lambda f: _FACT_ORDER.index(f.kind))  # stable: each kind keeps its order
    own = [_ref(kb, i) for i in design.card_entries]
    return CardVersion(
        design=design,
        versions=len(card_facts.by_title(design.title)),
        printings=tuple(Printing(s.pack, s.number, s.quantity) for s in design.sides()),
        errata=tuple(e for e in own if e.id.startswith("errata/")),
        rulings=tuple(e for e in own if not e.id.startswith("errata/")),
        rules=tuple(facts),
    )


def look_up(name: str, kb: KnowledgeBase | None = None) -> CardReport:
    """Every version of the title `name` means; `kb` fills in entry titles and citations."""
    match = find_versions(name)
    matches = tuple(version(d, kb) for d in oldest_first(match.designs))
    return CardReport(name, match.title, matches, () if matches else match.close)


def oldest_first(designs: tuple[CardDesign, ...]) -> tuple[CardDesign, ...]:
    """The Core Set's version first, the others in the facts' order: the facts do not
    say when each pack came out."""
    return tuple(sorted(designs, key=lambda d: CORE_SET not in d.packs))


def stats() -> dict:
    """How many cards the facts hold: printed cards (database ids) by the category of
    their front, and the designs and sides they make."""
    categories: dict[str, int] = {}
    seen: set[str] = set()
    sides = 0
    designs = card_facts.designs()
    for design in designs:
        for key in design.printings:
            sides += 1
            card = key.split("/")[0]
            if card not in seen:
                seen.add(card)
                categories[design.category] = categories.get(design.category, 0) + 1
    return {
        "cards": len(seen),
        **{c: categories.get(c, 0) for c in ("player", "encounter", "quest")},
        **{
            c: n for c, n in sorted(categories.items()) if c not in ("player", "encounter", "quest")
        },
        "designs": len(designs),
        "sides": sides,
        "source": SOURCE,
    }


# -- browsing (the app's Cards screen) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CatalogueCard:
    """One design as the browser lists it."""

    id: str
    title: str
    type: str
    sphere: str
    category: str
    packs: tuple[str, ...]
    encounter_sets: tuple[str, ...]
    folded: str  # the title, accents and case aside, for typed filters


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every design, and the values each filter offers (packs in release order)."""

    cards: tuple[CatalogueCard, ...]
    types: tuple[str, ...]
    spheres: tuple[str, ...]
    packs: tuple[str, ...]
    encounter_sets: tuple[str, ...]


def _pack_order(pack: str) -> tuple[bool, str]:
    """The Core Set first, then by name: the facts do not say when each pack came out."""
    return pack != CORE_SET, _fold(pack)


@cache
def catalogue() -> Catalogue:
    """Built once (about half a second: every design and side becomes a record)."""
    cards = tuple(
        CatalogueCard(
            d.id, d.title, d.type, d.sphere, d.category, d.packs, d.encounter_sets, _fold(d.title)
        )
        for d in card_facts.designs()
    )
    return Catalogue(
        cards=cards,
        types=tuple(sorted({c.type for c in cards})),
        spheres=tuple(sorted({c.sphere for c in cards if c.sphere})),
        packs=tuple(sorted({p for c in cards for p in c.packs}, key=_pack_order)),
        encounter_sets=tuple(sorted({s for c in cards for s in c.encounter_sets})),
    )


@dataclass(frozen=True, slots=True)
class Browse:
    """The cards a browser's filters leave, and what the typed name was taken to mean."""

    cards: tuple[CatalogueCard, ...]
    title: str | None = None  # the title a typed name resolved to
    close: tuple[str, ...] = ()  # the closest titles, when the name matched none
    everything: bool = False  # no filter at all: the player cards are listed


def browse(
    name: str = "", card_type: str = "", sphere: str = "", pack: str = "", encounter_set: str = ""
) -> Browse:
    """The cards that pass every filter given. A typed name keeps the versions of the
    title it means (typos forgiven, as `card`) and every title containing its words;
    with no filter at all, the player cards."""
    every = catalogue().cards
    title, close = None, ()
    if name.strip():
        match = find_versions(name)
        meant = [d.id for d in oldest_first(match.designs)]
        words = _fold(name).split()
        containing = [c.id for c in every if all(w in c.folded for w in words)]
        if not meant and not containing:
            meant = [d.id for t in match.close for d in card_facts.by_title(t)]
            close = match.close
        title = match.title
        chosen = dict.fromkeys([*meant, *containing])
        by_id = {c.id: c for c in every}
        found = [by_id[i] for i in chosen if i in by_id]
    else:
        found = list(every)
    nothing_chosen = not (name.strip() or card_type or sphere or pack or encounter_set)
    if nothing_chosen:
        found = [c for c in found if c.category == "player"]
    found = [
        c
        for c in found
        if (not card_type or c.type == card_type)
        and (not sphere or c.sphere == sphere)
        and (not pack or pack in c.packs)
        and (not encounter_set or encounter_set in c.encounter_sets)
    ]
    return Browse(tuple(found), title, close, nothing_chosen)
