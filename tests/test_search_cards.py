"""Cards: a question names a card only on a strong match, and says which names it
has nothing on instead of answering about another card."""

from __future__ import annotations

import pytest

from judge.search.card_mentions import CardRecogniser, longer_names, unknown_cards, written_as_names

TITLES = {
    "wandering-took": "Wandering Took",
    "thalin": "Thalin",
    "chieftan-ufthak": "Chieftan Ufthak",
    "a-test-of-will": "A Test of Will",
}
CARD_WORDS = {"took": "wandering-took", "ufthak": "chieftan-ufthak"}
EVERYDAY = frozenset({"took", "troll", "guy"})


def recognise(question: str, cards: CardRecogniser | None = None) -> list[str]:
    """The cards a question names, read as the search reads it: its words, those it
    writes as names and its longer names (`TITLES` when no recogniser is given)."""
    from judge.search.text import words

    cards = cards or CardRecogniser(TITLES, CARD_WORDS, EVERYDAY)
    names, longer = written_as_names(question), longer_names(question)
    return cards.recognise(tuple(words(question)), names=names, longer=longer)


def test_an_everyday_word_alone_is_no_card_but_a_name_is():
    assert recognise("the troll took my guy") == []
    assert recognise("does Ufthak get a token") == ["Chieftan Ufthak"]
    assert recognise("does thalin hit spiders") == ["Thalin"]  # its whole title
    assert recognise("the wandering took errata") == ["Wandering Took"]  # two words


def test_a_one_word_title_is_read_through_one_typo_that_makes_no_other_word():
    """A letter changed or two swapped in a short name ("thelin", "tahlin") score below
    the runs' ratio; one typo keeping the first letter still names the card, unless
    the word is one in its own right, or the title is too short to tell apart."""
    cards = CardRecogniser({**TITLES, "merry": "Merry", "bert": "Bert"}, CARD_WORDS, EVERYDAY)
    english = {"mercy", "thelin"}.__contains__
    read = lambda question: cards.recognise(tuple(question.split()), is_a_word=english)  # noqa: E731
    assert read("tahlin errata") == ["Thalin"] and read("thelan errata") == []  # two typos
    assert read("thelin errata") == []  # taken for a word in its own right
    assert read("thalun errata") == ["Thalin"] and read("mercy errata") == []
    assert read("burt errata") == []  # four letters: too short
    # without a way to tell words from typos, no title is read through one
    assert cards.recognise(("tahlin", "errata")) == []


def test_a_typo_of_a_rules_word_is_no_typo_of_a_cards_title(cli):
    """ "staing" is one letter from the card Sting, and one from "staging": the rules
    word is the likelier meaning, as the speller reads it."""
    asked = cli("ask", "staing area how does it work", "--json").json()
    assert asked["cards"] == [] and asked["corrected"] == {"staing": "staging"}


def test_ask_reads_a_misspelt_heros_name_and_answers_with_its_errata(cli):
    """ "baravor" is Beravor with one letter changed (ratio 85.7, under the runs' 86)."""
    asked = cli("ask", "baravor errata?", "--json").json()
    assert asked["cards"] == ["Beravor"] and asked["corrected"] == {"baravor": "beravor"}
    assert asked["hits"][0]["id"] == "errata/beravor"


def test_one_word_after_an_article_names_a_card_only_as_spelt_or_written_as_a_name():
    """ "the marsh" is a fuzzy match for The Marish: one misspelt word is too weak a
    signal, unless the player wrote it as a name."""
    cards = CardRecogniser({**TITLES, "the-marish": "The Marish"}, CARD_WORDS, EVERYDAY)
    assert recognise("the marsh location sinks", cards) == []
    assert recognise("the marish location sinks", cards) == ["The Marish"]
    assert recognise("we travel to The Marsh", cards) == ["The Marish"]


def test_a_word_of_a_title_inside_another_name_is_not_that_card():
    """Ufthak names Chieftan Ufthak, but not in the name of a card we lack ("Ufthak
    Raiders"); a name holding the whole title, or the title itself, is the card."""
    cards = CardRecogniser(TITLES, CARD_WORDS, EVERYDAY)
    assert recognise("do the Ufthak Raiders attack first?") == []
    assert cards.recognise(("the", "ufthak", "raiders"), names=frozenset({"ufthak"})) == [
        "Chieftan Ufthak"
    ]
    assert recognise("does the Chieftan Ufthak Raid get a token?") == ["Chieftan Ufthak"]
    # "My" is capitalised only because it opens the sentence
    assert recognise("My Ufthak gets a token?") == ["Chieftan Ufthak"]
    assert recognise("does Ufthak get a token") == ["Chieftan Ufthak"]


def test_a_word_of_a_title_before_deck_hero_or_trait_is_a_trait_not_the_card():
    """A word of a title before "deck", "hero" or "trait" ("a Dunedain deck", "the Wolf
    deck") is a trait or a deck's name, wherever else the question says it."""
    assert recognise("my Ufthak deck lost again, does Ufthak get a token?") == []
    assert recognise("can a Gondor or Ufthak hero do it") == []
    assert recognise("does Ufthak get a token") == ["Chieftan Ufthak"]


def test_a_word_of_one_title_the_question_spells_names_no_other_card():
    """A player who writes "Brand son of Bane" means Brand son of Bain, not Durin's Bane."""
    titles = {"brand-son-of-bain": "Brand son of Bain", "durins-bane": "Durin's Bane"}
    cards = CardRecogniser(titles, {"bane": "durins-bane"})
    question = "Brand son of Bane joined the attack, can Bane still help?"
    assert recognise(question, cards) == ["Brand son of Bain"]
    assert cards.recognise(("does", "bane", "attack"), names=frozenset({"bane"})) == [
        "Durin's Bane"
    ]


def test_ask_takes_a_location_we_lack_for_no_card_sharing_a_word(cli):
    result = cli("ask", "Our active location is Great Forest Web: can we travel?", "--json")
    assert result.json()["cards"] == []


def test_a_box_named_for_a_card_names_the_card_only_when_said_again(cli):
    """Treason of Saruman is a box; the Saruman ally is the card. A scenario's own name
    is its quest card's too (The Passage of the Marshes)."""

    def cards(question):
        return cli("ask", question, "--json").json()["cards"]

    assert "Saruman" not in cards("Starting Treason of Saruman: is Grima banned?")
    assert "Saruman" in cards("Starting Treason of Saruman: is the Saruman ally banned?")
    marshes = "When we got to The Passage of the Marshes, could we swap heroes for free?"
    assert "The Passage of the Marshes" in cards(marshes)


def test_a_title_opening_with_a_contraction_is_recognised():
    """Titles are keyed by slug ("dont-leave-the-path"); the player writes "Don't"."""
    cards = CardRecogniser({"dont-leave-the-path": "Don't Leave the Path!"}, {})
    said = "stage 3B, Don't leave the Path: do the spiders count as revealed?"
    assert recognise(said, cards) == ["Don't Leave the Path!"]


def test_a_title_ending_in_a_stop_word_is_recognised():
    """Runs ending in a stop word are skipped ("sentinel of"), unless a title ends so."""
    assert recognise("test of will on dark sorcery") == ["A Test of Will"]
    assert recognise("will the troll attack") == []


def test_a_title_opening_with_a_stop_word_is_recognised_from_it():
    """ "the ambush" is The Ambush, though "ambush" alone is the keyword, and "will of
    the west" is the card; a run opening with a stop word is compared only with the
    titles that open with it: "to add a rivendell blade" is no Road to Rivendell."""
    from judge.search.text import words

    titles = {
        "the-ambush": "The Ambush",
        "will-of-the-west": "Will of the West",
        "road-to-rivendell": "Road to Rivendell",
        "to-catch-an-orc": "To Catch an Orc",
    }
    cards = CardRecogniser(titles, {}, frozenset({"ambush"}))

    def said(question):
        return cards.recognise(tuple(words(question)), names=frozenset())

    assert said("can the ambush target my hero") == ["The Ambush"]
    assert said("ambush keyword") == []
    assert said("will of the west after i play it") == ["Will of the West"]
    assert said("i'd like to add a rivendell blade") == []


#: scenario titles and the short names players use (`scenario_mentions`), as slugs
SCENARIOS = {
    "journey-down-the-anduin": "Journey Down the Anduin",
    "journey-up-the-anduin": "Journey Up the Anduin",
    "the-fords-of-isen": "The Fords of Isen",
    "flight-to-the-ford": "Flight to the Ford",
    "to-the-ford": "Flight to the Ford",
    "the-oath": "The Oath",
    "passage-through-mirkwood": "Passage Through Mirkwood",
    "through-mirkwood": "Passage Through Mirkwood",
    "mirkwood": "Passage Through Mirkwood",
}


def _scenarios(question: str, limit: int = 3) -> list[str]:
    from judge.search.text import words

    return CardRecogniser(SCENARIOS, {}).recognise(tuple(words(question)), limit=limit)


@pytest.mark.parametrize(
    "question, named",
    [
        # the words of a title spelt exactly name no look-alike
        ("we lost journey down the anduin twice", ["Journey Down the Anduin"]),
        ("is journey up the anduin harder", ["Journey Up the Anduin"]),
        ("a hero deck to the fords of isen", ["The Fords of Isen"]),
        # compared on the words after "to the": "sword" is no "ford"
        ("the number next to the sword", []),
        # one misspelt word after stop words is no title when it is a word
        ("listed with the oaths of the rohirrim", []),
        ("does flight to the frd have peril", ["Flight to the Ford"]),
    ],
)
def test_a_title_spelt_exactly_claims_its_words(question, named):
    assert _scenarios(question) == named


def test_titles_named_alike_come_in_the_order_said_and_the_limit_counts_titles():
    """Two titles spelt whole score alike: the one said first comes first (a post names
    what it is about up front); a title matched by its full name and by its short
    names is one of the `limit`."""
    question = "after passage through mirkwood we played journey down the anduin"
    assert _scenarios(question, limit=2) == ["Passage Through Mirkwood", "Journey Down the Anduin"]
    question = "journey down the anduin then passage through mirkwood"
    assert _scenarios(question, limit=2) == ["Journey Down the Anduin", "Passage Through Mirkwood"]


def test_switching_the_name_test_off_reads_everyday_words_as_cards():
    from judge.search.text import words

    cards = CardRecogniser(TITLES, CARD_WORDS, EVERYDAY)
    assert cards.recognise(tuple(words("the troll took my guy")), names=None) == ["Wandering Took"]


def test_names_are_the_words_capitalised_inside_a_sentence():
    assert written_as_names("The troll hit Aragorn. Then Gimli fell") == {"aragorn", "gimli"}
    # a numbered point starts a sentence: "2) After" is no name
    assert written_as_names("1) Is it Beorn? 2) After that, what?") == {"beorn"}


@pytest.mark.parametrize(
    ("question", "recognised", "unknown"),
    [
        ("radagasts cunning", ["Radagast"], ["Radagast's Cunning"]),
        ("can Radagast's ability heal", ["Radagast"], []),  # "ability" is a word we use
        ("does Grima Wormtongue Zealot count", [], ["Grima Wormtongue Zealot"]),
        ("in the Combat Phase can I", [], []),  # rules words, not a card
        ("is Light of Valinor restricted", ["Light of Valinor"], []),
        ("I exhaust 'Self-Preservation' to heal", [], ["Self-Preservation"]),  # one word
        ("the card 'Necromancer's Reach' deals", [], ["Necromancer's Reach"]),  # no quote
        ("a Heal-Combat phase", [], []),  # hyphenated, but words we use
        ("I drop Stewart of Valinor on him", ["Steward of Valinor"], []),  # our card, misspelt
        ("I'm the Radagast player", [], []),  # "I'm" names no one
        ("Can deck B's Silverlode Archer jump in", [], ["Silverlode Archer"]),  # "B" no name
        ("I flipped the Hill Troll's shadow", [], ["Hill Troll"]),  # a name's possessive
        ('Can I? " With Blade Mastery on', [], ["Blade Mastery"]),  # quoted sentence start
        ("Is Radagast's 1 damage first", ["Radagast"], []),  # a number names no card
        # quoted card text: a clause after a colon or a line break starts capitalised
        ('"Action: Heal Elrond" and then', [], []),
        ("Vilya reads\nHeal Elrond and", [], []),
        ("Action: Combat Radagast and Blade Mastery", [], ["Blade Mastery"]),
        # a sentence's first word counting what follows is no word of the name, one
        # that "of" joins to the rest is
        ("Couple of Thaurdir questions", [], []),
        ("Light of the Iron Hills - can he discard it", [], ["Light of the Iron Hills"]),
        ("Couple of Grima Wormtongue Zealot questions", [], ["Grima Wormtongue Zealot"]),
        # ... and one before "the" alone is a verb: "Feinted" names no card
        ("Feinted the Goblin Sniper so it never attacked", [], ["Goblin Sniper"]),
        # a name the player wrote, also a known card's possessive: reported once
        ("Radagasts Cunning: what is it", ["Radagast"], ["Radagasts Cunning"]),
        # a card of ours in someone's possession
        ("can Glorfindel's Light of Valinor defend", ["Light of Valinor"], []),
        # two cards we know, joined: no third name
        ("I attached Sting to Bilbo Baggins", ["Sting", "Bilbo Baggins"], []),
        # a known card's possessive that is a card we know too, the owner said alone
        ("Radagast said, then radagasts cunning", ["Radagast", "Radagast's Cunning"], []),
    ],
)
def test_unknown_cards(question, recognised, unknown):
    known = {
        "radagast",
        "ability",
        "heal",
        "combat",
        "phase",
        "light",
        "of",
        "valinor",
        "with",
        "is",
    }
    assert unknown_cards(question, recognised, known) == unknown


@pytest.mark.parametrize(
    ("question", "recognised", "unknown"),
    [
        ("can Eowyn defend after she quests", [], ["Eowyn"]),
        ("After that Beregond defends", [], ["Beregond"]),  # "After" opens the sentence
        ("Eowyn quested, can she defend", [], []),  # a sentence's first word
        ("in my Noldor deck and my Silvan discard deck", [], []),  # traits, decks
        ("can Glorf defend", [], []),  # the start of Glorfindel, a word we use
        ("my Defender of Rammas defends", [], ["Defender of Rammas"]),  # a longer name's
        ("Nazgul of Dol Guldur: can Gulder be attacked", ["Nazgul of Dol Guldur"], []),  # typo
        ("the FAQ says Ori is out", [], []),  # capitals, and three letters: no name
        ("can Aragorn defend", [], []),  # a word the knowledge base uses
        ("does Pippin's Sting work", ["Sting"], []),  # possessive: a word we use
        ("my buddy Aiden played Eowyn", [], ["Eowyn"]),  # someone at the table
        ("so Priya says Eowyn can", [], ["Eowyn"]),
    ],
)
def test_a_single_word_written_as_a_name_and_no_word_is_a_card_we_lack(
    question, recognised, unknown
):
    known = {"can", "defend", "after", "she", "quests", "defends", "that", "glorfindel"}
    known |= {"aragorn", "nazgul", "dol", "guldur", "be", "attacked", "pippin", "sting"}
    known |= {"my", "deck", "and", "discard", "in", "the", "says", "is", "out", "work"}
    known |= {"buddy", "played", "so"}
    english = {"faq", "ori", "does"}.__contains__
    is_a_word = lambda word: word in known or english(word)  # noqa: E731
    assert unknown_cards(question, recognised, known, is_a_word=is_a_word) == unknown
    # by default every word is one: no single word is reported
    assert "Eowyn" not in unknown_cards(question, recognised, known)


def test_ask_gives_no_other_cards_errata_for_a_card_we_lack(cli):
    """Asked for the errata of a card we have nothing on, the answer is no erratum of
    another card: an erratum ranked first is no answer line."""
    result = cli("ask", "does eowyn's errata change her ability", "--json").json()
    assert [c["title"] for c in result["named_cards"] if not c["entries"]] == ["Éowyn"]
    assert result["answer"] is None or result["answer"]["id"] != result["hits"][0]["id"]
    only = cli("ask", "does Eowyn have errata", "--json").json()
    assert only["named_cards"][0]["title"] == "Éowyn" and only["answer"] is None
    # asked only for her rulings, no line of any entry answers
    ruled = cli("ask", "is there a ruling on eowyn?", "--json").json()
    assert ruled["named_cards"][0]["title"] == "Éowyn" and ruled["answer"] is None
    assert cli("ask", "thalin errata", "--json").json()["answer"]["id"] == "errata/thalin"


def test_ask_names_a_hero_we_lack_and_answers_the_rules_question(cli):
    result = cli("ask", "after questing can Eowyn still defend", "--json").json()
    assert result["unknown_cards"] == [] and result["cards"] == []
    assert result["named_cards"][0] == {
        "title": "Éowyn",
        "designs": ["eowyn-hero-spirit", "eowyn-hero-tactics"],
        "entries": False,
    }


def test_a_known_cards_possessive_before_table_talk_is_that_card():
    """A player who writes "Thalin's ping" means Thalin's damage, in their own word."""
    question = "does Thalin's ping go before the surge?"
    known = {"thalin", "does", "go", "before", "the", "surge"}
    assert unknown_cards(question, ["Thalin"], known) == ["Thalin's Ping"]
    talk = {"ping": ("damage",)}
    assert unknown_cards(question, ["Thalin"], known, (), lambda w: talk.get(w, ())) == []


def test_ask_keeps_the_card_whose_ability_the_player_names_in_table_talk(cli):
    result = cli("ask", "does thalin's ping go before the surge?", "--json").json()
    assert result["unknown_cards"] == [] and result["cards"] == ["Thalin"]


def test_ask_keeps_a_card_of_ours_written_as_someones(cli):
    asked = "can Glorfindel's Light of Valinor let him quest and still defend"
    result = cli("ask", asked, "--json").json()
    assert result["unknown_cards"] == [] and result["cards"] == ["Light of Valinor"]
    assert result["hits"][0]["id"] == "faq/qa/light-of-valinor"


def test_a_box_or_cycle_name_is_no_unknown_card():
    """A scenario's box is written as a name, and its possessive is a word the
    knowledge base spells only without the "'s", but it is no card we lack."""
    question = "we got to Sundown on the Shire from the Shire's Reckoning"
    known = {"shire", "reckoning"}
    assert unknown_cards(question, [], known) == ["Shire's Reckoning"]
    assert unknown_cards(question, [], known, ["The Shire's Reckoning"]) == []


def test_ask_reports_no_box_as_an_unknown_card(cli):
    question = "In The Shire's Reckoning, does the Wolf deck reshuffle?"
    assert cli("ask", question, "--json").json()["unknown_cards"] == []


def test_a_scenario_or_box_the_question_lists_or_describes_is_no_unknown_card(cli):
    """Helm's Deep is the second of three scenarios listed, more than the question is
    taken to be about; "Two-handed" describes how The Black Riders box was played."""
    listed = (
        "Treason of Saruman campaign (Uruk-hai -> Helm's Deep -> Road to Isengard): "
        "is Saruman legal?"
    )
    result = cli("ask", listed, "--json").json()
    assert result["unknown_cards"] == [] and "Helm of Secrecy" not in result["cards"]
    described = "Two-handed Black Riders campaign: Glorfindel died, is he gone?"
    assert cli("ask", described, "--json").json()["unknown_cards"] == []


def test_a_games_publisher_is_no_unknown_card(cli):
    result = cli("ask", "Is Fantasy Flight going to errata Nori?", "--json").json()
    assert result["unknown_cards"] == [] and result["cards"] == ["Nori"]


def test_a_word_before_a_games_name_opening_a_sentence_is_no_unknown_card(cli):
    """The word "Old" is capitalised because it opens the sentence, and "Decipher" names the
    game; a card we lack opening a sentence is still one."""
    asked = "Old Decipher LOTR TCG question. Aragorn has 2 wounds. Can I heal him?"
    assert cli("ask", asked, "--json").json()["unknown_cards"] == []
    asked = "Self-Preservation heals 2. Can it heal a hero?"
    named = cli("ask", asked, "--json").json()["named_cards"]
    assert [card["title"] for card in named] == ["Self Preservation"]


def test_ask_names_an_unknown_card_and_answers_without_it(cli):
    result = cli("ask", "radagasts cunning", "--json").json()
    assert result["unknown_cards"] == [] and result["cards"] == []
    assert [card["title"] for card in result["named_cards"]] == ["Radagast's Cunning"]
    assert not any("radagast" in hit["id"] for hit in result["hits"])
    asked = cli("ask", "can I play radagasts cunning in the quest phase", "--json").json()
    # the rules question is answered by a rule (which one the ranking decides: the
    # population's figures judge that), not by an entry about some card
    best = asked["hits"][0]
    assert asked["named_cards"] and not best["cards"] and best["kind"] != "qa"


def test_a_misspelt_name_of_a_card_we_know_is_that_card(cli):
    """Written as a name, "Stewart of Gondor" is still the Steward of Gondor we match;
    before, it was also reported as a card we lack, which dropped the match."""
    result = cli("ask", "I drop Stewart of Gondor on my hero, who exhausts", "--json").json()
    assert result["cards"] == ["Steward of Gondor"] and result["unknown_cards"] == []


def test_a_name_sharing_a_word_with_a_card_we_know_is_another_card(cli):
    """'Necromancer's Reach' is close enough to The Necromancer's Tower to match it, but
    the player wrote another card's name: the card database's, no entry of ours."""
    result = cli("ask", "does Necromancer's Reach count as an attack", "--json").json()
    assert result["cards"] == [] and result["unknown_cards"] == []
    assert [card["title"] for card in result["named_cards"]] == ["The Necromancer's Reach"]


def test_ask_does_not_read_everyday_words_as_cards(cli):
    for question in ("the troll took my guy", "I have cards with secrecy on them"):
        assert cli("ask", question, "--json").json()["cards"] == []


def test_a_heros_name_in_lower_case_is_that_card(cli, kb):
    """The stored questions write names in lower case ("fellowship sphere aragorn"),
    and an entry named after a card ("Aragorn", a campaign rule) names no rule: neither
    makes "aragorn" an everyday word."""
    from judge.search.card_tables import everyday_words

    everyday = everyday_words(kb)
    assert "aragorn" not in everyday
    assert {"took", "secrecy", "black"} <= everyday
    for question in ("can aragorn ready himself twice a round", "is smeagol an ally or a hero"):
        assert len(cli("ask", question, "--json").json()["cards"]) == 1


def test_a_word_of_a_cards_title_inside_another_title_said_names_that_one_only(cli):
    """ "saruman" in "devilry of saruman" is no Saruman, "galadriel" in "phial of
    galadriel" no Galadriel; a box's name in lower case ("the treason of saruman")
    names no card in it, unless the question says the card again."""
    ask = lambda question: cli("ask", question, "--json").json()["cards"]  # noqa: E731
    assert ask("devilry of saruman errata, where do the 3 progress go") == ["Devilry of Saruman"]
    assert ask("running the treason of saruman in campaign, is that hard") == []
    assert ask("treason of saruman campaign: can i use saruman as a hero") == ["Saruman"]
    # a word of a scenario's name (The Uruk-hai) names no card on its own
    assert ask("Fighting an Uruk with toughness 2, does the damage add up?") == []
    assert ask("the Uruk-hai Archer has ranged?") == ["Uruk-hai Archer"]


def test_a_card_made_a_verb_with_apostrophe_d_is_that_card(cli):
    """Players write a card's past tense with "'d" ("I Sneak Attack'd Gandalf in"):
    that is Sneak Attack, not a card called "Sneak Attack'd Gandalf" that we lack."""
    result = cli("ask", "I Sneak Attack'd Gandalf in, does he go back at end of phase?", "--json")
    assert result.json()["cards"] == ["Sneak Attack"] and result.json()["unknown_cards"] == []


def test_a_run_meets_only_the_titles_that_open_as_it_does():
    """The small words before a run's first word of its own must be a title's, and that
    word must open as the title's does: "to the fords" is compared with To the Ford,
    never with To Catch an Orc."""
    from judge.search.text import words

    cards = CardRecogniser({**SCENARIOS, "to-catch-an-orc": "To Catch an Orc"}, {})
    runs = cards._runs_by_opening(tuple(words("to the fords")))
    met = {key for _, _, close, _ in runs for key in close}
    assert "to-the-ford" in met and "to-catch-an-orc" not in met


def test_the_run_tables_the_index_keeps_read_back_as_worked_out():
    """The card database's run tables are kept in the index as JSON
    (`CardRecogniser.run_tables`): read back, they are the tables worked out, so a
    recogniser given them reads every question as one that worked them out."""
    import json

    titles = {
        "the-one-ring": "The One Ring",
        "to-the-eyrie": "To the Eyrie",
        "gandalf": "Gandalf",
        "gandalfs-staff": "Gandalf's Staff",
    }
    worked = CardRecogniser(titles, {})
    kept = json.loads(json.dumps(worked.run_tables()))
    read = CardRecogniser(titles, {})
    read.read_run_tables(kept)
    # (each title's place and slug read back as a list, which sorts as the tuple does)
    as_tuples = {
        head: {n: [tuple(titled) for titled in found] for n, found in lengths.items()}
        for head, lengths in read._by_opening.items()
    }
    assert as_tuples == worked._by_opening
    assert read._lengths_by_first_word == worked._lengths_by_first_word
    said = ("can", "i", "take", "to", "the", "eyrie", "and", "gandalfs", "staff")
    assert read.scored(said) == worked.scored(said) != {}
