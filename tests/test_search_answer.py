"""The answer line: which sentence or bullet of the best entry states the rule asked."""

from __future__ import annotations

import pytest

from judge.kb.body_lines import body_lines
from judge.search import profile
from judge.search.answer import EASY, best_line, distinct_stems


@pytest.fixture
def answer_line():
    """`answer_line(question, entry)`: the answer line `ask` shows for `question`, whose
    best entry must be `entry`, as the search weighs it at the time of the call (the
    tests switch a weight off between two calls)."""
    from judge.search.engine import Searcher

    searcher = Searcher()

    def answered(question: str, entry: str) -> str:
        meaning, hits, _ = searcher.ask(question)
        assert hits[0].id == entry
        return searcher.answer(meaning, hits).text

    yield answered
    searcher.close()


BODY = """Sentinel lets a character defend for another player. It is a keyword.

- **Timing:** only after the engaged player declares no defenders.
- The sentinel character exhausts to defend,
  like any defender.
"""


def test_a_bodys_lines_are_the_summarys_sentences_and_each_bullet():
    assert body_lines(BODY) == [
        "Sentinel lets a character defend for another player.",
        "It is a keyword.",
        "Timing: only after the engaged player declares no defenders.",
        "The sentinel character exhausts to defend, like any defender.",
    ]


def test_each_item_of_a_numbered_list_is_a_line():
    body = "Play goes in steps.\n\n1. Pay the costs.\n2. Choose targets, if any.\n"
    assert body_lines(body) == ["Play goes in steps.", "Pay the costs.", "Choose targets, if any."]


def test_a_heading_is_no_line_and_no_snippet_text():
    """A heading only groups the bullets under it: shown as a line it says nothing, and
    in a snippet it would run into the next bullet ("Scenario rules Controlling ...")."""
    from judge.kb.body_lines import plain

    body = (
        "Osgiliath is a scenario.\n\n## Scenario rules\n- **Control:** the first player takes it.\n"
    )
    assert body_lines(body) == ["Osgiliath is a scenario.", "Control: the first player takes it."]
    assert plain(body) == "Osgiliath is a scenario. Control: the first player takes it."


def test_the_line_with_most_of_the_questions_weight_wins():
    weights = {"exhaust": 2.0, "defend": 0.5}
    assert best_line(BODY, weights).startswith("The sentinel character exhausts")
    weights = {"declar": 2.0, "defend": 0.5}
    assert best_line(BODY, weights).startswith("Timing:")


EXAMPLED = """Toughness X lowers each damage an enemy takes by X.

- Example: Gandalf deals 4 damage to an Uruk-hai Archer with toughness 1; it takes 3.
- Player card example: a hero deals 2 damage, toughness 2, no damage.
- Context: in the Saga scenarios each player deals damage in turn.
"""


def test_a_worked_example_wins_only_with_twice_the_rule_lines_weight():
    """The example says the rule's words and more (the enemy, the numbers); the rule
    line still answers unless the example says much more of the question."""
    weights = {"toughness": 1.0, "damag": 1.0, "enemi": 1.0, "archer": 1.5}
    assert best_line(EXAMPLED, weights).startswith("Toughness X lowers")
    weights["archer"] = 5.0
    assert best_line(EXAMPLED, weights).startswith("Example: Gandalf")
    assert best_line(EXAMPLED, {"saga": 1.0, "damag": 1.0}).startswith("Toughness X")


def test_a_line_that_only_says_another_document_agrees_is_no_answer():
    rule = "A Forced effect resolves only if it was active when its trigger happened.\n\n"
    pointer = '- The Rules Reference ("Forced") contains the same rule.\n'
    weights = {"forc": 1.0, "trigger": 1.0, "rule": 2.5}  # "rule" is said by the pointer
    assert best_line(rule + pointer, weights).startswith("A Forced effect resolves")
    # a longer line goes on to state a rule of its own, and weighs in full
    agrees = (
        '- The Rules Reference ("Forced") agrees, and adds that a forced effect that '
        "triggers during another one waits for it to finish.\n"
    )
    weights = {"forc": 1.0, "trigger": 1.0, "wait": 1.0}
    assert best_line(rule + agrees, weights).startswith('The Rules Reference ("Forced") agrees')


SCENARIO_PAGE = """Return to Mirkwood is a scenario.

- **Easy Mode:** each hero gets 1 extra resource; take out Hill Troll (1), Marsh Adder (1).
- Gollum cannot quest, attack or defend, but counts as an ally of the guarding player.
"""


def test_an_easy_mode_card_list_answers_only_a_question_about_easy_mode():
    """The story names a card the Easy Mode line lists ("a hill troll attacked"); the
    line says nothing about it, only that easy mode takes it out."""
    weights = {"hill": 2.0, "troll": 2.0, "defend": 1.5, "alli": 1.0}
    asked = frozenset(weights)
    assert best_line(SCENARIO_PAGE, weights, asked=asked).startswith("Gollum cannot quest")
    easy = {**weights, EASY: 1.0}
    assert best_line(SCENARIO_PAGE, easy, asked=asked | {EASY}).startswith("Easy Mode:")


def test_a_rulings_question_that_wins_gives_way_to_its_answer():
    """The player's words are in the ruling's question; its answer states the rule."""
    body = (
        "An ally that becomes a hero stays a hero.\n\n"
        "- **Q:** If I bounce the ally at the end of the phase, does it go back to my hand?\n"
        "- **A:** No. It is no longer an ally, so the delayed effect does not apply.\n"
        "- **Q:** Does a lone question keep its place?\n"
    )
    weights = {"bounc": 1.0, "hand": 1.0, "phase": 1.0}
    assert best_line(body, weights) == (
        "No. It is no longer an ally, so the delayed effect does not apply."
    )
    # a question with no answer after it is still the line that says most
    assert best_line(body, {"lone": 1.0}) == "Q: Does a lone question keep its place?"
    # an answer that wins on its own words loses its label too
    assert best_line(body, {"delay": 1.0}).startswith("No. It is no longer an ally")
    # and so does a question that shares its bullet with its answer
    inline = "- **Q:** Is a stray question kept? **A:** Yes. It stays in its place.\n"
    assert best_line(body + inline, {"stray": 1.0}) == "Yes. It stays in its place."


ADVANCING = """The players advance to the next stage as soon as its quest points are met.

- Progress beyond what was required is lost.
"""


def test_a_question_the_entry_answers_lends_its_words_to_the_line_it_names():
    """A player's "do extra tokens carry over?" shares more words with the line about
    advancing to the next stage; the entry's own question about leftover tokens names
    the line that settles it."""
    said = "extra progress tokens carry over next quest stage"  # the question's rules words
    weights = dict.fromkeys(distinct_stems(said), 1.0)
    assert best_line(ADVANCING, weights).startswith("The players advance")
    leftover = distinct_stems("do leftover tokens carry over")
    assert best_line(ADVANCING, weights, answered=[(1, leftover)]).startswith("Progress beyond")
    # a question that shares none of the player's words lends nothing
    unrelated = distinct_stems("what happens to surplus")
    assert best_line(ADVANCING, weights, answered=[(1, unrelated)]).startswith("The players")


def test_a_line_many_stored_questions_name_gains_less_from_each_further_one(monkeypatch):
    """Two stored questions on advancing share the player's common word ("stage"); the
    one on leftover progress shares the rare one ("extra"). Summed whole, the two
    common ones would outweigh it; each further question adds only a share."""

    weights = {"stage": 2.0, "extra": 3.5}
    answered = [(0, ["next", "stage"]), (0, ["move", "stage"]), (1, ["carri", "extra"])]
    body = "Advance once the quest points are met.\n\n- It is lost.\n"
    assert best_line(body, weights, answered=answered) == "It is lost."  # 3.5 > 2 + 0.7 * 2
    monkeypatch.setattr(profile, "QUESTION_DECAY", 1.0)
    assert best_line(body, weights, answered=answered).startswith("Advance once")  # 2 + 2


def test_lines_that_tie_on_the_weighted_words_go_to_the_one_sharing_more_of_the_question():
    body = (
        "Cards are exhausted by turning them sideways, usually to use abilities.\n\n"
        "- Abilities on an exhausted card still work.\n"
    )
    weights = {"exhaust": 1.0, "abil": 1.0}
    assert best_line(body, weights).startswith("Cards are exhausted")  # the first, on a tie
    asked = frozenset({"do", "his", "passiv", "abil", "still", "work", "exhaust"})
    assert best_line(body, weights, asked=asked) == "Abilities on an exhausted card still work."


def test_a_question_asking_who_prefers_the_line_that_names_a_player():
    body = (
        "Swapping a hero between scenarios raises starting threat.\n\n"
        "- Every player adds the penalty to their starting threat.\n"
    )
    weights = {"threat": 1.0, "start": 1.0, "swap": 0.5}
    assert best_line(body, weights).startswith("Swapping")
    assert best_line(body, weights, asks_for="who").startswith("Every player")
    assert best_line(body, weights, asks_for="amount").startswith("Swapping")


def test_a_player_named_in_the_possessive_says_whose_thing_not_who_acts():
    """ "Who takes the +1?": "its controller's discard pile" says whose pile; the line
    that says every player takes the penalty answers who."""
    body = (
        "A hero in its controller's discard pile at the end joins the fallen heroes.\n\n"
        "- Every player then adds 1 to their starting threat.\n"
    )
    weights = {"hero": 1.2, "threat": 1.0}
    assert best_line(body, weights, asks_for="who").startswith("Every player")  # 1.2 < 1.4
    acting = body.replace("its controller's discard pile", "the discard pile its controller owns")
    assert best_line(acting, weights, asks_for="who").startswith("A hero")  # 1.2 * 1.4 > 1.4


def test_a_question_asking_when_prefers_the_line_that_names_a_moment():
    body = (
        "Shadow cards are discarded whether or not they were revealed.\n\n"
        "- As the combat phase ends, every shadow card is discarded.\n"
    )
    weights = {"shadow": 1.0, "discard": 1.0, "card": 0.2, "reveal": 0.3}
    assert best_line(body, weights).startswith("Shadow cards")
    assert best_line(body, weights, asks_for="moment").startswith("As the combat phase ends")


def test_how_often_is_not_when():
    """ "When does regenerate heal?": the line saying it heals once every round says how
    often; the one naming the refresh phase step says when."""
    body = (
        "An enemy with Regenerate X heals X damage once every round.\n\n"
        "- Timing: an enemy heals in the refresh phase, after step 7.4.\n"
    )
    weights = {"heal": 1.0, "enemy": 0.5, "round": 0.3}
    assert best_line(body, weights, asks_for="moment").startswith("Timing")
    assert best_line(body, weights, asks_for="amount").startswith("An enemy")


def test_a_second_time_is_a_count():
    """ "Can I mulligan again?" asks how many times: the line saying the second hand must
    be kept answers it, not the one that says as much about the mulligan."""
    body = (
        "A player may mulligan: they shuffle their hand back and draw a new hand.\n\n"
        "- A second mulligan is not allowed: the new hand must be kept.\n"
    )
    weights = {"mulligan": 1.0, "hand": 0.5}
    assert best_line(body, weights).startswith("A player")
    assert best_line(body, weights, asks_for="amount").startswith("A second")


def test_a_step_number_is_not_an_amount():
    """ "Can sentinel defend twice?" asks how many times; "(step 6.4.1)" names a step,
    not a count."""
    body = (
        "A sentinel character may defend an attack on another player.\n\n"
        "- Timing: a sentinel defends after no defenders are declared (step 6.4.1).\n"
    )
    weights = {"sentinel": 1.0, "defend": 1.0}
    assert best_line(body, weights, asks_for="amount").startswith("A sentinel")
    counted = body.replace("(step 6.4.1)", "(once)")
    assert best_line(counted, weights, asks_for="amount").startswith("Timing")


def test_getting_resources_back_asks_whether_the_cost_stays_paid(monkeypatch, answer_line):
    """ "Do I get my resources back?" is the player's way of asking whether the cost
    stays paid, which is what the rules line says."""
    from judge.games.lexicon import vocabulary
    from judge.search import understand

    question = "opponent cancels my event, do i get my resources back?"
    assert "costs were paid stay paid" in answer_line(question, "rr/cancel")
    monkeypatch.delitem(vocabulary("lcg").synonyms, ("resources", "back"))
    monkeypatch.setattr(understand, "_stemmed_synonyms", understand._stemmed_synonyms.__wrapped__)
    monkeypatch.setattr(understand, "_openings", understand._openings.__wrapped__)
    assert "costs were paid stay paid" not in answer_line(question, "rr/cancel")


def test_spreading_damage_asks_how_it_is_split(monkeypatch, answer_line):
    """Players spread damage where the rules split it: the line that says whose
    characters may take archery damage, not the one on defense."""
    from judge.games.lexicon import vocabulary
    from judge.search import understand

    question = "archery 3, can we spread the damage across both players' characters?"
    assert "split the damage" in answer_line(question, "kw/archery-x")
    monkeypatch.delitem(vocabulary("lcg").synonyms, ("spread",))
    monkeypatch.setattr(understand, "_stemmed_synonyms", understand._stemmed_synonyms.__wrapped__)
    monkeypatch.setattr(understand, "_openings", understand._openings.__wrapped__)
    assert "split the damage" not in answer_line(question, "kw/archery-x")


def test_a_question_naming_only_the_entry_is_answered_by_its_first_sentence(
    monkeypatch, answer_line
):
    """ "what is the staging area?" asks for the definition, not for the line a stored
    question on locations there shares the title's words with."""
    from judge.search import answer

    first = "The staging area is a distinct part of the playing field"
    assert answer_line("what is the staging area?", "rr/staging-area").startswith(first)
    assert answer.names_only_the_entry(["stage", "area"], {"stage", "area"})
    assert not answer.names_only_the_entry(["stage", "area", "locat"], {"stage", "area"})
    monkeypatch.setattr(answer, "names_only_the_entry", lambda asked, title: False)
    assert not answer_line("what is the staging area?", "rr/staging-area").startswith(first)


def test_without_a_shared_word_the_summarys_first_sentence_states_the_rule():
    assert (
        best_line(BODY, {"unrelated": 3.0})
        == "Sentinel lets a character defend for another player."
    )
    assert best_line("", {"x": 1.0}) is None


def test_ask_gives_the_answer_from_the_best_entry_with_its_citation(cli):
    result = cli("ask", "does my sentinel exhaust when it defends", "--json").json()
    answer, best = result["answer"], result["hits"][0]
    assert answer["id"] == best["id"] and answer["citation"]
    assert "exhaust" in answer["text"].lower()
    human = cli("ask", "does my sentinel exhaust when it defends").out
    assert human.startswith("Answer: ")


def test_the_entrys_title_words_weigh_little_in_choosing_its_line(monkeypatch, answer_line):
    """Step 6.2, "Deal shadow cards", names its subject in every line; the line that
    answers is the one that says, beyond the title's words, which enemy is dealt first."""

    question = "four enemies are engaged with me: which one is dealt its shadow card first?"
    assert "highest engagement cost" in answer_line(question, "rr/step-6.2")
    monkeypatch.setattr(profile, "TITLE_WORD_WEIGHT", 1.0)  # the title's words in full
    assert "highest engagement cost" not in answer_line(question, "rr/step-6.2")


def test_a_posts_first_question_chooses_its_line(monkeypatch, answer_line):
    """A post that asks two things asks its main one first; the words only the later
    question says weigh less in choosing the one line shown."""

    question = (
        "Our hero died in the last scenario of the campaign. Can we keep using him? "
        "And the threat penalty?"
    )
    fallen = "rr/campaign/fellowship-of-heroes"
    assert "can never again be used" in answer_line(question, fallen)
    monkeypatch.setattr(profile, "FOLLOW_UP_WEIGHT", 1.0)  # every question alike
    assert "can never again be used" not in answer_line(question, fallen)


def test_no_hits_means_no_answer(cli):
    assert cli("ask", "xyzzy plugh", "--json").json()["answer"] is None


def test_an_errata_answer_says_what_changed_not_where_it_is_printed(cli):
    answer = cli("ask", "nazgul of dol guldur errata", "--json").json()["answer"]
    assert "attachments" in answer["text"] and "Quest Companion" not in answer["text"]


def test_the_scenario_the_question_names_picks_the_entry_not_its_line(cli):
    """Naming Journey Down the Anduin pulled in the ruling; the line that lists the
    scenario pages it appears on says nothing about when the forced effect resolves."""
    question = "journey down anduin wargs forced effect after attack when does it resolve"
    result = cli("ask", question, "--json").json()
    # the best entry's line, whether or not the ranking is confident enough to answer
    answer = result["answer"] or result["candidates"][0]
    assert "Anduin" not in answer["text"] and "resolve" in answer["text"]


@pytest.mark.parametrize(
    ("question", "page"),
    [
        (
            "the dead marshes, shadows of mirkwood cycle: what does easy mode change?",
            "scenario/the-dead-marshes",
        ),
        (
            "the aldburg plot (oaths of the rohirrim): how does easy mode work?",
            "scenario/the-aldburg-plot",
        ),
    ],
)
def test_a_scenarios_cycle_picks_the_entry_not_its_line(monkeypatch, answer_line, question, page):
    """A cycle's name, like the scenario's, says which scenario the post means; the line
    that names the cycle says nothing about easy mode."""
    from judge.search.scenario_mentions import ScenarioRecogniser

    assert answer_line(question, page).startswith("Easy Mode:")
    monkeypatch.setattr(ScenarioRecogniser, "with_origins", lambda self, named: tuple(named))
    assert not answer_line(question, page).startswith("Easy Mode:")


def test_the_word_keyword_picks_a_keywords_entry_not_its_line(monkeypatch, answer_line):
    """ "surge keyword, how does it work" names the kind of entry: the line that says
    what Surge does, not the one on gained instances under the keyword rule."""
    from judge.search import engine

    question = "surge keyword how does it work"
    assert answer_line(question, "kw/surge").startswith("When an encounter card with Surge")
    monkeypatch.setattr(engine, "KIND_NAMES", {"errata": ("errata",)})
    assert not answer_line(question, "kw/surge").startswith("When an encounter card with Surge")


def test_a_ruling_asked_for_by_faq_and_number_is_answered_by_its_rule(monkeypatch, answer_line):
    """ "faq 1.15" or "ruling 1.15" names the ruling: its rule, not its line that cites
    another FAQ or says what the Rules Reference adds."""
    from judge.search import engine

    for question in ("faq 1.15", "ruling 1.15"):
        assert answer_line(question, "faq/1.15").startswith("If a card effect contains")
    monkeypatch.setattr(engine, "KIND_NAMES", {"keyword": ("keyword",)})
    for question in ("faq 1.15", "ruling 1.15"):
        assert not answer_line(question, "faq/1.15").startswith("If a card effect contains")


def test_a_stop_inside_quotes_does_not_end_a_sentence():
    body = 'Its title becomes "A Elbereth! Gilthoniel!" from now on. It is a Response.'
    assert body_lines(body) == [
        'Its title becomes "A Elbereth! Gilthoniel!" from now on.',
        "It is a Response.",
    ]


def test_a_tie_in_the_players_words_finds_the_line_that_says_equal(cli):
    """ "Exactly 30" against an engagement cost of 30 is the tie the rules call equal."""
    question = "my threat is 30 and the orc's engagement cost is exactly 30, does it engage me?"
    answer = cli("ask", question, "--json").json()["answer"]
    assert answer["id"] == "rr/engagement-check" and "equal" in answer["text"]


def test_the_answer_line_of_hits_another_searcher_found_is_the_same():
    """A searcher keeps the entries it has shown, to read the best one's body again for
    the answer line; hits it never showed are read from the index."""
    from judge.search.engine import Searcher

    question = "my buddy declared no defenders, can my sentinel defend that attack"
    first, second = Searcher(), Searcher()
    meaning, hits, _ = first.ask(question)
    assert second.answer(meaning, hits) == first.answer(meaning, hits)
    assert second.answer(meaning, hits).id == "kw/sentinel"
    first.close()
    second.close()
