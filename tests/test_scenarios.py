"""Scenario entries agree with the Quest Companion's scenario pages (tests/manifest)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge.kb.scenario_pages import Scenario, front_matter_problems, scenarios

MANIFEST = yaml.safe_load(
    (Path(__file__).parent / "manifest" / "scenarios.yaml").read_text(encoding="utf-8")
)
PAGES = {item["id"]: item for item in MANIFEST}


def test_the_manifest_lists_every_scenario_page_once():
    assert len(MANIFEST) == len(PAGES) >= 130
    assert {"scenario/journey-down-the-anduin", "scenario/the-fortress-of-nurn"} <= set(PAGES)


def test_at_least_130_scenario_entries_one_per_page(kb):
    found = {s.id: s for s in scenarios(kb)}
    assert len(found) >= 130
    assert set(found) == set(PAGES)
    assert [s.id for s in scenarios(kb)] == list(PAGES)  # the Quest Companion's order
    for entry_id, page in PAGES.items():
        assert found[entry_id].title == page["title"]
        assert found[entry_id].difficulty == page.get("difficulty")


@pytest.mark.parametrize("entry_id", sorted(PAGES))
def test_easy_mode_removals_equal_the_manifest(kb, entry_id):
    scenario = Scenario.from_entry(kb.get(entry_id))
    removals = {
        name: [{"title": r.title, "count": r.count} for r in cards]
        for name, cards in scenario.easy_mode
    }
    assert removals == PAGES[entry_id]["easy_mode"]


def test_a_core_set_page_as_printed(kb):
    anduin = Scenario.from_entry(kb.get("scenario/journey-down-the-anduin"))
    assert anduin.product == "Core Set"
    assert anduin.difficulty == 4
    assert dict(anduin.easy_mode)["Journey Down the Anduin"][1].title == "Gladden Fields"
    assert dict(anduin.easy_mode)["Journey Down the Anduin"][1].count == 2
    assert sum(r.count for _, cards in anduin.easy_mode for r in cards) == 15
    assert {"kw/doomed-x", "kw/surge"} <= set(anduin.keywords)
    assert "errata/dol-guldur-beastmaster" in anduin.rulings
    assert "scenario/passage-through-mirkwood" in anduin.related
    assert any("1 extra resource" in note for note in anduin.easy_setup)


def test_gold_border_pages_have_no_list_but_say_the_rule(kb):
    erelas = Scenario.from_entry(kb.get("scenario/ambush-at-erelas"))
    assert erelas.easy_mode == ()
    assert any("gold" in note for note in erelas.easy_setup)
    assert "kw/looter" in erelas.keywords


def test_every_link_of_a_scenario_resolves(kb):
    for scenario in scenarios(kb):
        for target in (*scenario.keywords, *scenario.rulings, *scenario.related):
            assert kb.get(target) is not None, f"{scenario.id} -> {target}"
        assert scenario.product


def test_rulings_link_each_card_with_an_entry(kb):
    dol_guldur = Scenario.from_entry(kb.get("scenario/escape-from-dol-guldur"))
    assert {
        "faq/qa/dungeon-jailer",  # printed "Dungeon Jailor" on the page
        "errata/nazgul-of-dol-guldur",
        "faq/qa/nazgul-of-dol-guldur",
        "errata/the-necromancers-tower",
    } <= set(dol_guldur.rulings)


def test_json_shape_follows_the_contract(kb):
    data = Scenario.from_entry(kb.get("scenario/passage-through-mirkwood")).to_json()
    assert {"id", "title", "product", "difficulty", "encounter_sets", "keywords", "rulings"} <= set(
        data
    )
    assert data["easy_mode"][0] == {
        "encounter_set": "Dol Guldur Orcs",
        "remove": [
            {"title": "Chieftan Ufthak", "count": 1},
            {"title": "Dol Guldur Beastmaster", "count": 1},
            {"title": "Necromancer's Pass", "count": 1},
            {"title": "The Necromancer's Reach", "count": 2},
        ],
    }


@pytest.mark.parametrize(
    ("meta", "field"),
    [
        ({"difficulty": 0}, "difficulty"),
        ({"difficulty": 11}, "difficulty"),
        ({"difficulty": "7"}, "difficulty"),
        ({"easy_mode": ["Wargs"]}, "easy_mode"),
        ({"easy_mode": {"Wilderlands": [{"title": "Despair", "count": 0}]}}, "easy_mode"),
        ({"easy_mode": {"Wilderlands": [{"title": "Despair"}]}}, "easy_mode"),
        ({"keywords": "kw/surge"}, "keywords"),
        ({"product": ""}, "product"),
        ({"sequence": 0}, "sequence"),
    ],
)
def test_bad_scenario_fields_are_reported(meta, field):
    good = {"product": "Core Set", "difficulty": 10, "easy_mode": {}, "sequence": 1}
    problems = front_matter_problems({**good, **meta})
    assert [key for key, _ in problems] == [field]


def test_the_validator_reports_a_broken_scenario_file(kb_copy):
    from judge.kb.validate import validate

    path = kb_copy / "rules" / "scenarios" / "journey-down-the-anduin.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("count: 2}", "count: two}", 1).replace("kw/surge", "kw/surgee"),
        encoding="utf-8",
    )
    problems = [p for p in validate(kb_copy) if "journey-down-the-anduin" in p]
    assert any("easy_mode" in p for p in problems)
    assert any("unknown id 'kw/surgee'" in p for p in problems)
