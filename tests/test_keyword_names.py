"""Board keywords are spelled against the knowledge base's keyword entries."""

from __future__ import annotations

import pytest
from boards import check, hero, player

from judge.base.yamlio import InputError
from judge.games.lcg.keyword_names import KEYWORD_NAMES, keyword_name, name_from_title


def test_the_keyword_list_is_exactly_the_knowledge_bases_keyword_entries(kb):
    from_kb = {
        name_from_title(e.title)
        for e in kb.entries
        if e.kind == "keyword"
        and e.game == "lcg"
        and not e.title.lower().startswith("player card with")
    }
    assert from_kb == set(KEYWORD_NAMES)


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("archery 2", "archery"),
        ("Sentinel", "sentinel"),
        ("guarded (enemy)", "guarded"),
        ("doomed x", "doomed"),
    ],
)
def test_a_keyword_value_is_not_part_of_its_name(written, name):
    assert keyword_name(written) == name


def test_a_misspelt_keyword_is_an_input_error_with_a_suggestion():
    enemy = {"title": "Orc", "keywords": ["indestructable"]}
    with pytest.raises(InputError) as error:
        check({"players": [player("Ann", 20, engaged=[enemy])]})
    assert "did you mean 'indestructible'" in str(error.value)
    assert ".keywords" in str(error.value) or "keywords" in str(error.value)


def test_known_keywords_with_values_are_accepted():
    heroes = [hero("Legolas", keywords=["ranged", "Sentinel"])]
    enemy = {"title": "Orc", "keywords": ["archery 2", "indestructible"]}
    assert check({"players": [player("Ann", 20, heroes=heroes, engaged=[enemy])]}).ok
