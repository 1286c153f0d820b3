"""`loremaster card NAME` and `card --stats`: every version of a title as facts, with its
errata, rulings and the rules it touches (docs/cli.md; the contract's Round 3 additions)."""

from __future__ import annotations

import pytest


def test_aragorn_lists_every_hero_design_with_the_core_one_first(cli):
    data = cli("card", "aragorn", "--json").json()
    assert data["source"] == "DragnCards card database" and data["query"] == "aragorn"
    matches = data["matches"]
    assert len(matches) == 7 and {m["type"] for m in matches} == {"Hero"}
    core = matches[0]
    assert core["packs"][0] == {"pack": "Core Set", "quantity": 1, "number": 1}
    assert core["keywords"] == ["Sentinel"] and core["ability_types"] == ["Response"]
    assert core["stats"]["threat"] == 12 and core["unique"] and core["sphere"] == "Leadership"
    assert "kw/sentinel" in core["rules"] and core["versions"] == 7


def test_the_json_has_every_field_the_contract_names(cli):
    (match,) = cli("card", "sneak atack", "--json").json()["matches"]
    assert {
        "id", "title", "type", "category", "sphere", "unique", "traits", "keywords",
        "ability_types", "granted_ability_types", "flags", "stats", "packs",
        "encounter_set", "versions", "errata", "rulings", "rules",
    } <= set(match)  # fmt: skip
    assert match["title"] == "Sneak Attack" and match["type"] == "Event"
    assert match["ability_types"] == ["Action"] and match["category"] == "player"
    assert "rr/play-and-put-into-play" in match["rules"]
    assert match["stats"] == {"cost": 1} and match["encounter_set"] is None


def test_the_core_hill_troll_is_an_enemy_with_engagement_cost_30(cli):
    matches = cli("card", "Hill Troll", "--json").json()["matches"]
    assert matches[0]["type"] == "Enemy" and matches[0]["stats"]["engagement_cost"] == 30
    assert matches[0]["encounter_set"] == "Wilderlands"
    assert matches[0]["stats"]["victory"] == 4  # the contract's name for victory points


@pytest.mark.parametrize(
    ("typed", "picked"),
    [
        (("hill", "troll", "core"), [("Enemy", "")]),  # a pack word
        (("core", "hill", "troll"), [("Enemy", "")]),  # before the title, too
        (("hil", "trol", "core"), [("Enemy", "")]),  # and with the title misspelt
        (("aragorn", "lore"), [("Hero", "Lore")]),  # a sphere
        (("gandalf", "allies"), [("Ally", "Neutral"), ("Ally", "Neutral")]),  # a type, plural
    ],
)
def test_words_beside_the_title_pick_its_versions(cli, typed, picked):
    matches = cli("card", *typed, "--json").json()["matches"]
    assert [(m["type"], m["sphere"] or "") for m in matches] == picked


def test_errata_point_at_the_version_they_correct(cli):
    matches = cli("card", "boromir", "--json").json()["matches"]
    with_errata = [(m["type"], m["sphere"]) for m in matches if "errata/boromir" in m["errata"]]
    assert with_errata == [("Hero", "Tactics")]


def test_the_text_shows_each_version_with_its_facts_entries_and_rules(cli):
    result = cli("card", "beravor")
    assert result.code == 0
    out = result.out
    assert "Beravor · Hero · Lore · unique  [beravor-hero-lore]" in out
    assert "Printed: threat 10" in out and "Ability types: Action" in out
    assert "Beravor  [errata]  errata/beravor  (FAQ errata: Beravor (CORE 12))" in out
    assert "Rules this card touches:" in out and "Limits [rr/limits]" in out
    assert "\x1b[" not in out  # piped: plain text


def test_an_unknown_name_exits_1_with_the_closest_titles_never_another_card(cli):
    result = cli("card", "ungoliant", "--json")
    assert result.code == 1
    data = result.json()
    assert data["matches"] == [] and "Ungoliant's Spawn" in data["suggestions"]
    text = cli("card", "xyzzy", "frobnicator")
    assert text.code == 1 and "No card matches 'xyzzy frobnicator'." in text.out


@pytest.mark.parametrize("argv", [("card",), ("card", "   "), ("card", "--stats", "aragorn")])
def test_no_name_is_bad_input_in_one_line(cli, argv):
    result = cli(*argv)
    assert result.code == 2 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err


def test_stats_count_the_cards_by_category(cli):
    data = cli("card", "--stats", "--json").json()
    assert data["cards"] >= 4000 and data["source"] == "DragnCards card database"
    assert data["player"] + data["encounter"] + data["quest"] <= data["cards"]
    assert min(data["player"], data["encounter"], data["quest"]) > 0
    assert "cards" in cli("card", "--stats").out


def test_errata_for_a_card_with_none_says_so_and_lists_what_names_it(cli):
    done = cli("errata", "eowyn")
    assert done.code == 1 and done.out.startswith("No errata for Éowyn (Core Set hero,")
    data = cli("errata", "glorfindel", "--json").json()
    assert data["card"] == "Glorfindel" and data["errata"] == []
    assert cli("errata", "sherbet").code == 1 and "Bert" not in cli("errata", "sherbet").out
    assert cli("errata", "celeborn").out.startswith("No errata for Celeborn")
