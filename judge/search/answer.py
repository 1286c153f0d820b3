"""The answer line: the one sentence or bullet of the best entry that states the rule
the question asks about.

An entry's body is a summary paragraph and bullets (docs/knowledge-base.md). Each
bullet and each sentence of a paragraph is a candidate; the one sharing the most of the
question's weight wins, the question's rare words weighing more than its common ones.
When no candidate shares a word, the summary's first sentence is the line: it states
the entry's rule, and the entry was ranked first for the question as a whole.

A worked example ("Example: Tom commits Gandalf...") or a line that sets the scene
("Context: ...") names the question's words as often as the rule does, and usually more
(the cards, the numbers), but it illustrates the rule rather than stating it: it wins
only with twice the rule line's weight (ILLUSTRATION_WEIGHT). So does a line that only
points to another document that agrees ('The Rules Reference ("Forced") contains the
same rule'), whose words are the heading's.

A ruling kept as question and answer ("Q: ... does it go back to my hand?", then
"A: No. ...") has the player's words in its question, so the question wins often; the
line is then its answer, which states the rule.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from judge.search.snippets import plain, word_stems

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")  # "- item" or "5. step"
#: "Example:", "Player card example:", "Example (Quest Companion, ...):", "Context:"
_ILLUSTRATION = re.compile(r"^(?:[\w' -]{0,30}\bexample|context)\b[^:]{0,60}:", re.IGNORECASE)
ILLUSTRATION_WEIGHT = 0.5
#: "The Rules Reference ("Forced") contains the same rule.": a line that only says
#: another document agrees (up to POINTER_WORDS words; longer ones go on to say it)
_AGREES = re.compile(
    r"^the (?:older )?(?:rules reference|faq|quest companion|rules summary)\b[^.]*"
    r"\b(?:same|agrees)\b",
    re.IGNORECASE,
)
POINTER_WORDS = 14
_ASKED = re.compile(r"^Q:\s*")  # a ruling's question ...
_ANSWERED = re.compile(r"^A:\s*")  # ... and its answer, the next line
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(“])")


class Answer(NamedTuple):
    text: str
    id: str
    citation: str

    def to_json(self) -> dict:
        return {"text": self.text, "id": self.id, "citation": self.citation}


def candidates(body: str) -> list[str]:
    """Each bullet of the body, and each sentence of its paragraphs, as plain text."""
    found: list[str] = []
    bullet: list[str] | None = None
    paragraph: list[str] = []

    def close_paragraph() -> None:
        if paragraph:
            found.extend(_sentences(plain(" ".join(paragraph))))
            paragraph.clear()

    for line in body.splitlines():
        if _BULLET.match(line):
            close_paragraph()
            if bullet:
                found.append(plain(" ".join(bullet)))
            bullet = [_BULLET.sub("", line)]
        elif not line.strip():
            if bullet:
                found.append(plain(" ".join(bullet)))
                bullet = None
            close_paragraph()
        elif bullet is not None:
            bullet.append(line.strip())  # a bullet's continuation line
        else:
            paragraph.append(line.strip())
    if bullet:
        found.append(plain(" ".join(bullet)))
    close_paragraph()
    return [c for c in found if c]


def line_stems(body: str) -> list[list[str]]:
    """The distinct stems of each candidate line, stored with the entry at index time:
    the ranking favours an entry with one line that says what the question asks."""
    return [distinct_stems(line) for line in candidates(body)]


def distinct_stems(line: str) -> list[str]:
    """The distinct stems of one line, sorted."""
    return sorted(set(word_stems(line)) - {""})


def _sentences(text: str) -> list[str]:
    """A paragraph's sentences; a stop inside quotes ('becomes "A Elbereth! Gilthoniel!"')
    does not end one."""
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(text):
        if sentences and _open_quote(sentences[-1]):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences


def _open_quote(text: str) -> bool:
    return text.count('"') % 2 == 1 or text.count("“") > text.count("”")


def best_line(
    body: str,
    weights: dict[str, float],
    stems: list[list[str]] | None = None,
    asked: frozenset[str] = frozenset(),
) -> str | None:
    """The candidate with the most question weight (`weights`: stem -> weight); the
    first sentence when none shares a word; None for an empty body. `stems` are the
    body's `line_stems`, when the index has them already.

    Lines that say the same weighted words tie; the one that shares more of the rest
    of the question's words (`asked`: the stems of all of them, the commonest too)
    wins: "does his passive ability still work?" is answered by the line whose
    abilities "still work", not by the first one that names abilities."""
    lines = candidates(body)
    if not lines:
        return None
    stems = line_stems(body) if stems is None else stems
    unweighted = asked - weights.keys()
    scored = [
        (
            round(sum(weights.get(s, 0.0) for s in said) * _weight(line), 9),
            len(unweighted.intersection(said)),
            -i,
        )
        for i, (line, said) in enumerate(zip(lines, stems, strict=True))
    ]
    score, _, position = max(scored)
    if score <= 0:
        return lines[0]
    line, following = lines[-position], lines[-position + 1 : -position + 2]
    if _ASKED.match(line) and following and _ANSWERED.match(following[0]):
        line = following[0]
    return _ANSWERED.sub("", line)  # the answer itself, without its "A:" label


def _weight(line: str) -> float:
    """How much a line's words count towards being the answer: less for an example or
    for a pointer to a document that agrees."""
    pointer = _AGREES.match(line) and len(line.split()) <= POINTER_WORDS
    return ILLUSTRATION_WEIGHT if pointer or _ILLUSTRATION.match(line) else 1.0
