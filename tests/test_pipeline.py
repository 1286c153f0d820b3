"""The question is read once, by one declared list of stages (`judge.search.pipeline`):
each stage reads what the ones before it wrote."""

from __future__ import annotations

from judge.search import pipeline
from judge.search.understand import understand


def test_the_stages_are_declared_in_their_order():
    assert [stage.name for stage in pipeline.STAGES] == [
        "normalise",
        "words",
        "route",
        "names",
        "spell",
        "expand",
        "segment",
        "intent",
        "own words",
    ]


def test_the_stages_after_the_spelling_read_the_words_as_corrected(searcher):
    meaning = searcher.read("can i split my heroes into two seperate attacks on the same troll")
    assert ("seperate", "separate") in meaning.corrected
    assert "separate" in meaning.words and "seperate" not in meaning.words
    assert "separate" in meaning.text
    # read from the corrected words: the table talk ("troll": an enemy) and the concepts
    assert "enemy" in meaning.expansions
    assert any(group[0] == "separ" for group in meaning.concepts)


def test_a_question_routed_by_its_words_is_read_with_that_games_table_talk(searcher):
    """No word names the TCG, yet its words are the TCG's: its table talk reads "orcs"
    as minions, not as the Card Game's enemies."""
    question = "two orcs with damage +1 beat aragorn, how many wounds does he take"
    meaning = searcher.read(question)
    assert meaning.game == "tcg"
    assert "minion" in meaning.expansions and "enemy" not in meaning.expansions
    # read for the Card Game, the same words are its enemies
    assert "enemy" in searcher.read(question, game="lcg").expansions


def test_the_text_stages_alone_read_as_the_pipeline_does_without_an_index(searcher):
    """`understand` is the pipeline without the stages that need an index: on a question
    naming nothing and misspelling nothing, the two agree on everything the text says."""
    question = "my buddy wants to defend for me, can he do that?"
    alone, read = understand(question), searcher.read(question)
    for field in ("words", "content", "numbers", "expansions", "background", "asks_for"):
        assert getattr(alone, field) == getattr(read, field), field
