"""The vocabulary files (`judge.games.lexicon`): each game reads its players' talk in its
own rules words."""

from __future__ import annotations

import json

import pytest

from judge.games import GAMES
from judge.games.lexicon import ENGLISH, HERE, english, vocabulary
from judge.search.understand import understand


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_vocabulary_whose_tables_the_search_reads(game):
    found = vocabulary(game)
    assert found.synonyms and found.intents
    assert all(isinstance(k, tuple) and isinstance(v, tuple) for k, v in found.synonyms.items())
    assert all(isinstance(words, frozenset) for words, _ in found.intents)


def test_every_note_in_a_vocabulary_file_is_a_why_beside_its_entry():
    """JSON has no comments: a note is a "why" beside the words or the value it explains,
    which the loader leaves out."""
    for path in (ENGLISH, *(HERE / game / "vocabulary.json" for game in GAMES)):
        data = json.loads(path.read_text(encoding="utf-8"))
        for table in data.values():
            entries = table.get("means", {}).values() if isinstance(table, dict) else table
            for entry in entries:
                if isinstance(entry, dict):
                    assert set(entry) <= {"why", "means", "words", "weights", "phrase"}, path
    assert english().irregular_forms["can't"] == "cannot"  # its note left out


def test_the_errata_intent_asks_with_the_words_that_ask_for_errata():
    """The words are written twice, in the Card Game's intents and in english.json."""
    (errata,) = [words for words, weights in vocabulary("lcg").intents if "errata" in weights]
    assert errata == english().errata_words


def test_a_tcg_question_reads_its_table_talk_in_tcg_words():
    """A wound is the TCG's own word, not damage (its Damage +X keyword); the Shadow's
    orcs are minions; and no Card Game word, "quest points", is read into a TCG question."""
    assert "damage" not in understand("tcg how many wounds does he take").expansions
    assert "damage" in understand("how many wounds does he take").expansions
    assert "minion" in understand("tcg can my companion skirmish the orc").expansions
    assert "progress" not in understand("tcg quest points").expansions
    assert "progress" in understand("quest points").expansions


def test_a_contraction_without_its_apostrophe_is_a_stop_word_unless_a_word_of_its_own():
    stop = english().stop_words
    assert {"whats", "dont", "youve"} <= stop
    assert not {"well", "shed", "lets"} & stop
