"""The names players call cards by resolve to the cards they mean, in a question and in
`card NAME`: titles through typos, first names ("Sam", "Thorin"), the names
`judge/games/lcg/card_names.json` declares ("Samwise") and a possessive title misspelt
("Elrond´s Council"). A first name several titles share names them all, unless the
words beside it choose: never one guessed."""

from __future__ import annotations

import json

import pytest

from judge.kb import card_facts
from judge.search.naming import named_cards
from judge.search.player_names import PlayerNames

THORINS = {"Thorin Oakenshield", "Thorin Stonehelm"}

#: card names as players wrote them in the question sets (bench/, ../shared/eval), each
#: with the cards it names there
WRITTEN = [
    (
        "Mount Doom, The Lidless Eye made me do a fortitude test. Tapped Frodo and Sam to "
        "commit them, that's 5 willpower.",
        {"Frodo Baggins", "Sam Gamgee", "The Lidless Eye"},
    ),
    (
        "We lost Flight to the Ford in our saga campaign and Merry died along the way. We "
        "obviously have to replay it, but does Merry still go on the fallen heroes list?",
        {"Merry"},
    ),
    (
        "Flies and Spiders, Crazy Cob came out and goes after whoever has the most poison, "
        "which was Bilbo, and Bilbo was already exhausted from questing.",
        {"Bilbo Baggins", "Crazy Cob"},
    ),
    (
        "Last night a Hill Troll attacked me and I blocked with Dáin. Flipped the shadow "
        "card and it gave the troll +3 attack.",
        {"Dáin Ironfoot", "Hill Troll"},
    ),
    (
        "Thorin gives an extra resource if I have 5 dwarves when resources come in. I'm at "
        "4 dwarves.",
        THORINS,
    ),
    (
        "How much Burn damage can each character take? We exhausted Bard and put 6 on him, "
        "which killed him instantly.",
        {"Bard the Bowman", "Bard son of Brand"},
    ),
    (
        "if i use Zigil Miner´s ability and i would say example zero, then i discard top 2 "
        "cards top of my deck which would be Elrond´s Council and Stand And Fight, do i get "
        "1 or 2 resources?",
        {"Zigil Miner", "Elrond's Counsel", "Stand and Fight"},
    ),
    ("Intruders in Chetwood: Iârion died. Do we lose? Can anything save that?", {"Iârion"}),
    (
        "After committing Eowyn to the quest and having attached Unexpected Courage I face "
        "a Treachery that asks for an Escape Test. If Eowyn readies with U.C. to take the "
        "Test is she still considered Committed to the Quest?",
        {"Éowyn", "Unexpected Courage"},
    ),
    (
        "Theodred's Response after he commits — I forgot it, and my friend says it's "
        "automatic so I owe the resource placement.",
        {"Théodred"},
    ),
    (
        "Brand son of Bane question. my mate declared an attack on an orc engaged with him, "
        "Brand joined in with ranged, orc died.",
        {"Brand son of Bain"},
    ),
    (
        "Can I use Fellowship Frodo in a regular scenario like Passage Through Mirkwood?",
        {"Frodo Baggins"},
    ),
    ("Can Samwise defend for Frodo?", {"Sam Gamgee", "Frodo Baggins"}),
    # our entry's title as the sources spell it is the database's Dungeon Jailor
    ("Dungeon Jailer keeps shuffling the prisoner back. Is that right?", {"Dungeon Jailor"}),
    # a title spelt whole names no look-alike: "Gondorian Shield" is no Gondolin Shield
    ("My Beregond has a gondorian shield on him.", {"Beregond", "Gondorian Shield"}),
    # a title of one plain word names its card when the question opens with it, written
    # as a name, and no longer title holds it
    ("Bartering: can I return the card I just played?", {"Bartering"}),
    ("bartering is fun, but can I return a card I just played?", set()),
    ("Banks of the Anduin was dealt as a shadow card", {"Banks of the Anduin"}),
    ("we drew it and Bartering made it cheaper", set()),
    # a scenario's name inside a card's title spelt whole is that card's
    ("Forest Spider and Old Forest Road: one each?", {"Forest Spider", "Old Forest Road"}),
]


def titles(searcher, question: str) -> set[str]:
    return {card.title for card in named_cards(searcher.read(question, "lcg"))}


@pytest.mark.parametrize(("question", "meant"), WRITTEN, ids=[q[:30] for q, _ in WRITTEN])
def test_the_names_players_wrote_name_the_cards_they_meant(searcher, question, meant):
    assert titles(searcher, question) == meant


def test_every_declared_name_means_titles_of_the_card_database_and_says_why():
    from judge.games.lexicon import CARD_NAMES, HERE

    document = json.loads((HERE / "lcg" / CARD_NAMES).read_text(encoding="utf-8"))
    assert all(group["why"].strip() for group in document["names"])
    for name, meant in card_facts.player_names().items():
        assert meant and all(card_facts.by_title(title) for title in meant), name
        assert not card_facts.by_title(name), f"{name} is a title: no name to declare"


def test_a_first_name_is_the_first_word_of_a_persons_title_never_a_trait_or_possessive():
    first = card_facts.first_names()
    assert set(first["thorin"]) == THORINS
    assert first["sam"] == ("Sam Gamgee",) and first["merry"] == ("Merry",)
    assert "nazgul" not in first  # a kind: Nazgûl of Dol Guldur, of Minas Morgul
    assert "Bilbo's Magic Ring" not in first["bilbo"]
    assert first["asfaloth"] == ("Asfaloth",)  # one word of a unique card is its name


def test_a_first_name_two_titles_share_names_both_with_all_their_versions(searcher):
    meaning = searcher.read("Does Thorin get the resource from his ability?", "lcg")
    named = {card.title: card.designs for card in named_cards(meaning)}
    assert set(named) == THORINS
    assert all(named[t] == tuple(d.id for d in card_facts.by_title(t)) for t in THORINS)


def test_a_sphere_word_beside_a_shared_first_name_chooses_one(searcher):
    assert titles(searcher, "I'm running a Tactics Thorin deck, can he discard?") == {
        "Thorin Stonehelm"
    }
    assert titles(searcher, "Does Leadership Thorin get his resource?") == {"Thorin Oakenshield"}


def test_the_titles_other_word_said_elsewhere_chooses_it(searcher):
    assert titles(searcher, "Thorin attacks. I mean Stonehelm, is he unique?") == {
        "Thorin Stonehelm"
    }
    assert titles(searcher, "Thorin Oakenshield quests, then Thorin readies") == {
        "Thorin Oakenshield"
    }


def test_a_plain_first_name_names_a_card_only_written_as_one(searcher):
    assert titles(searcher, "my buddy Sam took the first player token") == set()
    assert titles(searcher, "the same card, sam says") == set()
    assert (
        titles(searcher, "Long time lurker, first post. We're on Temple of the Deceived.") == set()
    )
    assert titles(searcher, "Can Sam defend?") == {"Sam Gamgee"}


def test_a_name_inside_a_title_the_question_says_is_that_title(searcher):
    assert titles(searcher, "Bard son of Brand quests, then exhausts") == {"Bard son of Brand"}
    assert titles(searcher, "Gandalf's Delay or The Ring Draws Them as burdens") == {
        "Gandalf's Delay",
        "The Ring Draws Them",
    }


def test_a_declared_name_with_capitals_inside_is_matched_only_as_written():
    names = PlayerNames({}, frozenset(), {"SoG": ("Steward of Gondor",)})
    assert names.said("I put SoG on Aragorn") == [(("Steward of Gondor",), frozenset({"sog"}))]
    assert names.said("a sog of a deck") == []


def test_initials_that_spell_one_title_name_it_only_as_written(searcher):
    assert card_facts.initialisms()["LoV"] == ("Light of Valinor",)
    assert "SoG" not in card_facts.initialisms()  # Soldier and Steward of Gondor: declared
    assert titles(searcher, "Glorfindel with LoV: can he defend after questing?") == {
        "Glorfindel",
        "Light of Valinor",
    }
    assert "Light of Valinor" not in titles(searcher, "does lov mean anything in this game")


def test_the_end_of_a_title_written_as_a_name_names_it(searcher):
    tails = card_facts.title_tails()
    assert tails["secret ways"] == ("Explore Secret Ways",)
    assert "of gondor" not in tails and "forest road" in tails
    asked = "Can Thurindir grab Secret Ways at setup, or must it match his sphere?"
    assert titles(searcher, asked) == {"Thurindir", "Explore Secret Ways"}
    assert "Explore Secret Ways" not in titles(searcher, "are there secret ways to draw?")


@pytest.mark.parametrize(
    ("question", "not_meant"),
    [
        ("Does it count every Noldor and Dunedain character I control?", "Dúnedain of Annúminas"),
        ("Can I cancel a Sorcery treachery with doomed?", "Dark Sorcery"),
    ],
)
def test_a_word_before_a_kind_of_card_is_a_trait_not_a_title(searcher, question, not_meant):
    assert not_meant not in titles(searcher, question)


def test_a_named_card_is_no_unknown_card(searcher):
    meaning = searcher.read("Can Samwise defend for Frodo?", "lcg")
    assert meaning.unknown_cards == ()
    assert "Sam Gamgee" in meaning.cards


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("samwise", {"Sam Gamgee"}),
        ("thorin", THORINS),
        ("tactics thorin", {"Thorin Stonehelm"}),
        ("sog", {"Steward of Gondor"}),
        ("bard", {"Bard the Bowman", "Bard son of Brand"}),
    ],
)
def test_card_looks_up_the_same_names(typed, meant):
    match = card_facts.find_cards(typed)
    assert {d.title for d in match.designs} == meant
    assert match.title == (next(iter(meant)) if len(meant) == 1 else None)


def test_card_lists_every_version_of_both_thorins(cli):
    done = cli("card", "thorin")
    assert done.code == 0
    assert "'thorin': 2 titles" in done.out
    assert "Thorin Oakenshield · Hero" in done.out and "Thorin Stonehelm · Hero" in done.out
    data = cli("card", "thorin", "--json").json()
    assert data["title"] is None
    assert {m["title"] for m in data["matches"]} == THORINS


def test_a_persons_last_word_that_is_no_english_names_them_and_a_plain_one_does_not(searcher):
    last = card_facts.last_names()
    assert "Thorin Oakenshield" in last["oakenshield"]
    assert "lorien" not in last  # after "of" it is a place: Haldir of Lórien
    assert titles(searcher, "when the orcs attack, Ufthak gains what exactly?") >= {
        "Chieftain Ufthak"
    }
    assert titles(searcher, "is Oakenshield's resource once a round?") == {"Thorin Oakenshield"}
    # "Troll" ends many titles and is a word: it names none of them alone
    assert titles(searcher, "the Troll in the staging area, can I engage it?") == set()


@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("Sacked: when does it leave play?", {"Sacked!"}),
        ("eagles are coming - can it be played in the quest phase?", {"The Eagles Are Coming!"}),
        ("tcg: may an event be played in a skirmish?", set()),
    ],
)
def test_a_heading_before_a_colon_or_a_dash_is_written_as_a_name(searcher, question, meant):
    assert titles(searcher, question) == meant


def test_a_title_spelt_right_beats_a_typo_reading_of_another(searcher):
    # "Evil Storm" said exactly is no misspelt Evil Crow, and Evil Crow still is itself
    assert titles(searcher, "Evil Storm: which threat counts?") == {"Evil Storm"}
    assert titles(searcher, "the Evil Crow engaged me, can I chump it?") == {"Evil Crow"}


def test_the_small_words_after_a_sentences_first_word_make_no_longer_name(searcher):
    assert titles(searcher, "Playing the Arwen ally, may she give sentinel?") == {"Arwen Undómiel"}


def test_a_name_written_in_a_story_the_reading_leaves_out_is_still_read(searcher):
    from judge.search.text import MAX_WORDS

    story = " ".join(["We played a long game last night and it went badly for us."] * 8)
    question = (
        f"{story} Then I blocked with my Defender of Rammas, and later Ufthak attacked. "
        "Who raises their threat?"
    )
    meaning = searcher.read(question, "lcg")
    assert "rammas" not in meaning.words[:MAX_WORDS]  # the story past the words read
    assert {"Defender of Rammas", "Chieftain Ufthak"} <= titles(searcher, question)


def test_of_two_titles_sharing_a_word_the_one_said_whole_names_the_card(searcher):
    # a title of the database's said whole, with one of ours only inside it
    assert titles(searcher, "signs of gollum: is it guarded?") == {"Signs of Gollum"}
    # ... and beside it, said on its own: both
    assert titles(searcher, "Signs of Gollum came out and Gollum fled") == {
        "Signs of Gollum",
        "Gollum",
    }
    # a title of the database's inside one of ours is ours shortened
    assert "Lembas" not in titles(searcher, "used Leaf-wrapped Lembas, is the lembas gone?")


def test_a_typo_the_speller_reads_as_a_title_word_names_that_card(searcher):
    # "elanor" is one letter from Eleanor; the speller's word for it is the title's
    assert titles(searcher, "elanor swapped out a treachery, does its surge still happen?") == {
        "Eleanor"
    }
    assert titles(searcher, "my staing area is full, can I still travel?") == set()


def test_a_title_spelt_whole_deep_in_a_long_post_names_its_card(searcher):
    story = " ".join(["we played a long game and the encounter deck was unkind to us."] * 8)
    asked = f"Can a hero defend twice? {story} then my warden of healing came down."
    assert "Warden of Healing" in titles(searcher, asked)
    assert "Warden of Healing" not in titles(searcher, f"Can a hero defend twice? {story}")


@pytest.mark.parametrize(
    ("question", "meant"),
    [
        ("can i exhaust allies for we are not idle?", "We Are Not Idle"),
        ("can Ho Tom Bombadil cancel a when revealed effect?", "Ho! Tom Bombadil!"),
        ("bert engaged me at the start of the round", "Bert"),
    ],
)
def test_a_title_opening_with_a_short_word_is_read_from_it(searcher, question, meant):
    assert meant in titles(searcher, question)


@pytest.mark.parametrize(
    ("question", "not_meant"),
    [
        ("orc raiders engaged me off their ambush in the quest phase", "The Ambush"),
        ("Angmar: The Dread Realm vs The Weather Hills, which is easier?", "The Watcher"),
        ("grim rule: what do we do when the rules are silent?", "Gríma"),
    ],
)
def test_a_run_is_like_a_title_in_more_than_its_article_or_four_letters(
    searcher, question, not_meant
):
    assert not_meant not in titles(searcher, question)


def test_a_question_opening_with_a_title_of_plain_words_names_it(searcher):
    assert "Behind Strong Walls" in titles(searcher, "behind strong walls readies a defender?")
    assert "Behind Strong Walls" not in titles(searcher, "we hid behind strong walls all game")


def test_a_title_of_plain_words_after_what_is_done_with_a_card_names_it(searcher):
    assert "Gather Information" in titles(searcher, "so i played gather information, now what")
    assert "Stand Together" in titles(searcher, "after attaching stand together ... wait")
    assert "Gather Information" not in titles(searcher, "we gather information first")
    assert "Infighting" in titles(searcher, "my friend played infighting on two enemies")
    assert "Infighting" not in titles(searcher, "the infighting at our table was bad")
    assert "Avalanche!" in titles(searcher, "so then avalanche was revealed, ugh")
    # "into play" is a zone, and "or" no auxiliary
    assert "Come Back!" not in titles(searcher, "does my hero come back into play?")
    # "out of play" is a zone, not a card played
    assert "Come Back!" not in titles(searcher, "does the enemy put out of play come back?")


def test_a_cards_title_that_is_another_name_of_its_scenario_still_names_it(searcher):
    said = "are the Captives of Cirith Gurat freed one at a time?"
    assert "The Captives of Cirith Gurat" in titles(searcher, said)
    # a rule's other name is no card: the Track keyword's states
    assert titles(searcher, "how do Off Track and On Track work?") == set()


def test_a_first_name_shortened_names_its_person_when_no_other_opens_so(searcher):
    assert "Elrond" in titles(searcher, "can Elron use his ring twice?")
    assert "Boromir" in titles(searcher, "my Boromy is exhausted, can he defend?")
    # Théoden and Théodred both open so: neither is guessed
    assert not {"Théoden", "Théodred"} & titles(searcher, "so Theod attacks first?")


def test_a_title_said_inside_a_longer_one_is_part_of_it(searcher):
    assert titles(searcher, "Can Ho Tom Bombadil cancel a treachery?") == {"Ho! Tom Bombadil!"}
    assert "Mountain Goblin" not in titles(searcher, "two misty mountain goblins attacked me")


def test_a_word_of_a_games_name_makes_no_games_name_of_a_title(searcher):
    assert "Elwing's Flight" in titles(searcher, "Elwing's Flight readies a questing character?")


def test_a_card_of_the_database_leaves_a_card_of_ours_named_beside_it(searcher):
    asked = "Beorning Skin-changer puts a Beorning ally into play. Can I fetch the Beorn ally?"
    assert titles(searcher, asked) >= {"Beorning Skin-changer", "Beorn"}
