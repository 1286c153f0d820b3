"""Reading a question in one game's terms, before any entry is scored.

`understand` reads a question as English: its words, what it asks, its backstory.
What the words name depends on the game's index: its card and scenario titles, the
words its entries use (a typo is corrected towards them). A `GameReader` holds
those and finds, per question, the cards and scenarios named, the card names we have
nothing on, the spelling corrections, a name said twice (two copies of one card) and
the names that only set the scene.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

from judge.base.phrases import phrase_at
from judge.games import DEFAULT_GAME
from judge.games.lexicon import vocabulary
from judge.search import naming, profile, spelling
from judge.search.text import words
from judge.search.understand import Understanding, in_own_words, table_talk, without, worded

#: what a name said twice asks about: two copies of one card
COPY_WORDS = ("unique", "copy")
#: the spheres of influence: a word for many cards ("a Tactics ally, but no Tactics
#: heroes"), never one card's name said twice
SPHERES = vocabulary(DEFAULT_GAME).spheres


#: the names a question says and the question's words that say them: a title ((title,),
#: its words), or a name that is no title (`PlayerNames`: (the titles it means, "thorin"))
Said = tuple[tuple[str, ...], frozenset[str]]


class Named(NamedTuple):
    """What the names stage (`GameReader.named`) found of a question's names besides its
    cards and scenarios, which the spelling and own-words stages read: the words it
    writes as names, the cards of the card database it names that no entry is about,
    the names it writes that are none of ours, and the names that are no title
    (`PlayerNames`: "Thorin", "Samwise")."""

    written: frozenset[str]
    listed: tuple[str, ...]
    others: tuple[str, ...]
    shared: tuple[Said, ...]


#: the words beside a name several titles share that choose among them: the card types
#: and spheres ("Tactics Thorin", "the Bard hero"); a pack's words choose only among one
#: title's versions, since plain words are in packs' names ("Over Hill and Under Hill")
_CHOOSING_TITLES = frozenset(naming.CARD_TYPE_WORDS) | SPHERES | {"enemy", "enemies"}


def _telling(beside: list[str], told: frozenset[str]) -> int:
    """How many words beside a name a version's own words tell (`designs_of`)."""
    kind = naming.CARD_TYPE_WORDS.get
    return sum(1 for w in beside if not told.isdisjoint((w, w.rstrip("s"), kind(w))))


def _chosen_titles(
    titles: tuple[str, ...],
    versions: dict[str, list[tuple[str, frozenset[str]]]],
    beside: list[str],
    said: frozenset[str],
    written: frozenset[str],
) -> tuple[str, ...]:
    """The titles a name several share means: those whose other words the question
    writes as names (`written`: "Thorin ... Stonehelm", but "my son" says nothing of
    Bard son of Brand), else those of the versions a type or sphere word beside it tells
    most (`_CHOOSING_TITLES`), else all."""
    from judge.search.card_mentions import unpossessed
    from judge.search.text import STOP_WORDS

    written = frozenset(map(unpossessed, written))
    told = [t for t in titles if not written.isdisjoint(set(words(t)) - said - STOP_WORDS)]
    if told:
        return tuple(told)
    choosing = [w for w in beside if w in _CHOOSING_TITLES or w.rstrip("s") in _CHOOSING_TITLES]
    counts = {t: max((_telling(choosing, v) for _, v in versions[t]), default=0) for t in titles}
    best = max(counts.values())
    return tuple(t for t in titles if counts[t] == best) if best else titles


def _topics(question: str, everything: list[str], spelt, titles, held: set[str]) -> frozenset[str]:
    """The titles a question opens with, its topic (`card_mentions.opening_titles`;
    `spelt`: the titles it spells whole, `titles`: the recogniser's). One of one word is
    a topic only written as a name ("Bartering returns ...") and in no longer name or
    title the question writes (`held`: their words; "Ambush at Erelas", "Banks of the
    Anduin")."""
    from judge.search.card_mentions import opening_titles

    capitalised = next((c for c in question if c.isalpha()), "").isupper()
    return frozenset(
        title
        for title in opening_titles(spelt, everything, titles)
        if "-" in title or (capitalised and title not in held)
    )


def _only_inside(card: str, title: str, question_words: tuple[str, ...]) -> bool:
    """Whether a card's title is said only inside a longer title: as the possessive
    that opens it ("Elrond" in "Elrond's Counsel", "elrond´s" read as "elrond" and "s",
    the rest perhaps misspelt: its words are that title's, and the question never says
    them on their own), or within it wherever it is said ("Gollum" in "Signs of
    Gollum")."""
    from judge.search.card_mentions import unpossessed

    said, longer = words(card), [unpossessed(w) for w in words(title)]
    if len(said) >= len(longer):
        return False
    if said == longer[: len(said)] and words(title)[len(said) - 1].endswith("'s"):
        return not [
            i
            for i, w in enumerate(question_words)
            if w == said[-1] and question_words[i + 1 : i + 2] != ("s",)
        ]
    at = phrase_at(question_words, tuple(said))
    within = {
        j
        for i in phrase_at(question_words, tuple(longer))
        for j in range(i, i + len(longer) - len(said) + 1)
    }
    return bool(at) and all(i in within for i in at)


def _first_said(said: frozenset[str], question_words: tuple[str, ...]) -> int:
    """Where the question first says one of a name's words."""
    return next((i for i, w in enumerate(question_words) if w in said), len(question_words))


def _said_names(shared: list[Said]) -> list[str]:
    """The names no title spells, as the question says them ("samwise")."""
    return [" ".join(sorted(said)) for _, said in shared]


class GameReader:
    """One game's recognisers (cards, scenarios, spelling) and the question reading
    built on them."""

    def __init__(
        self,
        meta: dict,
        tables,
        english_directory: Path | None,
        documents: Callable[[str], frozenset[int]],
        is_common: Callable[[str], bool],
        rules_words: Mapping[str, str],
    ):
        """`meta`: the game's index metadata; `tables`: the tables read on first need
        (`lazy_tables.LazyTables`); `english_directory`: where the index
        keeps its English words (None for an index in memory); `documents`: the entries
        whose text has a stem; `is_common`: whether a word is an everyday rules word,
        never a typo of a card name; `rules_words`: the game's own words for the rules
        words table talk is read into (`Ruleset.rules_words`)."""
        from functools import partial

        from judge.search import english
        from judge.search.card_mentions import CardRecogniser
        from judge.search.scenario_mentions import ScenarioRecogniser
        from judge.search.spelling import Speller

        self.cards = CardRecogniser(
            meta["cards"], meta["card_words"], frozenset(meta.get("everyday", ()))
        )
        #: the card database's titles of cards no entry is about (`card_tables.database_cards`)
        database = tables.get("database_cards", {})
        said = vocabulary(DEFAULT_GAME)
        self.database = CardRecogniser(
            database.get("titles", {}),
            database.get("words", {}),
            self.cards.everyday,
            frozenset(database.get("plain", ())),
            frozenset(database.get("rare", ())),
            said.card_verbs,
            said.card_zone_words,
            said.card_verb_auxiliaries,
        )
        if "runs" in database:
            self.database.read_run_tables(database["runs"])
        self._tables = tables
        self.scenarios = ScenarioRecogniser(meta.get("scenarios", {}))
        self.speller = Speller(
            meta.get("vocabulary", []),
            meta.get("terms", []),
            meta.get("vocabulary_stems"),
            meta.get("rare_words", ()),
            partial(english.read, english_directory),
        )
        self._documents = documents
        self._is_common = is_common
        self._rules_words = rules_words
        #: the pairs of stems in the titles that name rules ("plan", "phase"): where a
        #: word of plain English is a typo (`Speller.in_phrases`)
        self._title_pairs = frozenset(
            pair
            for title, kind in zip(meta["title_stems"], meta["kinds"], strict=True)
            if kind in spelling.RULE_KINDS
            for pair in pairwise(title)
        )

    @cached_property
    def player_names(self):
        """The names players call cards by that are no title (`PlayerNames`): the card
        database's first names and initials, and the names declared for it, the Card
        Game's only."""
        from judge.search.player_names import PlayerNames

        database = self._tables.get("database_cards", {})
        if "first_names" not in database:
            return PlayerNames({}, frozenset(), {})
        from judge.games.lexicon import player_names

        first = database["first_names"]
        tails = database.get("tails", {})
        plain = frozenset(database["plain_first_names"])
        declared = player_names(DEFAULT_GAME, database.get("initialisms", {}))
        return PlayerNames(first, plain, declared, tails)

    def prepare(self) -> None:
        """Build the recognisers' lookup tables and read the speller's English words now,
        not in the first questions: the card facts' packs too, which the first card of
        the database a question names reads (`card_mentions.designs_of`)."""
        _ = self.player_names
        if self.database.titles:
            from judge.kb import card_facts  # noqa: F401
        self.cards.prepare()
        self.database.prepare()
        self.scenarios.prepare()
        self.speller.prepare()

    def named(self, meaning: Understanding) -> Understanding:
        """Stage: the cards and scenarios the question names, the card names we have
        nothing on, and what the later stages read of its names (`Named`)."""
        from judge.search.card_mentions import written_as_names

        question = meaning.text
        names = written_as_names(question)
        scenarios, cards, listed, others, unknown, shared = self._named(question, meaning, names)
        # a name none of ours is a card we have nothing on, unless it names a game ("Old
        # Decipher") or a scenario not counted among those the question is about
        unknown = [
            name
            for name in unknown
            if not (self._qualifies_a_game(name) or self.scenarios.spells_a_name(name))
        ]
        return meaning._replace(
            cards=tuple(cards),
            scenarios=tuple(scenarios),
            unknown_cards=tuple(unknown),
            named=Named(names, tuple(listed), tuple(others), tuple(shared)),
        )

    def spelt(self, meaning: Understanding) -> Understanding:
        """Stage: the misspelt words read as the rules words, card and scenario names
        they were meant as; the text respelt and its words read again, and the
        scenarios named in the words as corrected."""
        named = meaning.named
        corrected = {
            **self.speller.in_phrases(meaning.content, self._title_pairs),
            **self._corrections(
                meaning.content,
                (*meaning.cards, *named.listed, *named.others, *_said_names(named.shared)),
            ),
            # a scenario's name too: "the thing in the depehs" is found by "depths"
            **self.speller.in_titles(meaning.content, [*meaning.cards, *meaning.scenarios]),
        }
        if not corrected:
            return meaning
        meaning = worded(
            meaning._replace(
                text=spelling.respelt(meaning.text, corrected), corrected=tuple(corrected.items())
            )
        )
        scenarios = self.scenarios.named(meaning.words, meaning.opening, self.speller.is_a_word)
        return meaning._replace(scenarios=tuple(scenarios))

    def in_game(self, meaning: Understanding) -> Understanding:
        """Stage: the question in the game's own words (`in_own_words`), the versions of
        the cards it names, the entries about them weighed (`naming.with_cards`), the
        words of names that are none of ours dropped, and the names that only set its
        scene."""
        named = meaning.named
        meaning = in_own_words(meaning, self._rules_words)
        said = [((card,), frozenset(words(card))) for card in (*meaning.cards, *named.listed)]
        designs, meant = self._card_designs([*said, *named.shared], meaning, named.written)
        # the cards of ours a name several titles share means are named too ("Thorin")
        ours = set(self.cards.titles.values())
        cards = [*meaning.cards, *(t for t in meant if t in ours and t not in meaning.cards)]
        meaning = naming.with_cards(meaning, cards)._replace(card_designs=designs)
        # a name that is none of ours names nothing we could find, and a game's name
        # chose this index: neither is a rule to look for
        from judge.games import game_name_words

        dropped = naming.words_of(named.others, meaning.words)
        meaning = without(meaning, dropped | game_name_words(meaning.words))
        meaning = naming.with_scenario_scene(meaning)
        return self._with_copies(meaning)

    def _named(
        self, question: str, meaning: Understanding, names: frozenset[str]
    ) -> tuple[list[str], list[str], list[str], list[str], list[str], list[Said]]:
        """The scenarios and cards of ours a question names, the cards of the card
        database it names that no entry is about, the names it writes that are none of
        ours, those of them in neither (`names`: the words it writes as names), and
        the names that are no title it says (`PlayerNames`: "Thorin", "Samwise")."""
        from judge.search.card_mentions import longer_names, run_slug, unknown_cards

        # the titles of cards the question spells whole, wherever in it: a scenario's
        # name said inside one is part of it ("Old Forest Road" is no The Old Forest)
        everything = words(question)
        spelt = {r: list(r.said_whole(everything)) for r in (self.cards, self.database)}
        within = [run_slug(run) for runs in spelt.values() for _, run in runs]
        # a scenario's name is neither a card of ours ("Helm's Deep" is not Helm of
        # Secrecy) nor a card we have nothing on
        scenarios = self.scenarios.named(
            meaning.words, meaning.opening, self.speller.is_a_word, within
        )
        said_names = [naming.words_of([s], meaning.words) for s in scenarios]
        # ... nor is a box's or cycle's ("Treason of Saruman" is no Saruman)
        longer = longer_names(question)
        said_names.append(self._said_only_in_boxes(question, longer, meaning.words))
        reading = dict(
            is_common=self._is_common,
            names=names.difference(*said_names),
            longer=longer,
            is_a_word=self._is_a_word,
        )
        # the recognisers read the words the question is read in (its asking sentences
        # first, MAX_WORDS of them), and what of a long post's story they leave out, on
        # its own words: a name written with capitals, and a title spelt whole however
        # written ("... then my warden of healing ...")
        late = [said for name in longer if not phrase_at(meaning.words, said := tuple(words(name)))]
        late += [(word,) for word in sorted(names) if word not in meaning.words]

        held = {w for name in longer for w in words(name)} | {
            w for slug in within for w in slug.split("-")
        }

        def read(recogniser) -> dict[str, float]:
            # each with the words before it, which may say what was done with the card
            whole = [
                tuple(everything[max(start - 2, 0) : start + len(s)])
                for start, s in spelt[recogniser]
                if not phrase_at(meaning.words, s)
            ]
            opened = _topics(question, everything, spelt[recogniser], recogniser.titles, held)
            return {
                card: score
                for said in (meaning.words, *late, *(s for s in whole if s not in late))
                for card, score in recogniser.scored(said, **reading, opened=opened).items()
                if not naming.part_of_a_name(card, said_names)
            }

        cards, listed = read(self.cards), read(self.database)
        shared = self.player_names.said(
            question,
            named=(*cards, *listed),
            scene=frozenset().union(*said_names),
            longer=longer,
            is_a_word=self._is_a_word,
        )
        others = unknown_cards(
            question,
            [
                *cards,
                *listed,
                *scenarios,
                *(t for titles, _ in shared for t in titles),
                *_said_names(shared),
            ],
            self._known_words,
            self.scenarios.origins,
            table_talk,
            self.speller.is_a_word,
        )
        # a name the player wrote that shares a word with a card we matched is another
        # card: "Radagast's Cunning" is not Radagast, "Necromancer's Reach" is not The
        # Necromancer's Tower
        our_scores = cards
        cards = [c for c in cards if not any(naming.share_a_word(c, o) for o in others)]
        listed = {
            card: score
            for card, score in listed.items()
            if not (self._qualifies_a_game(card) or self.scenarios.spells_a_name(card))
        }
        # a card of ours and one of the database's sharing a word: the one said worse
        # is the other misread, the database's on a tie unless said exactly ("evil
        # storm" is no Evil Crow); a title of the database's inside one of ours is ours
        # shortened ("the lembas" after Leaf-wrapped Lembas), and one of ours said only
        # inside a title of the database's is that title's word ("Signs of Gollum"
        # names no Gollum, "Elrond's Counsel" no Elrond); and a name written that shares
        # one with a card of the database is that card
        rivals = [(d, o) for d in listed for o in cards if naming.share_a_word(d, o)]
        misread = {
            d
            for d, o in rivals
            if phrase_at(words(o), words(d))
            or (
                listed[d] <= our_scores[o]
                and listed[d] < 100
                and not _only_inside(o, d, meaning.words)
            )
        }
        misread |= {
            o
            for d, o in rivals
            if d not in misread and (our_scores[o] < listed[d] or _only_inside(o, d, meaning.words))
        }
        listed = [card for card in listed if card not in misread]
        cards = [card for card in cards if card not in misread]
        unknown = [o for o in others if not any(naming.share_a_word(o, c) for c in listed)]
        return scenarios, cards, listed, others, unknown, shared

    def _card_designs(
        self, named: list[Said], meaning: Understanding, written: frozenset[str] = frozenset()
    ) -> tuple[tuple[str, ...], list[str]]:
        """The card database's versions of the cards named, the first named first, and
        the titles meant. Of each title, the versions the words beside it choose
        ("Tactics Aragorn", "Aragorn hero", "Core Aragorn"), else all, oldest first; of
        a name several titles share, the titles whose other words the question writes
        (`written`: "Stonehelm") or that a type or sphere word beside it chooses
        ("Tactics Thorin"), else all of them: never one guessed."""
        from judge.base.slug import slugify
        from judge.search.card_mentions import designs_of
        from judge.search.text import STOP_WORDS

        found, meant = [], []
        designs: dict[str, str] = self._tables.get("card_designs", {}) if named else {}
        for titles, said in sorted(named, key=lambda name: _first_said(name[1], meaning.words)):
            beside = [
                near
                for near in naming.words_beside(set(said), meaning.words)
                if near not in said and near not in STOP_WORDS
            ]
            versions = {t: designs_of(slugify(t), designs.get(slugify(t), "")) for t in titles}
            if len(titles) > 1:
                titles = _chosen_titles(titles, versions, beside, said, written)
            meant += titles
            for title in titles:
                chosen = [_telling(beside, told) for _, told in versions[title]]
                found += [d for (d, _), n in zip(versions[title], chosen, strict=True)
                          if n == max(chosen)]  # fmt: skip
        return tuple(dict.fromkeys(found)), meant

    def _corrections(self, content: tuple[str, ...], names: tuple[str, ...]) -> dict[str, str]:
        """Misspelt word -> the rules word read instead. Card names, ours or ones we
        lack ("Blade Mastery"), are no typos of rules words; and a player's own word for
        a rules word means that word ("chars": characters, not "charts"), unless it
        spells the word ("defence")."""
        named = " ".join(names).lower()
        return {
            typed: read
            for typed, read in self.speller.corrections(
                w for w in content if w not in named
            ).items()
            if read in (table_talk(typed) or (read,))
        }

    def _said_only_in_boxes(
        self, question: str, longer: list[str], question_words: tuple[str, ...]
    ) -> frozenset[str]:
        """The question's words that spell the names of boxes or cycles it writes
        (`longer`: "Treason of Saruman"), less those it says elsewhere too: "the
        Saruman ally" is still the card. Scenarios' names are left out, since a
        scenario's name may be its quest card's (The Passage of the Marshes)."""
        boxes = [name for name in longer if self.scenarios.spells_a_name(name, titles=False)]
        boxes += self.scenarios.boxes_in(question_words)  # "the treason of saruman"
        if not boxes:
            return frozenset()
        pattern = "|".join(map(re.escape, boxes))
        elsewhere = words(re.sub(pattern, " ", question, flags=re.IGNORECASE))
        return naming.words_of(boxes, question_words).difference(elsewhere)

    @cached_property
    def _known_words(self) -> frozenset[str]:
        """The words a card we lack must go beyond: the knowledge base's and the games'
        names ("the old Decipher game" names no card)."""
        from judge.games import name_words

        return self.speller.known | name_words()

    def _is_a_word(self, word: str) -> bool:
        """Whether a word is one in its own right, to the card recognisers: as
        `Speller.is_a_word` says, a typo read as a word only our cards' titles use
        being a typo of the card ("elanor" is Eleanor)."""
        return self.speller.is_a_word(word, self._title_words)

    @cached_property
    def _title_words(self) -> frozenset[str]:
        """The words of our cards' titles that no rule or everyday word is."""
        said = {w for key in self.cards.titles for w in key.split("-")}
        return frozenset(w for w in said if w not in self.cards.everyday)

    def _qualifies_a_game(self, name: str) -> bool:
        """Whether a name is a game's name after one word that describes it: "Old
        Decipher TCG question." opens its sentence with a capital, as a card's name
        would, but names the game. The rest is whole names: "Flight" of Fantasy Flight
        makes no game's name of Elwing's Flight."""
        from judge.games import game_name_words

        rest = tuple(words(name)[1:])
        return bool(rest) and game_name_words(rest) >= set(rest)

    def _with_copies(self, meaning: Understanding) -> Understanding:
        """A name said twice ("my buddy has gimli out, can I play my own gimli?") is
        two copies of one card: the question is about uniqueness and copies, which it
        never names, so those rules words are searched for as if said (they are what
        it asks about, not a player word's rules words, which weigh less). A name is a
        word no rules term spells that few entries use, and no sphere (`SPHERES`).

        A post with a backstory reads so only when it says the name with two card
        types ("running Faramir as a hero ... the Faramir ally"): two cards sharing a
        title. Otherwise a long post names its cards and places again as its story
        goes on ("The Carrock became our active location ... progress on the
        Carrock"), one copy each."""
        from collections import Counter

        from judge.search.text import STOP_WORDS, stem

        names = [
            w
            for w, times in Counter(meaning.content).items()
            if times > 1
            and not any(c.isdigit() for c in w)  # "30" said twice is a value, no name
            and w not in STOP_WORDS
            and w not in self.speller.terms
            and w not in SPHERES
            and len(self._documents(stem(w))) <= profile.NAME_ENTRIES
        ]
        if meaning.background:
            names = [w for w in names if len(naming.card_types_beside(w, meaning.words)) > 1]
        if not names:
            return meaning
        added = tuple(w for w in COPY_WORDS if w not in meaning.content + meaning.expansions)
        return meaning._replace(content=meaning.content + added)
