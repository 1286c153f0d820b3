"""State invariants: each contract rule id fires when it should, and only then."""

from __future__ import annotations

import pytest
from boards import check, hero, player, rules

CLEAN = {"phase": "planning", "players": [player("Ann", 30), player("Bob", 28)]}


def board(**changes) -> dict:
    return {**CLEAN, **changes}


def test_a_legal_board_has_no_findings():
    report = check(board())
    assert report.findings == () and report.ok


@pytest.mark.parametrize(("threat", "eliminated"), [(49, False), (50, True), (51, True)])
def test_threat_elimination_at_exactly_50(threat, eliminated):
    """Rules Reference, "Threat Elimination Level": reaching 50 eliminates."""
    report = check(board(players=[player("Ann", threat)]))
    assert ("threat-elimination" in rules(report)) is eliminated


def test_no_heroes_after_setup_but_hero_count_at_setup():
    assert rules(check(board(players=[player("Ann", 30, heroes=[])]))) == {"no-heroes"}
    assert rules(check(board(phase="setup", players=[player("Ann", 0, heroes=[])]))) == {
        "hero-count"
    }
    four = [hero(f"H{i}") for i in range(4)]
    assert rules(check(board(phase="setup", players=[player("Ann", 36, heroes=four)]))) == {
        "hero-count"
    }


@pytest.mark.parametrize(("damage", "destroyed"), [(3, False), (4, True), (5, True)])
def test_character_destroyed_when_damage_reaches_hit_points(damage, destroyed):
    report = check(
        board(players=[player("Ann", 30, heroes=[hero("Éowyn", hit_points=4, damage=damage)])])
    )
    assert ("destroyed" in rules(report)) is destroyed


def test_enemy_destroyed_unless_indestructible():
    troll = {"title": "Hill Troll", "hit_points": 9, "damage": 9, "engagement_cost": 30}
    assert "destroyed" in rules(check(board(players=[player("Ann", 30, engaged=[troll])])))
    tough = {**troll, "keywords": ["Indestructible"]}
    assert "destroyed" not in rules(check(board(players=[player("Ann", 30, engaged=[tough])])))


def test_unknown_hit_points_are_not_judged():
    """A stat left out, of a card the card facts do not know, is 0: no false alarm for
    a hero without hit points given."""
    hurt = {"title": "Ann's hero", "damage": 3}
    assert rules(check(board(players=[player("Ann", 30, heroes=[hurt])]))) == set()


def test_explored_location_in_staging_and_active():
    web = {"type": "location", "title": "Great Forest Web", "quest_points": 2, "progress": 2}
    assert rules(check(board(staging_area=[web]))) == {"explored"}
    road = {"title": "Old Forest Road", "threat": 1, "quest_points": 3, "progress": 3}
    assert rules(check(board(active_location=road))) == {"explored"}
    assert rules(check(board(active_location={**road, "progress": 2}))) == set()


def test_quest_advance_versus_game_won():
    stage = {"title": "Flies and Spiders", "quest_points": 8, "progress": 8}
    assert rules(check(board(quest=stage))) == {"quest-advance"}
    report = check(board(quest={**stage, "final": True}))
    assert rules(report) == {"game-won"} and report.ok


def test_two_active_locations_is_a_warning():
    two = [{"title": "A", "quest_points": 3}, {"title": "B", "quest_points": 4}]
    report = check(board(active_location=two))
    assert rules(report) == {"active-location-count"} and report.ok


def test_restricted_limit_is_two():
    def with_restricted(n):
        attachments = [{"title": f"R{i}", "restricted": True} for i in range(n)]
        return board(players=[player("Ann", 30, heroes=[hero("Gimli", attachments=attachments)])])

    assert rules(check(with_restricted(2))) == set()
    assert rules(check(with_restricted(3))) == {"restricted-limit"}


def test_unique_titles_across_players_and_accents():
    report = check(
        board(
            players=[
                player("Ann", 30, heroes=[hero("Gimli")]),
                player("Bob", 30, heroes=[hero("Gimli")]),
            ]
        )
    )
    assert rules(report) == {"unique-in-play"}
    report = check(
        board(
            players=[
                player("Ann", 30, heroes=[hero("Théodred")]),
                player("Bob", 30, heroes=[hero("Theodred")]),
            ]
        )
    )
    assert rules(report) == {"unique-in-play"}


def test_non_unique_duplicates_are_legal():
    guard = {"title": "Guard of the Citadel"}
    report = check(board(players=[player("Ann", 30, allies=[guard, guard])]))
    assert rules(report) == set()


def test_resources_only_on_heroes():
    assert rules(
        check(board(players=[player("Ann", 30, allies=[{"title": "Gandalf", "resources": 1}])]))
    ) == {"resources-on-non-hero"}


def test_committed_outside_quest_and_committed_ready():
    committed = [hero("Aragorn", committed=True, exhausted=True)]
    assert rules(check(board(phase="combat", players=[player("Ann", 30, heroes=committed)]))) == {
        "committed-outside-quest"
    }
    assert (
        rules(check(board(phase="quest", players=[player("Ann", 30, heroes=committed)]))) == set()
    )
    ready = [hero("Aragorn", committed=True)]
    report = check(board(phase="quest", players=[player("Ann", 30, heroes=ready)]))
    assert rules(report) == {"committed-ready"} and report.ok


def test_shadow_cards_only_in_combat():
    orc = {"title": "Orc", "engagement_cost": 10, "shadow_cards": 1}
    assert rules(check(board(phase="refresh", players=[player("Ann", 30, engaged=[orc])]))) == {
        "shadow-outside-combat"
    }
    assert "shadow-outside-combat" not in rules(
        check(board(phase="combat", players=[player("Ann", 30, engaged=[orc])]))
    )


def test_eliminated_player_with_cards():
    report = check(board(players=[player("Ann", 50, eliminated=True), player("Bob", 30)]))
    assert rules(report) == {"eliminated-with-cards"}
    gone = player("Ann", 50, heroes=[], eliminated=True)
    assert rules(check(board(players=[gone, player("Bob", 30)]))) == set()


def test_every_finding_cites_a_resolvable_entry(kb):
    report = check(board(players=[player("Ann", 52, heroes=[])]))
    assert report.findings
    for finding in report.findings:
        assert finding.cites and all(kb.get(c) for c in finding.cites)


def test_every_contract_rule_is_declared_once_with_its_severity_and_cites():
    """board-state.md, "Rule ids (LCG findings)" and the combat section: one declaration each."""
    from judge.games import ruleset

    INVARIANTS = ruleset("lcg").rules()

    contract = {
        "threat-elimination": "violation",
        "no-heroes": "violation",
        "destroyed": "violation",
        "explored": "violation",
        "quest-advance": "violation",
        "game-won": "info",
        "active-location-count": "warning",
        "restricted-limit": "violation",
        "unique-in-play": "violation",
        "hero-count": "violation",
        "resources-on-non-hero": "violation",
        "committed-outside-quest": "violation",
        "committed-ready": "warning",
        "shadow-outside-combat": "violation",
        "eliminated-with-cards": "violation",
        "defender-not-ready": "violation",
        "defender-needs-sentinel": "violation",
        "attacker-not-ready": "violation",
        "attacker-needs-ranged": "violation",
        "undefended-damage-not-on-hero": "violation",
        "attack-not-engaged-player": "violation",
        "attack-target-not-engaged": "violation",
        "travel-with-active-location": "violation",
        "card-version": "info",
    }
    declared = [(rule.rule, rule.severity) for rule in INVARIANTS]
    assert sorted(declared) == sorted(contract.items())
    assert all(rule.cites for rule in INVARIANTS)


def test_a_declared_phase_limit_decides_where_a_rule_runs():
    from judge.games import ruleset

    by_id = {rule.rule: rule for rule in ruleset("lcg").rules()}
    assert by_id["hero-count"].applies("setup") and not by_id["hero-count"].applies("quest")
    assert not by_id["no-heroes"].applies("setup") and by_id["no-heroes"].applies(None)
    assert by_id["committed-ready"].applies(None) and not by_id["committed-ready"].applies("combat")
    assert not by_id["shadow-outside-combat"].applies("combat")
