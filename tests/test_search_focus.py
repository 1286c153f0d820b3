"""Long questions: the sentences that ask outweigh the story told before them."""

from __future__ import annotations

import pytest

from judge.search import focus, profile
from judge.search.focus import (
    ability_words,
    asked_for,
    asking,
    asking_sentences,
    asks,
    backstory_words,
    card_text_words,
    follow_up_words,
    pointed_at,
    question_first,
    questions_asked,
)

STORY = (
    "Last night we played the Hill Troll scenario with three heroes and a big table of "
    "allies and attachments, and things went badly for us all evening."
)


def test_a_sentence_asks_by_its_question_mark_its_opening_or_its_phrasing():
    assert asks("is it still committed?")
    assert asks("Does the attachment stay on the character")
    assert asks("So I wonder whether it readies")
    assert asks("I'm kinda confused about playing vs putting into play now.")
    assert asks("Still unclear on who picks the order")
    assert not asks("We played the Hill Troll scenario last night.")


def test_a_sentence_asking_nothing_of_its_own_asks_about_the_one_before():
    said = ["We played all evening.", "My friend says one attack per enemy.", "Is that legal?"]
    assert asking(said) == [False, True, True]
    assert asking(["My friend says one attack per enemy.", "Who is right lol"]) == [True, True]
    said = ["He says the token is wasted, I think it spills over.", "Which one?"]
    assert asking(said) == [True, True]  # choosing between what was said
    said = ["My friend says Forced beats my Action.", "I say my card says cannot.", "who wins"]
    assert asking(said) == [False, True, True]
    # one that points back ("is that...", "does this...") asks about it as well
    said = ["She declared a sentinel defender at once.", "Is that legal or must she wait?"]
    assert asking(said) == [True, True]
    # an asking sentence with words of its own asks about itself
    assert asking(["My friend says one attack per enemy.", "Can sentinel defend?"]) == [
        False,
        True,
    ]
    told = backstory_words(STORY + " My friend says sentinel defends twice. Who is right?")
    assert not told & {"sentinel", "defends", "twice"} and "troll" in told


def test_a_short_question_pointing_back_says_what_the_sentence_before_is_about():
    said = ["We had a long night.", "I drew another restricted weapon.", "Can I play it?"]
    assert pointed_at(said, asking(said)) == [False, True, False]
    # a question with words enough of its own does not lean on the sentence before
    said[2] = (
        "Can I play it on a hero carrying two restricted weapons, a mount and a third elven sword?"
    )
    assert pointed_at(said, asking(said)) == [False, False, False]
    post = STORY + " I just drew another restricted weapon. Am I allowed to play it on him?"
    assert "restricted" not in backstory_words(post) and "troll" in backstory_words(post)
    # the question asked is still the one that asks: the sentence before is not its
    # first question, so the asking sentence's words are no follow-up
    assert asking_sentences(post) == ["Am I allowed to play it on him?"]


def test_that_or_this_standing_alone_points_back_but_not_before_a_noun():
    said = [STORY, "There's a location with an Action on it.", "Only I can use that, right?"]
    assert pointed_at(said, asking(said)) == [False, True, False]
    said[2] = "Only the first player can use this?"
    assert pointed_at(said, asking(said)) == [False, True, False]
    # "this action" picks out a thing the question names itself
    said[2] = "Does it stay once this action is done?"
    said[1] = "The attachment has an action that heals 2 damage."
    assert pointed_at(said, asking(said)) == [False, True, False]  # by "it", not "this"
    said[2] = "Does the attachment stay once this action is done?"
    assert pointed_at(said, asking(said)) == [False, False, False]
    said[2] = "Does the attachment fall off now that the hero is no Gondor hero?"
    assert pointed_at(said, asking(said)) == [False, False, False]
    # "he" or "she" points back as "him" does: at a character the story told of
    said[2] = "Does the attachment fall off now that he is no Gondor hero?"
    assert pointed_at(said, asking(said)) == [False, True, False]


def test_switching_that_as_pointing_back_off_changes_the_answer(monkeypatch):
    """The post says what "that" is, a location's Action, only before its question."""
    from judge.search.engine import Searcher

    post = (
        "Our group has been playing Lost in Mirkwood every weekend and the last game went "
        "long. The location next to the quest card has an Action printed on it. Only the "
        "first player gets to trigger that, right? My friend wanted to use it on my turn."
    )
    searcher = Searcher()
    found = "qc/encounter-cards-with-actions"
    assert found in [hit.id for hit in searcher.ask(post, k=3)[1]]
    monkeypatch.setattr(focus, "_DEMONSTRATIVES", frozenset())
    focus._read.cache_clear()
    assert found not in [hit.id for hit in searcher.ask(post, k=3)[1]]
    searcher.close()
    focus._read.cache_clear()


def test_switching_pointing_back_off_changes_the_answer(monkeypatch):
    """The post names the Restricted keyword only before its question ("play it")."""
    from judge.search.engine import Searcher

    post = (
        "My Gimli already has Citadel Plate and Blade of Gondolin on him, both restricted. "
        "I just drew another restricted weapon that I'd honestly rather have on him than the "
        "Blade. Am I allowed to play it on him, and what happens to the extra one if I do?"
    )
    searcher = Searcher()
    assert "kw/restricted" in [hit.id for hit in searcher.ask(post, k=3)[1]]
    monkeypatch.setattr(profile, "POINTING_WORDS", 0)
    focus._read.cache_clear()
    assert "kw/restricted" not in [hit.id for hit in searcher.ask(post, k=3)[1]]
    searcher.close()
    focus._read.cache_clear()


def test_only_the_words_of_a_long_story_are_backstory():
    told = backstory_words(STORY + " Can sentinel defend twice?")
    assert {"troll", "allies", "evening"} <= told
    assert not told & {"sentinel", "defend", "twice"}


def test_a_short_setting_or_a_question_that_is_all_story_has_no_backstory():
    assert backstory_words("The first player got eliminated. Who is first player now?") == set()
    assert backstory_words(STORY) == set()


def test_quoted_ability_labels_name_their_rules():
    said = "The card says 'Response: after you engage, draw 1. Limit once per round.' Huh."
    assert ability_words(said) == ("response", "limit")
    assert ability_words("Forced: When Revealed: each player...") == ("forced", "when", "revealed")


def test_quoted_card_text_after_a_label_sets_the_scene():
    """What the card does is told; its label and the rest of the question ask."""
    said = 'my card says "Response: After you play an ally, draw a card." when can i use it?'
    assert card_text_words(said) == {"after", "you", "play", "an", "ally", "draw", "a"}
    # unquoted, the card text runs to the sentence's end
    said = "Forced: raise your threat by 2. Is that a choice?"
    assert card_text_words(said) == {"raise", "your", "threat", "by", "2"}
    # a word the question also says outside the card text is asked about
    assert "ally" not in card_text_words('"Action: ready an ally." Can an ally use it?')
    assert card_text_words("can I play an ally after my friend passes?") == frozenset()


def test_a_question_too_long_to_search_whole_keeps_its_asking_sentence():
    question = STORY * 3 + " Can sentinel defend twice?"
    kept = question_first(question, 20)
    assert len(kept) == 20 and kept[-4:] == ("can", "sentinel", "defend", "twice")


def test_switching_the_focus_off_changes_the_answer(tmp_path, monkeypatch):
    """The story names threat and the quest; the question asks about sentinel."""
    from test_search_ranking import _glossary, _searcher, _top

    _glossary(tmp_path, "sentinel", "Sentinel", "A sentinel character may defend for others.")
    _glossary(
        tmp_path,
        "threat",
        "Threat",
        "Threat rises when the quest fails.",
    )
    for n in range(6):
        _glossary(tmp_path, f"filler-{n}", f"Filler {n}", "Cards, locations and damage.")
    searcher = _searcher(tmp_path)
    question = (
        "Our threat went up every round of the game, the quest failed twice and the staging "
        "area filled up with more cards than we could handle. Can my sentinel defend?"
    )
    assert _top(searcher, question) == "rr/sentinel"
    monkeypatch.setattr(profile, "STORY_WORDS", 10_000)
    assert _top(searcher, question) == "rr/threat"


def test_examples_and_asides_are_told_not_asked():
    from judge.search.focus import example_words

    question = "Can I attach it to a hero of another sphere? e.g. Self Preservation onto Aragorn."
    assert example_words(question) == {"self", "preservation", "onto", "aragorn"}
    aside = "If Ufthak cannot attack (due to Feint, Thicket of Spears) does he get a token?"
    assert {"feint", "thicket", "spears"} <= example_words(aside)
    assert "ufthak" not in example_words(aside)
    # an aside that asks is part of the question
    assert example_words("Does it stay engaged? (or does it return to staging?)") == set()


def test_a_condition_opens_the_question():
    assert asks("If Chieftain Ufthak cannot attack.")


def test_a_word_the_question_asks_in_another_form_is_no_backstory():
    from judge.search.understand import understand

    meaning = understand(STORY + " The engagement cost was 30. Can I engage anyway?")
    assert "engag" not in meaning.background and "cost" in meaning.background
    # or means in table talk: to pull an enemy is to engage it
    meaning = understand(STORY + " The engagement cost was 30. Can I just pull the enemy to me?")
    assert "engag" not in meaning.background and "cost" in meaning.background


def test_the_words_only_a_later_question_says_are_its_follow_up():
    post = "We got swarmed last night. Who gets dealt first? Also, do we reshuffle?"
    assert {"reshuffle", "also"} <= follow_up_words(post)
    assert not {"who", "dealt", "swarmed"} & follow_up_words(post)
    assert follow_up_words("Who gets dealt first, and do we reshuffle?") == frozenset()


def test_a_question_that_leans_back_is_part_of_the_one_before():
    """ "Does this mean...?" makes the sentence before it ask: the two are one question,
    so the second one's words are no follow-up."""
    post = (
        "The rules say there is no penalty for losing a scenario. Does this mean heroes "
        "are only added to the fallen heroes list if they perish in a game we won?"
    )
    assert questions_asked(post) == [post]
    assert follow_up_words(post) == frozenset()
    later = post + " Also, do boons carry over?"
    assert len(questions_asked(later)) == 2 and {"boons", "carry"} <= follow_up_words(later)
    assert not {"fallen", "perish"} & follow_up_words(later)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("campaign hero swap: who takes the threat penalty?", "who"),
        ("which player decides where we travel", "who"),
        ("how much does threat go up in the refresh phase", "amount"),
        ("bad opening hand after mulligan, can i mulligan again?", "amount"),
        ("can i use the same special ability twice in one phase", "amount"),
        ("does the forced effect go first", "moment"),
        ("do I declare defenders before or after the shadow card is flipped", "moment"),
        ("can my exhausted hero still defend", None),
        ("shadow card never flipped, when does it go away", "moment"),
        ("shadow cards discarded when", "moment"),
        ("my sentinel guy, at what point can he step in to defend", "moment"),
        ("how long does the bonus from the event last", "moment"),
        ("whats the actual order for dealing shadows", "moment"),
        ("how do you order it when something doubles a stat?", "moment"),
        # a "when" that sets a condition asks for no moment
        ("blanked location, does it still score when we explore it?", None),
        # only the first asking sentence says what is asked for, never the story
        ("I was first player with 30 threat. Can I play the event now?", None),
        ("Can I play it now? Also who pays for it?", None),
    ],
)
def test_what_the_first_asking_sentence_asks_for(question, kind):
    assert asked_for(question) == kind


def test_a_tag_asking_the_table_to_confirm_is_no_rules_word():
    from judge.search.understand import understand

    assert "right" not in understand("it gets discarded, right?").content
    assert "right" not in understand("My friend says no. Who is right??").content
    assert "right" in understand("can I play it right after the draw?").content
