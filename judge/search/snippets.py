"""Snippets: the passage of an entry that best matches a question, with matches marked."""

from __future__ import annotations

from itertools import islice

from judge.kb.body_lines import plain
from judge.search.text import WORD, stem

WINDOW = 32  # words


#: each word as written -> its stem: the index build stems every word of every body
#: and line (about 190,000), most of them words it has seen before
_STEMS: dict[str, str] = {}


def word_stems(text: str) -> list[str]:
    """The stem of every word of an entry's snippet text, in order (done once, at
    index time, so that a query only compares them)."""
    from judge.base.slug import fold_accents

    found = []
    for word in WORD.findall(plain(text)):
        term = _STEMS.get(word)
        if term is None:
            term = _STEMS[word] = stem(fold_accents(word).lower())
        found.append(term)
    return found


def snippet(body: str, query_words, stems: list[str]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The best window of an entry's `body`, as `plain` text (the first of those with
    the most matched words), and the character spans of the matched words in it.

    `stems` are `word_stems` of the body, stored with the entry in the index: the window
    is chosen from them, and only the words up to its end are found in the text again.
    """
    if not stems:
        return body[:200], ()
    wanted = {stem(w) for w in query_words} - {""}
    matched = [token_stem in wanted for token_stem in stems]
    best_start = 0
    best = count = sum(matched[:WINDOW])
    for start in range(1, len(stems) - WINDOW + 1):
        count += matched[start + WINDOW - 1] - matched[start - 1]
        if count > best:
            best, best_start = count, start
    window = list(islice(WORD.finditer(body), best_start, best_start + WINDOW))
    begin, end = window[0].start(), window[-1].end()
    if WORD.search(body, end) is None:  # only punctuation follows: keep it
        end = len(body)
    prefix = "… " if begin > 0 else ""
    suffix = " …" if end < len(body) else ""
    excerpt = prefix + body[begin:end] + suffix
    shift = len(prefix) - begin
    spans = tuple(
        (m.start() + shift, m.end() + shift)
        for m, hit in zip(window, matched[best_start:], strict=False)
        if hit
    )
    return excerpt, spans
