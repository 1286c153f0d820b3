"""Fuzzy card-title lookup over the titles the knowledge base knows."""

from __future__ import annotations

from dataclasses import dataclass

CLEAR_WIN = 90.0  # a match this good, well ahead of the next, is the card meant
MARGIN = 6.0
CLOSE = 70.0  # matches at least this good are offered as suggestions


@dataclass(frozen=True, slots=True)
class CardMatch:
    """The card meant (`title`), or the candidates when it is ambiguous or unknown."""

    title: str | None
    candidates: tuple[tuple[str, float], ...]


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
    best, best_score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    if best_score >= CLEAR_WIN and best_score - runner_up >= MARGIN:
        return CardMatch(best, ranked[:1])
    close = tuple(pair for pair in ranked if pair[1] >= max(CLOSE, best_score - 15))
    if len(close) == 1:
        return CardMatch(close[0][0], close)
    return CardMatch(None, close or ranked[:5])
