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
only with twice the rule line's weight (`profile.ILLUSTRATION_WEIGHT`). So does a line that only
points to another document that agrees ('The Rules Reference ("Forced") contains the
same rule'), whose words are the heading's, and a scenario page's Easy Mode line, which
lists the cards easy mode takes out, for a question that is not about easy mode.

An entry's player questions (its front matter) may each name the line that answers
them. A question that shares the player's words lends that line its weight: the line
that settles a matter is worded as the rules put it, the stored question as players
ask it. A line that several stored questions name gains most from the one closest to
the player's, and each further one a fraction of the one before (`profile.QUESTION_DECAY`):
otherwise a line answering many questions wins on the common words they add up to
("do extra progress tokens carry over?" would get the line on when the quest
advances, not the one that says extra progress is lost).

A question asking for a person, an amount or a moment ("who takes the penalty?", "how
much does threat go up?", "does the forced effect go first?") is answered by a line
that names one: a player's role, a number, a point in the round (STATES). Such a line
counts `profile.STATING_WEIGHT` more.

A question that says nothing but the entry's name ("what is the staging area?") is
answered by the summary's first sentence, which defines it (`names_only_the_entry`).

A ruling kept as question and answer ("Q: ... does it go back to my hand?", then
"A: No. ...", in the next line or the same bullet) has the player's words in its
question, so the question wins often; the line is then its answer, which states the
rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from judge.kb.body_lines import body_lines
from judge.search import profile
from judge.search.snippets import word_stems

#: "Example:", "Player card example:", "Example (Quest Companion, ...):", "Context:"
_ILLUSTRATION = re.compile(r"^(?:[\w' -]{0,30}\bexample|context)\b[^:]{0,60}:", re.IGNORECASE)
#: "The Rules Reference ("Forced") contains the same rule.": a line that only says
#: another document agrees (up to profile.POINTER_WORDS words; longer ones go on to say it)
_AGREES = re.compile(
    r"^the (?:older )?(?:rules reference|faq|quest companion|rules summary)\b[^.]*"
    r"\b(?:same|agrees)\b",
    re.IGNORECASE,
)
#: a scenario page's Easy Mode line lists the cards taken out of the encounter deck: it
#: names the cards a story mentions ("a Hill Troll was attacking"), but says nothing on
#: them unless the question is about easy mode (says EASY)
_EASY_MODE = re.compile(r"^easy mode:", re.IGNORECASE)
EASY = word_stems("easy")[0]  # as the question's stems (`asked`) hold it
#: the lines that state what a question asks for (`focus.asked_for`)
STATES = {
    # not in the possessive: "its controller's discard pile" says whose pile it is,
    # not who acts
    "who": re.compile(
        r"\b(?:first player|active player|controller|controls|owner|owns|chooses?|decides?"
        r"|each player|every player)\b(?!['’]s\b)",
        re.IGNORECASE,
    ),
    # a number, but not one of a reference ("step 6.4.1", "FAQ (1.33)")
    "amount": re.compile(
        r"(?<!\d\.)\b(?:\d+(?!\.\d)|one|two|three|four|five|once|twice|second|any number"
        r"|as many)\b",
        re.IGNORECASE,
    ),
    # not "once": "once every round" says how often, an amount, not when
    "moment": re.compile(
        r"\b(?:before|after|end of|ends|beginning|begins|start of|step \d|immediately"
        r"|as soon as|until|at the same time|first|then)\b",
        re.IGNORECASE,
    ),
}
_ASKED = re.compile(r"^Q:\s*")  # a ruling's question ...
_ANSWERED = re.compile(r"^A:\s*")  # ... and its answer, the next line or the same bullet


class Answer(NamedTuple):
    text: str
    id: str
    citation: str
    #: how likely the entry it is from is a right one, 0-1 (`learned.confidence`), when
    #: the ranking gave one
    confidence: float | None = None

    def to_json(self) -> dict:
        found = {"text": self.text, "id": self.id, "citation": self.citation}
        if self.confidence is not None:
            found["confidence"] = round(self.confidence, 3)
        return found


def line_stems(lines: list[str]) -> list[list[str]]:
    """The distinct stems of each of a body's `body_lines`, stored with the entry at
    index time: the ranking favours an entry with one line that says what the question
    asks."""
    return [distinct_stems(line) for line in lines]


def distinct_stems(line: str) -> list[str]:
    """The distinct stems of one line, sorted."""
    return sorted(set(word_stems(line)) - {""})


def best_line(
    body: str,
    weights: dict[str, float],
    stems: list[list[str]] | None = None,
    asked: frozenset[str] = frozenset(),
    answered: Iterable[tuple[int, Iterable[str]]] = (),
    asks_for: str | None = None,
) -> str | None:
    """The candidate with the most question weight (`weights`: stem -> weight); the
    first sentence when none shares a word; None for an empty body. `stems` are the
    body's `line_stems`, when the index has them already.

    `answered` are the entry's own player questions that name the line answering them,
    as (line position, the question's stems): each adds to its line the weight of
    the words it shares with the question asked, the closest one whole and each
    further one `profile.QUESTION_DECAY` of the one before. A player's question rarely uses the
    words of the rule that settles it ("do extra progress tokens carry over?" against
    "Progress beyond what the stage required is lost"), but often those of a
    question the entry already answers.

    Lines that say the same weighted words tie; the one that shares more of the rest
    of the question's words (`asked`: the stems of all of them, the commonest too)
    wins: "does his passive ability still work?" is answered by the line whose
    abilities "still work", not by the first one that names abilities.

    `asks_for` is what the question asks for (`focus.asked_for`): a line that states
    one (STATES) counts `profile.STATING_WEIGHT` more."""
    lines = body_lines(body)
    if not lines:
        return None
    stems = line_stems(lines) if stems is None else stems
    unweighted = asked - weights.keys()
    by_questions = _by_questions(len(lines), weights, answered)
    stating = STATES.get(asks_for or "")
    scored = [
        (
            round(
                (sum(weights.get(s, 0.0) for s in said) * _weight(line, asked) + by_questions[i])
                * (1 + profile.STATING_WEIGHT * bool(stating and stating.search(line))),
                9,
            ),
            len(unweighted.intersection(said)),
            -i,
        )
        for i, (line, said) in enumerate(zip(lines, stems, strict=True))
    ]
    score, _, position = max(scored)
    if score <= 0:
        return lines[0]
    line, following = lines[-position], lines[-position + 1 : -position + 2]
    if _ASKED.match(line):
        if following and _ANSWERED.match(following[0]):
            line = following[0]
        else:  # "Q: ... A: ..." in one bullet
            line = line.partition(" A: ")[2] or line
    return _ANSWERED.sub("", line)  # the answer itself, without its "A:" label


def names_only_the_entry(asked: Iterable[str], title: set[str]) -> bool:
    """Whether the question's weighted stems (`asked`) are all words of the entry's
    title ("what is threat?", "what does exhausted mean"): it asks what the entry
    states as a whole, which its first sentence says. Matched on the title's words,
    one of its other lines would win on a stored question that shares them ("can my
    threat go below 0?")."""
    return set(asked) <= title


def _by_questions(
    count: int, weights: dict[str, float], answered: Iterable[tuple[int, Iterable[str]]]
) -> list[float]:
    """Per line, the weight its stored questions lend it (`best_line`'s `answered`):
    the closest question's shared weight, plus each further one's, scaled by
    `profile.QUESTION_DECAY` once more than the one before it."""
    shared: list[list[float]] = [[] for _ in range(count)]
    for position, question in answered:
        shared[position].append(sum(weights.get(s, 0.0) for s in question))
    return [
        sum(
            weight * profile.QUESTION_DECAY**rank
            for rank, weight in enumerate(sorted(each, reverse=True))
        )
        for each in shared
    ]


def _weight(line: str, asked: frozenset[str]) -> float:
    """How much a line's words count towards being the answer: less for an example,
    for a pointer to a document that agrees, and for an Easy Mode card list when the
    question (`asked`: its stems) is not about easy mode."""
    pointer = _AGREES.match(line) and len(line.split()) <= profile.POINTER_WORDS
    unasked_easy_mode = _EASY_MODE.match(line) and EASY not in asked
    return (
        profile.ILLUSTRATION_WEIGHT
        if pointer or unasked_easy_mode or _ILLUSTRATION.match(line)
        else 1.0
    )
