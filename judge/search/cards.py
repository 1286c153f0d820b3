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
        (set(entry.cards), set(words(entry.title + " " + entry.body)))
        for entry in kb.entries
        if entry.kind != "scenario"  # a page's checklists name cards; they are not rules text
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


def _grams(text: str) -> set[str]:
    return {text[i : i + 3] for i in range(len(text) - 2)}


class CardRecogniser:
    """Card titles a question names: typos, missing accents, partial titles.

    Runs of 1-6 consecutive words are compared with every title in slug form (so
    accents and punctuation do not matter); a run must cover most of a title. A
    single distinctive word (see `distinctive_words`) names its card too. Only runs
    sharing half a title's letter trigrams reach the fuzzy scorer, so a question that
    names no card never pays for it (or for importing rapidfuzz).
    """

    def __init__(self, titles: dict[str, str], card_words: dict[str, str]):
        self.titles, self.card_words = titles, card_words
        self._title_grams = {key: _grams(key) for key in titles}
        self._word_grams = {word: _grams(word) for word in card_words}
        self._by_gram: dict[str, set[str]] = {}
        for key, grams in self._title_grams.items():
            for gram in grams:
                self._by_gram.setdefault(gram, set()).add(key)

    def _candidates(self, text: str) -> list[str]:
        grams = _grams(text)
        shared: dict[str, int] = {}
        for gram in grams:
            for key in self._by_gram.get(gram, ()):
                shared[key] = shared.get(key, 0) + 1
        return [key for key, n in shared.items() if n * 2 >= len(self._title_grams[key])]

    def recognise(
        self, question_words: tuple[str, ...], is_common=lambda word: False, limit: int = 3
    ) -> list[str]:
        found: dict[str, float] = {}
        n_words = min(len(question_words), 40)
        for size in range(1, MAX_RUN + 1):
            for start in range(n_words - size + 1):
                run = question_words[start : start + size]
                if run[0] in STOP_WORDS or run[-1] in STOP_WORDS:
                    continue
                text = "-".join(run)
                candidates = self._candidates(text) if len(text) >= 5 else []
                if candidates:
                    from rapidfuzz import fuzz, process

                    for key, score, _ in process.extract(
                        text, candidates, scorer=fuzz.ratio, limit=2, score_cutoff=MIN_SCORE
                    ):
                        coverage = min(len(text) / max(len(key), 1), 1.0)
                        if coverage >= 0.6:
                            found[key] = max(found.get(key, 0.0), score * coverage)
        for word in question_words[:n_words]:
            if len(word) < 4:
                continue
            match = self.card_words.get(word)
            if match is None and len(word) >= 6 and not is_common(word):
                grams = _grams(word)
                close = [w for w, g in self._word_grams.items() if len(grams & g) * 2 >= len(g)]
                if close:
                    from rapidfuzz import fuzz, process

                    best = process.extractOne(word, close, scorer=fuzz.ratio, score_cutoff=88)
                    match = self.card_words[best[0]] if best else None
            if match:
                found[match] = max(found.get(match, 0.0), 80.0)
        ranked = sorted(found, key=lambda k: (-found[k], k))
        return [self.titles[key] for key in ranked[:limit]]
