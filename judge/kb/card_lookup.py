"""Fuzzy card-title lookup over the titles the knowledge base knows."""

from __future__ import annotations

from dataclasses import dataclass

CLEAR_WIN = 90.0  # a match this good, well ahead of the next, is the card meant
MARGIN = 6.0
CLOSE = 70.0  # matches at least this good are offered as suggestions
#: a fuzzy match answers only when it is the title mistyped (at most one edit, a letter
#: added, dropped, changed or two swapped, per TYPO_LETTERS letters of the title, and
#: always one) or part of it in whole words ("bilbo" for Bilbo Baggins). WRatio alone
#: scores "robert" 90 against Bert (Bert is inside it) and "notanumber" 77.
TYPO_LETTERS = 4


@dataclass(frozen=True, slots=True)
class CardMatch:
    """The card meant (`title`), or the candidates when it is ambiguous or unknown."""

    title: str | None
    candidates: tuple[tuple[str, float], ...]
    #: no answer because two or more titles are each named as well as the other
    #: ("gondor": Horn of Gondor, Steward of Gondor); otherwise the candidates are
    #: only suggestions
    several: bool = False


def names_the_title(key: str, title_key: str) -> bool:
    """Whether a typed name (slug) is the title's slug with a few typos, or the title
    and the name share whole words, one inside the other."""
    from rapidfuzz.distance import OSA

    if f"-{key}-" in f"-{title_key}-" or f"-{title_key}-" in f"-{key}-":
        return True
    allowed = max(1, len(title_key) // TYPO_LETTERS)
    return OSA.distance(key, title_key, score_cutoff=allowed) <= allowed


def find_card(query: str, titles: dict[str, str]) -> CardMatch:
    """Match a typed card name against known titles (slug keys, so accents do not matter)."""
    from rapidfuzz import fuzz, process

    from judge.base.slug import slugify

    key = slugify(query)
    if key in titles:
        return CardMatch(titles[key], ((titles[key], 100.0),))
    scored = process.extract(key, list(titles), scorer=fuzz.WRatio, limit=6)
    ranked = tuple((titles[k], round(score, 1)) for k, score, _ in scored)
    if not ranked:
        return CardMatch(None, ())
    named = [names_the_title(key, k) for k, _, _ in scored]
    best, best_score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    if best_score >= CLEAR_WIN and best_score - runner_up >= MARGIN and named[0]:
        return CardMatch(best, ranked[:1])
    # the close matches; of them, the ones the name says (typos or whole words): one
    # is the card meant, several are listed, none leaves only suggestions
    floor = max(CLOSE, best_score - 15)
    close = tuple(pair for pair in ranked if pair[1] >= floor)
    meant = tuple(pair for pair, says in zip(ranked, named, strict=True) if pair in close and says)
    if len(meant) == 1:
        return CardMatch(meant[0][0], meant)
    if meant:
        return CardMatch(None, meant, several=True)
    return CardMatch(None, close or ranked[:5])
