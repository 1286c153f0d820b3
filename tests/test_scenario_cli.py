"""`loremaster scenario NAME [--easy] [--json]` as the CLI contract describes it."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("journy down the anduin", "Journey Down the Anduin"),
        ("JOURNEY DOWN THE ANDUIN", "Journey Down the Anduin"),
        ("the battle of carn dum", "The Battle of Carn-Dûm"),
        ("the mumakil", "The Mûmakil"),
        ("nin in eilph", "The Nín-in-Eilph"),
    ],
)
def test_typos_case_and_missing_accents_find_the_scenario(cli, typed, title):
    result = cli("scenario", *typed.split(), "--json")
    assert result.code == 0
    assert result.json()["title"] == title


def test_json_carries_the_contract_fields(cli):
    data = cli("scenario", "escape", "from", "dol", "guldur", "--json").json()
    assert data["id"] == "scenario/escape-from-dol-guldur"
    assert data["product"] == "Core Set"
    assert data["difficulty"] == 7
    assert "kw/guarded" in data["keywords"]
    assert "faq/qa/dungeon-jailer" in data["rulings"]
    last = data["easy_mode"][-1]
    assert last == {
        "encounter_set": "Escape from Dol Guldur",
        "remove": [{"title": "Dungeon Jailor", "count": 2}],
    }


def test_easy_prints_the_checklist_per_encounter_set(cli):
    result = cli("scenario", "passage", "through", "mirkwood", "--easy")
    assert result.code == 0
    lines = result.out.splitlines()
    spiders = lines.index("  Spiders of Mirkwood:")
    assert lines[spiders + 1] == "    [ ] 2x Caught in a Web"
    assert any("1 extra resource" in line for line in lines)
    assert 'Quest Companion, "Passage Through Mirkwood"' in result.out


def test_the_page_lists_rulings_as_links(cli):
    result = cli("scenario", "journey", "down", "the", "anduin")
    assert "Official difficulty: 4" in result.out
    assert "errata/dol-guldur-beastmaster" in result.out


def test_several_close_matches_are_listed_with_exit_0(cli):
    result = cli("scenario", "the", "siege", "--json")
    assert result.code == 0
    assert {"The Siege of Gondor", "The Siege of Erebor"} <= set(result.json()["matches"])


def test_no_match_exits_1_with_suggestions(cli):
    result = cli("scenario", "zzqx", "wobble")
    assert result.code == 1
    assert result.out.startswith("No scenario matches 'zzqx wobble'.")
    data = cli("scenario", "zzqx", "wobble", "--json").json()
    assert data["scenario"] is None and "suggestions" in data
