"""`ask` recognises scenario names, and a named scenario's own rulings rank first."""

from __future__ import annotations

import pytest

from judge.search import profile
from judge.search.profile import SCENARIO_LINK_BONUS, SCENARIO_PAGE_MENTIONED, SCENARIO_PAGE_OPENED
from judge.search.scenario_mentions import ScenarioRecogniser, scene_words
from judge.search.text import words


def words_of(text):
    return tuple(words(text))


def top_ids(searcher, question, k=3):
    return [hit.id for hit in searcher.ask(question, k=k)[1]]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("journey down the anduin easy mode", "scenario/journey-down-the-anduin"),
        ("journy down the anduin easy mode", "scenario/journey-down-the-anduin"),
        ("how hard is the battle of carn dum", "scenario/the-battle-of-carn-dum"),
        ("mumakil which cards come out on easy", "scenario/the-mumakil"),
        ("mumkil which cards come out on easy", "scenario/the-mumakil"),  # one typo
        ("pelennor fields easy mode", "scenario/the-battle-of-the-pelennor-fields"),
    ],
)
def test_a_named_scenario_is_the_answer_about_its_setup(searcher, question, expected):
    assert top_ids(searcher, question, k=1) == [expected]


def test_a_scenario_named_through_a_typo_is_searched_by_its_titles_words(searcher, monkeypatch):
    """ "depehs" is recognised as The Thing in the Depths, but as written it is a word
    no entry has: read as "depths", the scenario's page is found."""
    from judge.search.spelling import Speller

    meaning, hits, _ = searcher.ask("the thing in the depehs rules", k=1)
    assert dict(meaning.corrected) == {"depehs": "depths"}
    assert [hit.id for hit in hits] == ["scenario/the-thing-in-the-depths"]
    monkeypatch.setattr(Speller, "in_titles", lambda self, words, titles: {})
    assert searcher.ask("the thing in the depehs rules", k=1)[1] == []


def test_a_possessive_of_a_known_word_is_no_typo_of_a_titles_word(searcher):
    """The Three Trials speaks of the current trial's Key: "trial's" is spelt right."""
    meaning = searcher.ask("the three trials: what is the current trial's key objective", k=1)[0]
    assert meaning.scenarios == ("The Three Trials",) and meaning.corrected == ()


def test_the_named_scenarios_ruling_outranks_its_page(searcher):
    question = "journey down the anduin what if banks is dealt as a shadow card"
    assert top_ids(searcher, question)[:2] == [
        "faq/qa/banks-of-the-anduin",
        "scenario/journey-down-the-anduin",
    ]


def test_recogniser_favours_only_the_named_scenarios_links():
    meta = {
        "names": {"escape-from-dol-guldur": "Escape from Dol Guldur", "the-oath": "The Oath"},
        "pages": {"Escape from Dol Guldur": 1, "The Oath": 2},
        "links": {"Escape from Dol Guldur": [3, 7], "The Oath": [9]},
    }
    recogniser = ScenarioRecogniser(meta)
    words = words_of("in escape from dol guldr can the jailer shuffle it")
    # a ruling's question that mentions the scenario: its rulings and its page gain
    assert recogniser.named(words) == ["Escape from Dol Guldur"]
    assert recogniser.favoured(words, recogniser.named(words)) == {
        3: SCENARIO_LINK_BONUS,
        7: SCENARIO_LINK_BONUS,
        1: SCENARIO_PAGE_MENTIONED,
    }
    assert recogniser.named(words_of("who defends the troll")) == []
    assert ScenarioRecogniser({}).named(words) == []
    # a question about the page itself lifts the scenario's own entry too
    easy_mode = words_of("escape from dol guldur easy mode")
    easy = recogniser.favoured(easy_mode, recogniser.named(easy_mode))
    assert easy == {1: SCENARIO_LINK_BONUS, 3: SCENARIO_LINK_BONUS, 7: SCENARIO_LINK_BONUS}
    # so does a question that opens with the scenario's name: it is the topic
    opened = words_of("escape from dol guldur: can the jailer shuffle it")
    assert recogniser.favoured(opened, recogniser.named(opened)) == {
        3: SCENARIO_LINK_BONUS,
        7: SCENARIO_LINK_BONUS,
        1: SCENARIO_PAGE_OPENED,
    }


def test_short_names_are_names_not_words(kb):
    from judge.search.scenario_mentions import index_meta

    names = index_meta(kb)["names"]
    assert names["carn-dum"] == "The Battle of Carn-Dûm"
    assert names["pelennor-fields"] == "The Battle of the Pelennor Fields"
    assert names["pelargir"] == "Peril In Pelargir"
    # a title without its article, even when its first word is everyday filler
    assert names["thing-in-the-depths"] == "The Thing in the Depths"
    for word in ("anduin", "mountains", "dark", "marshes", "gollum", "fields", "guldur"):
        assert word not in names  # shared by several titles, or a word other entries use


def test_scenario_checklists_do_not_spoil_card_words(kb):
    """A card named on many Easy Mode lists still has its distinctive word."""
    from judge.search.card_tables import distinctive_words

    found = distinctive_words(kb)
    assert found.get("beastmaster") == "dol-guldur-beastmaster"
    assert found.get("treacherous") == "treacherous-fog"


def test_a_cycles_name_is_no_cards_word(kb, searcher):
    """Players name the cycle they are playing ("the Dwarrowdelf cycle"): its name in a
    card's title (Dwarrowdelf Axe) does not name the card on its own."""
    from judge.search.card_tables import distinctive_words

    found = distinctive_words(kb)
    assert "dwarrowdelf" not in found and "beastmaster" in found
    meaning, _, _ = searcher.ask(
        "we are playing the Dwarrowdelf cycle in order, is ranged allowed?"
    )
    assert "Dwarrowdelf Axe" not in meaning.cards
    meaning, _, _ = searcher.ask("can the Dwarrowdelf Axe go on an ally?")
    assert "Dwarrowdelf Axe" in meaning.cards


def test_a_rules_question_that_mentions_a_scenario_answers_the_rule_first(searcher, monkeypatch):
    """The page is what a question about the scenario's setup wants; a rules question
    that only says where it happened wants the rule."""
    from judge.search import scenario_mentions as scenarios

    question = (
        "we were playing the hills of emyn muil and a card was removed from the game, "
        "can anything bring it back?"
    )
    assert top_ids(searcher, question, k=1) == ["rr/removed-from-game"]
    # the page gains as the scenario's rulings do; with the scenario's words at full
    # weight too (see the scene tests below), it would win
    monkeypatch.setattr(scenarios, "scene_words", lambda *told: frozenset())
    assert top_ids(searcher, question, k=1) == ["scenario/the-hills-of-emyn-muil"]
    assert top_ids(searcher, "what keywords does the hills of emyn muil use", k=1) == [
        "scenario/the-hills-of-emyn-muil"
    ]


@pytest.mark.parametrize(
    ("question", "page", "less"),
    [
        (
            "Three of us were playing Fog on the Barrow-Downs last night and two of us got "
            "split off into our own staging area. When we quest, does each staging area "
            "reveal a card for every player in the game or only for the players there?",
            "scenario/fog-on-the-barrow-downs",
            0.8,
        ),
    ],
)
def test_a_page_named_in_passing_answers_a_question_on_its_own_rules(
    searcher, monkeypatch, question, page, less
):
    """A post that names its scenario only to set the scene may ask about a rule of the
    page itself (its split staging areas; what Gollum may do while the players guard
    him): the page gains as the scenario's rulings do, and loses its place with `less`."""
    assert top_ids(searcher, question, k=1) == [page]
    monkeypatch.setattr(profile, "SCENARIO_PAGE_MENTIONED", less)
    assert top_ids(searcher, question, k=1) != [page]


@pytest.mark.parametrize(
    "question",
    [
        "at helm's deep our willpower beat the staging threat, where does the progress go",
        "defense keyword: our willpower beat the staging threat, where does the progress go",
    ],
)
def test_a_keyword_of_one_scenario_answers_when_named_or_played(searcher, question):
    assert top_ids(searcher, question, k=1) == ["kw/defense"]


def test_a_scenario_said_in_passing_sets_the_scene():
    named = ["Escape from Dol Guldur"]
    mentioned = words_of("we lost in escape from dol guldur, does the guarded enemy count")
    assert {"dol", "guldur"} <= scene_words(mentioned, named)
    opened = words_of("escape from dol guldur: does the guarded enemy count")
    assert scene_words(opened, named) == frozenset()
    about_page = words_of("we lost in escape from dol guldur, which cards does easy mode remove")
    assert scene_words(about_page, named) == frozenset()
    assert scene_words(mentioned, []) == frozenset()


def test_a_long_post_opening_with_a_scenario_is_about_it(searcher):
    """A long post's asking sentences come first in its words and can crowd out its
    first sentence; the scenario that sentence opens with is still named, and opens
    the post (its words are no scene-setting)."""
    post = (
        "Flight of the Stormcaller is melting my brain. The Stormcaller keeps racing "
        "ahead on its own little quest deck, and the ship and a couple of locations are "
        "sitting in its area next to it. Can we attack the Stormcaller while it is over "
        "there, or use direct damage on it from our side of the table? And does the "
        "threat of the stuff sitting over there add to the staging area when we quest? "
        "We have been counting it every round, and it has been making the quest "
        "basically impossible for both of us."
    )
    meaning, hits, _ = searcher.ask(post, k=3)
    assert len(meaning.words) < len(words_of(post)) and "flight" not in meaning.words
    assert meaning.scenarios == ("Flight of the Stormcaller",)
    assert not {"flight", "stormcal"} & meaning.background
    assert "scenario/flight-of-the-stormcaller" in [hit.id for hit in hits]


def test_a_scenario_opening_only_the_post_opens_it():
    named = ["Escape from Dol Guldur"]
    asked_first = words_of("does the guarded enemy count, we lost in escape from dol guldur")
    assert {"dol", "guldur"} <= scene_words(asked_first, named)
    opening = words_of("escape from dol guldur again, we lost")
    assert scene_words(asked_first, named, opening) == frozenset()


def test_a_rule_asked_about_in_a_scenario_beats_the_cards_named_like_it(searcher, monkeypatch):
    """The scenario's words weigh as backstory: the rule asked about comes first, not
    the scenario's rulings about cards that share its name (The Necromancer's Tower)."""
    from judge.search import scenario_mentions as scenarios

    question = (
        "we lost our heroes in escape from dol guldur. "
        "does a guarded objective still count the enemy's threat?"
    )
    assert top_ids(searcher, question, k=1) == ["kw/guarded"]
    assert "guldur" in {w for w in searcher.ask(question)[0].background}
    monkeypatch.setattr(scenarios, "scene_words", lambda *told: frozenset())
    assert top_ids(searcher, question, k=1) != ["kw/guarded"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what is the setup of Shelob's Lair", "scenario/shelobs-lair"),
        ("Is Celebrimbor's Secret hard?", "scenario/celebrimbors-secret"),
        # the sentence's capitalised first word "The" falls out of the name written
        ("The King's Quest", "scenario/the-kings-quest"),
    ],
)
def test_a_scenario_written_as_a_name_is_no_unknown_card(searcher, question, expected):
    """A capitalised name in the possessive looks like a card we lack; it is the
    scenario's (before, "Helm's Deep" answered "Nothing found")."""
    meaning, hits, _ = searcher.ask(question, k=3)
    assert meaning.unknown_cards == ()
    assert [hit.id for hit in hits][:1] == [expected]


def test_a_scenarios_name_is_no_card_named_like_it(searcher):
    """ "Helm" alone, written as a name, is Helm of Secrecy: inside "Helm's Deep" it is
    the scenario's."""
    meaning, _, _ = searcher.ask("In Helm's Deep, can Defense place progress on a location?")
    assert meaning.scenarios == ("Helm's Deep",)
    assert meaning.cards == ()
    assert searcher.ask("Is Helm worth it?")[0].cards == ("Helm of Secrecy",)
    hunt = "Hunt for Gollum: stage 1B has a Forced effect, when does it resolve?"
    assert searcher.ask(hunt)[0].cards == ()  # Gollum, the card, is not in play
    watcher = "watcher in the water, where does progress on doors of durin go?"
    assert searcher.ask(watcher)[0].cards == ()  # "the water" is no The Watcher
    marshes = "two pelennor fields in the staging area, we travel to one"
    assert searcher.ask(marshes)[0].cards == ("Pelennor Fields",)  # the name whole


def test_a_scenario_matched_by_its_title_and_short_name_is_named_once(searcher):
    meaning, _, _ = searcher.ask("The Horse-Lord's Ire setup")
    assert meaning.scenarios == ("The Horse-Lord's Ire",)


def test_a_card_whose_title_is_part_of_a_named_scenario_is_not_named(searcher, monkeypatch):
    from judge.search import naming

    in_the_water = [frozenset({"watcher", "in", "the", "water"})]
    assert naming.part_of_a_name("The Watcher", in_the_water)
    assert not naming.part_of_a_name("Pelennor Fields", [frozenset({"pelennor", "fields"})])
    question = "we played the watcher in the water, where does progress on doors of durin go?"
    assert searcher.ask(question)[0].cards == ()
    monkeypatch.setattr(naming, "part_of_a_name", lambda card, names: False)
    assert searcher.ask(question)[0].cards == ("The Watcher",)
