"""The tables of card names the index keeps, built from the knowledge base and the card
database when the index is built: the words that are no names, the words that name one
card alone, and the card database's titles (`database_cards`). The query side reads
them (`card_mentions.CardRecogniser`, `player_names.PlayerNames`).
"""

from __future__ import annotations

import re

from judge.search import profile
from judge.search.card_mentions import CardRecogniser, design_id, name_keys, without_article
from judge.search.text import STOP_WORDS, text_words, words


def everyday_words(kb) -> frozenset[str]:
    """Words that are not names: the knowledge base's own prose writes them in lower
    case mid-sentence ("took"), they name a rule ("secrecy" in "Secrecy X"), or players'
    questions about cards without that word use it and it is plain English ("black",
    "door"). The stored questions are written in lower case, names too: "fellowship
    sphere aragorn" makes no everyday word of "aragorn"."""
    from judge.search.english import common_words
    from judge.search.spelling import terms

    prose = re.compile(r"(?<![.!?:]\s)(?<![.!?:])\b([a-z][a-z']+)\b")
    english = frozenset(common_words())
    # an entry named after a card ("Aragorn", a campaign rule) titles no rule with it
    found = set(terms(kb)) - {
        word
        for entry in kb.entries
        if entry.titled_after_a_card
        for card in entry.cards
        for word in words(card)
    }
    for entry in kb.entries:
        found.update(prose.findall(entry.body))
        named = {w for card in entry.cards for w in words(card)}
        for question in entry.questions:
            found.update(w for w in words(question) if w not in named and w in english)
    return frozenset(found)


def _spellings_of_ours(kb, designs: dict[str, list[str]]) -> None:
    """Give a title of ours the database has under no spelling the versions of the one
    title the same entry names that it has, when the two are spellings of one name
    (the sources' "Dungeon Jailer" is the database's Dungeon Jailor): else naming it
    would name no card of the database."""
    from rapidfuzz import fuzz

    from judge.base.slug import slugify

    for entry in kb.entries:
        keys = list(dict.fromkeys(slugify(card) for card in entry.cards))
        known = [key for key in keys if key in designs]
        for key in keys if len(known) == 1 else ():
            if key not in designs and fuzz.ratio(key, known[0]) >= profile.MIN_TITLE_SCORE:
                versions = (v.partition(":") for v in designs[known[0]])
                designs[key] = [f"={design_id(known[0], v)}:{p}" for v, _, p in versions]


def distinctive_words(kb, everyday: frozenset[str] | None = None) -> dict[str, str]:
    """Title words that name one card on their own ("ufthak" -> chieftain-ufthak).

    A word qualifies when it appears in exactly one card title, in at most two
    entries that are not about that card, and is no everyday word (`everyday_words`),
    so rules words ("gate", "lord") and plain English ("took") never do. Nor does a
    word of a scenario's, a cycle's or a box's name: "the Dwarrowdelf cycle" names no
    Dwarrowdelf Axe, nor "an Uruk" (The Uruk-hai) the Uruk-hai Archer.
    """
    from judge.base.slug import slugify

    everyday = everyday_words(kb) if everyday is None else everyday
    everyday |= {
        word
        for entry in kb.entries
        if entry.scenario
        for name in (entry.title, entry.scenario.get("cycle"), entry.scenario.get("product"))
        if name
        for word in words(name)
    }
    body_words = [
        (set(entry.cards), {*text_words(entry.title), *text_words(entry.body)})
        for entry in kb.entries
        if entry.kind != "scenario"  # a page's checklists name cards; they are not rules text
    ]
    owners: dict[str, set[str]] = {}
    for title in kb.card_titles.values():
        for word in words(title):
            if len(word) >= 4 and word not in STOP_WORDS and word not in everyday:
                owners.setdefault(word, set()).add(title)
    found = {}
    for word, titles in owners.items():
        if len(titles) != 1:
            continue
        (title,) = titles
        elsewhere = sum(1 for cards, seen in body_words if title not in cards and word in seen)
        if elsewhere <= 2:
            found[word] = slugify(title)
    return found


def database_cards(kb, everyday: frozenset[str]) -> dict:
    """What the index keeps of the card database (`judge.kb.card_facts`), for the
    cards no entry is about: "titles" (slug -> title) but no rule's, entry's or
    scenario's name ("Easy Mode", "Passage Through Mirkwood") nor another name of an
    entry that is no scenario page ("On Track", of the Track keyword: the Book of
    Mazarbul, another name of The Seventh Level, is still a card); "plain", those whose
    every word is plain English or the rules', which name a card only written as one
    ("Gather Information"), or, of one word, only opening the question ("Despair:
    ..."; read anywhere, it takes the place of longer titles, "Tom" that of Tom
    Bombadil);
    "words", their words that name one card alone (`distinctive_words`: "Beastmaster");
    "designs", every title's versions oldest first (ours too), in one string read
    only for a title named (`designs_of`): each version's id less the title's slug,
    and the places of its packs in `card_facts.PACKS` ("hero-lore:0.71 ally:5");
    "first_names", the titles each first name begins (`card_facts.first_names`, ours
    too: "thorin" -> both Thorins; and a person's last word that is no English:
    "ufthak"), and "plain_first_names", those of them that are
    plain words ("sam", "merry"), which name a card only written as one
    (`PlayerNames`); "initialisms", the initials that spell one title
    (`card_facts.initialisms`: "LoV"), kept here so that reading a question needs
    no card facts; "runs", the tables a question's runs of words are compared with
    the titles by (`CardRecogniser.run_tables`); "rare", the titles of plain words that
    are no everyday phrase (`_a_rare_phrase`), which name a card said whole however
    written."""
    from collections import Counter

    from judge.base.slug import slugify
    from judge.kb import card_facts
    from judge.search.english import common_words
    from judge.search.spelling import terms

    if not card_facts.available():
        return {}
    ours = set(kb.card_titles)
    scenarios = [
        name
        for entry in kb.entries
        if entry.scenario
        for name in (entry.title, entry.scenario.get("cycle"), entry.scenario.get("product"))
        if name
    ]
    # a scenario page's other names may be its cards' ("book of mazarbul"): they are
    # still the cards' titles, and the scenario's name its own
    taken = name_keys(
        (
            *scenarios,
            *(e.title for e in kb.entries),
            *(alias for e in kb.entries if not e.scenario for alias in e.aliases),
        )
    )
    plain_words = frozenset(common_words()) | everyday | STOP_WORDS
    places = card_facts.PACK_PLACES
    titles, designs = {}, {}
    for card in card_facts.designs():
        packs = [places[pack] for pack in card.packs if pack in places]
        for title in dict.fromkeys((card.title, *card.titles)):
            key = slugify(title)
            # "=" marks a whole id: a version printed under another title too
            version = "" if card.id == key else card.id.removeprefix(f"{key}-")
            version = version if version != card.id else f"={card.id}"
            designs.setdefault(key, []).append(f"{version}:{'.'.join(map(str, packs))}")
            if key and key not in ours and key not in taken:
                # keyed without its article: a run is compared from its first word on
                titles.setdefault(without_article(key), title)
    _spellings_of_ours(kb, designs)
    plain = {key for key in titles if set(key.split("-")) <= plain_words}
    rules = frozenset(terms(kb))
    rare = {key for key in plain if _a_rare_phrase(key, rules)}
    owners = Counter(w for key in {*designs, *ours} for w in set(key.split("-")))
    scenario_words = {w for name in scenarios for w in slugify(name).split("-")}
    entries = Counter(w for e in kb.entries for w in {*text_words(e.title), *text_words(e.body)})
    words_ = {
        word: key
        for key in titles
        for word in key.split("-")
        if len(word) >= 4 and owners[word] == 1 and word not in plain_words
        if entries[word] <= 2 and word not in scenario_words
    }
    designs = {key: " ".join(versions) for key, versions in designs.items()}
    # a person's last word that is no word of English names them too ("Ufthak",
    # "Oakenshield"), as a first name does
    english = _any_english()
    first = {name: list(titles) for name, titles in card_facts.first_names().items()}
    for name, owners in card_facts.last_names().items():
        if name not in plain_words and name not in english and name not in scenario_words:
            first[name] = list(dict.fromkeys((*first.get(name, ()), *owners)))
    return {"titles": titles, "plain": sorted(plain & set(titles)), "words": words_,
            "rare": sorted(rare & set(titles)),
            "designs": designs, "first_names": first,
            "plain_first_names": sorted(set(first) & (plain_words | english)),
            "initialisms": card_facts.initialisms(),
            "runs": CardRecogniser(titles, {}).run_tables(),
            "tails": _tails(kb, scenarios)}  # fmt: skip


def _tails(kb, scenarios: list[str]) -> dict[str, list[str]]:
    """The ends of titles that name their card (`card_facts.title_tails`), but those
    inside a rule's or a scenario's name: "Up the Anduin" is Journey Up the Anduin,
    the scenario, before it is any card."""
    from judge.kb import card_facts

    inside: set[str] = set()
    for name in (*scenarios, *(e.title for e in kb.entries)):
        said = words(name)
        inside.update(
            " ".join(said[i:j]) for i in range(len(said)) for j in range(i + 2, len(said) + 1)
        )
    return {
        tail: list(titles)
        for tail, titles in card_facts.title_tails().items()
        if tail not in inside
    }


def _a_rare_phrase(key: str, rules: frozenset[str]) -> bool:
    """Whether a title of plain words is still no phrase of everyday English: two words
    or more, one of them rare in English (`profile.RARE_WORD_COUNT`) and no word of a
    rule's name (`spelling.terms`: "mode"): "ever vigilant", "fast hitch", "unexpected
    courage", said whole, name their cards however written; "stand together", "gather
    information" and "hard mode" only written as names."""
    from judge.search.english import word_counts

    counts = word_counts()
    said = [w for w in key.split("-") if w not in STOP_WORDS and w not in rules]
    return "-" in key and any(counts.get(w, 0) < profile.RARE_WORD_COUNT for w in said)


def _any_english() -> frozenset[str]:
    """Every word of the English word list, however rare: a first name that is one
    ("lurker": Lurker of the Depths, in "long time lurker") names a card only written
    as a name."""
    from judge.search.english import word_counts

    return frozenset(word_counts())
