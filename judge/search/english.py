"""Everyday English: words a player writes that no entry uses, and that are no typo.

The speller (`judge.search.spelling`) reads a word the knowledge base never uses as a
misspelling of a close word it does use. Many ordinary words are close to a rules
word: "thread" to "threat", "discord" to "discard", "tanking" to "taking", "melting" to
"meeting". A word common in written English is what the player meant, so it is never
corrected. A player who types "thread" for "threat" loses the correction; one who
writes "this thread" or "on discord" is no longer shown results for a rule they never
asked about.

The words come from pyspellchecker's English word frequencies. Words counted only at
the list's floor (MIN_COUNT) are mostly names and rare forms ("elanor", a typo of the
card Eleanor), which a typo produces as easily as a player does, so they are left out.

Reading the frequency list takes about 0.15 s, so the index build writes the common
words to a plain file beside the index (FILE), and a query reads that, in a few
milliseconds, only once it has a word to correct.
"""

from __future__ import annotations

from contextlib import suppress
from functools import cache
from pathlib import Path

FILE = "english-words.txt"
#: the fewest times a word is counted to be everyday English (the list's floor is 50)
MIN_COUNT = 100


@cache
def word_counts() -> dict[str, int]:
    """How often each word is counted in pyspellchecker's English (read once per
    process: a process that builds several indexes reads the list once)."""
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1).word_frequency.dictionary


@cache
def common_words() -> tuple[str, ...]:
    """The alphabetic words counted at least MIN_COUNT times, sorted."""
    counts = word_counts()
    return tuple(sorted(w for w, n in counts.items() if n >= MIN_COUNT and w.isalpha()))


def write(directory: Path) -> None:
    """Write `common_words` into an index directory being built."""
    (directory / FILE).write_text("\n".join(common_words()), encoding="utf-8")


@cache
def read(directory: Path | None) -> frozenset[str]:
    """The common words an index directory holds; pyspellchecker's own for an index
    kept in memory (no directory), or when the file has gone since the index was
    checked (a slower read, not a failed question)."""
    if directory is not None:
        with suppress(OSError):
            return frozenset((directory / FILE).read_text(encoding="utf-8").split())
    return frozenset(common_words())
