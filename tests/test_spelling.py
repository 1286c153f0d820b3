"""A misspelt rules word is read as the rules word the knowledge base uses, and says so."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from judge.search import profile, spelling
from judge.search.spelling import Speller

VOCABULARY = ["sentinel", "archery", "guarded", "bridge", "hand", "attached", "defend"]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("sentinal", "sentinel"),
        ("archrey", "archery"),
        ("garded", "guarded"),
        ("attatched", "attached"),
    ],
)
def test_a_typo_of_a_rules_word_is_corrected(typed, read):
    assert Speller(VOCABULARY).correction(typed) == read


@pytest.mark.parametrize(
    "word",
    [
        "sentinel",  # known
        "buddy",  # an everyday word nothing like a rules word
        "ridge",  # close to "bridge" but another first letter: another word
        "handed",  # an inflection of a known word ("hand")
        "gard",  # too short to correct safely
        "defends",  # known by its stem
    ],
)
def test_known_words_inflections_everyday_and_short_words_are_left_alone(word):
    assert Speller(VOCABULARY).correction(word) is None


def test_ask_reads_a_misspelt_keyword_and_says_what_it_read(cli):
    result = cli("ask", "sentinal", "--json").json()
    assert result["corrected"] == {"sentinal": "sentinel"}
    assert "sentinel" in result["hits"][0]["id"]
    assert cli("ask", "sentinal").out.startswith("Showing results for sentinel (for sentinal).")


def test_switching_correction_off_changes_the_answer(cli, monkeypatch):
    monkeypatch.setattr(profile, "MIN_SIMILARITY", 100.0)
    monkeypatch.setattr(spelling, "one_typo_apart", lambda word, meant: False)
    result = cli("ask", "sentinal", "--json")
    data = result.json()
    assert data["corrected"] == {} and not any("sentinel" in h["id"] for h in data["hits"][:1])


def test_a_typo_is_read_as_the_name_of_a_rule_before_a_closer_plain_word():
    """'hidde' is one letter from 'hidden' and from 'hide'; Hide X is a rule."""
    words = ["hidden", "hide"]
    assert Speller(words, terms=["hide"]).correction("hidde") == "hide"
    assert Speller(words).correction("hidde") == "hidden"  # without the rule names


def test_of_the_words_one_typo_away_the_name_of_a_rule_is_read():
    """'refersh' is 'refers' with a letter added and 'refresh' with two swapped: one
    typo each, though the similarity ratio counts a swap as two and puts 'refers' far
    ahead. The Refresh Phase is a rule; "refers" says nothing of one. A rule's name
    two typos away is not read before a word one typo away: 'exhaustoin' is
    'exhaustion' with two letters swapped, 'exhausting' with one dropped and one
    added, and the ratio scores both alike."""
    words = ["refers", "refresh", "refreshed"]
    assert Speller(words, terms=["refresh"]).correction("refersh") == "refresh"
    assert Speller(words).correction("refersh") == "refers"  # without the rule names
    words = ["exhaustion", "exhausting"]
    assert Speller(words, terms=["exhausting"]).correction("exhaustoin") == "exhaustion"


def test_a_word_of_english_beside_a_rules_word_is_read_as_the_rules_name_it_misspells():
    """'planing' is English, so no typo on its own; before "phase" it is one letter
    from the Planning Phase's name. Nothing is read where the pair names no rule."""
    english = lambda: frozenset({"planing", "wining"})  # noqa: E731
    speller = Speller(["planning", "phase", "winning"], ["planning", "winning"], english=english)
    phrases = frozenset({("plan", "phase"), ("win", "game")})
    assert speller.correction("planing") is None
    assert speller.in_phrases(("planing", "phase"), phrases) == {"planing": "planning"}
    assert speller.in_phrases(("wining", "game"), phrases) == {"wining": "winning"}
    assert speller.in_phrases(("planing", "wood"), phrases) == {}
    assert speller.in_phrases(("phase", "planing"), phrases) == {}  # the pair's order


def test_ask_reads_a_rules_name_misspelt_as_a_word_of_english(cli):
    result = cli("ask", "what happens in the planing phase", "--json").json()
    assert result["corrected"] == {"planing": "planning"}
    assert result["hits"][0]["id"] == "rr/planning-phase"


def test_a_word_only_one_entry_uses_is_no_correction_unless_it_names_a_rule():
    """'leaning' is an ordinary word, not a typo of one card's 'leaping'."""
    assert Speller(["leaping"]).correction("leaning") == "leaping"
    assert Speller(["leaping"], rare=["leaping"]).correction("leaning") is None
    assert (
        Speller(["sentinel"], terms=["sentinel"], rare=["sentinel"]).correction("sentinal")
        == "sentinel"
    )


def test_the_words_of_a_card_we_have_no_entry_for_are_no_typos(cli):
    result = cli("ask", "Can a hero hold a Dwarven Axe and a Blade Mastery?", "--json").json()
    assert result["corrected"] == {}
    assert {"Dwarven Axe", "Blade Mastery"} <= {c["title"] for c in result["named_cards"]}


def test_a_word_that_says_nothing_is_never_the_correction():
    """'thougt' is no typo of a rules word; 'though' says nothing to the search."""
    assert Speller(["sentinel", "though"]).correction("thougt") is None


def test_the_index_counts_the_entries_using_each_word(kb):
    from judge.search.spelling import vocabulary

    used = vocabulary(kb)
    assert used["sentinel"] > 1 and all(count >= 1 for count in used.values())


def test_past_five_letters_a_rule_name_is_read_through_a_swap():
    """One swap in six letters ('travle') is below the bar for a plain word but not for
    the name of a rule; a five-letter word ('shure') is too short to stretch the bar."""
    words = ["travel", "traveled", "surge"]
    terms = ["travel", "surge"]
    assert Speller(words, terms=terms).correction("travle") == "travel"
    assert Speller(words).correction("travle") is None  # without the rule names
    assert Speller(words, terms=terms).correction("shure") is None


def test_a_typo_adds_or_drops_one_letter_at_most():
    """'thalen' (the card Thalin) is two letters from 'then', 'burdon' from 'burn':
    close by ratio, and rule names, but no typos of them."""
    assert Speller(["then", "thalin"], terms=["then"]).correction("thalen") is None
    assert Speller(["burn", "burden"], terms=["burn"]).correction("burdon") is None


def test_a_rule_name_is_read_through_any_one_typo_a_plain_word_is_not():
    """A letter changed or two swapped in five letters ("pwril", "sieeg") leave a ratio
    of 80, under the bar: one typo from a word that names a rule is still read as it,
    and only then."""
    terms = Speller(["peril", "siege", "pearl"], terms=["peril", "siege"])
    assert terms.correction("pwril") == "peril" and terms.correction("sieeg") == "siege"
    assert terms.correction("pwirl") is None  # two typos
    assert Speller(["peril", "siege"]).correction("pwril") is None  # no rule's name


def test_every_inflection_of_a_rule_name_is_one():
    """'Boons & Burdens' names the rule: 'burdon' is read as 'burden'."""
    assert Speller(["burden", "burdens"], terms=["burdens"]).correction("burdon") == "burden"
    assert Speller(["burden", "burdens"]).correction("burdon") is None


def test_a_players_own_word_is_read_as_what_it_means_not_corrected(cli):
    """'chars' are characters (the player vocabulary), not a typo of 'charts'; a word
    of that vocabulary that spells its rules word ('defence') is still corrected."""
    asked = cli("ask", "can archery damage go on other players chars", "--json").json()
    assert asked["corrected"] == {}
    asked = cli("ask", "does defence reduce archery damage", "--json").json()
    assert asked["corrected"] == {"defence": "defense"}


def test_scrying_is_looking_at_the_deck_not_a_typo_of_scoring(cli):
    """The players' 'scrying' (looking at the top of a deck) was read as 'scoring',
    and the question answered about the scoring rules."""
    asked = cli("ask", "we have been scrying the encounter deck, is that allowed", "--json")
    assert asked.json()["corrected"] == {}
    assert "scoring" not in asked.json()["hits"][0]["id"]


def test_ask_reads_hidde_as_hide(cli):
    result = cli("ask", "hidde", "--json").json()
    assert result["corrected"] == {"hidde": "hide"} and result["hits"][0]["id"] == "kw/hide-x"


def test_a_corrected_question_keeps_its_sentences():
    from judge.search.spelling import respelt

    assert respelt("Can a sentinal defend? Yes.", {"sentinal": "sentinel"}) == (
        "Can a sentinel defend? Yes."
    )


def test_a_word_of_everyday_english_is_no_typo():
    """'thread' is one letter from 'threat', but a player who writes it means it."""
    words, terms = ["threat", "sentinel"], ["threat"]
    assert Speller(words, terms).correction("thread") == "threat"
    everyday = Speller(words, terms, english=lambda: frozenset({"thread"}))
    assert everyday.correction("thread") is None
    assert everyday.correction("sentinal") == "sentinel"


def test_everyday_english_is_read_only_once_a_word_has_a_correction_to_check():
    read = []

    def english() -> frozenset[str]:
        read.append(True)
        return frozenset()

    speller = Speller(["sentinel"], english=english)
    assert speller.correction("buddy") is None and speller.correction("sentinel") is None
    assert not read
    assert speller.correction("sentinal") == "sentinel" and read
    read.clear()
    Speller(["sentinel"], english=english).prepare()  # `ask --batch` reads them first
    assert read


def test_the_index_keeps_the_words_of_everyday_english_beside_it():
    from judge.search import english
    from judge.search.index import ensure

    words = english.read(ensure().path)
    assert {"thread", "discord", "melting", "tanking", "leaning"} <= words
    # typos, and names counted only at the list's floor, are not everyday English
    assert not {"sentinal", "archrey", "garded", "hidde", "elanor"} & words


def test_an_index_kept_in_memory_reads_everyday_english_from_pyspellchecker(tmp_path):
    from judge.search import english

    assert {"thread", "discord"} <= english.read(None)
    assert english.read(tmp_path) == english.read(None)  # the file gone: no failure


def test_ask_takes_a_word_of_everyday_english_as_written(cli):
    result = cli("ask", "someone on discord said a sentinal can defend for anyone", "--json")
    assert result.json()["corrected"] == {"sentinal": "sentinel"}


def test_a_typo_in_a_recognised_cards_title_is_read_as_the_titles_word():
    speller = Speller(["protect", "protector", "lorien", "errata"])
    asked = ["protecter", "lorien", "errata"]
    assert speller.in_titles(asked, ["Protector of Lorien"]) == {"protecter": "protector"}
    assert speller.in_titles(asked, []) == {}
    # a possessive written without its apostrophe is spelt right
    assert speller.in_titles(["radagasts"], ["Radagast"]) == {}


def test_switching_title_respelling_off_changes_the_answer(cli, monkeypatch):
    """'stewart' is one letter from 'steward' (Steward of Gondor, recognised), but read
    as written it is no word of the title: the Horn of Gondor's errata came first."""
    asked = cli("ask", "stewart of gondor can it go on an ally", "--json").json()
    assert asked["corrected"] == {"stewart": "steward"}
    assert asked["hits"][0]["id"] == "faq/1.12"  # exhausting Steward of Gondor
    from judge.search.engine import Searcher

    monkeypatch.setattr(Speller, "in_titles", lambda self, words, titles: {})
    searcher = Searcher()
    assert searcher.ask("stewart of gondor can it go on an ally", k=1)[1][0].id != "faq/1.12"
    searcher.close()


@given(st.text("abcd", max_size=7), st.text("abcd", max_size=7))
@example("baravor", "beravor")  # changed
@example("bearvor", "beravor")  # swapped
@example("beravore", "beravor")  # added
@example("thalin", "thlin")  # dropped
@example("thelan", "thalin")  # two changed
def test_one_typo_apart_is_an_edit_distance_of_one_at_most(word, meant):
    """The same as rapidfuzz's optimal string alignment distance (insertions,
    deletions, substitutions and adjacent swaps) of 1 or less."""
    from rapidfuzz.distance import OSA

    assert spelling.one_typo_apart(word, meant) == (OSA.distance(word, meant) <= 1)
