"""The one slug function: ids, file names and fuzzy keys all agree on it."""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = re.compile(r"['\u2019\u2018`]")
_OTHER = re.compile(r"[^a-z0-9.]+")
_DOTS_OUTSIDE_NUMBERS = re.compile(r"(?<![0-9])\.|\.(?![0-9])")


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
#: characters that print as nothing and so split a word in two unseen: zero-width
#: space, non-joiner and joiner, word joiner, byte-order mark, soft hyphen. Pasted
#: text carries them ("sen\u200btinel" reads as "sen" and "tinel")
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")


def fold_accents(text: str) -> str:
    """`Nazgûl` -> `Nazgul`: strip combining marks after NFKD decomposition, and the
    INVISIBLE characters. Every word of a question or an entry (`judge.search.text`)
    and every slug is read through this, so they all agree. Plain ASCII
    (nearly all text) has nothing to fold and is returned as it is, which matters when
    the index folds every entry's whole body; in other text only the runs of non-ASCII
    characters are decomposed (a long post with one curly quote is read many times per
    question)."""
    if text.isascii():
        return text
    return _NON_ASCII.sub(_folded, text)


def _folded(run: re.Match[str]) -> str:
    decomposed = unicodedata.normalize("NFKD", run.group())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and ch not in INVISIBLE)


def title_key(title: str) -> str:
    """How the rules compare card titles: `Théodred` and `theodred ` are one card."""
    return fold_accents(title).casefold().strip()


def slugify(text: str) -> str:
    """Lower case, accents folded, apostrophes dropped, other runs become `-`.

    Dots survive only between digits, so `6.4.2` stays a step number while
    `Copy (of a card).` loses its full stop.
    """
    text = _APOSTROPHES.sub("", fold_accents(text).lower())
    text = _DOTS_OUTSIDE_NUMBERS.sub("-", text)
    return _OTHER.sub("-", text).strip("-")
