"""Card facts: every card of the Card Game as titles, stats, keywords and derived labels.

`cards/facts.json` is built by hand from the community card database
(`tools/build_card_facts.py`); it holds facts only, never card text. This module reads it
once, lazily, and answers "which cards are called that" for the CLI, the app and the
judge: by exact title (`by_title`) or from what a player typed (`find_cards`), which
forgives typos, shortenings and first names and narrows a title's versions by the words
said beside it ("Aragorn lore hero"). The names players call cards by that no title
spells are `first_names` (from the facts) and `player_names`
(`judge/games/lcg/card_names.json`); search reads questions with both.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from judge.base.slug import title_key

#: A checkout keeps the data beside rules/; an installed wheel carries it in judge/data/.
_CHECKOUT = Path(__file__).resolve().parents[2] / "cards" / "facts.json"
_INSTALLED = Path(__file__).resolve().parents[1] / "data" / "cards" / "facts.json"

FAIR = 75.0  # a match this good, well ahead of the next title, is the card meant
MARGIN = 3.0
CLOSE = 60.0  # titles at least this close are offered when nothing matches well
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")
#: the words that join a title's names: a shortening is never one of them
_JOINERS = frozenset(("the", "a", "an", "of", "and", "in", "on", "to", "at", "for", "from"))
_WORD = re.compile(r"[a-z0-9']+")

#: Every pack in the order the card database lists them: the Core Set, each cycle's
#: deluxe and adventure packs, the saga boxes, the starter and event packs, the
#: Nightmare packs, then the revised core and the later boxes. The facts file is sorted
#: by key, so this is the one record of that order; "the oldest printing" of a card means
#: its earliest pack here (`tests/test_card_facts.py` pins it to the database).
PACKS = (
    "Core Set", "The Hunt for Gollum", "Conflict at the Carrock", "A Journey to Rhosgobel",
    "The Hills of Emyn Muil", "The Dead Marshes", "Return to Mirkwood", "Khazad-dum",
    "The Redhorn Gate", "Road to Rivendell", "The Watcher in the Water", "The Long Dark",
    "Foundations of Stone", "Shadow and Flame", "Heirs of Numenor", "The Stewards Fear",
    "The Druadan Forest", "Encounter at Amon Din", "Assault on Osgiliath",
    "The Blood of Gondor", "The Morgul Vale", "The Voice of Isengard", "The Dunland Trap",
    "The Three Trials", "Trouble in Tharbad", "The Nin-in-Eilph", "Celebrimbor's Secret",
    "The Antlered Crown", "The Lost Realm", "The Wastes of Eriador", "Escape from Mount Gram",
    "Across the Ettenmoors", "The Treachery of Rhudaur", "The Battle of Carn Dum",
    "The Dread Realm", "The Grey Havens", "Flight of the Stormcaller",
    "The Thing in the Depths", "Temple of the Deceived", "The Drowned Ruins",
    "A Storm on Cobas Haven", "The City of Corsairs", "The Sands of Harad", "The Mumakil",
    "Race Across Harad", "Beneath the Sands", "The Black Serpent",
    "The Dungeons of Cirith Gurat", "The Crossings of Poros", "The Wilds of Rhovanion",
    "The Withered Heath", "Roam Across Rhovanion", "Fire in the Night",
    "The Ghost of Framsburg", "Mount Gundabad", "The Fate of Wilderland",
    "A Shadow in the East", "Wrath and Ruin", "The City of Ulfast",
    "Challenge of the Wainriders", "Under the Ash Mountains", "The Land of Sorrow",
    "The Fortress of Nurn", "The Massing at Osgiliath", "The Battle of Lake-Town",
    "The Stone of Erech", "The Old Forest", "Fog on the Barrow-downs", "The Ruins of Belegost",
    "Murder at the Prancing Pony", "The Siege of Annuminas",
    "Two-Player Limited Edition Starter", "Dark of Mirkwood", "Attack on Dol Guldur",
    "The Wizard's Quest", "The Woodland Realm", "The Mines of Moria", "Escape from Khazad-dum",
    "The Hunt for the Dreadnaught", "Core Set - Nightmare", "Shadows of Mirkwood - Nightmare",
    "Khazad-dum - Nightmare", "Dwarrowdelf - Nightmare",
    "The Hobbit - Over Hill and Under Hill - Nightmare",
    "The Hobbit - On the Doorstep - Nightmare", "Heirs of Numenor - Nightmare",
    "Against the Shadow - Nightmare", "The Black Riders - Nightmare",
    "The Voice of Isengard - Nightmare", "The Road Darkens - Nightmare",
    "The Lost Realm - Nightmare", "Angmar Awakened - Nightmare", "Ringmaker - Nightmare",
    "The Treason of Saruman - Nightmare", "The Land of Shadow - Nightmare",
    "The Grey Havens - Nightmare", "Dreamchaser - Nightmare",
    "The Hobbit - Over Hill and Under Hill", "The Hobbit - On the Doorstep", "The Black Riders",
    "The Road Darkens", "The Treason of Saruman", "The Land of Shadow", "The Flame of the West",
    "The Mountain of Fire", "Revised Core Set", "Defenders of Gondor", "Dwarves of Durin",
    "Elves of Lórien", "Riders of Rohan", "Dream-chaser Campaign Expansion",
    "Ered Mithrin Campaign Expansion", "Angmar Awakened Campaign Expansion",
)  # fmt: skip
#: each pack's place in PACKS (oldest first)
PACK_PLACES = {pack: place for place, pack in enumerate(PACKS)}


def pack_place(pack: str) -> int:
    """A pack's place in PACKS, oldest first; a pack PACKS lacks comes after them all."""
    return PACK_PLACES.get(pack, len(PACKS))


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
        return tuple(side(key) for key in self.printings)

    @property
    def packs(self) -> tuple[str, ...]:
        """The packs it was printed in, oldest first (the database's order)."""
        printed = sorted(self.printings, key=_printed_at)
        return tuple(dict.fromkeys(side(key).pack for key in printed))


@dataclass(frozen=True, slots=True)
class CardMatch:
    """What `find_cards` made of a name: the title meant and its versions, or the close
    titles to offer when nothing matched well (both empty for an unknown name). A name
    several titles share ("thorin") gives all their versions, no `title`, and the
    titles as `close`."""

    query: str
    title: str | None
    designs: tuple[CardDesign, ...]
    close: tuple[str, ...] = ()
    score: float = 0.0


def _record(cls: type, first: str, raw: dict):
    """A dataclass from its JSON record, whose blank, empty and false fields are left out."""
    values = {}
    for f in fields(cls)[1:]:
        value = raw.get(f.name)
        if f.name in ("keywords", "gains_keywords", "stats", "entries"):
            value = tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                 for k, v in (value or {}).items()))  # fmt: skip
        elif f.type.startswith("tuple"):
            value = tuple(value or ())
        elif value is None:
            value = False if f.type == "bool" else ""
        values[f.name] = value
    return cls(first, **values)


def facts_path() -> Path:
    return _CHECKOUT if _CHECKOUT.is_file() else _INSTALLED


def available() -> bool:
    """Whether the facts file is there (a wheel built without `cards/` lacks it)."""
    return facts_path().is_file()


@cache
def _raw() -> dict:
    """The file, parsed once; records become dataclasses only when asked for."""
    return json.loads(facts_path().read_bytes())


def _printed_at(key: str) -> tuple[int, int | float]:
    """Where a printed side comes in the database: its pack's place, then its number."""
    raw = _raw()["sides"].get(key, {})
    pack, number = raw.get("pack", ""), raw.get("number")
    place = pack_place(pack)
    return place, number if isinstance(number, int) else float("inf")


@cache
def _in_database_order() -> tuple[str, ...]:
    """Design ids, oldest first: by the first appearance of any of a design's printings
    in the database (its earliest pack, then its number there)."""
    designs = _raw()["designs"]
    return tuple(
        sorted(designs, key=lambda did: (min(map(_printed_at, designs[did]["printings"])), did))
    )


@cache
def _titles() -> dict[str, tuple[str, ...]]:
    """Design ids by folded title (the design's title, its printings' other titles),
    oldest first.

    Working this out means parsing the whole file and ordering every design (about a
    tenth of a second), while a board naming cards by title needs only this table: so
    it is kept in the user cache (`_kept`)."""
    return _kept("card-titles.marshal", _titles_from_facts)


def _titles_from_facts() -> dict[str, tuple[str, ...]]:
    found: dict[str, dict[str, None]] = {}
    for did in _in_database_order():
        raw = _raw()["designs"][did]
        for title in (raw["title"], *raw.get("titles", ())):
            found.setdefault(title_key(title), {})[did] = None
    return {title: tuple(ids) for title, ids in found.items()}


@cache
def _title_list() -> list[str]:
    """The folded titles, as a list once for the fuzzy matcher."""
    return list(_titles())


@cache
def _by_prefix() -> dict[str, tuple[str, ...]]:
    """Folded titles by the first three letters of each of their words, so a first name
    or a shortening ("Samwise") reaches titles fuzzy scoring ranks too low."""
    found: dict[str, list[str]] = {}
    for title in _titles():
        for word in set(_WORD.findall(title)):
            found.setdefault(word[:3], []).append(title)
    return {prefix: tuple(titles) for prefix, titles in found.items()}


#: the card types whose cards are people (or beasts with a name): a title of one begins
#: with the first name players call it by ("Thorin", "Smaug"); every hero, and the
#: unique cards of the other types ("Bard son of Brand" is printed without the mark)
_PEOPLE = frozenset(("Hero", "Objective Hero", "Objective Ally"))
_UNIQUE_PEOPLE = frozenset(("Ally", "Enemy", "Ship Enemy"))
_PLACES = frozenset(("Location", "Objective", "Objective Location", "Quest", "Ship Objective"))


@cache
def first_names() -> dict[str, tuple[str, ...]]:
    """First name (folded) -> the titles of the people it begins, oldest first:
    "thorin" -> Thorin Oakenshield and Thorin Stonehelm, "sam" -> Sam Gamgee, "merry"
    -> Merry. A first name is the first word of a person's title (`_PEOPLE`), after its
    article ("The Witch-king"), never a possessive ("Bilbo's Magic Ring" is an object)
    nor a trait ("Nazgûl of Dol Guldur": "nazgul" names a kind); and the one word of a
    unique card's title is its name too ("Asfaloth", "The Balrog"), a place's aside
    (`_PLACES`: "Rhosgobel" is as often its scenario). Whether a player's word is
    one is the reader's to say (`judge.search.player_names.PlayerNames`); kept in the
    user cache as `_titles` is (`_kept`)."""
    return _kept("card-first-names.marshal", _first_names_from_facts)


@cache
def last_names() -> dict[str, tuple[str, ...]]:
    """Last word (folded) -> the titles of the people (as `first_names` counts them)
    whose title of two words or more ends with it, not after "of" (a place), oldest
    first: "ufthak" -> both Chieftain Ufthaks, "oakenshield" -> Thorin Oakenshield.
    Most are plain words ("Troll", "Elder"), which name no one alone: which count is
    the reader's to say."""
    return _kept("card-last-names.marshal", _last_names_from_facts)


@cache
def title_tails() -> dict[str, tuple[str, ...]]:
    """The end of a title (two words or more, after its first, neither joined to the
    rest by a joining word) -> the one title it ends: "secret ways" -> Explore Secret
    Ways, "battle master" -> Erebor Battle Master. A tail two titles share ("of
    gondor") or that is a title itself is none. Whether a player's words are one
    written as a name is the reader's to say (`judge.search.player_names`); kept in
    the user cache as `_titles` is (`_kept`)."""
    return _kept("card-title-tails.marshal", _title_tails_from_facts)


def _title_tails_from_facts() -> dict[str, tuple[str, ...]]:
    said_titles = list(_titles_said())
    whole = {" ".join(said) for _, _, said in said_titles}
    found = _by_name(
        (" ".join(said[k:]), title)
        for _, title, said in said_titles
        for k in range(1, len(said) - 1)
        if said[k - 1] not in _JOINERS and said[k] not in _JOINERS
    )
    return {
        tail: titles for tail, titles in found.items() if len(titles) == 1 and tail not in whole
    }


def _titles_said() -> Iterator[tuple[dict, str, list[str]]]:
    """Every design's record and titles, in the database's order, each title with its
    words after its article ("The Witch-king": "witch", "king")."""
    raw = _raw()["designs"]
    for did in _in_database_order():
        record = raw[did]
        for title in (record["title"], *record.get("titles", ())):
            yield record, title, _WORD.findall(_ARTICLE.sub("", title_key(title)))


def _is_a_person(record: dict) -> bool:
    """Whether a design is a person's (`_PEOPLE`, or unique of `_UNIQUE_PEOPLE`)."""
    kind = record["type"]
    return kind in _PEOPLE or (kind in _UNIQUE_PEOPLE and bool(record.get("unique")))


def _by_name(named: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """(name, title) pairs -> name -> its titles, each once, in the order given."""
    found: dict[str, dict[str, None]] = {}
    for name, title in named:
        found.setdefault(name, {})[title] = None
    return {name: tuple(titles) for name, titles in found.items()}


def _last_names_from_facts() -> dict[str, tuple[str, ...]]:
    # after "of" it is a place ("Haldir of Lórien"), no one's name
    return _by_name(
        (said[-1], title)
        for record, title, said in _titles_said()
        if _is_a_person(record)
        and len(said) >= 2
        and said[-2] not in ("of", "the")
        and len(said[-1]) >= 4
    )


@cache
def kinds() -> frozenset[str]:
    """The traits (folded) that name a kind of card, not one: a trait of cards titled
    otherwise ("nazgul", "dunedain", "noldor"); Thaurdir's trait is his own name."""
    return frozenset(
        title_key(trait)
        for d in _raw()["designs"].values()
        for trait in d.get("traits", ())
        if not title_key(d["title"]).startswith(title_key(trait))
    )


def _first_names_from_facts() -> dict[str, tuple[str, ...]]:
    traits = kinds()

    def first_name(record: dict, said: list[str]) -> str | None:
        first = said[0] if said else ""
        if len(first) < 3 or first.endswith("'s"):
            return None
        # a unique card of one word is named by it ("Asfaloth"), but for a place,
        # whose name is its scenario's as often ("Rhosgobel")
        named = len(said) == 1 and record.get("unique") and record["type"] not in _PLACES
        return first if (_is_a_person(record) and first not in traits) or named else None

    return _by_name(
        (first, title)
        for record, title, said in _titles_said()
        if (first := first_name(record, said))
    )


@cache
def initialisms() -> dict[str, tuple[str, ...]]:
    """Initials as players write them (a name's capital, a joining word's small letter)
    -> the one player card title they spell: "LoV" -> Light of Valinor, "WotW" -> Will
    of the West. Only for a title with a joining word inside, whose small letters make
    the initials a shape that is seldom anything else, and only initials no other
    title of the database shares ("SoG" is Soldier and Steward of Gondor, and Signs of
    Gollum: which one players mean is declared in `player_names`). Kept in the user
    cache as `_titles` is (`_kept`)."""
    return _kept("card-initialisms.marshal", _initialisms_from_facts)


def _initialisms_from_facts() -> dict[str, tuple[str, ...]]:
    spelt: dict[str, set[str]] = {}
    players: dict[str, str] = {}
    for record, title, said in _titles_said():
        if len(said) < 3 or not any(w in _JOINERS for w in said[1:-1]):
            continue
        letters = "".join(w[0] if w in _JOINERS else w[0].upper() for w in said)
        spelt.setdefault(letters, set()).add(title)
        if record["category"] == "player":
            players[letters] = title
    return {
        letters: (title,)
        for letters, title in players.items()
        if len(spelt[letters]) == 1 and letters[0].isupper()
    }


@cache
def player_names() -> dict[str, tuple[str, ...]]:
    """The names players call the cards by that are not their titles
    (`judge.games.lexicon.player_names`: "Samwise" -> Sam Gamgee, "SoG", and the
    initials that spell one title, `initialisms`: "LoV")."""
    from judge.games import DEFAULT_GAME, lexicon

    return lexicon.player_names(DEFAULT_GAME, initialisms())


@cache
def _player_name_keys() -> dict[str, tuple[str, ...]]:
    """`player_names` by their `title_key`, a dot after them aside ("u.c" is "U.C.")."""
    return {title_key(name).rstrip("."): titles for name, titles in player_names().items()}


def _named_by_players(query: str) -> tuple[str, ...]:
    """The titles a typed name (`title_key`, without its article) means when it is one
    of the `player_names` or a first name (`first_names`), else none."""
    return _player_name_keys().get(query.rstrip("."), ()) or first_names().get(query, ())


@cache
def design(design_id: str) -> CardDesign | None:
    raw = _raw()["designs"].get(design_id)
    return _record(CardDesign, design_id, raw) if raw else None


@cache
def side(key: str) -> CardSide | None:
    """A printed side by `<databaseId>/<side>` (the OCTGN id RingsDB calls `octgnid`)."""
    raw = _raw()["sides"].get(key)
    return _record(CardSide, key, raw) if raw else None


def designs() -> tuple[CardDesign, ...]:
    """Every design, in the database's order (Core Set first)."""
    return tuple(design(did) for did in _in_database_order())


def card_title_keys() -> tuple[str, ...]:
    """Every title a card is printed under, folded (`title_key`): what a lookup by
    name matches against."""
    return tuple(_titles())


def by_title(title: str) -> tuple[CardDesign, ...]:
    """Every design printed under this title, accents and case aside (`Théodred`), in
    the database's order: the oldest printing first."""
    return tuple(design(did) for did in _titles().get(title_key(title), ()))


def _score(query: str, title: str) -> float:
    """How well a typed name names a title, 0-100: the better of a plain typo score and a
    shortening score. A shortening needs every typed word to be a title word, misspelt
    ("longbread") or cut to or from it ("Samwise" for Sam Gamgee); it scores by how
    nearly each word matched and how much of the title they cover, so "the Beastmaster"
    means Dol Guldur Beastmaster rather than Fell Beast."""
    from rapidfuzz import fuzz

    words, qualities, covered = _WORD.findall(title), [], 0
    for typed in _WORD.findall(query):
        best, length = 0.0, 0
        for word in words:
            quality = fuzz.ratio(typed, word) / 100
            if quality < 0.85:
                cut = min(len(typed), len(word)) >= 3 and (
                    typed.startswith(word) or word.startswith(typed)
                )
                quality = min(len(typed), len(word)) / max(len(typed), len(word)) if cut else 0
            if quality > best:
                best, length = quality, len(word)
        if not best:
            return fuzz.ratio(query, title)
        qualities.append(best)
        covered += length
    cover = min(1.0, covered / max(1, sum(map(len, words))))
    first_name = 3 * (fuzz.ratio(_WORD.findall(query)[0], words[0]) >= 85)  # "Dain", "Frodo"
    short = 70 + 20 * sum(qualities) / len(qualities) + 8 * cover + first_name
    return max(fuzz.ratio(query, title), short)


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

    An exact title wins; then a name players call cards by (`player_names`: "Samwise")
    or a first name (`first_names`: "sam"), which, when several titles share it
    ("thorin"), means all of them, as the words beside it narrow them ("tactics
    thorin"); otherwise typos ("sneak atack") and shortenings ("the Beastmaster")
    resolve when one title is clearly best. When none is, `designs` is empty and
    `close` offers the nearest titles. Only the typos and shortenings import
    rapidfuzz: a `card` for an exact title never pays for it."""
    titles, words, query = _titles(), tuple(words), title_key(name)
    if query not in titles:
        query = _ARTICLE.sub("", query)
    if not set(_WORD.findall(query)) - _JOINERS:  # "the a" names no card
        return CardMatch(name, None, ())
    if query not in titles:  # type and sphere words inside the name narrow, too
        kept = [w for w in query.split() if not _is_label(w)]
        if kept and " ".join(kept) in titles:
            words += tuple(w for w in query.split() if _is_label(w))
            query = " ".join(kept)
    if query in titles:
        found = by_title(query)
        return CardMatch(name, found[0].title, _narrow(found, words), score=100.0)
    kept = [w for w in query.split() if not _is_label(w)]
    meant = _named_by_players(" ".join(kept)) if kept else ()
    if meant:  # "samwise"; "thorin" is both Thorins, "tactics thorin" the one
        said = (*words, *(w for w in query.split() if _is_label(w)))
        found = _narrow(tuple(d for title in meant for d in by_title(title)), said)
        chosen = tuple(dict.fromkeys(d.title for d in found))
        if len(chosen) > 1:  # each title is as close as the other: offer them all
            return CardMatch(name, None, found, chosen, score=100.0)
        return CardMatch(name, chosen[0], found, score=100.0)
    from rapidfuzz import fuzz, process

    # a title WRatio scores under CLOSE has a plain ratio under it too (WRatio is the
    # best of the ratios), so only a shortening can still offer it: the prefixes find those
    shortlist = {
        t
        for t, _, _ in process.extract(
            query, _title_list(), scorer=fuzz.WRatio, limit=30, score_cutoff=CLOSE
        )
    }
    said = (w for w in _WORD.findall(query) if w not in _JOINERS)  # "of" begins no title word
    shortlist.update(t for w in said for t in _by_prefix().get(w[:3], ()))
    ranked = sorted(((_score(query, t), t) for t in shortlist), key=lambda p: (-p[0], p[1]))
    if not ranked or ranked[0][0] < CLOSE:
        return CardMatch(name, None, ())
    best, title = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
    if best >= FAIR and best - runner_up >= MARGIN:
        found = by_title(title)
        return CardMatch(name, found[0].title, _narrow(found, words), score=round(best, 1))
    close = tuple(by_title(t)[0].title for s, t in ranked[:5] if s >= CLOSE)
    return CardMatch(name, None, (), close, round(best, 1))


@cache
def _labels() -> frozenset[str]:
    """The words of card types and spheres ("objective", "ally", "lore")."""
    raw = _raw()["designs"].values()
    return frozenset(
        w for d in raw for x in (d["type"], d.get("sphere", "")) for w in x.lower().split()
    )


def _is_label(word: str) -> bool:
    return word in _labels() or word.rstrip("s") in _labels()


@cache
def design_titles() -> dict[str, str]:
    """Design id -> its title as printed: what names the cards a question names
    (`Understanding.card_designs`) without parsing the whole file, kept in the user
    cache as `_titles` is (`_kept`)."""
    return _kept(
        "card-design-titles.marshal",
        lambda: {did: raw["title"] for did, raw in _raw()["designs"].items()},
    )


#: bump when the shape of a table kept in the user cache changes
_KEPT_FORMAT = 3


def _kept(name: str, build) -> dict:
    """A table worked out from the facts file (`build`), kept in the user cache
    (`judge.base.cache.kept`) for the file as it is (its size and modification time)."""
    from judge.base.cache import kept

    stat = facts_path().stat()
    return kept(name, [_KEPT_FORMAT, stat.st_size, stat.st_mtime_ns], build)
