"""Which part of a long question asks: the sentences that ask weigh more than the story.

Players write a paragraph of backstory ("I was playing Eowyn with Unexpected Courage
against...") and then the question ("is she still committed?"). The asking sentences
end in "?" or open the way questions do ("can I", "does", "what happens"); words found
only in the other sentences still count, with less weight, since the story often names
the situation the question is about. A question of one sentence is all question.

Quoted card text also says which kind of ability is in play: "Response:", "Forced:",
"When Revealed:", "Limit once per round". Those name a rule of their own, so the
ability type is read as part of the question whatever sentence it sits in.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from judge.games.lexicon import english
from judge.search import profile
from judge.search.text import STOP_WORDS, words

#: a sentence ends at . ! ? ; or a line break (a "..." between sentences too)
_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;]*")
#: a sentence opening with one of these asks ("does it...", "can I..."); words and pairs
#: of words that ask wherever they sit ("confused about playing vs putting into play")
_OPENERS = english().question_openers
_ASKING_WORDS = english().asking_words
_ASKING_PAIRS = english().asking_pairs

#: ability labels as printed on cards, before a colon ("Combat Action:", "Forced:")
_LABEL = re.compile(
    r"\b(?:(?:quest|planning|combat|refresh|resource|encounter)\s+)?"
    r"(response|forced|when revealed|action|travel|shadow|setup)\s*:",
    re.IGNORECASE,
)
_LIMIT = re.compile(r"\blimit\s+(?:once|twice|\d+\s+times?)\s+per\s+(?:round|phase|game)", re.I)


def sentences(question: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(question) if s.strip()]


def asks(sentence: str) -> bool:
    """A sentence that asks: it ends in "?", opens as a question does, or says "can I"."""
    if sentence.rstrip().endswith("?"):
        return True
    said = tuple(words(sentence))
    if not said:
        return False
    if said[0] in _OPENERS:
        return True
    return not _ASKING_WORDS.isdisjoint(said) or not _ASKING_PAIRS.isdisjoint(pairwise(said))


#: words that point back when they stand for a thing ("can I use that, right?"), not
#: when they pick one out ("once this action is done": the action, not the story)
_DEMONSTRATIVES = frozenset(["that", "this"])
#: words that judge what was said before, or choose between it, rather than name a
#: rule ("who is right?", "which one?", "who wins?")
_VERDICT_WORDS = english().verdict_words


def asking(parts: list[str]) -> list[bool]:
    """Which of the sentences ask (`asks`). A sentence that asks with no word of its
    own ("is there a rule for that?", "who is right lol"), or about "that" or "this"
    ("is that legal or must she wait?"), asks about the one before it ("my friend says
    you only get one attack per enemy"), which asks too."""
    flags = [asks(s) for s in parts]
    for i in range(1, len(parts)):
        if flags[i] and _leans_back(words(parts[i])):
            flags[i - 1] = True
    return flags


def _leans_back(said: list[str]) -> bool:
    """Whether an asking sentence asks about the one before it: about "that" or "this"
    ("is that legal or must she wait?", "does this mean..."), or with no word of its
    own ("who is right lol")."""
    points = len(said) > 1 and said[1] in _DEMONSTRATIVES
    return points or set(said) <= STOP_WORDS | _VERDICT_WORDS


#: after these, the rest of a sentence is an example, not the question ("e.g. Aragorn")
_EXAMPLE = re.compile(r"\b(?:e\.g\.?|for example|for instance|such as)[\s,:]+", re.I)


#: words in brackets are an aside, unless the aside asks ("(or does it return?)")
_ASIDE = re.compile(r"\(([^()?]*)\)")
#: where a sentence ends, for finding examples: not at the dot of "e.g."
_EXAMPLE_SENTENCE_END = re.compile(r"(?<=[!?;\n])|(?<=[^g]\.)\s")


def example_words(question: str) -> frozenset[str]:
    """Words only the examples and asides say (an example runs from its marker to the
    next comma or the sentence's end; an aside is in brackets): the rest of the
    question is what it asks about."""
    examples = _ASIDE.findall(question)  # "(due to Feint, Thicket of Spears, etc)"
    kept: list[str] = []
    for sentence in _EXAMPLE_SENTENCE_END.split(_ASIDE.sub(" ", question)):
        marker = _EXAMPLE.search(sentence)
        if marker:
            example, _, after = sentence[marker.end() :].partition(",")
            examples.append(example)
            kept.append(sentence[: marker.start()] + " " + after)
        else:
            kept.append(sentence)
    if not examples:
        return frozenset()
    return frozenset(w for e in examples for w in words(e)) - set(words(" ".join(kept)))


#: pronouns by which a short question points back at what the sentence before it told
#: ("can he?": the hero it told of)
_POINTING = english().pointing


def pointed_at(parts: list[str], flags: list[bool]) -> list[bool]:
    """Which sentences that do not ask a short question after them points back at ("I
    just drew another restricted weapon. Am I allowed to play it on him?"): they say
    what the question is about, so they are no backstory. They are not the question
    either: the sentence that asks stays the first question, for its follow-ups and
    for what it asks for. (A question that opens by pointing back, "is that legal?", or
    says nothing of its own, is `asking`'s: the sentence before it then asks too.)"""
    pointed = [False] * len(parts)
    for i in range(1, len(parts)):
        said = words(parts[i])
        own = [w for w in said if w not in STOP_WORDS]
        if (
            flags[i]
            and not flags[i - 1]
            and _points_back(said)
            and len(own) <= profile.POINTING_WORDS
        ):
            pointed[i - 1] = True
    return pointed


def _points_back(said: list[str]) -> bool:
    """Whether a sentence's words name the thing told before it by a pronoun, or by
    "that" or "this" standing alone: last, or before a word that only judges ("only
    the first player can use that, right?"). Before other words it picks a thing out
    ("once this action is done") or joins a clause ("now that he is no Gondor hero")."""
    if not _POINTING.isdisjoint(said):
        return True
    return any(
        word in _DEMONSTRATIVES and (after is None or after in _VERDICT_WORDS)
        for word, after in pairwise([*said, None])
    )


@lru_cache(maxsize=64)
def _read(question: str) -> tuple[tuple[str, bool, bool], ...]:
    """Each sentence of the question, whether it asks (`asking`) and whether it is told
    (neither asks nor is pointed at: `pointed_at`). Understanding a question reads them
    for its backstory, its follow-up questions, what it asks for and which words it
    keeps, so they are found once per question."""
    parts = sentences(question)
    flags = asking(parts)
    pointed = pointed_at(parts, flags)
    told = [not (a or p) for a, p in zip(flags, pointed, strict=True)]
    return tuple(zip(parts, flags, told, strict=True))


def backstory_words(question: str) -> frozenset[str]:
    """Words said only in the sentences told (neither asking nor pointed at: `_read`);
    empty when none is told, or all are, or the story is short: then there is nothing
    to look past."""
    read = _read(question)
    story = [s for s, _, is_told in read if is_told]
    if len(story) == len(read) or sum(len(words(s)) for s in story) < profile.STORY_WORDS:
        return frozenset()
    asked = {w for s, _, is_told in read if not is_told for w in words(s)}
    return frozenset({w for s in story for w in words(s)} - asked)


def told_sentences(question: str) -> list[str]:
    """The sentences told (neither asking nor pointed at: `_read`), in order."""
    return [s for s, _, is_told in _read(question) if is_told]


def asking_sentences(question: str) -> list[str]:
    """The sentences that ask (`asking`), in order."""
    return [s for s, a, _ in _read(question) if a]


def questions_asked(question: str) -> list[str]:
    """The questions a post asks, in order: its asking sentences, each joined by the
    asking sentence after it that leans back on it (`_leans_back`). "There is no
    penalty for losing. Does this mean a fallen hero only counts in a game we won?"
    is one question: the second sentence made the first one ask."""
    found: list[str] = []
    previous_asks = False
    for sentence, is_asking, _ in _read(question):
        if is_asking and previous_asks and found and _leans_back(words(sentence)):
            found[-1] = f"{found[-1]} {sentence}"
        elif is_asking:
            found.append(sentence)
        previous_asks = is_asking
    return found


def follow_up_words(question: str) -> frozenset[str]:
    """Words said only by the questions after the first (`questions_asked`; empty when
    the post asks one)."""
    asked = questions_asked(question)
    if len(asked) < 2:
        return frozenset()
    return frozenset(w for s in asked[1:] for w in words(s)) - set(words(asked[0]))


#: the words after a "when" that asks ("when does", "when exactly")
_AUXILIARIES = "do|does|did|is|are|was|were|can|could|should|would|will|must|exactly"
#: what the first asking sentence asks for, by how it asks: a person, an amount or a
#: moment (`answer.STATES` finds the lines that state one)
_ASKED_FOR = (
    ("who", re.compile(r"\b(?:who|whose|which player)\b")),
    # "can I mulligan again?", "twice in one phase": how many times
    ("amount", re.compile(r"\b(?:how (?:many|much|often)|twice|more than once|again)\b")),
    # a moment is asked for by "when" as a question word ("when does it go away", "...
    # discarded when"), not as a conjunction ("does it still score when we explore
    # it?"), by "at what point" or "how long", and by an order ("whats the actual
    # order for dealing shadows", "how do you order it")
    (
        "moment",
        re.compile(
            rf"\b(?:when (?:{_AUXILIARIES})|when$|before or after|order|first"
            r"|at (?:what|which) point|how long)\b"
        ),
    ),
)


def asked_for(question: str) -> str | None:
    """What the question's first asking sentence asks for: "who" ("who takes the
    threat penalty?"), "amount" ("how much does threat go up?") or "moment" ("does
    the forced effect go first?"); None when it asks for none of them."""
    asked = asking_sentences(question) or [s for s, _, _ in _read(question)]
    first = " ".join(words(asked[0])) if asked else ""
    return next((kind for kind, asking_for in _ASKED_FOR if asking_for.search(first)), None)


#: text in quotes, double or single (a single quote opens and closes outside a word:
#: "didn't" quotes nothing)
_QUOTED = re.compile(
    r"[\"\u201c]([^\"\u201c\u201d]*)[\"\u201d]|(?<!\w)['\u2018]([^'\u2018\u2019]*)['\u2019](?!\w)"
)
#: card text after an ability's label, unquoted: up to the sentence's end
_LABELLED = re.compile(_LABEL.pattern + r"([^.?!\n\"\u201c\u201d]*)", re.IGNORECASE)


def card_text_words(question: str) -> frozenset[str]:
    """Words only the card text a question quotes after an ability's label says
    ("Response: After you play an ally, draw a card."): what the card does sets the
    scene; its label, and the rest of the question, say what is asked ("when can I
    use it?" asks about responses, not about playing allies or drawing)."""
    if ":" not in question:  # every label ends with one
        return frozenset()
    quoted = [a or b for a, b in _QUOTED.findall(question)]
    texts = [text[label.end() :] for text in quoted if (label := _LABEL.search(text))]
    unquoted = _QUOTED.sub(" ", question)
    texts += [match[-1] for match in _LABELLED.findall(unquoted)]
    if not texts:
        return frozenset()
    elsewhere = words(_LABELLED.sub(" ", unquoted))
    return frozenset(w for text in texts for w in words(text)) - set(elsewhere)


def ability_words(question: str) -> tuple[str, ...]:
    """The rules words of the ability types that quoted card text shows."""
    found: list[str] = []
    for label in _LABEL.findall(question):
        found += label.lower().split()
    if _LIMIT.search(question):
        found.append("limit")
    return tuple(dict.fromkeys(found))


def question_first(question: str, limit: int) -> tuple[str, ...]:
    """The question's words in order, but when there are more than `limit`, the asking
    sentences' words (and those of the sentences they point back at) are kept first,
    then the backstory's from its start (the question usually comes last, where plain
    truncation would cut it off)."""
    every = tuple(words(question))
    if len(every) <= limit:
        return every
    read = _read(question)
    parts = [tuple(words(s)) for s, _, _ in read]
    flags = [not told for _, _, told in read]
    order = [i for i, a in enumerate(flags) if a] + [i for i, a in enumerate(flags) if not a]
    taken: dict[int, int] = {}
    budget = limit
    for index in order:
        taken[index] = min(len(parts[index]), budget)
        budget -= taken[index]
    return tuple(w for i, part in enumerate(parts) for w in part[: taken.get(i, 0)])
