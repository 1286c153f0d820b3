"""Correcting a misspelt rules word from the index's own vocabulary ("sentinal").

Only a word the knowledge base never uses, in any inflection (its stem is unknown too:
"handed" is a form of "hand"), is corrected, and only to a close word it does use that
starts with the same letter (typos keep the first letter far more often than not; a
different first letter usually means a different word: "ridge" is not "bridge"). The
word must be long enough to be a rules term, similar enough (rapidfuzz ratio) and
differ in length by a letter at most.
Everyday words that happen to be absent ("buddy", "guy") are too far from any rules word
to be touched, and a word only one entry uses is no correction either: "leaning" is
not a typo of one card's "leaping", while a typo of a word the rules use often is
likely. Nor is a word of everyday English ever corrected, however close to a rules word
it is ("thread" is not "threat": `judge.search.english`).

A card recognised in spite of a typo ("protecter of lorien") has the typo read as its
title's word too (`Speller.in_titles`), though the typo is an inflection of a rules
word ("protect").
"""

from __future__ import annotations

from collections.abc import Callable

from judge.search import profile


def one_typo_apart(word: str, meant: str) -> bool:
    """Whether `word` is `meant` with one typo at most: a letter added, dropped or
    changed, or two next to each other swapped. The similarity ratio forgives an added
    or dropped letter in a short name ("beravore" for Beravor) but not a changed or
    swapped one, which it counts as two: "baravor" scores 85.7, "thelin" (Thalin)
    83.3. Compared here rather than by rapidfuzz, whose import a question that names
    no card would otherwise pay for."""
    if abs(len(word) - len(meant)) > 1:
        return False
    pairs = zip(word, meant, strict=False)  # the shorter word's length
    at = next((i for i, (a, b) in enumerate(pairs) if a != b), None)
    if at is None:  # equal, or one is the other and a letter more
        return True
    rest, meant_rest = word[at + 1 :], meant[at + 1 :]
    if len(word) > len(meant):  # a letter added
        return rest == meant[at:]
    if len(word) < len(meant):  # a letter dropped
        return word[at:] == meant_rest
    swapped = rest[:1] == meant[at : at + 1] and meant_rest[:1] == word[at : at + 1]
    return rest == meant_rest or (swapped and rest[1:] == meant_rest[1:])


class Speller:
    def __init__(
        self,
        vocabulary: list[str],
        terms: list[str] = (),
        stems: list[str] | None = None,
        rare: list[str] = (),
        english: Callable[[], frozenset[str]] = frozenset,
    ):
        """`stems`: the vocabulary's stems, computed once at index time (stemming a few
        thousand words would cost a cold `ask` tens of milliseconds); `rare`: the words
        only one entry uses, never a correction unless they name a rule; `english`
        reads the words of everyday English (`english.read`), only once a word has a
        correction to check."""
        from judge.search.text import STOP_WORDS, stem

        self._stem = stem
        self._known = frozenset(vocabulary)
        self._terms = frozenset(terms)
        self._stems = frozenset(stems if stems is not None else map(stem, vocabulary))
        self._by_initial: dict[str, list[str]] = {}
        # a word that says nothing to the search ("though") is never what a typo meant
        never = (frozenset(rare) - self._terms) | STOP_WORDS
        for word in vocabulary:
            if len(word) >= profile.MIN_TYPO_WORD - 1 and word not in never:
                self._by_initial.setdefault(word[0], []).append(word)
        self._english = english
        self._memo: dict[str, str | None] = {}
        self._terms_by_initial: dict[str, list[str]] = {}
        for term in sorted(self._terms):
            if len(term) >= profile.MIN_TYPO_WORD:
                self._terms_by_initial.setdefault(term[0], []).append(term)

    @property
    def known(self) -> frozenset[str]:
        """Every word the knowledge base uses."""
        return self._known

    @property
    def terms(self) -> frozenset[str]:
        """The words of the titles that name rules ("hide", "sentinel")."""
        return self._terms

    def is_a_word(self, word: str, names: frozenset[str] = frozenset()) -> bool:
        """Whether a word is one the knowledge base uses or everyday English, or a typo
        of a rules word (`correction`): no typo of a card's name, nor a name at all.
        "staing" is one letter from the card Sting, but a typo of "staging". A typo
        read as one of `names` (words only card titles use) is that name's: no word
        ("elanor" is Eleanor)."""
        if word in self._known or word in self._english():
            return True
        meant = self.correction(word)
        return meant is not None and meant not in names

    def _names_a_rule(self, word: str) -> bool:
        """Whether a word is, in any inflection, one that names a rule: "burden" as well
        as the "Burdens" of "Boons & Burdens". Only the terms that begin like the word
        are stemmed: a cold `ask` with a typo to read pays for a few, not hundreds."""
        if word in self._terms:
            return True
        stem = self._stem(word)
        return any(self._stem(t) == stem for t in self._terms if t[:3] == word[:3])

    def prepare(self) -> None:
        """Import the matcher and read the everyday English words now, not in the first
        question with a word to correct (`Searcher.open_all`)."""
        import rapidfuzz.process  # noqa: F401

        self._english()

    def correction(self, word: str) -> str | None:
        """The rules word meant by a misspelt word, or None (known, or nothing close)."""
        if len(word) < profile.MIN_TYPO_WORD or word in self._known or not word.isalpha():
            return None
        if word not in self._memo:
            from rapidfuzz import fuzz, process

            scored = []
            if self._stem(word) not in self._stems:
                # past five letters a rules term's bonus lowers the bar too: "travle" is
                # a typo of "travel" (one swap in six letters), while "shure" is too
                # short to be taken for "surge"; and a rules term is read through any
                # one typo ("pwril": peril), which the ratio counts as two
                lowered = profile.TERM_BONUS if len(word) > profile.MIN_TYPO_WORD else 0.0
                close = process.extract(
                    word,
                    self._by_initial.get(word[0], ()),
                    scorer=fuzz.ratio,
                    score_cutoff=min(profile.MIN_SIMILARITY - lowered, profile.ONE_TYPO_RATIO),
                    limit=10,
                )
                for close_word, score, _ in close:
                    if abs(len(close_word) - len(word)) > profile.MAX_LENGTH_CHANGE:
                        continue
                    term = self._names_a_rule(close_word)
                    one_typo = one_typo_apart(word, close_word)
                    if score >= profile.MIN_SIMILARITY - (lowered if term else 0) or (
                        term and one_typo
                    ):
                        # read first: a word one typo away, then a rule's name ("hidde"
                        # is hide, not hidden; "refersh" refresh, not refers), then the
                        # closest by the ratio
                        scored.append((not one_typo, not term, -score, close_word))
            ranked = sorted(scored)
            typo = bool(ranked) and word not in self._english()
            self._memo[word] = ranked[0][-1] if typo else None
        return self._memo[word]

    def corrections(self, words) -> dict[str, str]:
        """misspelt word -> the word read instead, for every word that needs one."""
        found = {}
        for word in words:
            fixed = self.correction(word)
            if fixed:
                found[word] = fixed
        return found

    def in_phrases(self, words, phrases: frozenset[tuple[str, str]]) -> dict[str, str]:
        """misspelt word -> the rules term it is one typo from, where the word has no
        correction of its own, being English ("planing", "wining") or a form of a
        known stem ("engagment"), but the term and the word beside it make a rule's
        name (`phrases`: pairs of stems in the titles that name rules): "planing
        phase" is the Planning Phase, "wining the game" Winning the Game. `words`: the
        question's content words, in order."""
        stems = [self._stem(w) for w in words]
        found = {}
        for i, word in enumerate(words):
            if len(word) < profile.MIN_TYPO_WORD or word in self._known or not word.isalpha():
                continue
            before, after = stems[i - 1] if i else None, stems[i + 1 : i + 2]
            for term in self._terms_by_initial.get(word[0], ()):
                meant = self._stem(term)
                said = (before, meant) in phrases or (after and (meant, after[0]) in phrases)
                if said and one_typo_apart(word, term):
                    found[word] = term
                    break
        return found

    def in_titles(self, words, titles) -> dict[str, str]:
        """misspelt word -> the word of a recognised card's or scenario's title it
        spells ("protecter" in "protecter of lorien errata": Protector of Lorien). A
        card recognised in spite of a typo is searched for by its title's words: the
        typo's stem may be a rules word's ("protect"), which would pull in the entries
        on protecting another player; and a scenario's typo would find nothing."""
        from judge.search.text import words as words_of

        title_words = {
            w for title in titles for w in words_of(title) if len(w) >= profile.MIN_TYPO_WORD
        }
        unknown = [
            word
            for word in words
            if len(word) >= profile.MIN_TYPO_WORD
            and word not in self._known
            and word not in title_words
            # "radagasts cunning", "the current trial's key": possessives, spelt right
            and not (word.endswith("s") and word[:-1] in title_words)
            and not (word.endswith(("'s", "\u2019s")) and word[:-2] in self._known)
        ]
        if not (unknown and title_words):
            return {}
        from rapidfuzz import fuzz

        found = {}
        for word in unknown:
            score, meant = max(
                (
                    (fuzz.ratio(word, w), w)
                    for w in title_words
                    if w[0] == word[0] and abs(len(w) - len(word)) <= profile.MAX_LENGTH_CHANGE
                ),
                default=(0.0, ""),
            )
            if score >= profile.MIN_SIMILARITY or (meant and one_typo_apart(word, meant)):
                found[word] = meant
        return found


#: the kinds of entry whose titles name rules (the others are named after cards,
#: scenarios or rulings); every TCG entry is a rulebook section
RULE_KINDS = ("glossary", "keyword", "step", "campaign")


def terms(kb) -> list[str]:
    """The words of the titles that name rules ("Hide X", "Sentinel")."""
    from judge.search.text import words

    seen: set[str] = set()
    for entry in kb.entries:
        if entry.kind in RULE_KINDS:
            seen.update(w for w in words(entry.title) if w.isalpha())
    return sorted(seen)


def vocabulary(kb) -> dict[str, int]:
    """Every word the entries use in titles, aliases, questions, cards and bodies, with
    how many entries use it."""
    from judge.search.text import text_words, words

    counts: dict[str, int] = {}
    for entry in kb.entries:
        rest = "\n".join((*entry.aliases, *entry.questions, *entry.cards))
        said = (*text_words(entry.title), *text_words(entry.body), *words(rest))
        used = {w for w in said if w.isalpha()}
        for word in used:
            counts[word] = counts.get(word, 0) + 1
    return counts


def respelt(question: str, corrected: dict[str, str]) -> str:
    """The question with each misspelt word replaced by the rules word it was read as
    (punctuation kept: it marks the sentences that ask)."""
    from judge.search.text import WORD, words

    def respell(match) -> str:
        (word,) = words(match.group()) or [match.group()]
        return corrected.get(word, match.group())

    return WORD.sub(respell, question)
