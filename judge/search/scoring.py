"""The re-ranking's factors: how much of a question an entry says, as pure functions of
the question and of what the index stores about the entry (`engine.GameIndex` reads the
entry, these weigh it)."""

from __future__ import annotations

from typing import NamedTuple

from judge.search import profile
from judge.search.understand import Understanding


class Concept(NamedTuple):
    """One concept of a question (`understand.concepts`): its stems, the entries that
    mention any of them, and its share of the question (the shares sum to 1)."""

    stems: frozenset[str]
    entries: frozenset[int]
    share: float


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


def topical(meaning: Understanding) -> float:
    """How much a title match says: fully in a question of up to `profile.TOPIC_WORDS` different
    words, proportionally less in a longer one."""
    said = len(set(meaning.content))
    return min(1.0, profile.TOPIC_WORDS / said) if said else 1.0


def coverage(docnum: int, concepts: list[Concept]) -> float:
    """The share of the question's concepts (`engine.GameIndex._weighted_concepts`) an
    entry mentions.

    BM25 adds up term scores, so one rare word matched many times can beat an entry
    that answers the whole question; this share is the classic coordination factor.
    """
    if not concepts:
        return 1.0
    return sum(c.share for c in concepts if docnum in c.entries)
