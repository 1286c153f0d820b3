"""Recognising card titles inside a question: typos, missing accents, partial titles."""

from __future__ import annotations

from judge.search.text import STOP_WORDS, words

MIN_SCORE = 86.0
MAX_RUN = 6


def distinctive_words(kb) -> dict[str, str]:
    """Title words that name one card on their own ("ufthak" -> chieftain-ufthak).

    A word qualifies when it appears in exactly one card title and in at most two
    entries that are not about that card, so rules words ("gate", "lord") never do.
    """
    from judge.slug import slugify

    body_words = [
        (set(entry.cards), set(words(entry.title + " " + entry.body))) for entry in kb.entries
    ]
    owners: dict[str, set[str]] = {}
    for title in kb.card_titles.values():
        for word in words(title):
            if len(word) >= 4 and word not in STOP_WORDS:
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


def recognise_cards(
    question_words: tuple[str, ...],
    titles: dict[str, str],
    card_words: dict[str, str],
    is_common=lambda word: False,
    limit: int = 3,
) -> list[str]:
    """Card titles the question names, best match first.

    Runs of 1-6 consecutive words are compared with every title in slug form (so
    accents and punctuation do not matter); a run must cover most of a title. A
    single distinctive word (see `distinctive_words`) names its card too.
    """
    from rapidfuzz import fuzz, process

    keys = list(titles)
    found: dict[str, float] = {}
    n_words = min(len(question_words), 40)
    for size in range(1, MAX_RUN + 1):
        for start in range(n_words - size + 1):
            run = question_words[start : start + size]
            if run[0] in STOP_WORDS or run[-1] in STOP_WORDS:
                continue
            text = "-".join(run)
            if len(text) < 5:
                continue
            for key, score, _ in process.extract(
                text, keys, scorer=fuzz.ratio, limit=2, score_cutoff=MIN_SCORE
            ):
                coverage = min(len(text) / max(len(key), 1), 1.0)
                if coverage >= 0.6:
                    found[key] = max(found.get(key, 0.0), score * coverage)
    for word in question_words[:n_words]:
        if len(word) < 4:
            continue
        match = card_words.get(word)
        if match is None and len(word) >= 6 and not is_common(word):
            best = process.extractOne(word, list(card_words), scorer=fuzz.ratio, score_cutoff=88)
            match = card_words[best[0]] if best else None
        if match:
            found[match] = max(found.get(match, 0.0), 80.0)
    ranked = sorted(found, key=lambda k: (-found[k], k))
    return [titles[key] for key in ranked[:limit]]
