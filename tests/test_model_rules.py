"""Combat damage, modifiers, scoring, timing, decks and campaign logs."""

from __future__ import annotations

import pytest

from judge.games import implementations as all_rules
from judge.games.lcg.campaign import (
    CampaignCard,
    CampaignLog,
    CampaignPlayer,
    fallen_hero_used,
    permanent_on_fallen_hero,
    starting_threat_penalty,
)
from judge.games.lcg.campaign_setup import setup_checklist
from judge.games.lcg.combat import (
    Modifier,
    apply_modifiers,
    enemy_attack_damage,
    player_attack_damage,
    score,
)
from judge.games.lcg.deck import Deck, DeckCard, deck_findings
from judge.games.lcg.timing import Ability, cancelled_by, order_abilities, unplayable_cancels


def test_undefended_attack_ignores_defense_and_hits_one_hero():
    result = enemy_attack_damage(attack=4, defenders=[], hit_points_left=4)
    assert (result.damage, result.undefended, result.destroyed) == (4, True, True)


def test_multiple_defenders_pool_defense_and_damage_goes_to_one():
    """FAQ (1.04): defense adds up; all damage is dealt to a single defender."""
    result = enemy_attack_damage(attack=6, defenders=[(2, 4), (1, 3)], hit_points_left=3)
    assert (result.defense, result.damage, result.destroyed) == (3, 3, True)


def test_damage_equal_to_hit_points_destroys_and_one_less_does_not():
    assert player_attack_damage(5, 1, hit_points_left=4).destroyed
    assert not player_attack_damage(4, 1, hit_points_left=4).destroyed
    assert not player_attack_damage(9, 1, hit_points_left=4, indestructible=True).destroyed
    assert player_attack_damage(1, 3, hit_points_left=4).damage == 0


@pytest.mark.parametrize(
    ("base", "mods", "expected"),
    [
        (2, [Modifier("double"), Modifier("add", 1)], 6),  # add before doubling
        (5, [Modifier("halve")], 3),  # fractions round up
        (3, [Modifier("add", 2), Modifier("set", 1), Modifier("double")], 1),  # set overrides
        (1, [Modifier("add", -3)], 0),  # floor at 0
        (2, [Modifier("set", 4), Modifier("set", 7)], 7),  # latest set wins
    ],
)
def test_modifiers(base, mods, expected):
    assert apply_modifiers(base, mods) == expected


def test_score_counts_threat_dead_heroes_damage_rounds_and_victory():
    players = [
        {
            "threat": 35,
            "heroes": [{"threat_cost": 12, "dead": True}, {"threat_cost": 9, "damage": 2}],
        },
        {"threat": 30, "eliminated": True, "heroes": [{"threat_cost": 10, "damage": 1}]},
    ]
    sheet = score(players, rounds=6, victory_points=5)
    assert (sheet.final_threat, sheet.dead_hero_threat, sheet.hero_damage) == (85, 22, 2)
    assert sheet.total == 85 + 22 + 2 + 60 - 5


def flat(placements):
    return [p.to_json() for p in placements]


def test_when_before_after_and_forced_only_over_responses_of_the_same_word():
    """Rules Reference, "Forced" (p. 8): among responses to one trigger that share a word
    ("when" or "after"), the forced ones resolve ahead of the others; "Timing of Ability
    Resolution": "when" before "after". So a "when" response precedes an "after" forced ability."""
    order = order_abilities(
        [
            Ability("Strength of Will", "response"),
            Ability("Tower Gate", "forced"),
            Ability("Early", "response", word="when"),
            Ability("Aura", "constant"),
            Ability("Sudden", "forced", word="when"),
        ]
    )
    assert flat(order) == ["Aura", "Sudden", "Early", "Tower Gate", "Strength of Will"]


def test_a_cancel_with_nothing_it_can_cancel_is_refused_and_left_out():
    """Rules Reference, "Cancel" (p. 4) and FAQ 1.53: a cancel interrupts an effect as it
    initiates; a constant ability is never initiated."""
    abilities = [Ability("Aura", "constant"), Ability("A Test of Will", "response", cancels=True)]
    assert flat(order_abilities(abilities)) == ["Aura"]
    (refusal,) = unplayable_cancels(abilities)
    assert refusal.names == ("A Test of Will",) and "rr/cancel" in refusal.cites


def test_a_cancel_naming_its_target_needs_that_target_to_be_cancellable():
    reach = Ability("Reach", "when-revealed")
    named = Ability("Eleanor", "response", cancels=True, target="Reach")
    assert unplayable_cancels([reach, named]) == []
    wrong = Ability("Eleanor", "response", cancels=True, target="Aura")
    assert [r.names for r in unplayable_cancels([reach, Ability("Aura", "constant"), wrong])] == [
        ("Eleanor",)
    ]


def test_cancel_comes_first_and_the_cancelled_effect_stays_listed():
    order = order_abilities(
        [Ability("Reach", "when-revealed"), Ability("Eleanor", "response", cancels=True)]
    )
    assert flat(order) == ["Eleanor", "Reach"]


def test_a_cancelled_ability_stays_right_after_its_cancel_and_does_not_resolve():
    """Rules Reference, "Cancel" (p. 4) and FAQ 1.53: the cancelled effect is as if it
    never triggered; it takes no part in the ties of what still resolves."""
    abilities = [
        Ability("Dark Sorcery", "when-revealed"),
        Ability("Tower Gate", "forced"),
        Ability("Aura", "constant"),
        Ability("A Test of Will", "response", cancels=True, target="Dark Sorcery"),
    ]
    order = order_abilities(abilities)
    assert flat(order) == ["A Test of Will", "Dark Sorcery", "Aura", "Tower Gate"]
    assert "does not resolve" in order[1].reason and "faq/1.53" in order[1].cites
    assert cancelled_by(abilities) == {"Dark Sorcery": "A Test of Will"}


def test_a_cancel_naming_nothing_cancels_the_only_effect_it_can():
    reach = Ability("Reach", "when-revealed")
    eleanor = Ability("Eleanor", "response", cancels=True)
    assert cancelled_by([reach, eleanor]) == {"Reach": "Eleanor"}
    two = [reach, Ability("Tower Gate", "forced"), eleanor]
    assert cancelled_by(two) == {}


def test_a_second_cancel_of_an_effect_already_cancelled_cannot_be_played():
    """Rules Reference, "Cancel" (p. 4): nothing more, cancels included, can be initiated
    in reference to a cancelled effect."""
    abilities = [
        Ability("Reach", "when-revealed"),
        Ability("Eleanor", "response", cancels=True, target="Reach"),
        Ability("A Test of Will", "response", cancels=True, target="Reach"),
    ]
    (refusal,) = unplayable_cancels(abilities)
    assert refusal.names == ("A Test of Will",) and "already cancelled by Eleanor" in refusal.reason
    assert flat(order_abilities(abilities)) == ["Eleanor", "Reach"]


def test_the_when_before_after_reading_is_stated_with_the_other_reading_cited():
    """ "When", "After" and "Forced" order by the word first; "Timing of Ability
    Resolution" (p. 18) and FAQ 1.37 list the categories first. Both are cited where the
    readings disagree, and neither is called the newer text."""
    order = order_abilities(
        [Ability("Tower Gate", "forced"), Ability("Steward", "response", word="when")]
    )
    assert flat(order) == ["Steward", "Tower Gate"]
    when = order[0]
    assert {"rr/when", "rr/after", "rr/forced", "faq/1.37"} <= set(when.cites)
    assert "the other reading" in when.reason and "Tower Gate before Steward" in when.reason
    assert "neither is the newer text" in when.reason
    responses_only = order_abilities(
        [Ability("Strength of Will", "response"), Ability("Steward", "response", word="when")]
    )
    assert "rr/when" in responses_only[0].cites
    assert "the other reading" not in responses_only[0].reason


def test_ties_are_a_choice_for_the_first_player():
    order = order_abilities(
        [Ability("A", "forced"), Ability("B", "forced"), Ability("C", "response")]
    )
    assert flat(order) == [{"choice": ["A", "B"]}, "C"]
    assert "rr/priority-of-simultaneous-resolution" in order[0].cites


def deck(heroes, *cards):
    return Deck(
        tuple(DeckCard(h, 1, f"heroes[{i}]") for i, h in enumerate(heroes)),
        tuple(DeckCard(t, n, f"cards[{i}]") for i, (t, n) in enumerate(cards)),
    )


def test_deck_of_exactly_50_is_legal_and_49_is_not():
    cards = [(f"Card {i}", 3) for i in range(16)] + [("Last", 2)]
    assert list(deck_findings(deck(["Aragorn"], *cards))) == []
    assert {f.rule for f in deck_findings(deck(["Aragorn"], *cards[:-1], ("Last", 1)))} == {
        "deck-size"
    }


def test_deck_copy_limit_hero_count_and_duplicate_heroes():
    cards = [(f"Card {i}", 3) for i in range(16)] + [("Gandalf", 2), ("Gandalf", 2)]
    rules = {f.rule for f in deck_findings(deck(["Gimli", "Gimli", "Legolas", "Aragorn"], *cards))}
    assert rules == {"copy-limit", "duplicate-hero", "hero-count"}


def campaign(**changes):
    base = {
        "players": (CampaignPlayer("Ann", "players[0]", ("Aragorn", "Éowyn"), 1),),
        "fallen_heroes": ("Boromir",),
        "campaign_pool": (
            CampaignCard("Mithril Shirt", "boon", "campaign_pool[0]", True, "Aragorn"),
        ),
    }
    return CampaignLog(**{**base, **changes})


def test_fallen_hero_cannot_be_used_again():
    log = campaign(players=(CampaignPlayer("Ann", "players[0]", ("Boromir",)),))
    assert [f.rule for f in fallen_hero_used(log)] == ["fallen-hero-used"]
    assert list(fallen_hero_used(campaign())) == []


def test_permanent_card_on_fallen_hero_must_leave_the_pool():
    pool = (CampaignCard("Grievous Wound", "burden", "campaign_pool[0]", True, "Boromir"),)
    assert [f.rule for f in permanent_on_fallen_hero(campaign(campaign_pool=pool))] == [
        "permanent-on-fallen-hero"
    ]


def test_expert_healing_costs_one_threat_per_hero_and_removes_carried_damage():
    ann = CampaignPlayer(
        "Ann", "players[0]", ("Aragorn", "Éowyn"), 2, (("Aragorn", 3), ("Éowyn", 1)), ("Éowyn",)
    )
    log = campaign(players=(ann,), expert=True)
    assert starting_threat_penalty(log, ann) == 3
    (checklist,) = setup_checklist(log)
    assert checklist.data["starting_damage"] == {"Aragorn": 3}
    assert checklist.data["attach_permanent"] == [{"card": "Mithril Shirt", "hero": "Aragorn"}]


def test_the_checklist_says_where_every_earned_card_goes():
    """Campaign Setup Checklist, steps 5-8: no pool card is left out of the checklist."""
    pool = (
        CampaignCard("Mithril Shirt", "boon", "campaign_pool[0]", True, "Aragorn"),
        CampaignCard("Valour", "boon", "campaign_pool[1]", player="Ann"),
        CampaignCard("Lure of the Ring", "burden", "campaign_pool[2]", player="ann"),
        CampaignCard("Palantir", "boon", "campaign_pool[3]"),
        CampaignCard("Fear", "burden", "campaign_pool[4]", player="Zed"),
        CampaignCard("Grievous Wound", "burden", "campaign_pool[5]", deck="encounter"),
        CampaignCard("Gate", "burden", "campaign_pool[6]", deck="encounter", setup=True),
    )
    ann, group = setup_checklist(campaign(campaign_pool=pool))
    assert ann.data["shuffle_into_deck"] == ["Valour", "Lure of the Ring"]
    assert "Valour (boon, optional), Lure of the Ring (burden)" in ann.message
    assert group.data == {
        "player": None,
        "setup_cards": ["Gate"],
        "shuffle_into_encounter_deck": ["Grievous Wound"],
        "no_owner": ["Palantir", "Fear"],
    }
    assert "Palantir (boon) names no player" in group.message
    assert "Fear (burden) names Zed, who is not a player in the log" in group.message


def test_every_model_rule_cites_entries_that_exist(kb):
    rules = all_rules()
    assert len(rules) >= 25
    for name, cites in rules.items():
        assert cites, name
        missing = [c for c in cites if kb.get(c) is None]
        assert missing == [], f"{name} cites unknown ids {missing}"


def test_show_lists_the_model_functions_that_use_an_entry(cli):
    data = cli("show", "rr/engagement-check", "--json").json()
    assert "engagement.engagement_checks" in data["used_by"]


def test_each_deck_finding_cites_the_entry_for_its_own_rule():
    findings = {
        f.rule: f.cites
        for f in deck_findings(deck(["Aragorn", "Aragorn", "Gimli", "Legolas"], ("Gandalf", 4)))
    }
    assert set(findings) == {"hero-count", "duplicate-hero", "deck-size", "copy-limit"}
    assert "rr/unique-cards" in findings["duplicate-hero"]
    assert (
        "rr/player-deck" in findings["deck-size"] and "rr/player-deck" not in findings["copy-limit"]
    )
    assert "rr/unique-cards" not in findings["hero-count"]


def test_show_says_when_the_judge_uses_a_rule_in_a_players_words(cli):
    out = cli("show", "rr/engagement-check").out
    assert "The judge uses this rule when working out what happens at step 5.3" in out
    data = cli("show", "rr/threat-elimination-level", "--json").json()
    assert any(use.startswith("checking a board") for use in data["judge_uses"])
