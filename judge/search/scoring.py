"""The re-ranking's factors: how much of a question an entry, one of its lines or its
title says, as pure functions of the question and of what the index stores about the
entry (`engine.GameIndex` reads the entry, these weigh it)."""

from __future__ import annotations

from typing import NamedTuple

from judge.search.understand import Understanding

#: stems that make a title said right after them a point in time ("before declare
#: defender", "before or after engagement checks"). Not "after" alone: what follows a
#: step ("is there an action window after declare defender?") is that step's entry's
#: to say
_TIME_REFERENCES = (" befor", " until", " befor after")
#: the most an entry loses for a title the question says only in part (see title_factor)
UNSAID_TITLE_PENALTY = 0.2
#: a question of up to this many different words names its topic with each word, so a
#: match in an entry's title counts in full; in a longer one each word is one of many
#: things said (the story's "enemy", "attachment"), and title matches, word by word
#: or the whole title, count proportionally less (see topical)
TOPIC_WORDS = 8


class Concept(NamedTuple):
    """One concept of a question (`understand.concepts`): its stems, the entries that
    mention any of them, and its share of the question (the shares sum to 1); and, for
    a word naming a kind of entry ("errata", "faq"), the entries that cover it by being
    of that kind (`by_kind`), whose every line says it."""

    stems: frozenset[str]
    entries: frozenset[int]
    share: float
    by_kind: frozenset[int] = frozenset()


def newest_first(
    ranked, superseded_by: dict[int, tuple[int, ...]], asked_for: frozenset[int] = frozenset()
) -> list[tuple[float, int]]:
    """An older ruling a newer document restates (`superseded_by`: a FAQ ruling the Rules
    Reference now prints) ranks just below its restatement, when the question found both:
    the newer document is the rule's home and wins where the two differ. Not a ruling
    the question asks for (`asked_for`): by its number ("faq 1.15"), or as a ruling
    ("faq the letter x")."""
    superseded = {d: newer for d, newer in superseded_by.items() if d not in asked_for}
    scores = {docnum: score for score, docnum in ranked}
    for score, docnum in ranked:
        for newer in superseded.get(docnum, ()):
            if newer in scores:
                scores[newer] = max(scores[newer], score)
    return sorted(
        ((score, docnum) for docnum, score in scores.items()),
        key=lambda pair: (-pair[0], pair[1] in superseded),
    )


def title_factor(share: float, topical: float) -> float:
    """An entry's weight by the share of its title the question says
    (`engine.GameIndex._title_share`): a title said in part names something besides
    what the question asks about, and loses by the part left unsaid; a title said whole
    or not at all is neutral (a question may describe a rule without naming it: "can my
    guy defend for my buddy?" asks about Sentinel). The loss falls as the square of
    `topical`: each word of a long question says less about what it is about."""
    if 0 < share < 1:
        return 1 - UNSAID_TITLE_PENALTY * (1 - share) * topical**2
    return 1.0


def topical(meaning: Understanding) -> float:
    """How much a title match says: fully in a question of up to TOPIC_WORDS different
    words, proportionally less in a longer one."""
    said = len(set(meaning.content))
    return min(1.0, TOPIC_WORDS / said) if said else 1.0


def says_title(title: tuple[str, ...], said: str) -> bool:
    """Whether the question says an entry's whole (multi-word) title, other than as the
    time its question is set against: "is there an action window before I declare my
    defender?" asks about the moment before step 6.4.1, not about declaring one; the
    window after it is step 6.4.1's. A one-word title is said only as the whole
    question ("assault", the keyword, not Assault on Osgiliath): within a question it
    is one of its words."""
    if len(title) < 2:
        return bool(title) and said == f" {title[0]} "
    phrase = f" {' '.join(title)} "
    start = said.find(phrase)
    while start != -1:
        if not said[:start].endswith(_TIME_REFERENCES):
            return True
        start = said.find(phrase, start + 1)
    return False


#: the words of a title that only say what kind of text it is about: "Action, Action
#: Ability" and "Shadow Effects" are named by the quoted label "Action:" or "Shadow:"
_TEXT_KINDS = frozenset({"effect", "abil"})


def quotes_title(title: tuple[str, ...], quoted: frozenset[str]) -> bool:
    """Whether the terms a question quotes (`Understanding.quoted`) name an entry's
    title: all its words but those saying what kind of text it is about."""
    named = set(title) - _TEXT_KINDS
    return bool(named) and named <= quoted


def coverage(docnum: int, concepts: list[Concept]) -> float:
    """The share of the question's concepts (`engine.GameIndex._weighted_concepts`) an
    entry mentions.

    BM25 adds up term scores, so one rare word matched many times can beat an entry
    that answers the whole question; this share is the classic coordination factor.
    """
    if not concepts:
        return 1.0
    return sum(c.share for c in concepts if docnum in c.entries)


class LineShares:
    """The share of the question's concepts one line of an entry says (called with the
    line's stems). The re-ranking asks it of every line of the best candidates, most
    of which say one or two of the question's stems or none: a line is looked up by
    its stems, not compared with each concept."""

    def __init__(self, concepts: list[Concept]):
        self._shares = [c.share for c in concepts]
        self._by_stem: dict[str, list[int]] = {}
        for position, concept in enumerate(concepts):
            for term in concept.stems:
                self._by_stem.setdefault(term, []).append(position)
        self._asked = frozenset(self._by_stem)

    def __call__(self, line: frozenset[str]) -> float:
        said = line & self._asked
        if not said:
            return 0.0
        found = {position for term in said for position in self._by_stem[term]}
        # summed in the concepts' order, as adding them one by one would
        return sum(self._shares[position] for position in sorted(found))
