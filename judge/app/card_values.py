"""The card facts as the readers of boards and decks ask for them (`CardValues`).

`judge.games` cannot import the knowledge base, so `judge.app.checking` builds this
provider from `judge.kb.card_facts` and hands it to the board and deck readers: a card
given by title alone takes its printed values from here.
"""

from __future__ import annotations

from judge.base.slug import slugify, title_key
from judge.games.lcg.printed import PrintedCard, UnknownVersion
from judge.kb import card_facts
from judge.kb.card_facts import CardDesign


class FactsCardValues:
    """`judge.games.lcg.printed.CardValues` over the card facts: versions oldest first
    (the card database's order of packs)."""

    def printed(
        self,
        types: tuple[str, ...],
        title: str,
        sphere: str | None = None,
        pack: str | None = None,
    ) -> PrintedCard | None:
        found = [d for d in card_facts.by_title(title) if not types or d.type in types]
        if not found:
            return None
        if types:
            found.sort(key=lambda d: types.index(d.type))  # stable: oldest first in a type
        narrowed = found
        if sphere:
            narrowed = [d for d in narrowed if title_key(d.sphere) == title_key(sphere)]
        if pack:
            narrowed = [d for d in narrowed if _in_pack(d, pack) is not None]
        if not narrowed:
            asked = " and ".join(
                x for x in (sphere and f"sphere '{sphere}'", pack and f"pack '{pack}'") if x
            )
            versions = "; ".join(_label(d, d.packs[0]) for d in found)
            raise UnknownVersion(
                f"no version of {found[0].title} matches {asked}; its versions: {versions}"
            )
        chosen = narrowed[0]
        in_pack = _in_pack(chosen, pack) if pack else chosen.packs[0]
        return _printed(chosen, in_pack, len(narrowed), _varies(narrowed))

    def by_id(self, card_id: str) -> PrintedCard | None:
        guid, _, face = card_id.strip().partition("/")
        printed_side = card_facts.side(f"{guid.lower()}/{face.upper() or 'A'}")
        if printed_side is None:
            return None
        found = card_facts.design(printed_side.design)
        return _printed(found, printed_side.pack, 1) if found else None

    def close_titles(self, title: str, types: tuple[str, ...] = ()) -> tuple[str, ...]:
        match = card_facts.find_cards(title)
        close = (match.title,) if match.title is not None else match.close
        return tuple(
            t
            for t in close
            if title_key(t) != title_key(title)
            and (not types or any(d.type in types for d in card_facts.by_title(t)))
        )


def card_values() -> FactsCardValues | None:
    """The provider, or None when the card facts are not there (a wheel built without
    them): boards and decks then give every value themselves."""
    return FactsCardValues() if card_facts.available() else None


def _in_pack(design: CardDesign, pack: str) -> str | None:
    """The design's pack named `pack` (case, accents and punctuation aside), or None."""
    wanted = slugify(pack)
    return next((p for p in design.packs if slugify(p) == wanted), None)


def _label(design: CardDesign, pack: str) -> str:
    kind = f"{design.sphere} {design.type}" if design.sphere else design.type
    return f"{kind} ({pack})"


def _varies(designs: list[CardDesign]) -> frozenset[str]:
    """The facts the versions differ in: `unique`, `keywords`, or a stat's name."""
    facts = [{"unique": d.unique, "keywords": d.keywords, **dict(d.stats)} for d in designs]
    names = {name for one in facts for name in one}
    return frozenset(n for n in names if len({repr(one.get(n)) for one in facts}) > 1)


def _printed(
    design: CardDesign, pack: str, versions: int, varies: frozenset[str] = frozenset()
) -> PrintedCard:
    return PrintedCard(
        title=design.title,
        type=design.type,
        sphere=design.sphere,
        unique=design.unique,
        keywords=design.keywords,
        stats=design.stats,
        pack=pack,
        version=_label(design, pack),
        versions=versions,
        varies=varies,
    )
