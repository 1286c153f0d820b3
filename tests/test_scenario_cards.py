"""A scenario's quest stages and encounter cards come from the card facts, and its Easy
Mode lists agree with DragnCards' Easy decks or say where they differ."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from judge.kb import card_facts, scenario_cards
from judge.kb.scenario_pages import Scenario, scenarios

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT.parent / "shared" / "sources"
DECKS = SOURCES / "cards" / "preBuiltDecks.json"
QUEST_COMPANION = SOURCES / "003_acfc3847c1ac1fcc.txt"
needs_decks = pytest.mark.skipif(not DECKS.is_file(), reason=f"no DragnCards decks at {DECKS}")
needs_qc = pytest.mark.skipif(
    not QUEST_COMPANION.is_file(), reason=f"no Quest Companion at {QUEST_COMPANION}"
)
#: The heading under which a page records where DragnCards' Easy deck differs.
DIFFERS = "## Easy Mode sources"


def tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page(kb, slug: str) -> Scenario:
    return Scenario.from_entry(kb.get(f"scenario/{slug}"))


def sides_of(encounter_set: str, pack: str | None = None):
    return [
        s
        for d in card_facts.designs()
        for s in d.sides()
        if scenario_cards.fold(s.encounter_set) == scenario_cards.fold(encounter_set)
        and (pack is None or s.pack == pack)
    ]


def test_quest_stages_are_the_scenarios_quest_cards_in_stage_order(kb):
    stages = page(kb, "passage-through-mirkwood").quest_stages()
    quest = [s for s in sides_of("Passage Through Mirkwood", "Core Set") if s.category == "quest"]
    assert len(stages) == len(quest) >= 6
    assert [q.stage for q in stages] == sorted(q.stage for q in stages)
    assert (stages[0].stage, stages[0].side, stages[0].title) == (1, "A", "Flies and Spiders")
    points = {(s.title, dict(s.stats).get("quest_points")) for s in quest}
    assert {(q.title, q.quest_points) for q in stages} == points


def test_a_reprinted_set_is_counted_in_one_printing_and_says_which(kb):
    """Journey Up the Anduin's own set is printed in its box and again in the Ered Mithrin
    campaign expansion: counting both would double every card."""
    found = {s.encounter_set: s for s in page(kb, "journey-up-the-anduin").encounter_cards()}
    own = found["Journey Up the Anduin"]
    assert own.pack == "The Wilds of Rhovanion"

    def copies(pack=None):
        return sum(
            s.quantity
            for s in sides_of("Journey Up the Anduin", pack)
            if s.category != "quest" and s.key.endswith("/A")
        )

    assert own.total == copies("The Wilds of Rhovanion") < copies()


def test_the_page_sets_come_first_then_those_of_dragncards_normal_deck(kb):
    sets = page(kb, "passage-through-mirkwood").encounter_cards()
    assert [(s.encounter_set, s.named_by) for s in sets] == [
        ("Dol Guldur Orcs", "quest-companion"),
        ("Spiders of Mirkwood", "quest-companion"),
        ("Passage Through Mirkwood", "dragncards"),
    ]
    assert all(c.type and c.count >= 1 for s in sets for c in s.cards)


def test_a_scenario_the_facts_lack_says_so(cli):
    out = cli("scenario", "ambush", "at", "erelas").out
    assert "Quest stages: the card facts have none for it." in out
    assert "Encounter cards: no source names this scenario's encounter sets." in out


def test_the_page_prints_quest_stages_and_cards_with_counts(cli):
    out = cli("scenario", "passage", "through", "mirkwood").out.splitlines()
    assert "  1B Flies and Spiders: 8 quest points" in out
    spiders = out.index("  Spiders of Mirkwood, Core Set, 12 cards:")
    assert "    2x King Spider (Enemy)" in out[spiders:]


def test_json_carries_the_card_facts(cli):
    data = cli("scenario", "passage", "through", "mirkwood", "--json").json()
    assert data["quest_stages"][1] == {
        "stage": 1,
        "side": "B",
        "title": "Flies and Spiders",
        "quest_points": 8,
    }
    first = data["encounter_cards"][0]
    assert first["encounter_set"] == "Dol Guldur Orcs" and first["pack"] == "Core Set"
    assert first["total"] == sum(c["count"] for c in first["cards"])
    assert data["dragncards_easy"]["agrees"] is True


def test_every_easy_mode_title_is_a_card_title_of_the_facts(kb):
    titles = {s.title for d in card_facts.designs() for s in d.sides()}
    wrong = [
        (s.id, r.title)
        for s in scenarios(kb)
        for _, cards in s.easy_mode
        for r in cards
        if r.title not in titles
    ]
    assert wrong == []


def test_each_easy_mode_list_agrees_with_dragncards_or_records_why_not(kb):
    """Normal minus Easy of DragnCards' decks against the Quest Companion's lists: 31 of
    35 agree; the 4 that differ keep the Quest Companion's list and say so on the page."""
    lists = [s for s in scenarios(kb) if s.easy_mode]
    assert len(lists) == 35
    assert all(s.dragncards_easy() is not None for s in lists)
    differ = {s.id for s in lists if not s.easy_mode_agrees()}
    noted = {s.id for s in lists if DIFFERS in kb.get(s.id).body}
    assert differ == noted
    assert len(differ) == 4


def test_a_list_that_differs_prints_dragncards_list_beside_it(cli):
    out = cli("scenario", "dungeons", "deep", "and", "caverns", "dim", "--easy").out
    ours, theirs = out.split("DragnCards' Easy deck differs from this list")
    assert "[ ] 1x The Goblins' Caves" in ours
    assert "2x The Goblins' Caves" in theirs


def test_a_gold_border_page_lists_dragncards_easy_removals(cli, kb):
    fangorn = page(kb, "into-fangorn")
    assert fangorn.gold_border_only
    removed = scenario_cards.easy_removals(fangorn.id)
    out = cli("scenario", "into", "fangorn", "--easy").out
    assert "from DragnCards' Easy decks" in out and "not from the Quest Companion" in out
    for name, cards in removed.items():
        assert f"  {name}:" in out
        assert all(f"[ ] {r['count']}x {r['title']}" in out for r in cards)
    data = cli("scenario", "into", "fangorn", "--json").json()
    assert data["dragncards_easy"]["agrees"] is None
    assert data["easy_mode"] == []


def test_the_easy_checklist_is_chosen_once_for_the_cli_and_the_app(kb):
    """`Scenario.easy_checklist` says which list a page is ticked off from; both shells
    draw what it chose (cli/scenario.py, tui/screens/scenarios.py)."""
    own = page(kb, "passage-through-mirkwood").easy_checklist()
    assert own.removals == page(kb, "passage-through-mirkwood").easy_mode
    assert not (own.dragncards or own.unsourced) and own.differs is None
    differs = page(kb, "dungeons-deep-and-caverns-dim")
    chosen = differs.easy_checklist()
    assert chosen.removals == differs.easy_mode and chosen.differs == differs.dragncards_easy()
    fangorn = page(kb, "into-fangorn").easy_checklist()
    assert fangorn.dragncards and fangorn.removals == page(kb, "into-fangorn").dragncards_easy()
    erelas = page(kb, "ambush-at-erelas").easy_checklist()
    assert erelas.unsourced and erelas.removals == () and not erelas.dragncards


def test_a_gold_border_page_without_an_easy_deck_says_so(cli):
    out = cli("scenario", "ambush", "at", "erelas", "--easy").out
    assert "DragnCards has no Easy deck for this scenario" in out


@needs_decks
def test_the_shipped_decks_file_is_rebuilt_from_dragncards():
    assert tool("build_scenario_decks").main(["--check"]) == 0


@needs_decks
def test_normal_minus_easy_reads_the_decks_of_both_modes():
    builder = tool("build_scenario_decks")
    decks = builder.read_decks(DECKS)
    normal, easy = builder.deck_keys(decks, "Passage Through Mirkwood")
    assert (normal, easy) == ("Q01.1", "E01.1")
    assert builder.deck_keys(decks, "Journey Down the Anduin")[1] == "E01.2"


def test_a_card_title_ending_in_an_exclamation_mark_is_a_heading():
    qc = tool("qc_scenarios")
    lines = [
        "Conflict At The Carrock",
        "FAQ & Errata",
        "Sacked!",
        "Q: Is the hero removed from the quest?",
        "A: No, it stays committed!",
        "Rate this Quest!",
    ]
    assert qc.scenario(lines)["cards"] == ["Sacked!"]


@needs_qc
def test_a_regeneration_gives_the_entries_easy_mode_lists(kb):
    """The Quest Companion's misspellings are mapped to the cards' own titles, so
    regenerating the pages keeps the titles the facts know."""
    qc = tool("qc_scenarios")
    found = qc.scenarios(QUEST_COMPANION.read_text(encoding="utf-8"))
    by_title = {s.title: s for s in scenarios(kb)}
    for facts in found:
        ours = {n: [(r.title, r.count) for r in c] for n, c in by_title[facts["title"]].easy_mode}
        theirs = {n: [(c["title"], c["count"]) for c in cs] for n, cs in facts["easy_mode"].items()}
        assert ours == theirs, facts["title"]


def test_kept_notes_start_at_the_first_hand_written_heading(tmp_path):
    qc = tool("qc_scenarios")
    path = tmp_path / "page.md"
    path.write_text("---\nid: x\n---\nBody.\n\n" + DIFFERS + "\n\n- a note\n", encoding="utf-8")
    assert re.sub(r"\s+", " ", qc.kept_notes(path)).strip() == f"{DIFFERS} - a note"
