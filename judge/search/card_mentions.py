"""Recognising card titles inside a question: typos, missing accents, partial titles."""

from __future__ import annotations

import itertools
import re
import sys
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from functools import cache, cached_property, lru_cache

from judge.base.phrases import phrase_at
from judge.search import profile
from judge.search.text import MAX_WORDS, NARRATORS, SAYING, STOP_WORDS, words

MAX_RUN = 6

#: what a word of a card's title before one of these is instead: a trait or keyword
#: ("a Dunedain hero", "every Noldor character", "a Sorcery treachery", "a Pillage
#: enemy") or the name of a deck ("the Wolf deck")
_KINDS = frozenset(
    ("deck", "decks", "hero", "heroes", "trait", "traits", "character", "characters")
    + ("ally", "allies", "enemy", "enemies", "treachery", "treacheries", "cards")
)
#: before one misspelt word, these make no name of it ("the marsh")
_ARTICLES = frozenset(("the", "a", "an"))
_LEADING_ARTICLE = re.compile(rf"^(?:{'|'.join(_ARTICLES)})-(?=.)")
#: the small words a name may hold between its capitalised ones ("Miner of the Iron
#: Hills")
_JOINERS = r"(?:of|the|to|in)"
#: the marks after which a sentence or a clause starts ("Action: Exhaust Elrond"),
#: whose first word is capitalised anyway
_OPENERS = ".!?;:\n"
#: a sentence's first word that counts what follows "of" ("Couple of Thaurdir
#: questions"): no word of a name
_AMOUNTS = frozenset(("couple", "pair", "bunch", "lots", "handful", "few", "several", "half"))
#: where a sentence, a clause or a numbered point ("2) After") starts, and a word as
#: written
_NAME_START = re.compile(rf"(?<=[{_OPENERS}])|(?<=\b\d\))")
WRITTEN_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
#: a name: two or more capitalised words in a row, "of" and "the" allowed inside; a
#: word of a name has two letters at least ("deck B's Archer" names the Archer), and
#: "I'm" and "I've" name no one; or capitalised words joined by hyphens
#: ("Self-Preservation")
_NAME_WORD = r"(?!I['\u2019])[A-Z][a-z][\w'\u2019-]*"
_COMPOUND = r"[A-Z]\w*(?:-[A-Z]\w*)+"
_NAME = re.compile(
    rf"(?<![.!?]\s)\b(?:{_NAME_WORD}(?:\s+(?:{_JOINERS}\s+)*{_NAME_WORD})+|{_COMPOUND}\b)"
)


def designs_of(key: str, versions: str) -> list[tuple[str, frozenset[str]]]:
    """A title's versions as `card_tables.database_cards` keeps them (`key`: the title's slug):
    each design's id and the words that tell it from the others (its type, sphere or
    encounter set, and its packs' words: "hero", "tactics", "core")."""
    from judge.base.slug import slugify
    from judge.kb.card_facts import PACKS

    found = []
    for version in versions.split():
        rest, _, packs = version.partition(":")
        design = design_id(key, rest)
        said = {w for p in packs.split(".") if p for w in slugify(PACKS[int(p)]).split("-")}
        found.append((design, frozenset({*rest.split("-"), *said} - STOP_WORDS - {""})))
    return found


def design_id(key: str, version: str) -> str:
    """A design's id from its title's slug and its version as `designs_of` reads it:
    the id less the slug, or "=" and the whole id."""
    return version[1:] if version.startswith("=") else f"{key}-{version}" if version else key


def _opening(word: str) -> str:
    """What a run's first word must share with a title's to be compared with it: its
    first three letters (a typo keeps those far more often than not), or the whole
    word when it is a stop word ("their ambush" is no The Ambush, "we" opens We Are
    Not Idle)."""
    return word if word in STOP_WORDS else word[:3]


def _small(word: str) -> bool:
    """A word of two letters, or a stop word of three ("to", "the", "of")."""
    return len(word) <= (3 if word in STOP_WORDS else 2)


def _head(said: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """How a run of words or a title opens: the small words before its first word of its
    own (never its last word) and how that word opens (`_opening`). A run is compared
    with the titles that open as it does: "to the fords" with To the Ford, not with To
    Catch an Orc; a typo keeps a word's first letters far more often than not."""
    alike = 0
    while alike < len(said) - 1 and _small(said[alike]):
        alike += 1
    return tuple(said[:alike]), _opening(said[alike])


def _grams(text: str) -> set[str]:
    return {text[i : i + 3] for i in range(len(text) - 2)}


#: a question that opens with its subject as a heading, before a colon or a dash
#: ("Sacked: if the hero...", "evil storm - is the threat..."): a few words, no
#: sentence's end among them (each word after a space: a word is never read two ways,
#: so a long question without a heading costs one pass)
_HEADING = re.compile(
    r"^\W*([^\W_][\w'\u2019!-]*(?:[ \t]+[^\W_][\w'\u2019!-]*){0,3})[ \t]*(?::|[ \t][-\u2013\u2014][ \t])"
)


@lru_cache(maxsize=64)
def written_as_names(question: str) -> frozenset[str]:
    """Words the player capitalised where a sentence or a numbered point ("2) After")
    does not start ("the Took"), and the words of a heading the question opens with
    (`_HEADING`), however written: the ways a name is written. Lower-case folded, like
    the question's words. Remembered for the latest questions: reading a question and
    finding the cards it lacks both ask."""
    from judge.games import game_name_words

    heading = _HEADING.match(question)
    said = tuple(words(heading.group(1))) if heading else ()
    capitalised = (w for written, i in _capitalised(question) for w in words(written[i]))
    # a game's name ahead ("tcg: must an event...") says which rules, naming no card
    return frozenset((*capitalised, *(set(said) - game_name_words(said))))


def _capitalised(question: str) -> Iterator[tuple[list[str], int]]:
    """Each word capitalised (not in capitals: "TCG") where a sentence or a numbered
    point does not start, as its sentence's words as written and its place there."""
    for sentence in _NAME_START.split(question):
        written = WRITTEN_WORD.findall(sentence)
        for i in range(1, len(written)):
            if written[i][0].isupper() and not written[i].isupper():
                yield written, i


def longer_names(question: str) -> list[str]:
    """The names of two words or more the player wrote (`_NAME`: "Great Forest Web",
    "Warden of Healing"). A sentence's first word is capitalised anyway: "My Aragorn
    has..." names Aragorn alone, and so does "Playing the Arwen ally"."""
    found = []
    for match in _NAME.finditer(question):
        text = match.group()
        if opens_a_sentence(question, match.start()):
            text = re.sub(rf"^(?:{_JOINERS}\s+)+", "", text.partition(" ")[2])
        if len(words(text)) >= 2:
            found.append(text)
    return found


def _in_another_name(word: str, key: str, longer: Iterable[str]) -> bool:
    """Whether a word of the card `key`'s title is written inside a longer name that
    is not that title: "Great" in Great Forest Web names no Great Cave-troll, and
    "Warden" in Warden of Healing no Warden of Arnor. A name holding the whole title
    ("Sneak Attack Beorn") is still the card."""
    from judge.base.slug import slugify

    for name in longer:
        if word in (unpossessed(w) for w in words(name)):
            slug = slugify(name)
            if key not in slug and not spells_one_of(slug, {key}):
                return True
    return False


def opens_a_sentence(question: str, position: int) -> bool:
    """Whether the word at `position` is the first of a sentence or a clause."""
    before = question[:position].rstrip(" \t\"'\u201c\u201d\u2018\u2019(")
    return not before or before[-1] in _OPENERS


class CardRecogniser:
    """Card titles a question names: typos, missing accents, partial titles.

    Runs of 1-6 consecutive words are compared with the titles in slug form (so
    accents and punctuation do not matter) that open like them and are about as long
    (`_runs_by_opening`); a run must cover most of a title. A title shortened as
    players shorten a scenario's is one of the `titles` given. One
    word alone is a weak signal ("took" is not Wandering Took), so it names a card only
    when it is that card's whole title and no everyday word ("Thalin"), or when the
    player wrote it as a name ("Ufthak", see `written_as_names`) and it is distinctive
    (see `card_tables.distinctive_words`); though not inside a longer name that is not the card's
    (`longer_names`: "Warden of Healing" is no Warden of Arnor), nor before "deck" or
    "hero" ("a Dunedain hero"), nor in a run of words that names another card. After
    an article it must be spelt right unless written as a name ("the marsh" is no The
    Marish). Only runs that could reach a title's score (`_may_reach`) reach the fuzzy
    scorer, so a question that names no card never pays for it (or for importing
    rapidfuzz).
    """

    def __init__(
        self,
        titles: dict[str, str],
        card_words: dict[str, str],
        everyday: frozenset[str] = frozenset(),
        plain: frozenset[str] | None = None,
        rare: frozenset[str] = frozenset(),
        card_verbs: frozenset[str] = frozenset(),
        zone_words: frozenset[str] = frozenset(),
        auxiliaries: frozenset[str] = frozenset(),
    ):
        """`plain`: for the card database's titles (`card_tables.database_cards`), those of plain
        words, and `rare`, those of them that are no everyday phrase; given, each title
        names a card only as `_said_as_a_title` says. `card_verbs`: what a player does
        with a card, said before its name, unless after one of the `zone_words` ("out of
        play"), or after it, perhaps after one of the `auxiliaries` ("is revealed")
        (`lexicon.Vocabulary`)."""
        # a title is said without its article too ("test of will"), as the card
        # database's are keyed (`card_tables.database_cards`)
        bare = {without_article(key): title for key, title in titles.items()}
        titles = {**{k: t for k, t in bare.items() if "-" in k}, **titles}
        self.titles, self.card_words, self.everyday = titles, card_words, everyday
        self._plain = plain
        self._rare = rare
        self._card_verbs, self._zone_words = card_verbs, zone_words
        self._auxiliaries = auxiliaries

    @cached_property
    def _not_closing(self) -> frozenset[str]:
        """The stop words no title ends with ("A Test of Will" ends with one): no run
        ends with them."""
        return STOP_WORDS - {key.rsplit("-", 1)[-1] for key in self.titles}

    @cached_property
    def _word_grams(self) -> dict[str, set[str]]:
        return {word: _grams(word) for word in self.card_words}

    def prepare(self) -> None:
        """Build the run tables and import rapidfuzz now rather than for the first
        question that needs them (`engine.Searcher.open_all`)."""
        import rapidfuzz.process  # noqa: F401

        _ = self._word_grams, self._one_word_titles, self._not_closing  # built
        _ = self._by_opening, self._lengths_by_first_word

    @cached_property
    def _lengths_by_first_word(self) -> dict[str, frozenset[int]]:
        """The first word of each title of two words or more -> those titles' lengths
        in words."""
        found: dict[str, set[int]] = {}
        for key in self.titles:
            said = key.split("-")
            if len(said) > 1:
                found.setdefault(said[0], set()).add(len(said))
        return {first: frozenset(lengths) for first, lengths in found.items()}

    def said_whole(self, question_words: Sequence[str]) -> Iterator[tuple[int, tuple[str, ...]]]:
        """Each run of two words or more that spells a title exactly, wherever in the
        question, with the place it starts: a dictionary look-up a word, with no fuzzy
        matching, so the whole of a long post is read, not only the MAX_WORDS that
        `scored` compares. A long story names its cards in lower case too ("... then
        my warden of healing ...")."""
        slugs = [w.replace("'", "") for w in question_words]
        by_first = self._lengths_by_first_word
        for start, first in enumerate(slugs):
            for length in by_first.get(first, ()):
                run = slugs[start : start + length]
                if len(run) == length and "-".join(run) in self.titles:
                    yield start, tuple(question_words[start : start + length])

    def recognise(self, question_words: tuple[str, ...], *args, **kwargs) -> list[str]:
        """The titles `scored` finds, best first."""
        return list(self.scored(question_words, *args, **kwargs))

    @cached_property
    def _by_opening(self) -> dict[tuple[tuple[str, ...], str], dict[int, list[tuple[int, str]]]]:
        """How a title opens (`_head`: the small words before its first word of its own,
        and how that word opens, `_opening`) -> its slug's length -> the titles, each
        with its place among them (the order runs compare them in)."""
        found: dict[tuple[tuple[str, ...], str], dict[int, list[tuple[int, str]]]] = {}
        for place, key in enumerate(self.titles):
            lengths = found.setdefault(_head(key.split("-")), {})
            lengths.setdefault(len(key), []).append((place, key))
        return found

    def run_tables(self) -> dict:
        """The tables runs are compared by (`_by_opening`, `_lengths_by_first_word`) as
        JSON keeps them, for the index to keep beside the titles: the card database's
        3,300 titles take a cold question some 7 ms to tabulate, and 1 ms to read."""
        return {
            "heads": [
                [list(small), opening, lengths]
                for (small, opening), lengths in self._by_opening.items()
            ],
            "first": {first: sorted(n) for first, n in self._lengths_by_first_word.items()},
        }

    def read_run_tables(self, tables: dict) -> None:
        """Take the tables `run_tables` gave for these titles rather than work them out."""
        self.__dict__["_by_opening"] = {
            (tuple(small), opening): {int(n): titled for n, titled in lengths.items()}
            for small, opening, lengths in tables["heads"]
        }
        self.__dict__["_lengths_by_first_word"] = {
            first: frozenset(n) for first, n in tables["first"].items()
        }

    def _runs_by_opening(self, question_words: tuple[str, ...]):
        """Each run of up to MAX_RUN words that could be a title, as (its words, its
        slug, the titles that open like it (`_head`) and are about as long, the places
        of its words). A short run names only the title it spells
        (profile.MIN_FUZZY_RUN)."""
        n_words = min(len(question_words), MAX_WORDS)
        for start in range(n_words):
            length, slugs, titles, opened = -1, [], None, False
            for end in range(start, min(start + MAX_RUN, n_words)):
                length += len(question_words[end]) + 1
                slugs.append(question_words[end].replace("'", ""))
                if not opened:  # once its first word of its own is said, it opens so
                    head = _head(slugs)
                    titles = self._by_opening.get(head)
                    opened = not _small(slugs[len(head[0])])
                    if opened and not titles:
                        break  # no longer run opens otherwise
                if not titles or question_words[end] in self._not_closing:
                    continue
                run = question_words[start : end + 1]
                reach = 2 + length // 5
                close = [
                    key
                    for _, key in sorted(
                        titled
                        for size in range(length - reach, length + reach + 1)
                        for titled in titles.get(size, ())
                    )
                ]
                if close:
                    text = "-".join(run)
                    if length < profile.MIN_FUZZY_RUN:  # "grim" is no Gríma, "bert" Bert
                        close = [key for key in close if key == text]
                    if _fuzz_loaded() or any(
                        _may_reach(text, k, profile.MIN_TITLE_SCORE) for k in close
                    ):
                        yield run, text, close, range(start, end + 1)

    def _possessive_runs(self, question_words: tuple[str, ...]):
        """The runs that open with a possessive ("elrond's council", and "elrond´s",
        read as "elrond" and "s"), as `_runs_by_opening` yields them but spelt as the titles' slugs
        spell a possessive ("elronds-council"): read without its "'s", a possessive
        title with a typo elsewhere ("Council" for Counsel) scores too low to name it,
        and its first word alone names another card (Elrond). Compared only with the
        titles that open with that possessive, whose rest the run's rest must be like
        (profile.POSSESSIVE_REST). Found lazily: most questions have no possessive, and those
        that do, few."""
        n_words = min(len(question_words), MAX_WORDS)
        for start in range(n_words):
            word, rest = question_words[start], start + 1
            if word.endswith("'s"):
                word = word[:-2]
            elif rest < n_words and question_words[rest] == "s" and word.isalpha():
                rest += 1
            else:
                continue
            opening = f"{word}s-"
            by_length = self._by_opening.get(((), _opening(word)), {})
            titles = [k for _, k in sorted(t for ts in by_length.values() for t in ts)]
            titles = [k for k in titles if k.startswith(opening)]
            text = f"{word}s"
            for end in range(rest, min(rest + MAX_RUN - 1, n_words)) if titles else ():
                text += f"-{question_words[end]}"
                close = [key for key in titles if _may_reach(text, key, profile.MIN_TITLE_SCORE)]
                if close:
                    from rapidfuzz import fuzz

                    # the possessive spelt right says nothing of the rest: "Daechanar's
                    # Will" is no Daechanar's Fall, though the two score 87
                    said = text.removeprefix(opening)
                    close = [
                        k
                        for k in close
                        if fuzz.ratio(said, k.removeprefix(opening)) >= profile.POSSESSIVE_REST
                    ]
                if close:
                    run = (word, *question_words[rest : end + 1])
                    yield run, text, close, range(start, end + 1)

    def scored(
        self,
        question_words: tuple[str, ...],
        is_common=lambda word: False,
        limit: int = profile.MOST_CARDS,
        names: frozenset[str] | None = None,
        longer: Iterable[str] = (),
        is_a_word=lambda word: True,
        opened: frozenset[str] = frozenset(),
        within: Iterable[str] = (),
    ) -> dict[str, float]:
        """Title -> how well the question names it, best first. `names`: the words
        written as names (None: take every word as one); `longer`: the names of two
        words or more the player wrote (`longer_names`); `is_a_word`: whether a word is
        one in its own right, never a misspelt title (by default every word is: no
        title is read through a typo); `opened`: the titles (slugs) the question opens
        with, spelt whole (`opening_titles`); `within`: the slugs of longer titles of
        another kind it spells whole, inside which it names none of these."""
        # a card named in the possessive ("Thalin's damage") is that card
        possessive = self._possessive_runs(question_words)
        question_words = tuple(unpossessed(w) for w in question_words)
        if names is not None:
            names = frozenset(unpossessed(w) for w in names)
        found: dict[str, float] = {}
        claimed: dict[str, str] = {}  # a word of a run that names a card -> that card
        spelt_at: dict[int, set[str]] = {}  # a word's place -> the titles spelt there
        said_at: dict[str, list[range]] = {}  # title -> the places of the runs naming it
        runs = self._runs_by_opening(question_words)
        # a possessive title's runs first: "Elrond's Council" claims its "elrond"
        for run, text, candidates, places in itertools.chain(possessive, runs):
            from rapidfuzz import fuzz

            # a run is compared with each title without the small words both open with
            # (`_head`): "the weather" is no The Watcher, "to the sword" no To the Ford
            small = _small(run[0])
            compared = {key: _unshared(text, key) if small else (text, key) for key in candidates}
            scores = {key: fuzz.ratio(*pair) for key, pair in compared.items()}
            best = sorted(candidates, key=lambda key: -scores[key])[:2]
            handled = self._handled(question_words, places)
            for key, score in ((k, scores[k]) for k in best):
                if score < profile.MIN_TITLE_SCORE:
                    break
                said = compared[key][0]
                coverage = min(len(text) / max(len(key), 1), 1.0)
                if len(run) == 1 and not (handled or self._names_alone(run[0], key, names)):
                    continue
                if not self._said_as_a_title(run, key, names, is_a_word, opened, handled):
                    continue
                # "saruman" in "devilry of saruman" is no Saruman
                if len(run) == 1 and claimed.get(run[0], key) != key:
                    continue
                # one word after stop words, misspelt: "the marsh" is no "The Marish",
                # "the oaths" no The Oath, unless written as a name or no word at all
                last = run[-1]
                written = last in names if names is not None else not is_a_word(last)
                if len(run) > 1 and "-" not in said and score < 100 and not written:
                    continue
                if coverage >= profile.RUN_COVERAGE and not _inside(text, within):
                    found[key] = max(found.get(key, 0.0), score * coverage)
                    said_at.setdefault(key, []).append(places)
                    for place in places if score == 100 else ():
                        spelt_at.setdefault(place, set()).add(self.titles[key])
                    if len(run) > 1:
                        claimed.update(dict.fromkeys(run, key))
        # a title said only in words that spell other titles exactly is no title of its
        # own: "Ho Tom Bombadil" names no Tom Bombadil, "misty mountain goblins" no
        # Mountain Goblin, "journey down the anduin" no Journey Up the Anduin, "to the
        # fords of isen" no Flight to the Ford (their stop words aside)
        for key, runs in said_at.items():
            content = [[p for p in run if question_words[p] not in STOP_WORDS] for run in runs]
            if all(
                places and all(spelt_at.get(p, set()) - {self.titles[key]} for p in places)
                for places in content
            ):
                del found[key]
        # "a Dunedain hero", "the Wolf deck": a trait or a deck's name, wherever said
        traits = {w for w, after in itertools.pairwise(question_words) if after in _KINDS}
        for word in question_words[:MAX_WORDS]:
            if len(word) < 4 or word in traits:
                continue
            # a word that is no word at all is a name however written ("elanor")
            written = names is None or word in names or not is_a_word(word)
            match = self._distinctive(word, is_common) if written else None
            typo = written or self._plain is None
            if (
                match is None
                and typo
                and len(word) >= profile.MIN_TYPO_TITLE
                and not is_common(word)
            ):
                meant = self.misspelt(word)
                match = meant if meant and not is_a_word(word) else None
            # a word of a title the question spells names no other card: "Bane" in
            # "Brand son of Bane" (Brand son of Bain) is no Durin's Bane
            if claimed.get(word, match) != match:
                continue
            if match and not _in_another_name(word, match, longer):
                found[match] = max(found.get(match, 0.0), profile.DISTINCTIVE_SCORE)
        # of titles named as well, the one said first comes first: a post names what
        # it is about up front
        first = {key: min(places.start for places in runs) for key, runs in said_at.items()}
        ranked = sorted(found, key=lambda k: (-found[k], first.get(k, MAX_WORDS), k))
        # a title and its short name ("ire") may both match: one title, said once
        best: dict[str, float] = {}
        for key in ranked:
            if len(best) == limit:
                break
            best.setdefault(self.titles[key], found[key])
        return best

    def _handled(self, question_words: tuple[str, ...], places: range) -> bool:
        """Whether the words beside a run say what is done with a card (`card_verbs`),
        with at most one stop word between: before it ("played second breakfast",
        "attached a light of valinor"), not as a zone ("out of play come back"), or
        after it, perhaps after an auxiliary (`auxiliaries`: "Snowstorm is revealed",
        "Wrapped got attached")."""
        at = places.start - 1
        if at > 0 and question_words[at] in STOP_WORDS:
            at -= 1
        after = places.stop
        if after + 1 < len(question_words) and question_words[after] in self._auxiliaries:
            after += 1
        return (
            at >= 0
            and question_words[at] in self._card_verbs
            and (at == 0 or question_words[at - 1] not in self._zone_words)
        ) or (after < len(question_words) and question_words[after] in self._card_verbs)

    def _said_as_a_title(
        self,
        run,
        key: str,
        names: frozenset[str] | None,
        is_a_word,
        opened: frozenset[str],
        handled: bool = False,
    ) -> bool:
        """Whether a run names a title of the card database (`plain` given), which
        thousands of everyday words and phrases are: one word, written as a name or no
        word at all ("Eowyn", "gimli"); a title of plain words ("Gather Information"),
        written as a name, its first word aside (a sentence's first is capitalised
        anyway), and those the title itself prints in lower case ("Bard son of
        Brand"), or said whole without a typo when the phrase is no everyday English
        (`rare`: "ever vigilant") or the question opens with it, as its topic
        (`opened`: "behind strong walls readies ..."), as one of one plain word is only
        then ("Bartering returns ..."), or after what the player does with a card
        (`handled`: "I played second breakfast"); any other title however written
        ("longbeard elder")."""
        if self._plain is None or names is None:
            return True
        if "-" not in key and key in self._plain:  # "Sandstorm: discard your hand ..."
            return key in opened or handled
        if len(run) == 1:
            return run[0] in names or not is_a_word(run[0])
        whole = "-".join(run) == key
        if key not in self._plain or (whole and (key in self._rare or key in opened or handled)):
            return True
        lower = {w.lower() for w in WRITTEN_WORD.findall(self.titles[key]) if w.islower()}
        written = [w in names for w in run if w not in STOP_WORDS and w not in lower]
        return any(written) and all(written[1:])

    def _distinctive(self, word: str, is_common) -> str | None:
        """The card a word written as a name names on its own (`card_tables.distinctive_words`),
        misspelt or not ("Ufthak", "Ufthack")."""
        match = self.card_words.get(word)
        if match is None and len(word) >= 6 and not is_common(word):
            grams = _grams(word)
            close = [w for w, g in self._word_grams.items() if len(grams & g) * 2 >= len(g)]
            if close:
                from rapidfuzz import fuzz, process

                best = process.extractOne(word, close, scorer=fuzz.ratio, score_cutoff=88)
                match = self.card_words[best[0]] if best else None
        return match

    @cached_property
    def _one_word_titles(self) -> dict[tuple[str, int], tuple[str, ...]]:
        """(first letter, length) -> the one-word titles long enough to be read through
        a typo: a typo keeps the first letter and changes the length by one at most."""
        found: dict[tuple[str, int], list[str]] = {}
        for key in self.titles:
            if "-" not in key and len(key) >= profile.MIN_TYPO_TITLE:
                found.setdefault((key[0], len(key)), []).append(key)
        return {place: tuple(keys) for place, keys in found.items()}

    def misspelt(self, word: str) -> str | None:
        """The one-word title a word misspells by a single typo keeping its first
        letter (`spelling.one_typo_apart`: "baravor" is Beravor, though the ratio the
        runs are scored by is too low), where only one title is that close. The caller
        makes sure the word is no word in its own right: "mercy" is no Merry."""
        if len(word) < profile.MIN_TYPO_TITLE:
            return None
        from judge.search.spelling import one_typo_apart

        titles = self._one_word_titles
        close = [
            key
            for length in (len(word) - 1, len(word), len(word) + 1)
            for key in titles.get((word[0], length), ())
            if one_typo_apart(word, key)
        ]
        return close[0] if len(close) == 1 else None

    def _names_alone(self, word: str, key: str, names: frozenset[str] | None) -> bool:
        """Whether one word on its own names the card `key`: it is the card's whole
        title and no everyday word, or the player wrote it as a name."""
        if names is None or word in names:
            return True
        return "-" not in key and word not in self.everyday


def opening_titles(
    spelt: Iterable[tuple[int, tuple[str, ...]]],
    question_words: Sequence[str],
    titles: Container[str] = (),
) -> frozenset[str]:
    """Of the titles a question spells whole (`CardRecogniser.said_whole`), the slugs of
    those it opens with, after an article too ("the white council: ..."), and its first
    word when that is a title of `titles` ("sandstorm: ...")."""
    first = 1 if question_words[:1] and question_words[0] in _ARTICLES else 0
    found = {run_slug(run) for start, run in spelt if start in (0, first) and len(run) <= MAX_RUN}
    word = question_words[first].replace("'", "") if len(question_words) > first else ""
    return frozenset({*found, word} if word in titles else found)


def run_slug(run: Sequence[str]) -> str:
    """A run of question words as a title's slug ("don't-leave" -> "dont-leave")."""
    return "-".join(run).replace("'", "")


def _inside(run: str, slugs: Iterable[str]) -> bool:
    """Whether a run (a slug) is, word for word, inside a longer slug of `slugs`."""
    return any(run != whole and f"-{run}-" in f"-{whole}-" for whole in slugs)


def _unshared(run: str, key: str) -> tuple[str, str]:
    """A run's slug and a title's without the small words (of two letters, or stop
    words of three) both open with alike ("to the" of "to the sword" and To the Ford),
    though never without their last word."""
    said, title = run.split("-"), key.split("-")
    alike = 0
    while (
        alike < min(len(said), len(title)) - 1
        and said[alike] == title[alike]
        and _small(said[alike])
    ):
        alike += 1
    return "-".join(said[alike:]), "-".join(title[alike:])


def unpossessed(word: str) -> str:
    """A word without its possessive ending: "thalin's" -> "thalin"."""
    return word[:-2] if word.endswith("'s") else word


def name_keys(names: Iterable[str]) -> set[str]:
    """The slugs a name may be written as: whole, and without a leading article
    ("King's Quest" for The King's Quest)."""
    return set().union(*map(_keys_of, names))


@cache
def _keys_of(name: str) -> frozenset[str]:
    """`name_keys` of one name (remembered: the names are the knowledge base's titles,
    and every question compares its names with the boxes' and cycles')."""
    from judge.base.slug import slugify

    key = slugify(name)
    return frozenset({key, without_article(key)})


def without_article(key: str) -> str:
    """A title's slug without its leading article ("kings-quest" of The King's Quest)."""
    return _LEADING_ARTICLE.sub("", key)


def _fuzz_loaded() -> bool:
    """Whether rapidfuzz is imported: from then on it compares a run with its titles
    faster than `_may_reach` could rule them out."""
    return "rapidfuzz.process" in sys.modules


def _may_reach(text: str, key: str, score: float) -> bool:
    """Whether `fuzz.ratio(text, key)` could reach `score`: the ratio counts the letters
    the two share in order, which are at most the letters they share in any order. A
    bound, so that a question whose runs come near no title never imports rapidfuzz
    (`_fuzz_loaded`)."""
    mine, theirs = _letters(text), _letters(key)
    shared = sum(min(n, theirs.get(letter, 0)) for letter, n in mine.items())
    return 200 * shared >= score * (len(text) + len(key))


@lru_cache(maxsize=8192)
def _letters(text: str) -> Counter:
    """How many times each letter is in a title or a run (remembered: the titles are
    compared with every question's runs)."""
    return Counter(text)


def spells_one_of(key: str, titles: set[str]) -> bool:
    """Whether a name is one of the recognised titles, typos allowed ("Stewart of
    Gondor" is the Steward of Gondor we matched, not a card we lack)."""
    if key in titles:
        return True
    if not titles:
        return False
    from rapidfuzz import fuzz

    return any(fuzz.ratio(key, title) >= profile.MIN_TITLE_SCORE for title in titles)


def unknown_cards(
    question: str,
    recognised: list[str],
    known_words,
    not_cards: Iterable[str] = (),
    table_talk: Callable[[str], tuple[str, ...]] = lambda word: (),
    is_a_word: Callable[[str], bool] = lambda word: True,
) -> list[str]:
    """Card names the question writes that the knowledge base has nothing on.

    A name is two or more capitalised words in a row, "of" and "the" allowed inside
    ("Radagast's Cunning", "Forest Snare"), or joined by hyphens ("Self-Preservation"),
    that is not a recognised card, nor one of the names `not_cards` (a scenario's box
    or cycle: "The Shire's Reckoning"), and has a word the knowledge base never uses
    (`known_words`): "Combat Phase" is rules, not a card. A sentence's first word is
    capitalised anyway: it is left out when the knowledge base uses it, when it counts
    what follows ("Couple of Thaurdir questions") or when "the" alone follows it
    ("Feinted the Hill Troll").
    A known card's name in the possessive before a word the knowledge base never uses
    is a different card too ("radagasts cunning" is not Radagast; "Radagast's ability"
    is still Radagast), unless the word is the players' own for a rules word
    (`table_talk`, the rules words it stands for: "Thalin's ping" is Thalin's damage).
    One capitalised word names a card too when it is no word at all (`is_a_word`, by
    default every word is one): see `_single_names`.
    """
    from judge.base.slug import slugify

    seen = name_keys((*recognised, *not_cards))
    found = [
        *_written_names(question, known_words, seen),
        *_possessed_names(question, recognised, known_words, table_talk, seen),
        *_single_names(question, known_words, is_a_word, recognised),
    ]
    # a name found both ways ("Radagasts Cunning") is reported once, as written
    once: dict[str, str] = {}
    for name in found:
        once.setdefault(slugify(name), name)
    return list(once.values())


def _written_names(question: str, known_words, seen: set[str]) -> Iterator[str]:
    """The names the question writes (`_NAME`) that are none of the cards `seen` (as
    name keys) and have a word the knowledge base never uses (`unknown_cards`)."""
    from judge.base.slug import slugify

    for match in _NAME.finditer(question):
        text = match.group()
        if opens_a_sentence(question, match.start()):
            first, _, rest = text.partition(" ")  # a sentence's first word is capitalised anyway
            # "Miner of the Iron Hills" holds its first word; after "the" alone it is a
            # verb ("Feinted the Hill Troll")
            joined = re.match(rf"(?!the\s){_JOINERS}\s", rest)
            article = re.match(r"the\s", rest)
            if (joined and first.lower() in _AMOUNTS) or article:
                text = re.sub(rf"^(?:{_JOINERS}\s+)+", "", rest)
            elif not joined and all(w in known_words for w in words(first)):
                text = rest
        if not re.search(r"[\s-]", text.strip()) or spells_one_of(slugify(text), seen):
            continue
        # "Anduril to Aragorn" is two cards we know, joined
        parts = re.split(rf"\s+(?:{_JOINERS}\s+)+", text.strip())
        if len(parts) > 1 and all(spells_one_of(slugify(part), seen) for part in parts):
            continue
        # "Glorfindel's Light of Valinor" is his copy of a card we know
        owner, *owned = re.split(r"['\u2019]s\s+", text, maxsplit=1)
        if owned and spells_one_of(slugify(owned[0]), seen):
            continue
        # ... and "Theodred's Response" is Théodred's, a word of the rules after him
        rules = owned and all(w in known_words for w in words(owned[0]))
        if rules and spells_one_of(slugify(owner), seen):
            continue
        if any(w not in known_words for w in words(text)):
            # a closing quote is no letter, and "the Hill Troll's attack" names Hill Troll
            yield re.sub(r"['\u2019]s$", "", text.strip().rstrip("'\u2019"))


def _single_names(
    question: str, known_words, is_a_word: Callable[[str], bool], recognised: list[str]
) -> Iterator[str]:
    """The single words the question writes as names ("can Eowyn defend?") that are
    no word the knowledge base or everyday English uses, so a card's name (or a hero's
    or a place's) we have nothing on. Not a sentence's first word, capitalised anyway;
    not a name of two words or more (`_written_names` reads those), nor a trait or a
    deck's name ("my Noldor deck"), nor a typo of a word of a card or scenario the
    question names ("Nazgul of Dol Gulder"), nor the start of a word the knowledge
    base uses ("Glorf" for Glorfindel), nor someone at the table ("my buddy Aiden",
    "Priya says"). A word of a longer name the question writes ("Defender of Rammas",
    then "the Spearman" of a Gondorian Spearman) is that name's."""
    if not written_as_names(question):  # most questions write no name: nothing to do
        return
    longer = {w for match in _NAME.finditer(question) for w in words(match.group())}
    for written, i in _capitalised(question):
        word = written[i]
        if not _is_single_name(word, written[i - 1 : i] + written[i + 1 : i + 2]):
            continue
        folded = words(word)
        if len(folded) != 1 or folded[0] in longer:
            continue
        # "my Noldor deck", "a Noldor discard deck": a trait or a deck's name
        if not _KINDS.isdisjoint(w.lower() for w in written[i + 1 : i + 3]):
            continue
        # "my buddy Aiden", "Priya says": someone at the table
        before, after = written[i - 1].lower(), written[i + 1 : i + 2]
        if before in NARRATORS or (after and after[0].lower() in SAYING):
            continue
        if _no_word_at_all(folded[0], known_words, is_a_word, recognised):
            yield word


def _no_word_at_all(
    word: str, known_words, is_a_word: Callable[[str], bool], recognised: list[str]
) -> bool:
    """Whether a word (folded) is no word the knowledge base or everyday English uses
    (`is_a_word`), nor a typo of a word of a card or scenario the question names
    ("Nazgul of Dol Gulder"), nor such a name's words run together ("erebor
    battlemaster"), nor the start of a word the knowledge base uses ("Glorf" for
    Glorfindel): a name we have nothing on."""
    from judge.search.spelling import one_typo_apart

    if word in known_words or is_a_word(word):
        return False
    for name in recognised:
        said = words(name)
        if word in "".join(said) or any(one_typo_apart(word, w) for w in said):
            return False
    return not any(w.startswith(word) for w in known_words)


def _is_single_name(word: str, neighbours: list[str]) -> bool:
    """Whether a capitalised word (`_capitalised`) is written as a name of its own:
    long enough, all letters, and no capitalised word next to it."""
    return (
        len(word) >= profile.MIN_SINGLE_NAME
        and word.isalpha()
        and not any(n[0].isupper() for n in neighbours)
    )


def _possessed_names(
    question: str, recognised: list[str], known_words, table_talk: Callable, seen: set[str]
) -> Iterator[str]:
    """A recognised card's name in the possessive before a word that is neither the
    knowledge base's nor table talk: another card's name ("radagasts cunning"), which
    takes the owner's place, unless it is a card we know (`seen`, name keys) and the
    owner is said on its own too ("a Lore Saruman deck ... Saruman's Staff")."""
    from judge.base.slug import slugify

    said = tuple(words(question))
    for title in recognised:
        key = tuple(words(title))
        for i in range(len(said) - len(key)):
            owner = said[i : i + len(key)]
            if owner[:-1] == key[:-1] and owner[-1] in (key[-1] + "s", key[-1] + "'s"):
                following = said[i + len(key)]
                unknown = not (
                    following in STOP_WORDS or following in known_words or table_talk(following)
                )
                if not (unknown and following.isalpha()):  # "Thalin's 1 damage" is Thalin's
                    continue
                name = f"{title}'s {following.capitalize()}"
                if not (spells_one_of(slugify(name), seen) and phrase_at(said, key)):
                    yield name
