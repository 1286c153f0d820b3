"""The words search reads a question with, as data: each game's vocabulary and English.

Search's stop words, table talk and intents are data, not code (as Elasticsearch keeps
its synonyms in a file): a fix to how players are read is an edit to a file here.

- `english.json`: the English both games are asked and written in: the stop words and
  irregular forms of the analyzer (one chain for every game's index), the words by
  which a sentence asks, who a post quotes, and the words that name the knowledge
  base's kinds of entry ("errata", "faq"), which are the same in every game. It sits
  here, beside the games' vocabularies, so that one loader reads every word table and
  anything below search (the index key) could find them.
- `<game>/vocabulary.json`, one per game key (`judge.games.GAMES`): how that game's
  players talk versus how its rules are written, and which kinds of entry a question's
  words ask for. The TCG has its own: no Card Game word ("encounter deck", "quest
  points") misreads a TCG question.

Each file is read once per process (`english`, `vocabulary`), in well under a
millisecond. The format, in which every table may say why (JSON has no comments):

- a word set is a list of groups, `{"why": "...", "words": ["a", "an"]}` (a bare
  string may stand for a group of one word);
- a mapping is `{"why": "...", "means": {key: value}}`, and each value may be written
  `{"means": value, "why": "..."}` instead; a key or value that is a word sequence is
  written with spaces ("bad guy": "enemy");
- `synonyms` (table talk -> rules words, matched by stem: "tap" finds "tapped") and
  `exact_synonyms` (matched only as written) are mappings of word sequences;
- `intents` is a list of `{"words": [...], "weights": {kind: factor}}`, and
  `intent_phrases` of `{"phrase": "when can i", "weights": {...}}`: a question saying
  any of the words, or the phrase, multiplies the scores of the kinds it favours;
- `kind_names` maps a word to the list of kinds it names; `asking_pairs` are pairs of
  words, spaced.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).parent
ENGLISH = HERE / "english.json"

Phrase = tuple[str, ...]
Weights = dict[str, float]


class English(NamedTuple):
    """`english.json`, as the code reads it."""

    #: the analyzer's stop words, with the contractions typed without their apostrophe
    stop_words: frozenset[str]
    irregular_forms: dict[str, str]
    narrators: frozenset[str]
    saying: frozenset[str]
    question_openers: frozenset[str]
    asking_words: frozenset[str]
    asking_pairs: frozenset[tuple[str, ...]]
    verdict_words: frozenset[str]
    pointing: frozenset[str]
    errata_words: frozenset[str]
    kind_names: dict[str, tuple[str, ...]]


class Vocabulary(NamedTuple):
    """One game's `vocabulary.json`, as the code reads it (a table the file leaves out
    is empty)."""

    synonyms: dict[Phrase, Phrase]
    exact_synonyms: dict[Phrase, Phrase]
    intents: tuple[tuple[frozenset[str], Weights], ...]
    intent_phrases: tuple[tuple[Phrase, Weights], ...]
    card_type_words: dict[str, str]
    spheres: frozenset[str]
    scenario_page_words: frozenset[str]
    card_verbs: frozenset[str]
    card_zone_words: frozenset[str]
    card_verb_auxiliaries: frozenset[str]


def _words(groups: list) -> frozenset[str]:
    """A word set: the words of every group."""
    return frozenset(
        word for group in groups for word in ([group] if isinstance(group, str) else group["words"])
    )


def _mapping(table: dict) -> dict:
    """A mapping, each value without its note."""
    return {
        key: value["means"] if isinstance(value, dict) else value
        for key, value in table.get("means", {}).items()
    }


def _phrases(table: dict) -> dict[Phrase, Phrase]:
    return {tuple(key.split()): tuple(value.split()) for key, value in _mapping(table).items()}


@cache
def english() -> English:
    """The English tables. A contraction typed without its apostrophe ("whats",
    "dont") is a stop word too, save those that are words of their own
    (`apostrophe_less_kept`: "well", "shed")."""
    data = json.loads(ENGLISH.read_bytes())
    stop = _words(data["stop_words"])
    stop |= frozenset(w.replace("'", "") for w in stop if "'" in w) - _words(
        data["apostrophe_less_kept"]
    )
    return English(
        stop_words=stop,
        irregular_forms=_mapping(data["irregular_forms"]),
        narrators=_words(data["narrators"]),
        saying=_words(data["saying"]),
        question_openers=_words(data["question_openers"]),
        asking_words=_words(data["asking_words"]),
        asking_pairs=frozenset(tuple(pair.split()) for pair in _words(data["asking_pairs"])),
        verdict_words=_words(data["verdict_words"]),
        pointing=_words(data["pointing"]),
        errata_words=_words(data["errata_words"]),
        kind_names={word: tuple(kinds) for word, kinds in _mapping(data["kind_names"]).items()},
    )


@cache
def vocabulary(game: str) -> Vocabulary:
    """One game's vocabulary (`judge.games.GAMES` names the keys)."""
    data = json.loads((HERE / game / "vocabulary.json").read_bytes())
    return Vocabulary(
        synonyms=_phrases(data.get("synonyms", {})),
        exact_synonyms=_phrases(data.get("exact_synonyms", {})),
        intents=tuple((frozenset(i["words"]), i["weights"]) for i in data.get("intents", ())),
        intent_phrases=tuple(
            (tuple(i["phrase"].split()), i["weights"]) for i in data.get("intent_phrases", ())
        ),
        card_type_words=_mapping(data.get("card_type_words", {})),
        spheres=_words(data.get("spheres", ())),
        scenario_page_words=_words(data.get("scenario_page_words", ())),
        card_verbs=_words(data.get("card_verbs", ())),
        card_zone_words=_words(data.get("card_zone_words", ())),
        card_verb_auxiliaries=_words(data.get("card_verb_auxiliaries", ())),
    )


#: where the names players call a game's cards by are declared (`card_names`)
CARD_NAMES = "card_names.json"


@cache
def card_names(game: str) -> dict[str, tuple[str, ...]]:
    """The names players call a game's cards by that are not their titles and cannot be
    read from them, as `<game>/card_names.json` declares them ("Samwise": Sam Gamgee),
    as written -> the titles they mean; none for a game without the file."""
    path = HERE / game / CARD_NAMES
    if not path.is_file():
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for group in json.loads(path.read_bytes())["names"]:
        for name, meant in group["means"].items():
            found[name] = (meant,) if isinstance(meant, str) else tuple(meant)
    return found


def player_names(game: str, initials: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The names players call a game's cards by that are not their titles: the
    initials that spell one title (`initials`, read from the titles: "LoV") and the
    names the game declares (`card_names`: "Samwise", "SoG"); a declared name wins."""
    return {**initials, **card_names(game)}


def fingerprint() -> str:
    """A short hash of `english.json`, for the index key: the index stores stems, which
    its stop words and irregular forms decide. (The games' vocabularies are read only
    at query time: no index holds anything of them.)"""
    import hashlib

    return hashlib.sha256(ENGLISH.read_bytes()).hexdigest()[:8]
