"""Every consequence followed through (board-state contract, "Round 3"): threat reaching 50
at any raise, a lost last hero, a defender that left play, illegal attack targets, shadow
ties, and the round's bookkeeping said properly.

Examples follow the Rules Reference: "Threat Elimination Level" (p. 17), "Player
Elimination" (p. 13), "Quest Advancement" (p. 13), steps 6.2, 6.4b, 6.4.3, 6.8b and 7.2.
"""

from __future__ import annotations

import pytest
from boards import check, event, hero, player, rules

from judge.base.yamlio import InputError


def committed(title: str, willpower: int) -> dict:
    return hero(title, willpower=willpower, committed=True, exhausted=True)


def quest_board(players, staging, quest=None) -> dict:
    return {
        "phase": "quest",
        "step": "3.4",
        "players": players,
        "staging_area": staging,
        "quest": quest or {"title": "Stage", "quest_points": 8},
    }


def location(threat: int) -> dict:
    return {"type": "location", "title": f"Loc {threat}", "threat": threat, "quest_points": 3}


def test_a_failed_quest_that_takes_a_player_to_50_eliminates_them_at_once():
    players = [
        player("Ann", 48, heroes=[committed("Eowyn", 2)]),
        player("Bob", 20, heroes=[committed("Gimli", 0)]),
        player("Cid", 47),
    ]
    report = check(quest_board(players, [location(5)]))
    data = event(report, "quest-resolution")
    assert data["threat_after"] == {"Ann": 51, "Bob": 23, "Cid": 50}
    assert data["eliminated"] == ["Ann", "Cid"]
    (found,) = [e for e in report.next if e.event == "quest-resolution"]
    assert "Ann and Cid are eliminated at once" in found.message
    assert "rr/threat-elimination-level" in found.cites
    assert "threat-elimination" not in rules(report)


def test_a_quest_that_raises_no_one_to_50_eliminates_no_one():
    players = [player("Ann", 40, heroes=[committed("Eowyn", 9)])]
    data = event(check(quest_board(players, [location(5)])), "quest-resolution")
    assert data["eliminated"] == [] and data["threat_raise"] == 0


def test_a_player_already_at_50_is_not_eliminated_again_by_the_raise():
    players = [player("Ann", 52, heroes=[committed("Eowyn", 0)]), player("Bob", 30)]
    report = check(quest_board(players, [location(2)]))
    assert event(report, "quest-resolution")["eliminated"] == []
    assert "threat-elimination" in rules(report)


def test_progress_beyond_the_stage_is_lost_when_it_advances():
    """Quest Advancement: extra progress does not carry over to the next stage."""
    players = [player("Ann", 30, heroes=[committed("Eowyn", 9)])]
    quest = {"title": "Stage", "quest_points": 8, "progress": 5}
    report = check(quest_board(players, [location(1)], quest))
    data = event(report, "quest-resolution")
    assert (data["advance"], data["progress_lost"]) == (True, 5)
    (found,) = report.next
    assert "5 progress beyond its 8 quest points is lost" in found.message


def test_doomed_that_takes_a_player_to_50_eliminates_them():
    board = {
        "phase": "quest",
        "step": "3.3",
        "players": [player("Ann", 48), player("Bob", 30)],
        "revealed": [{"title": "Necromancer's Pass", "keywords": ["doomed 2"]}],
    }
    data = event(check(board), "staging")
    assert data["threat_after"] == {"Ann": 50, "Bob": 32} and data["eliminated"] == ["Ann"]


def test_refresh_names_only_the_players_its_raise_eliminates():
    players = [player("Ann", 49), player("Bob", 51), player("Cid", 30)]
    data = event(check({"phase": "refresh", "first_player": "Cid", "players": players}), "refresh")
    assert data["eliminated"] == ["Ann"]
    # Bob was out already and Ann goes out at 7.3: the token passes from Cid to Cid
    assert data["next_first_player"] == "Cid"


def test_step_7_2_readies_exhausted_attachments_too():
    aragorn = hero("Aragorn", exhausted=True)
    aragorn["attachments"] = [{"title": "Steward of Gondor", "exhausted": True}]
    gimli = hero("Gimli", attachments=[{"title": "Citadel Plate"}])
    board = {"phase": "refresh", "step": "7.2", "players": [player("Ann", 30, [aragorn, gimli])]}
    report = check(board)
    assert event(report, "refresh")["readied"] == ["Aragorn", "Steward of Gondor"]
    (found,) = report.next
    assert "Ready every exhausted card: Aragorn, Steward of Gondor" in found.message
    assert "rr/step-7.2" in found.cites and "rr/ready" in found.cites


def test_the_draw_step_does_not_say_heroes_gain_0_resource():
    board = {"phase": "resource", "step": "1.3", "players": [player("Ann", 30)]}
    (found,) = check(board).next
    assert "gains 0" not in found.message and "draws 1 card" in found.message


def enemy(title: str, **stats) -> dict:
    return {
        "title": title,
        "engagement_cost": 30,
        "attack": 6,
        "defense": 3,
        "hit_points": 9,
        **stats,
    }


def combat(step: str, ann_heroes, **fields) -> dict:
    ann = player(
        "Ann",
        31,
        heroes=ann_heroes,
        allies=[{"title": "Gandalf", "defense": 4, "hit_points": 4}],
        engaged=[enemy("Hill Troll")],
    )
    bob = player(
        "Bob",
        28,
        heroes=[hero("Legolas", attack=3, keywords=["ranged"]), hero("Beravor", attack=2)],
        engaged=[enemy("Goblin Sniper", attack=2, defense=0, hit_points=2)],
    )
    return {"phase": "combat", "step": step, "players": [ann, bob], **fields}


def test_a_defender_that_left_play_leaves_the_attack_undefended():
    """Step 6.4.3: a defender that leaves play before damage is assigned."""
    heroes = [hero("Faramir", defense=2, hit_points=3, damage=3), hero("Aragorn", hit_points=9)]
    declared = {"enemy": "Hill Troll", "defender": "Faramir", "damage_to": "Aragorn"}
    data = event(check(combat("6.4.3", heroes, attack=declared)), "enemy-attack")
    assert (data["undefended"], data["defense"], data["damage"]) == (True, 0, 6)
    assert (data["target"], data["destroyed"]) == ("Aragorn", False)
    del declared["damage_to"]
    data = event(check(combat("6.4.3", heroes, attack=declared)), "enemy-attack")
    assert data["undefended"] and data["target"] is None


def test_damage_to_with_a_defender_still_in_play_is_an_input_error():
    heroes = [hero("Faramir", defense=2, hit_points=3), hero("Aragorn")]
    declared = {"enemy": "Hill Troll", "defender": "Faramir", "damage_to": "Aragorn"}
    with pytest.raises(InputError, match="undefended"):
        check(combat("6.4.3", heroes, attack=declared))


def test_destroying_the_last_hero_eliminates_its_player():
    last = [hero("Aragorn", hit_points=5), hero("Gimli", hit_points=4, damage=4)]
    declared = {"enemy": "Hill Troll", "damage_to": "Aragorn"}
    report = check(combat("6.4.3", last, attack=declared))
    assert event(report, "enemy-attack")["eliminated"] == ["Ann"]
    two_left = [hero("Aragorn", hit_points=5), hero("Gimli", hit_points=4)]
    report = check(combat("6.4.3", two_left, attack=declared))
    data = event(report, "enemy-attack")
    assert data["destroyed"] and data["eliminated"] == []


def test_undefended_damage_put_on_an_ally_is_not_worked_out_as_if_it_stood():
    declared = {"enemy": "Hill Troll", "damage_to": "Gandalf"}
    report = check(combat("6.4.3", [hero("Aragorn")], attack=declared))
    (found,) = [e for e in report.next if e.event == "enemy-attack"]
    assert "undefended-damage-not-on-hero" in rules(report)
    assert "Gandalf takes" not in found.message
    assert "Ann must put all 6 damage on one of their heroes" in found.message
    assert (found.data["target"], found.data["destroyed"], found.data["legal"]) == (
        None,
        False,
        False,
    )


def test_a_defender_the_rules_refuse_leaves_the_attack_undefended():
    heroes = [hero("Aragorn", exhausted=True), hero("Gimli")]
    report = check(combat("6.4.1", heroes, attack={"enemy": "Hill Troll", "defender": "Aragorn"}))
    data = event(report, "enemy-attack")
    assert "defender-not-ready" in rules(report)
    assert (data["undefended"], data["target"], data["legal"]) == (True, None, False)


def test_an_enemy_attacks_only_the_player_it_is_engaged_with():
    declared = {"enemy": "Goblin Sniper", "player": "Ann", "defender": "Gandalf"}
    report = check(combat("6.4.3", [hero("Aragorn")], attack=declared))
    assert "attack-not-engaged-player" in rules(report)
    (found,) = [e for e in report.next if e.event == "enemy-attack"]
    assert "Gandalf takes" not in found.message and "Goblin Sniper attacks Bob" in found.message
    assert (found.data["damage"], found.data["legal"]) == (0, False)
    legal = check(combat("6.4.3", [hero("Aragorn")], attack={"enemy": "Hill Troll"}))
    assert "attack-not-engaged-player" not in rules(legal)


def test_an_enemy_in_the_staging_area_makes_no_combat_attack():
    stray = {"type": "enemy", **enemy("Stray Orc")}
    declared = {"enemy": "Stray Orc", "player": "Ann"}
    report = check(combat("6.4.3", [hero("Aragorn")], staging_area=[stray], attack=declared))
    assert "attack-not-engaged-player" in rules(report)


def test_a_player_attack_on_an_enemy_in_the_staging_area_is_illegal_even_with_ranged():
    """Step 6.8b and Ranged: ranged reaches enemies engaged with another player only."""
    spider = {"type": "enemy", "title": "Forest Spider", "defense": 1, "hit_points": 4}
    declared = {"player": "Bob", "enemy": "Forest Spider", "attackers": ["Legolas"]}
    report = check(
        combat("6.8.3", [hero("Aragorn")], staging_area=[spider], player_attack=declared)
    )
    assert "attack-target-not-engaged" in rules(report)
    assert "attacker-needs-ranged" not in rules(report)
    data = event(report, "player-attack")
    assert (data["damage"], data["destroyed"], data["legal"]) == (0, False, False)


def test_ranged_reaches_an_enemy_engaged_with_another_player():
    declared = {"player": "Bob", "enemy": "Hill Troll", "attackers": ["Legolas"]}
    report = check(combat("6.8.3", [hero("Aragorn")], player_attack=declared))
    assert report.ok and event(report, "player-attack")["legal"] is True


def test_an_attacker_the_rules_refuse_does_not_count_in_the_attack():
    declared = {"player": "Bob", "enemy": "Hill Troll", "attackers": ["Legolas", "Beravor"]}
    report = check(combat("6.8.3", [hero("Aragorn")], player_attack=declared))
    assert "attacker-needs-ranged" in rules(report)
    data = event(report, "player-attack")
    assert (data["attack"], data["damage"], data["legal"]) == (3, 0, False)


def shadow_board(players, **fields) -> dict:
    return {"phase": "combat", "step": "6.2", "players": players, **fields}


def engaged(*costs) -> list:
    return [{"title": f"E{c}{'abc'[i]}", "engagement_cost": c} for i, c in enumerate(costs)]


def test_the_last_shadow_card_among_tied_enemies_is_the_players_choice():
    players = [
        player("Ann", 30, engaged=engaged(35, 30, 30)),
        player("Bob", 30, engaged=engaged(40)),
    ]
    data = event(check(shadow_board(players, encounter_deck=2)), "shadow-deal")
    assert data["order"] == [
        {"player": "Ann", "enemy": "E35a"},
        {"player": "Ann", "choice": ["E30b", "E30c"]},
    ]
    assert data["undealt"] == [{"player": "Bob", "enemy": "E40a"}]
    enough = event(check(shadow_board(players, encounter_deck=3)), "shadow-deal")
    assert all("enemy" in d for d in enough["order"]) and len(enough["order"]) == 3


def test_an_eliminated_players_enemies_get_no_shadow_card():
    players = [
        player("Ann", 50, engaged=engaged(30)),
        player("Bob", 30, heroes=[], eliminated=True, engaged=engaged(20)),
        player("Cid", 30, engaged=engaged(25)),
    ]
    report = check(shadow_board(players, encounter_deck=5))
    assert event(report, "shadow-deal")["order"] == [{"player": "Cid", "enemy": "E25a"}]
    (found,) = report.next
    assert "Ann and Bob are out of the game" in found.message


def test_a_board_without_an_encounter_deck_deals_to_every_enemy_and_says_so():
    players = [player("Ann", 30, engaged=engaged(30, 20))]
    report = check(shadow_board(players))
    data = event(report, "shadow-deal")
    assert len(data["order"]) == 2 and data["undealt"] == []
    assert data["encounter_deck_after"] is None
    (found,) = report.next
    assert "assumes it holds enough cards" in found.message and "runs out" not in found.message
