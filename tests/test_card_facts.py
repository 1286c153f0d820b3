"""The card facts (`cards/facts.json`) and their loader (`judge.kb.card_facts`).

The facts are derived from the community card database by `tools/build_card_facts.py`;
these tests pin what a rules answer relies on (keywords, ability types, stats, flags and
the entries they point to) and that no card text is shipped.
"""

from __future__ import annotations

import csv
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from judge.kb import card_facts

ROOT = Path(__file__).resolve().parents[1]
CARD_DB = ROOT.parent / "shared" / "sources" / "cards" / "cardDb.tsv"
BUILDER = ROOT / "tools" / "build_card_facts.py"
needs_card_db = pytest.mark.skipif(
    not CARD_DB.is_file(), reason=f"the card database is not at {CARD_DB}"
)


def core(title: str, card_type: str) -> card_facts.CardDesign:
    """The design of `title` of that type printed in the Core Set."""
    found = [d for d in card_facts.by_title(title) if d.type == card_type and "Core Set" in d.packs]
    assert len(found) == 1, [d.id for d in found]
    return found[0]


def builder():
    spec = importlib.util.spec_from_file_location("build_card_facts", BUILDER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_card_of_the_game_is_there():
    cards = {key.split("/")[0] for d in card_facts.designs() for key in d.printings}
    assert len(cards) >= 4000
    assert len(card_facts.designs()) >= 4000


def test_core_aragorn_is_a_unique_sentinel_hero_with_a_response_and_threat_12():
    aragorn = core("Aragorn", "Hero")
    assert dict(aragorn.keywords) == {"Sentinel": None}
    assert "Response" in aragorn.abilities
    assert aragorn.stat("threat") == 12
    assert aragorn.unique and aragorn.sphere == "Leadership"
    assert "kw/sentinel" in aragorn.entry_ids and "rr/unique-cards" in aragorn.entry_ids


def test_a_design_takes_the_union_of_its_printings():
    """The Core row has lost its text; the reprint in the Two-Player starter has it."""
    aragorn = core("Aragorn", "Hero")
    sides = {s.pack: s for s in aragorn.sides()}
    assert {"Core Set", "Two-Player Limited Edition Starter"} <= set(sides)
    assert "Response" not in sides["Core Set"].abilities
    assert "Response" in sides["Two-Player Limited Edition Starter"].abilities


def test_aragorn_has_seven_hero_designs_and_faramir_three_types():
    assert len([d for d in card_facts.by_title("Aragorn") if d.type == "Hero"]) == 7
    assert {d.type for d in card_facts.by_title("Faramir")} == {"Ally", "Hero", "Objective Ally"}


def test_the_team_event_packs_core_titles_are_designs_of_their_own():
    webs = card_facts.by_title("Caught in a Web")
    assert len(webs) == 2
    assert any("The Woodland Realm" in d.packs and "Core Set" not in d.packs for d in webs)


def test_core_legolas_has_ranged():
    legolas = core("Legolas", "Hero")
    assert "Ranged" in dict(legolas.keywords)
    assert legolas.entries and dict(legolas.entries)["Ranged"] == ("kw/ranged",)


def test_sneak_attack_is_an_event_action_that_puts_into_play():
    (sneak,) = card_facts.by_title("Sneak Attack")
    assert sneak.type == "Event" and sneak.abilities == ("Action",)
    assert "puts-into-play" in sneak.flags
    assert "rr/play-and-put-into-play" in dict(sneak.entries)["puts-into-play"]


def test_hill_troll_is_an_enemy_with_engagement_cost_30():
    troll = core("Hill Troll", "Enemy")
    assert troll.category == "encounter"
    assert troll.stat("engagement_cost") == 30


def test_every_gandalf_ally_is_unique():
    allies = [d for d in card_facts.by_title("Gandalf") if d.type == "Ally"]
    assert allies and all(d.unique for d in allies)


def test_errata_point_at_the_version_they_correct():
    """Eleanor's errata names CORE 8; Boromir's names the Tactics hero (SoM 95) only."""
    assert "errata/eleanor" in core("Eleanor", "Hero").card_entries
    with_errata = [d for d in card_facts.by_title("Boromir") if "errata/boromir" in d.card_entries]
    assert [(d.type, d.sphere) for d in with_errata] == [("Hero", "Tactics")]


def test_every_entry_a_fact_points_to_exists():
    ids = set()
    for folder in ("rules", "faq", "errata"):
        for path in (ROOT / folder).rglob("*.md"):
            found = re.search(r"^id: (\S+)", path.read_text(encoding="utf-8"), re.M)
            if found:
                ids.add(found.group(1).strip("\"'"))
    pointed = {i for d in card_facts.designs() for i in d.entry_ids}
    assert pointed and pointed <= ids, sorted(pointed - ids)[:10]


def test_every_side_belongs_to_a_design_that_lists_it():
    for d in card_facts.designs():
        for s in d.sides():
            assert s.design == d.id


def test_a_typo_still_finds_sneak_attack():
    match = card_facts.find_cards("sneak atack")
    assert match.title == "Sneak Attack"
    assert [d.title for d in match.designs] == ["Sneak Attack"]


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("Samwise", "Sam Gamgee"),
        ("the Beastmaster", "Dol Guldur Beastmaster"),
        ("Longbread Elder", "Longbeard Elder"),
        ("theodred", "Théodred"),
    ],
)
def test_shortenings_first_names_and_typos_resolve(typed, title):
    assert card_facts.find_cards(typed).title == title


def test_words_beside_the_name_narrow_its_versions():
    (lore,) = card_facts.find_cards("Aragorn", ["lore"]).designs
    assert (lore.type, lore.sphere) == ("Hero", "Lore")
    assert {d.type for d in card_facts.find_cards("Faramir hero").designs} == {"Hero"}


def test_an_unknown_name_gives_no_card():
    match = card_facts.find_cards("Xyzzy Frobnicator")
    assert match.title is None and match.designs == ()


@pytest.mark.parametrize("typed", ["the a", "of the", "The"])
def test_joining_words_alone_name_no_card(typed):
    match = card_facts.find_cards(typed)
    assert match.title is None and match.designs == ()


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("Helm oof the Stormcaller", "Helm of the Stormcaller"),
        ("Khazâd! Kahzâd!", "Khazâd! Khazâd!"),
    ],
)
def test_a_typo_in_a_title_with_joining_words_resolves(typed, title):
    assert card_facts.find_cards(typed).title == title


def test_a_vague_name_offers_close_titles_instead_of_guessing():
    match = card_facts.find_cards("ungoliant")
    assert match.designs == () and "Ungoliant's Spawn" in match.close


def test_an_ability_given_to_another_card_is_granted_not_own():
    build = builder()
    given = build.quoted_parts('Attached hero gains: "Response: After it quests, ready it."', "X")
    assert [role for role, _ in given] == ["plain", "granted"]
    itself = build.quoted_parts('While X is exhausted, it gains: "Action: Ready X."', "X")
    assert [role for role, _ in itself] == ["plain", "own"]
    named = build.quoted_parts('cancel the "when revealed" effects', "X")
    assert [role for role, _ in named] == ["plain", "reference", "plain"]


@needs_card_db
def test_the_facts_file_is_what_the_builder_makes():
    done = subprocess.run(
        [sys.executable, str(BUILDER), "--check", "--source", str(CARD_DB)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


@needs_card_db
def test_the_pack_order_is_the_card_database_s():
    """ "The oldest printing" is the first pack in the database's order of packs."""
    packs: dict[str, None] = {}
    with CARD_DB.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            packs.setdefault(row["packName"], None)
    assert tuple(packs) == card_facts.PACKS


def test_versions_and_packs_come_oldest_first():
    assert [d.type for d in card_facts.by_title("Gandalf")] == ["Ally", "Ally", "Hero"]
    assert card_facts.by_title("Gandalf")[0].packs[:2] == (
        "Core Set",
        "Two-Player Limited Edition Starter",
    )
    assert [d.sphere for d in card_facts.by_title("Aragorn")][:2] == ["Leadership", "Lore"]


@needs_card_db
def test_no_card_text_reaches_the_facts_file():
    """No run of 8 words of any card's text or shadow text appears in the file."""
    words = re.compile(r"[a-z0-9']+")
    runs = set()
    with CARD_DB.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            for column in ("text", "shadow"):
                w = words.findall((row.get(column) or "").lower())
                runs.update(" ".join(w[i : i + 8]) for i in range(len(w) - 7))
    shipped = words.findall(card_facts.facts_path().read_text(encoding="utf-8").lower())
    leaked = {" ".join(shipped[i : i + 8]) for i in range(len(shipped) - 7)} & runs
    assert not leaked, sorted(leaked)[:5]
