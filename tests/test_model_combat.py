"""Combat and the rest of the round: declared attacks, archery, staging, travel, not-modelled.

Examples follow the Rules Reference's Appendix I (enemy attack 6.4.x, player attack
6.8.x, staging 3.3, travel 4.2) and the keyword entries (Sentinel, Ranged, Archery X,
Surge, Doomed X, Indestructible).
"""

from __future__ import annotations

import pytest
from boards import check, event, hero, player, rules

from judge.base.yamlio import InputError


def enemy(title: str, **stats) -> dict:
    base = {"title": title, "engagement_cost": 30, "attack": 6, "defense": 3, "hit_points": 9}
    return {**base, **stats}


def combat_board(step: str, ann_heroes=None, bob_heroes=None, **fields) -> dict:
    ann = player(
        "Ann",
        31,
        heroes=ann_heroes or [hero("Aragorn", defense=2, hit_points=5), hero("Gimli")],
        allies=[{"title": "Gandalf", "attack": 4, "defense": 4, "hit_points": 4}],
        engaged=[enemy("Hill Troll"), enemy("Wargs", attack=3, defense=1, hit_points=3)],
    )
    bob = player(
        "Bob",
        28,
        heroes=bob_heroes or [hero("Legolas", attack=3, keywords=["ranged"]), hero("Denethor")],
        engaged=[enemy("Goblin Sniper", attack=2, defense=0, hit_points=2)],
    )
    return {"phase": "combat", "step": step, "players": [ann, bob], **fields}


def attack_data(board: dict) -> dict:
    return event(check(board), "enemy-attack")


def test_defended_attack_is_attack_minus_defense():
    data = attack_data(combat_board("6.4.3", attack={"enemy": "Hill Troll", "defender": "Aragorn"}))
    assert data == {
        "attack": 6,
        "defense": 2,
        "damage": 4,
        "undefended": False,
        "target": "Aragorn",
        "destroyed": False,
        "eliminated": [],
        "legal": True,
    }


def test_damage_equal_to_remaining_hit_points_destroys_the_defender():
    heroes = [hero("Aragorn", defense=2, hit_points=5, damage=1), hero("Gimli")]
    data = attack_data(
        combat_board(
            "6.4.3", ann_heroes=heroes, attack={"enemy": "Hill Troll", "defender": "Aragorn"}
        )
    )
    assert (data["damage"], data["destroyed"]) == (4, True)


def test_one_short_of_remaining_hit_points_does_not_destroy():
    heroes = [hero("Aragorn", defense=2, hit_points=5), hero("Gimli")]
    data = attack_data(
        combat_board(
            "6.4.3",
            ann_heroes=heroes,
            attack={"enemy": "Hill Troll", "defender": "Aragorn", "attack_modifier": 0},
        )
    )
    assert (data["damage"], data["destroyed"]) == (4, False)


def test_defense_above_attack_deals_no_damage_never_negative():
    data = attack_data(
        combat_board(
            "6.4.3", attack={"enemy": "Wargs", "defender": "Gandalf", "attack_modifier": -1}
        )
    )
    assert (data["attack"], data["defense"], data["damage"], data["destroyed"]) == (2, 4, 0, False)


def test_a_modifier_never_takes_the_attack_below_zero():
    data = attack_data(
        combat_board("6.4.3", attack={"enemy": "Wargs", "defender": "Gimli", "attack_modifier": -9})
    )
    assert (data["attack"], data["damage"]) == (0, 0)


def test_undefended_damage_ignores_defense_and_needs_a_hero_to_be_chosen():
    data = attack_data(combat_board("6.4.3", attack={"enemy": "Hill Troll"}))
    assert data["undefended"] and (data["defense"], data["damage"]) == (0, 6)
    assert data["target"] is None and data["destroyed"] is False


def test_undefended_damage_on_a_chosen_hero_is_not_reduced_by_its_defense():
    data = attack_data(combat_board("6.4.3", attack={"enemy": "Hill Troll", "damage_to": "Gimli"}))
    assert (data["damage"], data["target"], data["destroyed"]) == (6, "Gimli", True)


@pytest.mark.parametrize("target", ["Gandalf", "Legolas"])
def test_undefended_damage_must_go_on_a_hero_of_the_attacked_player(target):
    report = check(combat_board("6.4.3", attack={"enemy": "Hill Troll", "damage_to": target}))
    assert "undefended-damage-not-on-hero" in rules(report) and not report.ok


def test_an_exhausted_defender_is_refused_only_at_the_declaring_step():
    heroes = [hero("Aragorn", exhausted=True), hero("Gimli")]
    declared = {"enemy": "Hill Troll", "defender": "Aragorn"}
    at_declare = check(combat_board("6.4.1", ann_heroes=heroes, attack=declared))
    later = check(combat_board("6.4.3", ann_heroes=heroes, attack=declared))
    assert "defender-not-ready" in rules(at_declare)
    assert "defender-not-ready" not in rules(later)


def test_defending_for_another_player_needs_sentinel():
    without = check(combat_board("6.4.1", attack={"enemy": "Goblin Sniper", "defender": "Gimli"}))
    assert "defender-needs-sentinel" in rules(without)
    heroes = [hero("Aragorn"), hero("Gimli", keywords=["sentinel"])]
    with_it = check(
        combat_board(
            "6.4.1", ann_heroes=heroes, attack={"enemy": "Goblin Sniper", "defender": "Gimli"}
        )
    )
    assert "defender-needs-sentinel" not in rules(with_it)


def test_an_attack_against_a_player_not_engaged_needs_no_sentinel_from_that_player():
    """FAQ 1.33 / step 6.4.1: a card may make an enemy attack a player it is not engaged
    with; that player may still defend with their own characters."""
    report = check(
        combat_board(
            "6.4.1", attack={"enemy": "Goblin Sniper", "player": "Ann", "defender": "Gimli"}
        )
    )
    assert "defender-needs-sentinel" not in rules(report)


def test_player_attack_sums_the_attackers_and_destroys_at_exactly_the_remaining_hit_points():
    board = combat_board(
        "6.8.3",
        ann_heroes=[hero("Aragorn", attack=3), hero("Gimli", attack=2)],
        player_attack={"player": "Ann", "enemy": "Hill Troll", "attackers": ["Aragorn", "Gimli"]},
    )
    board["players"][0]["engaged"][0]["damage"] = 7
    data = event(check(board), "player-attack")
    assert data == {"attack": 5, "defense": 3, "damage": 2, "destroyed": True, "legal": True}


def test_an_indestructible_enemy_is_damaged_but_not_destroyed():
    board = combat_board(
        "6.8.3",
        player_attack={"player": "Ann", "enemy": "Wargs", "attackers": ["Gandalf"]},
    )
    board["players"][0]["engaged"][1]["keywords"] = ["indestructible"]
    data = event(check(board), "player-attack")
    assert (data["damage"], data["destroyed"]) == (3, False)


def test_an_exhausted_attacker_is_refused_at_the_declaring_steps_only():
    heroes = [hero("Aragorn", exhausted=True), hero("Gimli")]
    declared = {"player": "Ann", "enemy": "Hill Troll", "attackers": ["Aragorn"]}
    for step, refused in (("6.8b", True), ("6.8.1", True), ("6.8.3", False)):
        report = check(combat_board(step, ann_heroes=heroes, player_attack=declared))
        assert ("attacker-not-ready" in rules(report)) is refused, step


def test_joining_another_players_attack_needs_ranged():
    declared = {"player": "Ann", "enemy": "Hill Troll", "attackers": ["Aragorn", "Denethor"]}
    report = check(combat_board("6.8.1", player_attack=declared))
    found = [f for f in report.findings if f.rule == "attacker-needs-ranged"]
    assert [f.path for f in found] == ["player_attack.attackers[1]"]
    ranged = {"player": "Ann", "enemy": "Hill Troll", "attackers": ["Aragorn", "Legolas"]}
    assert "attacker-needs-ranged" not in rules(check(combat_board("6.8.1", player_attack=ranged)))


def test_attacking_an_enemy_engaged_with_another_player_needs_ranged():
    declared = {"player": "Ann", "enemy": "Goblin Sniper", "attackers": ["Gimli"]}
    assert "attacker-needs-ranged" in rules(check(combat_board("6.8.1", player_attack=declared)))


def test_archery_totals_every_enemy_and_location_in_play():
    board = combat_board("6.1")
    board["players"][0]["engaged"][0]["keywords"] = ["archery 2"]
    board["staging_area"] = [
        {"type": "enemy", "title": "Orc Archer", "keywords": ["archery 1"]},
        {"type": "location", "title": "Watchtower", "keywords": ["archery 3"]},
    ]
    data = event(check(board), "archery")
    assert data == {"total": 6, "sources": {"Hill Troll": 2, "Orc Archer": 1, "Watchtower": 3}}


def test_a_combat_board_without_a_step_gets_archery_and_the_shadow_deal():
    board = combat_board("6.1")
    del board["step"]
    names = [e.event for e in check(board).next]
    assert names == ["archery", "shadow-deal"]


def test_staging_counts_surge_instances_and_doomed_for_every_player_still_in():
    board = combat_board("3.3")
    board["phase"] = "quest"
    for p in board["players"]:
        p["engaged"] = []
    board["players"][1]["threat"] = 0
    board["revealed"] = [
        {"title": "A", "keywords": ["surge", "doomed 2"]},
        {"title": "B", "keywords": ["surge"]},
        {"title": "C", "keywords": ["doomed 1"]},
    ]
    data = event(check(board), "staging")
    assert data == {
        "extra_reveals": 2,
        "threat_raise": {"Ann": 3, "Bob": 3},
        "eliminated": [],
        "threat_after": {"Ann": 34, "Bob": 3},
    }


def test_travel_makes_the_location_active_and_is_refused_with_one_already_active():
    board = {
        "phase": "travel",
        "step": "4.2",
        "players": [player("Ann", 20)],
        "staging_area": [{"type": "location", "title": "Old Forest Road", "quest_points": 3}],
        "travel_to": "Old Forest Road",
    }
    report = check(board)
    assert event(report, "travel") == {"location": "Old Forest Road"} and report.ok
    board["active_location"] = {"title": "Enchanted Stream", "quest_points": 2}
    assert "travel-with-active-location" in rules(check(board))


@pytest.mark.parametrize(
    ("phase", "step", "cite"),
    [
        ("planning", "2.2", "rr/step-2.2"),
        ("combat", "6.4.3", "rr/step-6.4.3"),  # no `attack` given
        ("travel", "4.2", "rr/step-4.2"),  # no `travel_to` given
        ("planning", None, "rr/planning-phase"),
        ("setup", None, "rr/setup"),
    ],
)
def test_a_step_the_model_does_not_cover_says_so_with_a_cite(phase, step, cite):
    board = {"phase": phase, "players": [player("Ann", 20)]}
    if step:
        board["step"] = step
    (only,) = check(board).next
    assert only.event == "not-modelled" and only.cites == (cite,)


def test_engagement_checks_skip_a_player_at_50_threat_not_yet_marked_eliminated():
    board = {
        "phase": "encounter",
        "step": "5.3",
        "players": [player("Ann", 50), player("Bob", 30)],
        "staging_area": [{"type": "enemy", "title": "Orc", "engagement_cost": 20}],
    }
    report = check(board)
    assert "threat-elimination" in rules(report)
    assert event(report, "engagement-checks")["engagements"] == [{"player": "Bob", "enemy": "Orc"}]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"attack": {"enemy": "Hill Trol"}}, "did you mean 'Hill Troll'"),
        ({"attack": {"enemy": "Hill Troll", "defender": "Aragon"}}, "did you mean 'Aragorn'"),
        (
            {"attack": {"enemy": "Hill Troll", "defender": "Aragorn", "damage_to": "Gimli"}},
            "undefended",
        ),
        ({"attack": {"enemy": "Hill Troll", "defendr": "Aragorn"}}, "did you mean 'defender'"),
        ({"player_attack": {"enemy": "Wargs", "attackers": ["Gimly"]}}, "did you mean 'Gimli'"),
        ({"player_attack": {"enemy": "Wargs"}}, "attackers"),
        ({"attack": "Hill Troll"}, "mapping"),
        # an enemy in the staging area is engaged with no one: the player must be named
        ({"attack": {"enemy": "Stray Orc"}}, "say which player it attacks with 'player'"),
        (
            {"player_attack": {"enemy": "Stray Orc", "attackers": ["Legolas"]}},
            "say which player attacks it with 'player'",
        ),
    ],
)
def test_a_declared_title_not_on_the_board_is_an_input_error_with_a_suggestion(fields, message):
    stray = {"type": "enemy", **enemy("Stray Orc")}
    with pytest.raises(InputError) as error:
        check(combat_board("6.4.3", staging_area=[stray], **fields))
    assert message in str(error.value)


def test_every_step_event_names_a_registered_model_function():
    import importlib

    from judge.games import implementations as all_rules
    from judge.games.lcg.check import STEP_EVENTS

    registered = all_rules()
    for rule in STEP_EVENTS:
        module, _, function = rule.event.partition(":")
        assert callable(getattr(importlib.import_module(module), function))
        assert f"{module.removeprefix('judge.games.lcg.')}.{function}" in registered
