"""`loremaster errata NAME`: every name `card` resolves, through the same lookup; a card's
errata, or that it has none and what names it (docs/cli.md, issue #53)."""

from __future__ import annotations

import pytest

ERRATA_KEYS = {"query", "card", "entries", "errata", "designs", "source"}


@pytest.mark.parametrize(
    "typed",
    [
        "samwise",  # a name players call a card by (card_names.json)
        "sam",  # a first name
        "longbread elder",  # a typo
        "the beastmaster",  # a shortening
        "beravore",
        "tactics thorin",  # a first name two titles share, narrowed by a sphere
        "hill troll core",  # a title with a pack word beside it
        "boromir leadership",
    ],
)
def test_errata_finds_the_versions_card_finds(cli, typed):
    card = cli("card", typed, "--json").json()
    errata = cli("errata", typed, "--json").json()
    assert errata["card"] == card["title"] and errata["card"] is not None
    assert errata["designs"] == [m["id"] for m in card["matches"]]
    assert set(errata) >= ERRATA_KEYS


def test_samwise_is_sam_gamgee_who_has_no_errata_but_a_q_and_a(cli):
    done = cli("errata", "samwise")
    assert done.code == 1
    first, *listed = done.out.splitlines()
    assert first.startswith("No errata for Sam Gamgee (") and "1 entry of ours names it:" in first
    assert listed == ['  Sam Gamgee  [qa]  faq/qa/sam-gamgee  (Quest Companion, "Sam Gamgee")']


def test_a_first_name_two_titles_share_lists_both_and_picks_neither(cli):
    done = cli("errata", "thorin")
    assert done.code == 0
    heading = done.out.splitlines()[0]
    assert heading == "'thorin': 2 titles (Thorin Stonehelm, Thorin Oakenshield)"
    assert "No errata for Thorin Stonehelm (" in done.out
    assert "No errata for Thorin Oakenshield (" in done.out
    data = cli("errata", "thorin", "--json").json()
    assert data["card"] is None and data["entries"] == []  # no card chosen
    assert data["matches"] == ["Thorin Stonehelm", "Thorin Oakenshield"]
    assert [c["card"] for c in data["cards"]] == data["matches"]
    assert card_titles(cli, "thorin") == data["matches"]


def card_titles(cli, typed: str) -> list[str]:
    return list(dict.fromkeys(m["title"] for m in cli("card", typed, "--json").json()["matches"]))


def test_a_card_with_no_errata_lists_the_entries_that_name_it_by_id(cli):
    done = cli("errata", "eowyn")
    assert done.code == 1
    first, *listed = done.out.splitlines()
    assert first == (
        "No errata for Éowyn (Core Set hero, The Flame of the West hero); "
        "2 entries of ours name it:"
    )
    assert [line.split("  ")[3] for line in listed] == [
        "scenario/challenge-of-the-wainriders",
        "scenario/the-dead-marshes",
    ]
    data = cli("errata", "eowyn", "--json").json()
    assert data["errata"] == [] and [e["id"] for e in data["entries"]] == [
        "scenario/challenge-of-the-wainriders",
        "scenario/the-dead-marshes",
    ]


def test_a_card_with_errata_prints_them_and_exits_0(cli):
    done = cli("errata", "stand and fight")
    assert done.code == 0 and done.out.startswith("Stand and Fight\n===============\n")
    assert "Stand and Fight  [errata]  errata/stand-and-fight" in done.out
    data = cli("errata", "stand and fight", "--json").json()
    assert data["errata"] == ["errata/stand-and-fight"]
    assert data["entries"][0]["id"] == "errata/stand-and-fight"
    assert {"id", "kind", "title", "set", "citation", "citations", "text"} <= set(
        data["entries"][0]
    )


def test_an_erratum_of_another_version_is_not_this_versions(cli):
    """Boromir's errata corrects the Tactics hero (SoM 95) only."""
    done = cli("errata", "boromir", "leadership")
    assert done.code == 1 and done.out.startswith("No errata for Boromir (")
    assert "Errata for another version of Boromir:" in done.out
    assert cli("errata", "boromir", "leadership", "--json").json()["other_errata"] == [
        "errata/boromir"
    ]
    tactics = cli("errata", "boromir", "tactics", "--json").json()
    assert tactics["errata"] == ["errata/boromir"] and tactics["other_errata"] == []


def test_an_entry_spelling_the_card_otherwise_is_still_found(cli):
    """The card database prints "A Elbereth! Gilthonial!"; the errata entry names it
    "O Elbereth! Gilthoniel!" and two other ways."""
    data = cli("errata", "a elbereth gilthonial", "--json").json()
    assert data["card"] == "A Elbereth! Gilthonial!"
    assert data["errata"] == ["errata/o-elbereth-gilthoniel"]
    assert cli("errata", "o elbereth gilthoniel").code == 0


def test_a_spelling_answers_only_for_its_own_title():
    from judge.kb.card_lookup import kb_spellings

    names = {"orc-guard": "Orc Guard", "o-elbereth-gilthoniel": "O Elbereth! Gilthoniel!"}
    assert kb_spellings("Orc Vanguard", names) == ("Orc Vanguard",)
    assert kb_spellings("A Elbereth! Gilthonial!", names) == (
        "A Elbereth! Gilthonial!",
        "O Elbereth! Gilthoniel!",
    )


def test_an_entry_of_the_other_game_is_no_ruling_on_this_card(cli):
    """The TCG rulebook's "The One Ring" section is about the TCG's card."""
    data = cli("errata", "the one ring", "--json").json()
    assert data["card"] == "The One Ring"
    assert not [e["id"] for e in data["entries"] if e["id"].startswith("tcg/")]


def test_titles_that_each_hold_the_name_are_several_matches(cli):
    done = cli("errata", "gondor")
    assert done.code == 0 and done.out.startswith("Several cards match 'gondor':\n")
    data = cli("errata", "gondor", "--json").json()
    assert data["card"] is None and "Horn of Gondor" in data["matches"]
    assert data["entries"] == []
    assert cli("errata", "the").code == 1  # titles that share only a stop word


@pytest.mark.parametrize("typed", ["sherbet", "robert", "notanumber"])
def test_a_weak_match_never_prints_another_cards_errata(cli, typed):
    """What `errata` answers is what `card` answers: the same lookup and thresholds.
    "sherbet" is no typo of Bert, so Bert's errata is never shown."""
    done = cli("errata", typed, "--json")
    data = done.json()
    card = cli("card", typed, "--json").json()
    assert data["card"] == card["title"]
    if card["title"] is None:
        assert done.code == 1 and data["suggestions"] == card["suggestions"]
    assert "Bert" not in cli("errata", typed).out


def test_without_the_card_facts_the_knowledge_base_titles_answer(monkeypatch):
    from cli import errata
    from judge.kb import card_facts
    from judge.kb.knowledge import load

    monkeypatch.setattr(card_facts, "available", lambda: False)
    found = errata.look_up("beravore", load())
    assert found.status == 0 and found.document["card"] == "Beravor"
    assert found.document["errata"] == ["errata/beravor"] and found.document["designs"] == []
    assert errata.look_up("sherbet", load()).status == 1
