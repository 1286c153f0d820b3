"""The TCG's knowledge base: every section and index term of the Starter Rulebook has
its entry, the TCG's model cites only TCG entries, and TCG answers stay in the TCG."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml
from helpers import REPO

MANIFEST = yaml.safe_load(
    (Path(__file__).parent / "manifest" / "tcg" / "rulebook.yaml").read_text(encoding="utf-8")
)


ID = re.compile(r"^tcg/[a-z0-9-]+$")


def _names(entry) -> set[str]:
    return {entry.title.casefold(), *(a.casefold() for a in entry.aliases)}


@pytest.mark.parametrize("item", MANIFEST["contents"], ids=lambda i: i["title"])
def test_every_section_of_the_contents_has_its_entry(kb, item):
    entry = kb.get(item["id"])
    assert entry is not None and entry.game == "tcg"
    assert item["title"].casefold() in _names(entry)


@pytest.mark.parametrize("item", MANIFEST["index"], ids=lambda i: i["term"])
def test_every_index_term_names_an_entry_on_one_of_its_pages(kb, item):
    entry = kb.get(item["id"])
    assert entry is not None and entry.game == "tcg"
    assert item["term"].casefold() in _names(entry)


def test_the_manifest_is_the_whole_rulebook():
    assert len(MANIFEST["contents"]) == 27 and len(MANIFEST["index"]) == 74


def test_tcg_entries_link_only_to_tcg_entries(kb):
    for entry in kb.entries:
        if entry.game == "tcg":
            assert entry.id.startswith("tcg/") and entry.listed_kind == "tcg"
            assert entry.kind in ("glossary", "keyword", "step"), entry.id
            assert all(kb.get(link).game == "tcg" for link in entry.see_also), entry.id


def _cited_ids(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and ID.match(n.value)
    }


def test_every_id_the_tcg_model_cites_is_a_tcg_entry(kb):
    cited = set().union(*(_cited_ids(p) for p in (REPO / "judge" / "games" / "tcg").glob("*.py")))
    from judge.games.tcg.phases import PHASES
    from judge.games.tcg.turn import phase_entry

    cited |= {phase_entry(phase) for phase in PHASES}
    assert cited and all(kb.get(i) is not None and kb.get(i).game == "tcg" for i in cited)


def test_the_tcg_turn_is_charted_from_its_entries(kb):
    from judge.app.turn_chart import turn_chart
    from judge.games import ruleset

    chart = turn_chart(kb, ruleset("tcg"))
    assert [p.key for p in chart] == [None, *ruleset("tcg").phases()]
    assert all(p.entry_id for p in chart[1:])
    assert all(kb.get(s.step.entry_id) for p in chart for s in p.steps)


@pytest.mark.parametrize(
    "question",
    [
        "who wins a tie in a skirmish",
        "how much twilight when my fellowship moves",
        "what does fierce do",
        "tcg can frodo put on the ring to avoid being overwhelmed",
    ],
)
def test_a_tcg_question_is_answered_from_the_tcg_only(cli, question):
    result = cli("ask", question, "--json").json()
    assert result["game"] == "tcg" and result["hits"]
    assert all(hit["game"] == "tcg" for hit in result["hits"])


def test_a_killed_unique_companions_title_is_barred_by_the_killed_entry(cli):
    """The rulebook states it under Killed, in so many words: no other copy of a unique
    companion in your dead pile; Uniqueness speaks of copies in play."""
    asked = "tcg my unique companion was killed, can i play another copy of him"
    assert cli("ask", asked, "--json").json()["hits"][0]["id"] == "tcg/killed"


def test_forcing_a_game_keeps_its_answers_in_that_game(cli):
    result = cli("ask", "what does fierce do", "--game", "lcg", "--json").json()
    assert result["game"] == "lcg" and all(h["game"] == "lcg" for h in result["hits"])


def test_adding_another_games_entries_changes_no_lcg_score(tmp_path):
    """Each game has its own index: the TCG's words never shift the LCG's statistics."""
    from test_search_ranking import _entry, _glossary, _searcher

    _glossary(tmp_path, "sentinel", "Sentinel", "A sentinel character defends for others.")
    _glossary(tmp_path, "threat", "Threat", "Threat rises at the end of each round.")

    def scores() -> list[tuple[str, float]]:
        searcher = _searcher(tmp_path)
        _, hits, _ = searcher.ask("can a character defend for others", game="lcg")
        searcher.close()
        return [(hit.id, hit.score) for hit in hits]

    before = scores()
    for n in range(5):
        front = {
            "id": f"tcg/defend-{n}",
            "title": f'"Defend {n}"',
            "kind": "tcg",
            "game": "tcg",
            "source": "tcg",
            "section": "Assignment Phase",
            "page": 27,
        }
        _entry(tmp_path, "rules/tcg", f"defend-{n}", front, "A character defends; others defend.")
    assert scores() == before
