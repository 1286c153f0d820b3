"""`loremaster deck` reads YAML, a RingsDB text export and an OCTGN/DragnCards `.o8d`.

Contract: ../shared/contracts/cli.md, "Round 3", "Boards and decks that name cards".
Every card is resolved through the card facts (an `.o8d` card by its OCTGN GUID, the
database id); the findings use the real data and the output gives the starting threat.
A malformed file, in any format, is `FILE:LINE:COL: problem` and exit status 2.
"""

from __future__ import annotations

import pytest
from helpers import REPO

from judge.base.yamlio import InputError
from judge.games.lcg.deck import DeckLine, build_deck, deck_findings
from judge.games.lcg.deck_files import deck_format, read_o8d, read_ringsdb
from judge.games.lcg.printed import PrintedCard

DECKS = REPO / "tests" / "fixtures" / "decks"


def deck(cli, name: str, *more: str):
    return cli("deck", str(DECKS / name), "--json", *more)


@pytest.mark.parametrize("name", ["tactics.txt", "tactics.o8d"])
def test_a_legal_deck_in_either_export_checks_cleanly_with_its_starting_threat(cli, name):
    result = deck(cli, name)
    data = result.json()
    assert result.code == 0 and data["ok"], data["findings"]
    assert data["deck_size"] == 50 and data["heroes"] == ["Legolas", "Gimli", "Thalin"]
    assert data["starting_threat"] == 9 + 11 + 9
    (threat,) = data["next"]
    assert threat["event"] == "starting-threat" and threat["data"]["starting_threat"] == 29
    assert "rr/initial-threat-level" in threat["cites"]
    assert data["format"] == name.rpartition(".")[2].replace("txt", "ringsdb")


def test_the_text_output_gives_the_starting_threat(cli):
    result = cli("deck", str(DECKS / "tactics.txt"))
    assert result.code == 0
    assert "Starting threat 29: the heroes' threat costs (Legolas 9, Gimli 11, Thalin 9)." in (
        result.out
    )


def test_an_o8d_card_is_found_by_its_guid_and_then_by_its_title():
    """Gimli's line carries another title but his Core GUID; Thalin's GUID is unknown."""
    lines = read_o8d((DECKS / "tactics.o8d").read_text(encoding="utf-8"), "tactics.o8d")
    from judge.app.card_values import card_values

    built = build_deck(lines, card_values(), "tactics.o8d", "o8d")
    gimli, thalin = built.heroes[1], built.heroes[2]
    assert gimli.title == "Gimli" and gimli.printed.version == "Tactics Hero (Core Set)"
    assert thalin.printed is not None and thalin.threat == 9
    assert [c.title for c in built.sideboard] == ["Gandalf"]
    assert "Flies and Spiders" not in {c.title for c in (*built.cards, *built.sideboard)}


def test_the_sideboard_and_a_footer_are_not_part_of_the_deck(cli):
    data = deck(cli, "tactics.txt").json()
    sections = {c["title"]: c["section"] for c in data["cards"]}
    assert sections["Gandalf"] == "sideboard" and data["deck_size"] == 50
    foe = next(c for c in data["cards"] if c["title"] == "Foe-hammer")
    # RingsDB's pack name is not the card facts' one: the title still finds the card
    assert foe["version"] == "Tactics Event (The Hobbit - Over Hill and Under Hill)"


def test_singular_headings_and_the_deck_rules_on_real_data(cli):
    result = deck(cli, "singular-headings.txt")
    data = result.json()
    assert result.code == 1
    assert {f["rule"] for f in data["findings"]} == {"duplicate-hero", "deck-size", "copy-limit"}
    gimlis = [c["version"] for c in data["cards"] if c["title"] == "Gimli"]
    assert gimlis == ["Tactics Hero (Core Set)", "Leadership Hero (The Sands of Harad)"]


def test_heroes_and_cards_the_facts_know_as_other_types_or_not_at_all(cli):
    data = deck(cli, "not-cards.txt").json()
    found = {f["rule"]: f for f in data["findings"]}
    assert "ally card" in found["not-a-hero"]["message"]
    assert "enemy card" in found["not-a-player-card"]["message"]
    assert found["unknown-card"]["severity"] == "warning"
    assert "did you mean 'Frodo Baggins'?" in found["unknown-card"]["message"]
    assert data["starting_threat"] is None and data["next"] == []


def test_a_yaml_deck_picks_versions_by_sphere_and_pack(cli):
    data = deck(cli, "versions.yaml").json()
    versions = {c["title"]: c["version"] for c in data["cards"]}
    assert versions["Aragorn"] == "Lore Hero (The Watcher in the Water)"
    assert versions["Gimli"] == "Leadership Hero (The Sands of Harad)"
    assert versions["Faramir"] == "Lore Ally (A Shadow in the East)"
    assert data["starting_threat"] == 12 + 11 + 9


def test_the_examples_are_one_deck_in_three_formats(cli):
    results = [
        cli("deck", str(REPO / "examples" / n), "--json").json()
        for n in ("deck.yaml", "deck.txt", "deck.o8d")
    ]
    assert {r["starting_threat"] for r in results} == {29}
    assert {r["deck_size"] for r in results} == {50}
    assert [r["format"] for r in results] == ["yaml", "ringsdb", "o8d"]


@pytest.mark.parametrize(
    ("name", "where", "problem"),
    [
        (
            "stray-line.txt",
            ":5:1:",
            "'Gandalf, three copies' is neither a card nor a section heading",
        ),
        ("doctype.o8d", ":2:", "may not hold a DOCTYPE declaration"),
        ("unclosed.o8d", ":5:5:", "not a well-formed .o8d deck (XML): mismatched tag"),
        ("bad-qty.o8d", ":3:5:", 'qty="three": a card\'s count is a whole number from 1 to 100'),
    ],
)
def test_a_malformed_deck_file_is_file_line_column_and_exit_2(cli, name, where, problem):
    result = cli("deck", str(DECKS / name))
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(str(DECKS / name) + where) and problem in result.err
    assert "Traceback" not in result.err


@pytest.mark.parametrize(
    ("name", "text", "where", "problem"),
    [
        (
            "deck.txt",
            "My deck\n\nHeroes (1)\n0x Aragorn (Core Set)\n",
            ":4:1:",
            "count is a whole number from 1 to 100, not 0",
        ),
        ("deck.txt", "My deck\nPacks: Core Set\n", ":1:1:", "no cards in this deck"),
        ("deck.txt", "2x Aragorn (Core Set)\nHeroes (1)\n", ":1:1:", "before any section heading"),
        ("deck.o8d", "<decks/>", ":1:1:", "has <deck> at the top, not <decks>"),
        ("deck.o8d", "<deck><card qty='1'>Aragorn</card></deck>", ":1:7:", "inside a <section"),
        (
            "deck.o8d",
            "<deck><section name='Hero'><card qty='1'/></section></deck>",
            ":1:28:",
            "needs an id",
        ),
        ("deck.o8d", "", ":1:1:", "not a well-formed .o8d deck"),
        (
            "deck.o8d",
            "<deck><section name='Hero'><card qty='99999999999999999999'>Aragorn</card></section></deck>",
            ":1:28:",
            "from 1 to 100, not 999999999999",
        ),
        (
            "deck.yaml",
            "heroes: [{title: Aragorn, sphere: Blue}]\n",
            ":1:10:",
            "no version of Aragorn",
        ),
        ("deck.yaml", "heroes: [[Aragorn]]\n", ":1:10:", "must be a mapping"),
        (
            "deck.yaml",
            "heroes: [Aragorn]\ncards: [{title: Feint, cont: 3}]\n",
            ":2:24:",
            "unknown field 'cont'",
        ),
    ],
)
def test_every_format_s_mistakes_are_input_errors(cli, tmp_path, name, text, where, problem):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = cli("deck", str(path))
    assert result.code == 2, result.out
    assert result.err.startswith(str(path) + where) and problem in result.err, result.err


def test_an_entity_declared_in_a_doctype_is_never_expanded():
    text = (
        '<!DOCTYPE d [<!ENTITY x "y">]><deck><section name="Hero"><card>&x;</card></section></deck>'
    )
    with pytest.raises(InputError, match="DOCTYPE"):
        read_o8d(text, "deck.o8d")


def test_a_deck_file_that_is_not_utf8_or_too_large_is_an_input_error(cli, tmp_path):
    latin = tmp_path / "deck.txt"
    latin.write_bytes("Heroes (1)\n1x Th\xe9odred (Core Set)\n".encode("latin-1"))
    result = cli("deck", str(latin))
    assert result.code == 2 and ":2:6: not UTF-8 text" in result.err
    huge = tmp_path / "huge.o8d"
    huge.write_bytes(b"<deck>" + b" " * 1_100_000 + b"</deck>")
    result = cli("deck", str(huge))
    assert result.code == 2 and "over the 1 MB limit" in result.err


def test_the_format_is_told_by_extension_then_by_content():
    assert deck_format("d.o8d", "") == "o8d" and deck_format("d.txt", "") == "ringsdb"
    assert deck_format("d.yml", "Heroes (3)") == "yaml"
    assert deck_format("deck", "  <?xml version='1.0'?><deck/>") == "o8d"
    assert deck_format("deck", "Name\n\nHeroes (1)\n1x Aragorn (Core Set)\n") == "ringsdb"
    assert deck_format("deck", "heroes: [Aragorn]\n") == "yaml"


def test_a_ringsdb_line_keeps_its_title_pack_count_and_position():
    (hero, ally) = read_ringsdb(
        "Deck\n\nHero (1)\n  1x Aragorn (Core Set)\nAllies (3)\n3x Faramir\n", "d.txt"
    )
    assert (hero.section, hero.title, hero.count, hero.pack) == ("hero", "Aragorn", 1, "Core Set")
    assert (hero.line, hero.column, hero.path) == (4, 6, "line 4")
    assert (ally.section, ally.title, ally.pack, ally.types) == ("card", "Faramir", None, ("Ally",))


class OneCard:
    """A `CardValues` that knows one hero."""

    def printed(self, types, title, sphere=None, pack=None):
        if title == "Test Hero" and (not types or "Hero" in types):
            return PrintedCard(
                "Test Hero", "Hero", "Lore", True, (), (("threat", 7),), "P", "Lore Hero (P)"
            )
        return None

    def by_id(self, card_id):
        return None

    def close_titles(self, title, types=()):
        return ()


def test_the_games_layer_resolves_a_deck_through_the_provider_it_is_given():
    lines = [
        DeckLine("hero", "Test Hero", 1, "heroes[0]", 1, 1),
        DeckLine("card", "Test Hero", 3, "cards[0]", 2, 1),
        DeckLine("card", "Nobody", 1, "cards[1]", 3, 1),
    ]
    built = build_deck(lines, OneCard(), "d.yaml", "yaml")
    assert built.starting_threat == 7 and built.size == 4
    assert {f.rule for f in deck_findings(built)} == {"deck-size", "unknown-card"}
    unresolved = build_deck(lines, None, "d.yaml", "yaml")
    assert unresolved.starting_threat is None
    assert {f.rule for f in deck_findings(unresolved)} == {"deck-size"}
