"""The names players call cards by that are no title: a first name several titles may
share ("Thorin"), and the names the game declares (`judge.games.lexicon.card_names`:
"Samwise"), read in a question as `PlayerNames.said` says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, cached_property

from judge.search.card_mentions import (
    WRITTEN_WORD,
    opens_a_sentence,
    spells_one_of,
    unpossessed,
    written_as_names,
)
from judge.search.profile import MIN_SHORTENED_NAME
from judge.search.text import NARRATORS, SAYING, STOP_WORDS, words


class PlayerNames:
    """The names players call cards by that are no run of a title's words: a first name
    (`card_facts.first_names`: "Thorin" is Thorin Oakenshield or Thorin Stonehelm,
    "Sam" is Sam Gamgee) and the names `card_facts.player_names` declares ("Samwise").

    A name several titles share names them all: which one the player meant is for the
    words beside it to say (`reading.GameReader`), never for us to guess. A first name
    that is a plain word ("Sam", "Merry", "Bard": `plain`) names a card only written as
    a name, with no capitalised word beside it ("Lord" in "the Lord of the Rings") and
    not after a narrator ("my buddy Sam"); any other names one however written
    ("thorin"). A declared name written with capitals inside ("SoG", "U.C.", and the
    initials `card_facts.initialisms` reads from the titles: "LoV") names its card only
    as written; the end of one title (`tails`: "Secret Ways") only written as a name
    (`card_mentions.written_as_names`). No name names a card where it is a word of a title the
    question names, there ("Sam Gamgee" is that card, and the Brand of Bard son of
    Brand is no Brand son of Bain) or on its own (that title shortened: "the Jailor"
    after Dungeon Jailor), though a possessive that opens one is its owner's name
    ("Elrond" said beside Elrond's Counsel); nor where it is a word of a scenario's
    name (`scene`) or of a longer name that is not the card's ("Thorin's Company")."""

    def __init__(
        self,
        first: dict[str, list[str]],
        plain: frozenset[str],
        declared: dict[str, tuple[str, ...]],
        tails: dict[str, list[str]] | None = None,
    ):
        self.first, self.plain = first, plain
        #: the ends of titles (`card_facts.title_tails`) by their first word
        self.tails: dict[str, dict[tuple[str, ...], tuple[str, ...]]] = {}
        for tail, titles in (tails or {}).items():
            said = tuple(unpossessed(w) for w in words(tail))
            self.tails.setdefault(said[0], {})[said] = tuple(titles)
        #: declared names by their words ("samwise",), and those matched as written
        self.declared: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.as_written: dict[str, tuple[str, ...]] = {}
        for name, titles in declared.items():
            if any(c.isupper() for c in name[1:]):
                self.as_written[name] = tuple(titles)
            elif words(name):
                self.declared[tuple(words(name))] = tuple(titles)
        self._lengths = sorted({len(k) for k in self.declared}, reverse=True)
        # the names matched as written, as one pattern, the longest first ("U.C." whole)
        alternatives = "|".join(map(re.escape, sorted(self.as_written, key=len, reverse=True)))
        self._written_pattern = re.compile(rf"(?<![\w.])({alternatives or '(?!)'})(?![\w])")

    def said(
        self,
        question: str,
        named: Iterable[str] = (),
        scene: frozenset[str] = frozenset(),
        longer: Iterable[str] = (),
        is_a_word=lambda word: True,
    ) -> list[tuple[tuple[str, ...], frozenset[str]]]:
        """Each name the question says, first said first, as (the titles it means, the
        question's words that say it); `named`: the titles the recognisers found;
        `is_a_word`: whether a word is one (a name that is none may be a first name
        shortened, `_shortened`).
        Every word of the question is read, not only those the recognisers search
        (`MAX_WORDS`) nor those of its asking sentences: a long post names its heroes
        in its story ("Tapped Frodo and Sam to commit them")."""
        from judge.base.slug import slugify

        found: dict[tuple[str, ...], set[str]] = {}
        alone = None  # read only for a plain first name said: most questions say none
        # a possessive split by an odd apostrophe ("Elrond´s") is read as one
        said = tuple(unpossessed(w) for i, w in enumerate(words(question)) if w != "s" or not i)
        titles_said = [tuple(unpossessed(w) for w in words(title)) for title in named]
        # a word of a title named, said on its own, is that card shortened ("the
        # Jailor" after Dungeon Jailor); a possessive of one is its owner's name
        taken = {w for title in named for w in words(title) if not w.endswith("'s")}
        for i, word in enumerate(said):
            if word in taken or any(_in_title_at(said, i, title) for title in titles_said):
                continue
            for length in self._lengths:
                run = said[i : i + length]
                if run in self.declared:
                    found.setdefault(self.declared[run], set()).update(run)
            for tail, titles in self.tails.get(word, {}).items():
                if said[i : i + len(tail)] == tail and set(tail) <= written_as_names(question):
                    found.setdefault(titles, set()).update(tail)
            titles = self.first.get(word)
            if titles is None and not is_a_word(word):
                alone = self._written_alone(question) if alone is None else alone
                titles = self._shortened(word) if word in alone else None
            if not titles or word in scene:
                continue
            if word in self.plain:
                alone = self._written_alone(question) if alone is None else alone
                if word not in alone:
                    continue
            if _in_a_longer_name(word, [slugify(t) for t in titles], longer):
                continue
            found.setdefault(tuple(titles), set()).add(word)
        for name in dict.fromkeys(m.group(1) for m in self._written_pattern.finditer(question)):
            found.setdefault(self.as_written[name], set()).update(words(name))
        return [(titles, frozenset(words_)) for titles, words_ in found.items()]

    def _shortened(self, word: str) -> list[str] | None:
        """The titles of the one first name a name opens, a diminutive ending aside
        ("Glorf", "Glorfy": Glorfindel), with at least `profile.MIN_SHORTENED_NAME`
        of its letters; None when no first name, or several, open so."""
        for opening in dict.fromkeys((word, word.removesuffix("y"), word.removesuffix("ie"))):
            found = self._openings.get(opening) if len(opening) >= MIN_SHORTENED_NAME else None
            if found:
                return self.first[found]
        return None

    @cached_property
    def _openings(self) -> dict[str, str | None]:
        """Each opening of a first name, of `profile.MIN_SHORTENED_NAME` letters or more
        and shorter than the name -> that name, or None when it opens several."""
        found: dict[str, str | None] = {}
        for name in self.first:
            for end in range(MIN_SHORTENED_NAME, len(name)):
                opening = name[:end]
                found[opening] = name if found.get(opening, name) == name else None
        return found

    @staticmethod
    def _written_alone(question: str) -> frozenset[str]:
        """The words capitalised (not in capitals) where no sentence starts, with no
        capitalised word right beside them, a sentence's first word ("Can Sam
        defend?") and a sphere or card type ("Spirit Merry") aside, and not after a
        narrator or before a word of saying ("my buddy Sam", "Sam says"): folded,
        without a possessive ("Bilbo's"). "Frodo / Sam" is two names."""
        found = set()
        written = list(WRITTEN_WORD.finditer(question))
        for i, match in enumerate(written):
            word = match.group()
            if not word[0].isupper() or word.isupper() or opens_a_sentence(question, match.start()):
                continue
            before = written[i - 1] if i else None
            after = written[i + 1] if i + 1 < len(written) else None
            if any(
                near is not None
                and _next_to(question, near, match)
                and near.group()[0].isupper()
                and near.group().lower() not in _qualifiers()
                and not (near is before and opens_a_sentence(question, near.start()))
                for near in (before, after)
            ):
                continue
            told = before is not None and before.group().lower() in NARRATORS
            if told or (after is not None and after.group().lower() in SAYING):
                continue
            found.update(unpossessed(w) for w in words(word))
        return frozenset(found)


@cache
def _qualifiers() -> frozenset[str]:
    """The words a player writes before a name to say which version ("Spirit Frodo",
    "Fellowship Aragorn", "Hero Merry"): the spheres and card types, no names."""
    from judge.games import DEFAULT_GAME
    from judge.games.lexicon import vocabulary

    said = vocabulary(DEFAULT_GAME)
    return said.spheres | frozenset(said.card_type_words)


def _next_to(question: str, one: re.Match, other: re.Match) -> bool:
    """Whether two written words stand with only spaces between them (not "Frodo /
    Sam", "Frodo, Sam")."""
    start, end = sorted((one, other), key=lambda m: m.start())
    return not question[start.end() : end.start()].strip()


def _in_a_longer_name(word: str, keys: list[str], longer: Iterable[str]) -> bool:
    """Whether a name the player said is a word of a longer name written that is none
    of the titles it means (`keys`): "Daechanar" in Daechanar's Will, "Thorin" in
    Thorin's Company; a sphere or card type before it makes no other name ("Spirit
    Frodo"), and a longer name holding a whole title ("Thorin Oakenshield") is that
    title."""
    from judge.base.slug import slugify

    for name in longer:
        said = [unpossessed(w) for w in words(name)]
        while said and said[0] in _qualifiers():
            said = said[1:]
        if word not in said or len(said) < 2:
            continue
        slug = f"-{slugify(' '.join(said))}-"
        if not any(f"-{key}-" in slug or spells_one_of(slug.strip("-"), {key}) for key in keys):
            return True
    return False


def _in_title_at(said: tuple[str, ...], i: int, title: tuple[str, ...]) -> bool:
    """Whether the question's word at `i` is a word of a title it says there, misspelt
    or not: the title is that one word, or the word begins as one of the title's words
    does and a word of the title that is no stop word stands where it would beside it
    (typos keep a word's first letters: "Elrond´s Council" says Elrond's Counsel, and
    "Brand son of Bane" Brand son of Bain)."""
    word = said[i]
    if len(title) == 1:
        return word == title[0]
    for k, meant in enumerate(title):
        if word[:1] != meant[:1]:
            continue
        for m, other in enumerate(title):
            j = i - k + m
            beside = m != k and 0 <= j < len(said) and other not in STOP_WORDS
            if beside and said[j][:3] == other[:3]:
                return True
    return False
