"""Scenario names in a question: the scenario's own rulings and keywords rank first.

"journey down the anduin, banks dealt as a shadow card" names a scenario; the Q&A and
errata its Quest Companion page links to (and the keywords it uses) are what the table
is asking about, so they gain over look-alike entries for other scenarios. A question
about the page itself ("... easy mode", "how hard is ...") or opening with the
scenario's name lifts the scenario's entry.

Names are recognised like card titles (typos, missing accents) by `CardRecogniser`,
over the full titles and the short names players use: the tail of a title that no
other scenario shares ("carrock", "pelennor fields").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from judge.games import DEFAULT_GAME
from judge.games.lexicon import vocabulary
from judge.search import profile

#: words that ask about the scenario page itself rather than one of its rulings: the
#: default game's, the one with scenarios
PAGE_WORDS = vocabulary(DEFAULT_GAME).scenario_page_words
_ARTICLES = frozenset({"the", "a", "an"})  # "the hunt for gollum: ..." opens with its name


def _short_names(titles: list[str], kb) -> dict[str, str]:
    """Title tails (slug) that name one scenario only: "conflict at the carrock" ->
    "carrock", "the battle of the pelennor fields" -> "pelennor-fields". A one-word
    tail must be a name, not a word: in no card title, no other scenario's title and
    no other entry."""
    from judge.base.slug import slugify
    from judge.search.text import STOP_WORDS, text_words, words

    tails: dict[str, set[str]] = {}
    for title in titles:
        parts = slugify(title).split("-")
        for start in range(1, len(parts)):
            # a title without its article is a name whatever its first word ("the thing
            # in the depths" -> "thing in the depths"); other tails start on a word of
            # their own, not "in the depths"
            if parts[start] not in STOP_WORDS or (start == 1 and parts[0] in _ARTICLES):
                tails.setdefault("-".join(parts[start:]), set()).add(title)
    texts = [
        {*text_words(e.title), *text_words(e.body)} for e in kb.entries if e.kind != "scenario"
    ]
    card_words = {word for card in kb.card_titles.values() for word in words(card)}
    title_words: dict[str, int] = {}
    for title in titles:
        for word in set(words(title)):
            title_words[word] = title_words.get(word, 0) + 1
    names = {}
    for tail, owners in tails.items():
        if len(owners) != 1 or len(tail) < profile.MIN_SHORT_NAME:
            continue
        if "-" not in tail and (
            tail in card_words
            or title_words.get(tail, 0) > 1
            or sum(tail in seen for seen in texts) > profile.MAX_ELSEWHERE
        ):
            continue
        names[tail] = next(iter(owners))
    return names


def index_meta(kb) -> dict:
    """What the index keeps about scenarios: names (slug -> title), each scenario's
    document number and those (entry order) of the entries its page links to and of
    the keywords no other scenario uses, and the names of the box and cycle each comes
    from."""

    from judge.base.slug import slugify
    from judge.kb.scenario_pages import scenarios

    docnum = {entry.id: n for n, entry in enumerate(kb.entries)}
    found = scenarios(kb)
    names = _short_names([s.title for s in found], kb)
    names.update({slugify(s.title): s.title for s in found})
    return {
        "names": names,
        "pages": {s.title: docnum[s.id] for s in found},
        "links": {
            s.title: [docnum[i] for i in (*s.rulings, *s.keywords) if i in docnum] for s in found
        },
        "origins": {
            s.title: [name for name in (s.product, s.cycle) if name and name != s.title]
            for s in found
        },
    }


class ScenarioRecogniser:
    """Which scenarios a question names, and the entries that therefore gain."""

    def __init__(self, meta: dict):
        from judge.search.card_mentions import CardRecogniser

        self._names = CardRecogniser(meta.get("names", {}), {})
        self._pages: dict[str, int] = meta.get("pages", {})
        self._links: dict[str, list[int]] = meta.get("links", {})
        self._origins: dict[str, list[str]] = meta.get("origins", {})
        #: the names of the boxes and cycles scenarios come from: no card's names
        self.origins = frozenset(name for names in self._origins.values() for name in names)
        #: the scenarios' own pages, by document number
        self.pages = frozenset(self._pages.values())

    def spells_a_name(self, name: str, titles: bool = True) -> bool:
        """Whether a name the player wrote is a scenario's or its box's or cycle's
        (only the latter with `titles` False), maybe after one word that describes it
        ("Two-handed Black Riders")."""
        from judge.base.slug import slugify

        keys = self._name_keys if titles else self._origin_keys
        return bool({slugify(name), slugify(name.partition(" ")[2])} & keys)

    def boxes_in(self, question_words: tuple[str, ...]) -> list[str]:
        """The boxes' and cycles' names of two words or more the question's words say,
        in lower case and without a leading "the" ("running the treason of saruman")."""
        said = f" {' '.join(question_words)} "
        return [name for name in self._box_names if f" {name} " in said]

    @cached_property
    def _box_names(self) -> tuple[str, ...]:
        """The boxes' and cycles' names of two words or more, as a question's words say
        them, without a leading "the" ("treason of saruman")."""
        from judge.search.text import words

        found = []
        for name in self.origins:
            spelt = words(name)[1:] if words(name)[:1] == ["the"] else words(name)
            if len(spelt) > 1:
                found.append(" ".join(spelt))
        return tuple(found)

    @cached_property
    def _origin_keys(self) -> frozenset[str]:
        from judge.search.card_mentions import name_keys

        return frozenset(name_keys(self.origins))

    @cached_property
    def _name_keys(self) -> frozenset[str]:
        from judge.search.card_mentions import name_keys

        return self._origin_keys | name_keys(self._names.titles.values())

    def named(
        self,
        question_words: tuple[str, ...],
        opening: tuple[str, ...] = (),
        is_a_word=lambda word: True,
        within: Iterable[str] = (),
    ) -> list[str]:
        """The titles of the scenarios a question names (profile.MOST_SCENARIOS at most),
        in its words and in its `opening` (`Understanding.opening`) when those differ: a
        long post's words put its asking sentences first and may leave out its first
        sentence, where players name the scenario ("Flight of the Stormcaller is melting
        my brain."). `is_a_word`: as for cards (`CardRecogniser.recognise`), a one-word
        name is read through a typo ("mumkil") only where the word is none in its own
        right. `within`: the slugs of the card titles the question spells whole, inside
        which no scenario is named (`CardRecogniser.scored`)."""
        reading = dict(limit=profile.MOST_SCENARIOS, is_a_word=is_a_word, within=within)
        found = self._names.recognise(question_words, **reading)
        # read again in the player's order only when the words read left some out: a
        # post within MAX_WORDS has every sentence in both, names and all
        if sorted(opening) != sorted(question_words):
            found += self._names.recognise(opening, **reading)
        return list(dict.fromkeys(found))[: profile.MOST_SCENARIOS]

    def prepare(self) -> None:
        """The recogniser's tables, and the name keys of every title, box and cycle
        (`cards.name_keys`, remembered per name), now rather than in a first question."""
        self._names.prepare()
        _ = self._name_keys

    def with_origins(self, named: Iterable[str]) -> tuple[str, ...]:
        """The scenarios `named` and the boxes and cycles they come from: "the Dead
        Marshes, in the Shadows of Mirkwood cycle" says the cycle's name only to say
        which scenario it means."""
        return tuple(name for title in named for name in (title, *self._origins.get(title, ())))

    def favoured(
        self,
        question_words: tuple[str, ...],
        named: Iterable[str],
        opening: tuple[str, ...] = (),
    ) -> dict[int, float]:
        """Document number -> score factor for the entries of the scenarios `named`.

        The scenario's page gains when the question asks about the page, and a little
        when it opens with the scenario's name as its topic ("to catch an orc: mugash
        has a player card back, ..."), its words or its `opening`; a name said later
        only sets the scene."""
        found: dict[int, float] = {}
        for title in named:
            for docnum in self._links.get(title, ()):
                found[docnum] = profile.SCENARIO_LINK_BONUS
            if title in self._pages:
                found[self._pages[title]] = {
                    "page": profile.SCENARIO_LINK_BONUS,
                    "opened": profile.SCENARIO_PAGE_OPENED,
                    "mentioned": profile.SCENARIO_PAGE_MENTIONED,
                }[_how_named(question_words, title, opening)]
        return found


def scene_words(
    question_words: tuple[str, ...], named: Iterable[str], opening: tuple[str, ...] = ()
) -> frozenset[str]:
    """The words of the scenarios `named` that only set the scene: "Going into Escape
    from Dol Guldur, can I put him back out?" asks about a fallen hero, not about the
    cards named after Dol Guldur. A question about the page, or that opens with the
    name, is about the scenario, and its words count in full."""
    from judge.search.text import words

    return frozenset(
        word
        for title in named
        if _how_named(question_words, title, opening) == "mentioned"
        for word in words(title)
    )


def _how_named(question_words: tuple[str, ...], title: str, opening: tuple[str, ...] = ()) -> str:
    """How a question names a scenario: asking about its "page" (its difficulty,
    setup, keywords), "opened" with its name as the topic (its words or its `opening`
    start with it), or only "mentioned"."""
    from judge.search.text import words

    if not PAGE_WORDS.isdisjoint(question_words):
        return "page"
    title_words = words(title)
    firsts = (
        next((w for w in said if w not in _ARTICLES), None) for said in (question_words, opening)
    )
    return "opened" if any(first in title_words for first in firsts) else "mentioned"
