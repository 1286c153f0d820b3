"""Snippets: the passage of an entry that best matches a question, with matches marked."""

from __future__ import annotations

from judge.body_lines import plain
from judge.search.text import WORD, stem

WINDOW = 32  # words


#: each word as written -> its stem: the index build stems every word of every body
#: and line (about 190,000), most of them words it has seen before
_STEMS: dict[str, str] = {}


def word_stems(text: str) -> list[str]:
    """The stem of every word of an entry's snippet text, in order (done once, at
    index time, so that a query only compares them)."""
    from judge.slug import fold_accents

    found = []
    for word in WORD.findall(plain(text)):
        term = _STEMS.get(word)
        if term is None:
            term = _STEMS[word] = stem(fold_accents(word).lower())
        found.append(term)
    return found


def snippet(text: str, query_words, stems: list[str]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The best window of `text` and the character spans of matched words in it.

    `stems` are `word_stems(text)`, stored with the entry in the index.
    """
    body = plain(text)
    wanted = {stem(w) for w in query_words} - {""}
    tokens = [
        (m.start(), m.end(), token_stem)
        for m, token_stem in zip(WORD.finditer(body), stems, strict=True)
    ]
    if not tokens:
        return body[:200], ()
    totals = [0]
    for _, _, token_stem in tokens:
        totals.append(totals[-1] + (token_stem in wanted))
    last_start = max(0, len(tokens) - WINDOW)
    best_start = max(
        range(last_start + 1), key=lambda i: (totals[min(i + WINDOW, len(tokens))] - totals[i], -i)
    )
    window = tokens[best_start : best_start + WINDOW]
    begin, end = window[0][0], window[-1][1]
    prefix = "… " if begin > 0 else ""
    suffix = " …" if end < len(body) else ""
    excerpt = prefix + body[begin:end] + suffix
    shift = len(prefix) - begin
    spans = tuple((s + shift, e + shift) for s, e, st in window if st in wanted)
    return excerpt, spans
