"""Card facts: every card of the Card Game as titles, stats, keywords and derived labels.

`cards/facts.json` is built by hand from the community card database
(`tools/build_card_facts.py`); it holds facts only, never card text. This module reads it
once, lazily, and answers "which cards are called that" for the CLI, the app and the
judge: by exact title (`by_title`) or from what a player typed (`find_cards`), which
forgives typos, shortenings and first names and narrows a title's versions by the words
said beside it ("Aragorn lore hero").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from judge.base.slug import title_key

#: A checkout keeps the data beside rules/; an installed wheel carries it in judge/data/.
_CHECKOUT = Path(__file__).resolve().parents[2] / "cards" / "facts.json"
_INSTALLED = Path(__file__).resolve().parents[1] / "data" / "cards" / "facts.json"

GOOD = 85.0  # a match this good is the card meant
FAIR = 75.0  # ... and this good, when well ahead of the next title
MARGIN = 5.0
CLOSE = 60.0  # titles at least this close are offered when nothing matches well
_ARTICLES = ("the ", "a ", "an ")


@dataclass(frozen=True, slots=True)
class CardSide:
    """One printed side (`<databaseId>/<side>`): its own facts and where it was printed."""

    key: str
    title: str
    type: str
    category: str
    sphere: str
    unique: bool
    traits: tuple[str, ...]
    keywords: tuple[tuple[str, int | str | None], ...]
    stats: tuple[tuple[str, int | str], ...]
    abilities: tuple[str, ...]
    granted: tuple[str, ...]
    flags: tuple[str, ...]
    pack: str
    number: int | str
    quantity: int | str
    encounter_set: str
    design: str


@dataclass(frozen=True, slots=True)
class CardDesign:
    """One card as designed: its printings (reprints) and the union of their facts.

    `entries` maps each fact ("Sentinel", "Response", "puts-into-play") to the
    knowledge-base entries a rules answer about it cites; `card_entries` are the errata
    and Q&A entries about this card itself."""

    id: str
    title: str
    type: str
    category: str
    sphere: str
    unique: bool
    traits: tuple[str, ...]
    keywords: tuple[tuple[str, int | str | None], ...]
    gains_keywords: tuple[tuple[str, int | str | None], ...]
    stats: tuple[tuple[str, int | str], ...]
    abilities: tuple[str, ...]
    granted: tuple[str, ...]
    flags: tuple[str, ...]
    encounter_sets: tuple[str, ...]
    titles: tuple[str, ...]
    printings: tuple[str, ...]
    entries: tuple[tuple[str, tuple[str, ...]], ...]
    card_entries: tuple[str, ...]

    def stat(self, name: str) -> int | str | None:
        return dict(self.stats).get(name)

    @property
    def entry_ids(self) -> tuple[str, ...]:
        """Every entry the card's facts point to, its own errata and Q&A first."""
        ids = [*self.card_entries, *(i for _, group in self.entries for i in group)]
        return tuple(dict.fromkeys(ids))

    def sides(self) -> tuple[CardSide, ...]:
        return tuple(_data()[1][key] for key in self.printings)

    @property
    def packs(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(side.pack for side in self.sides()))


@dataclass(frozen=True, slots=True)
class CardMatch:
    """What `find_cards` made of a name: the title meant and its versions, or the close
    titles to offer when nothing matched well (both empty for an unknown name)."""

    query: str
    title: str | None
    designs: tuple[CardDesign, ...]
    close: tuple[str, ...] = ()
    score: float = 0.0


def _pairs(mapping: dict | None) -> tuple:
    return tuple(sorted((mapping or {}).items()))


def _side(key: str, raw: dict) -> CardSide:
    return CardSide(
        key, raw["title"], raw["type"], raw["category"], raw.get("sphere", ""),
        raw.get("unique", False), tuple(raw.get("traits", ())), _pairs(raw.get("keywords")),
        _pairs(raw.get("stats")), tuple(raw.get("abilities", ())), tuple(raw.get("granted", ())),
        tuple(raw.get("flags", ())), raw.get("pack", ""), raw.get("number", ""),
        raw.get("quantity", ""), raw.get("encounter_set", ""), raw["design"],
    )  # fmt: skip


def _design(did: str, raw: dict) -> CardDesign:
    return CardDesign(
        did, raw["title"], raw["type"], raw["category"], raw.get("sphere", ""),
        raw.get("unique", False), tuple(raw.get("traits", ())), _pairs(raw.get("keywords")),
        _pairs(raw.get("gains_keywords")), _pairs(raw.get("stats")),
        tuple(raw.get("abilities", ())), tuple(raw.get("granted", ())),
        tuple(raw.get("flags", ())), tuple(raw.get("encounter_sets", ())),
        tuple(raw.get("titles", ())), tuple(raw["printings"]),
        tuple((k, tuple(v)) for k, v in sorted(raw.get("entries", {}).items())),
        tuple(raw.get("card_entries", ())),
    )  # fmt: skip


def facts_path() -> Path:
    return _CHECKOUT if _CHECKOUT.is_file() else _INSTALLED


@cache
def _data() -> tuple[dict[str, CardDesign], dict[str, CardSide], dict[str, tuple[str, ...]]]:
    """Designs by id, sides by key, and design ids by folded title (any printed title)."""
    raw = json.loads(facts_path().read_bytes())
    designs = {did: _design(did, d) for did, d in raw["designs"].items()}
    sides = {key: _side(key, s) for key, s in raw["sides"].items()}
    titles: dict[str, dict[str, None]] = {}
    for side in sides.values():
        titles.setdefault(title_key(side.title), {})[side.design] = None
    for design in designs.values():
        for title in (design.title, *design.titles):
            titles.setdefault(title_key(title), {})[design.id] = None
    return designs, sides, {t: tuple(ids) for t, ids in titles.items()}


def designs() -> tuple[CardDesign, ...]:
    return tuple(_data()[0].values())


def design(design_id: str) -> CardDesign | None:
    return _data()[0].get(design_id)


def side(key: str) -> CardSide | None:
    """A printed side by `<databaseId>/<side>` (the OCTGN id RingsDB calls `octgnid`)."""
    return _data()[1].get(key)


def by_title(title: str) -> tuple[CardDesign, ...]:
    """Every design printed under this title, accents and case aside (`Théodred`)."""
    found, _, titles = _data()
    return tuple(found[did] for did in titles.get(title_key(title), ()))


def _words_match(query: str, title: str) -> bool:
    """Each typed word is a word of the title, misspelt (`longbread`) or shortened to or
    from it (`Samwise` for Sam Gamgee), so a first name or a surname alone finds it."""
    from rapidfuzz import fuzz

    words = title.split()
    return all(
        any(fuzz.ratio(w, t) >= 85 or (min(len(w), len(t)) >= 3 and (w.startswith(t) or
            t.startswith(w))) for t in words)
        for w in query.split()
    )  # fmt: skip


def _score(query: str, title: str) -> float:
    from rapidfuzz import fuzz

    score = fuzz.ratio(query, title)
    if _words_match(query, title):
        # a shortening is as good as the share of the title it names, from 88 to 98
        score = max(score, 88 + 10 * min(1.0, len(query) / len(title)))
    return score


def _narrow(found: tuple[CardDesign, ...], words: tuple[str, ...]) -> tuple[CardDesign, ...]:
    """The versions that match the most words said beside the name: a type ('hero'),
    sphere, category ('encounter'), pack or encounter set word. Words that match no
    version narrow nothing."""
    wanted = [title_key(w) for w in words if w.strip()]
    if not wanted or len(found) < 2:
        return found

    def hits(d: CardDesign) -> int:
        labels = {title_key(x) for x in (d.type, d.sphere, d.category, *d.type.split())}
        places = " ".join(title_key(x) for x in (*d.packs, *d.encounter_sets)).split()
        return sum(1 for w in wanted if w in labels or w.rstrip("s") in labels or w in places)

    best = max(hits(d) for d in found)
    return tuple(d for d in found if hits(d) == best) if best else found


def find_cards(name: str, words: tuple[str, ...] | list[str] = ()) -> CardMatch:
    """The versions of the title `name` means, narrowed by `words` said beside it.

    An exact title wins; otherwise typos ("sneak atack"), shortenings ("the Beastmaster")
    and first names ("Samwise") resolve when one title is clearly best. When none is,
    `designs` is empty and `close` offers the nearest titles."""
    from rapidfuzz import fuzz, process

    titles = _data()[2]
    words = tuple(words)
    query = title_key(name)
    for article in _ARTICLES:
        query = query.removeprefix(article)
    if not query:
        return CardMatch(name, None, ())
    if query not in titles:  # type and sphere words inside the name narrow, too
        kept = [w for w in query.split() if not _is_label(w)]
        if kept and " ".join(kept) in titles:
            words += tuple(w for w in query.split() if _is_label(w))
            query = " ".join(kept)
    if query in titles:
        found = by_title(query)
        return CardMatch(name, found[0].title, _narrow(found, words), score=100.0)
    shortlist = process.extract(query, list(titles), scorer=fuzz.WRatio, limit=30)
    ranked = sorted(((_score(query, t), t) for t, _, _ in shortlist), key=lambda p: (-p[0], p[1]))
    if not ranked or ranked[0][0] < CLOSE:
        return CardMatch(name, None, ())
    best, title = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
    if best >= GOOD and best > runner_up or best >= FAIR and best - runner_up >= MARGIN:
        found = by_title(title)
        return CardMatch(name, found[0].title, _narrow(found, words), score=round(best, 1))
    close = tuple(by_title(t)[0].title for s, t in ranked[:5] if s >= CLOSE)
    return CardMatch(name, None, (), close, round(best, 1))


@cache
def _labels() -> frozenset[str]:
    return frozenset(
        w for d in designs() for x in (d.type, d.sphere) for w in title_key(x).split()
    )


def _is_label(word: str) -> bool:
    return word in _labels() or word.rstrip("s") in _labels()
