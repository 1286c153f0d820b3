"""Every card of the card database is recognised in a question, ours or not: through
typos and shortenings, its versions chosen by the words beside it, and never an
everyday word; `unknown_cards` is left for the names in no database."""

from __future__ import annotations

import pytest

from judge.search.card_mentions import CardRecogniser


def test_a_database_title_is_read_through_typos_shortenings_and_lower_case(searcher):
    assert searcher.read("Can Longbread Elder ready himself?", "lcg").card_designs == (
        "longbeard-elder-ally-leadership",
    )
    assert searcher.read("is longbeard elder unique", "lcg").card_designs == (
        "longbeard-elder-ally-leadership",
    )
    # a first name, written as one, that only one title has: Dáin Ironfoot
    assert (
        searcher.read("can I play Dain with Bombur", "lcg")
        .card_designs[0]
        .startswith("dain-ironfoot-hero")
    )
    # a hero's name without its accent, in lower case: no word at all
    assert searcher.read("does eowyn's errata change her ability", "lcg").card_designs == (
        "eowyn-hero-spirit",
        "eowyn-hero-tactics",
    )


def test_the_words_beside_a_title_choose_among_its_versions(searcher):
    assert searcher.read("Tactics Aragorn and sentinel", "lcg").card_designs == (
        "aragorn-hero-tactics",
    )
    assert searcher.read("does the Gimli ally count as a Dwarf", "lcg").card_designs == (
        "gimli-ally-leadership",
    )
    assert searcher.read("Core Aragorn response", "lcg").card_designs == (
        "aragorn-hero-leadership",
    )
    # no word beside it: every version, oldest first
    assert searcher.read("does Gimli get damage", "lcg").card_designs[:2] == (
        "gimli-hero-tactics",
        "gimli-hero-leadership",
    )


def test_cards_keep_meaning_the_cards_we_have_entries_for(searcher):
    meaning = searcher.read("Steward of Gondor on Aragorn", "lcg")
    assert meaning.cards == ("Steward of Gondor", "Aragorn")  # in the order said
    assert meaning.card_designs[0] == "steward-of-gondor-attachment-leadership"
    meaning = searcher.read("can Eowyn defend", "lcg")
    assert meaning.cards == () and meaning.unknown_cards == ()


def test_an_everyday_word_or_phrase_is_no_card(searcher):
    for question in (
        "we had no hope and despair set in, what about the sentinel keyword",
        "can I gather information from the quest deck",
        "do I need easy mode for this",
    ):
        assert searcher.read(question, "lcg").card_designs == (), question
    # a title of plain words names its card written as a name
    assert searcher.read("when I play Gather Information", "lcg").card_designs == (
        "gather-information-side-quest-neutral",
    )


def test_unknown_cards_are_only_names_in_no_database(searcher):
    meaning = searcher.read("can Zorblax defend after questing", "lcg")
    assert meaning.unknown_cards == ("Zorblax",) and meaning.card_designs == ()
    meaning = searcher.read("does Necromancer's Reach count as an attack", "lcg")
    assert meaning.unknown_cards == () and meaning.card_designs


def test_a_database_title_needs_capitals_when_its_words_are_plain():
    """`plain` titles (every word everyday English) name a card only written as one,
    a sentence's first word aside; other titles are read however written."""
    cards = CardRecogniser(
        {"gather-information": "Gather Information", "longbeard-elder": "Longbeard Elder"},
        {},
        plain=frozenset({"gather-information"}),
    )
    read = lambda words, names: cards.recognise(tuple(words.split()), names=frozenset(names))  # noqa: E731
    assert read("i gather information", ()) == []
    assert read("i gather information", {"gather", "information"}) == ["Gather Information"]
    assert read("gather information is", {"information"}) == ["Gather Information"]
    assert read("my longbeard elder", ()) == ["Longbeard Elder"]


def test_ask_names_a_database_card_we_have_no_entry_for(cli):
    done = cli("ask", "Can Longbread Elder ready himself?", "-k", "1")
    assert done.out.startswith(
        'Longbeard Elder: no entry of ours; `loremaster card "Longbeard Elder"` has its facts'
    )
    assert "Nothing in the knowledge base is about" not in done.out
    result = cli("ask", "Tactics Aragorn and sentinel", "--json").json()
    assert result["named_cards"] == [
        {"title": "Aragorn", "designs": ["aragorn-hero-tactics"], "entries": True}
    ]
    assert result["cards"] == ["Aragorn"] and result["unknown_cards"] == []


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("can i play ever vigilant on a hero that quested", "Ever Vigilant"),
        ("does fast hitch work twice a round", "Fast Hitch"),
        ("i used hasty stroke on a shadow card", "Hasty Stroke"),
        ("can unexpected courage go on an ally", "Unexpected Courage"),
    ],
)
def test_a_title_of_plain_words_that_is_no_everyday_phrase_is_read_in_lower_case(
    searcher, question, title
):
    from judge.search.naming import named_cards

    assert title in [card.title for card in named_cards(searcher.read(question, "lcg"))]


def test_a_title_that_is_an_everyday_phrase_needs_writing_as_a_name(searcher):
    from judge.search.naming import named_cards

    said = "we stand together and gather information before the quest"
    assert named_cards(searcher.read(said, "lcg")) == []
    # the rare phrase read only whole and as spelt: one typo is just English
    assert named_cards(searcher.read("does fast hitc work twice a round", "lcg")) == []
    assert "Gather Information" in [
        card.title
        for card in named_cards(searcher.read("when can I play Gather Information", "lcg"))
    ]
