"""The TCG rules model, from the Starter Rulebook's own examples and the edge cases
(exact double, ties, wounds equal to vitality), through the board reader."""

from __future__ import annotations

import pytest
from boards import check, event, rules

from judge.base.yamlio import InputError
from judge.games.tcg.moving import move_limit, twilight_for_move
from judge.games.tcg.skirmish import overwhelms


def card(title: str, strength: int, vitality: int = 4, wounds: int = 0, keywords=(), site=None):
    data = {"title": title, "strength": strength, "vitality": vitality, "wounds": wounds}
    if keywords:
        data["keywords"] = list(keywords)
    if site is not None:
        data["site"] = site
    return data


def board(companions, minions, skirmishes=(), phase="skirmish", site=4, **extra) -> dict:
    return {
        "game": "tcg",
        "phase": phase,
        "site": site,
        "twilight_pool": 2,
        "free_peoples": {"companions": list(companions)},
        "shadow": {"minions": list(minions)},
        "skirmishes": [{"companion": c, "minions": list(m)} for c, m in skirmishes],
        **extra,
    }


def skirmish(companion, minions) -> dict:
    titles = [m["title"] for m in minions]
    return event(
        check(board([companion], minions, [(companion["title"], titles)])), "skirmish-resolution"
    )


# Starter Rulebook, "Resolve that skirmish" (p. 29): Aragorn 8 against two Orcs of 3
def test_the_stronger_side_wins_and_each_loser_takes_one_wound():
    result = skirmish(card("Aragorn", 8), [card("Orc 1", 3, 2), card("Orc 2", 3, 2)])
    assert (result["winner"], result["overwhelm"]) == ("free_peoples", False)
    assert result["wounds"] == {"Orc 1": 1, "Orc 2": 1} and result["killed"] == []


def test_a_damage_bonus_adds_a_wound_to_each_loser():
    result = skirmish(
        card("Aragorn", 8, keywords=["damage +1"]), [card("Orc 1", 3, 3), card("Orc 2", 3, 3)]
    )
    assert result["wounds"] == {"Orc 1": 2, "Orc 2": 2}


def test_a_tie_goes_to_the_shadow_and_every_winners_bonus_counts():
    orcs = [card(f"Orc {n}", 4, 2, keywords=["damage +1"]) for n in (1, 2)]
    result = skirmish(card("Aragorn", 8, keywords=["damage +1", "defender +1"]), orcs)
    assert (result["winner"], result["overwhelm"]) == ("shadow", False)
    assert result["wounds"] == {"Aragorn": 3} and result["killed"] == []


def test_exactly_double_overwhelms_and_places_no_wounds():
    result = skirmish(card("Aragorn", 8), [card("Goblin Sneak", 4, 3)])
    assert result["overwhelm"] and result["killed"] == ["Goblin Sneak"]
    assert result["wounds"] == {}


def test_just_under_double_does_not_overwhelm():
    result = skirmish(card("Aragorn", 7), [card("Goblin Sneak", 4, 3)])
    assert not result["overwhelm"] and result["wounds"] == {"Goblin Sneak": 1}


def test_the_shadow_overwhelms_a_companion_whatever_its_vitality():
    result = skirmish(card("Frodo", 3, vitality=4), [card("Uruk Brute", 6)])
    assert result["winner"] == "shadow" and result["overwhelm"]
    assert result["killed"] == ["Frodo"] and result["wounds"] == {}


def test_a_tie_at_zero_goes_to_the_shadow_without_overwhelming():
    assert not overwhelms(0, 0)
    result = skirmish(card("Frodo", 0), [card("Orc", 0)])
    assert result["winner"] == "shadow" and not result["overwhelm"]


def test_a_loser_dies_when_its_wounds_reach_its_vitality_exactly():
    dies = skirmish(card("Aragorn", 8), [card("Orc", 5, vitality=2, wounds=1)])
    lives = skirmish(card("Aragorn", 8), [card("Orc", 5, vitality=3, wounds=1)])
    assert dies["killed"] == ["Orc"] and lives["killed"] == []


def test_a_character_at_its_vitality_in_wounds_cannot_be_in_play():
    report = check(board([card("Sam", 3, vitality=4, wounds=4)], [], phase="fellowship"))
    assert rules(report) == {"wounds-exceed-vitality"} and not report.ok
    report = check(board([card("Sam", 3, vitality=4, wounds=3)], [], phase="fellowship"))
    assert rules(report) == set()


# "Fierce" (p. 31): surviving fierce minions are defended against again
def test_fierce_minions_that_survive_skirmish_again():
    minions = [card("Uruk 1", 5, 3, keywords=["fierce"]), card("Uruk 2", 4, 1, keywords=["fierce"])]
    report = check(
        board(
            [card("Aragorn", 8), card("Gimli", 6)],
            minions,
            [("Aragorn", ["Uruk 1"]), ("Gimli", ["Uruk 2"])],
        )
    )
    assert event(report, "fierce") == {"minions": ["Uruk 1"]}


def test_no_fierce_event_when_no_fierce_minion_survives():
    report = check(
        board(
            [card("Aragorn", 8)], [card("Uruk", 4, 1, keywords=["fierce"])], [("Aragorn", ["Uruk"])]
        )
    )
    assert [e.event for e in report.next] == ["skirmish-resolution", "phase"]


@pytest.mark.parametrize(
    "phase, minions, then",
    [
        ("shadow", 1, "maneuver"),
        ("shadow", 0, "regroup"),
        ("archery", 0, "regroup"),
        ("assignment", 1, "skirmish"),
    ],
)
def test_the_phase_event_says_what_follows_and_skips_to_regroup_without_minions(
    phase, minions, then
):
    report = check(
        board([card("Frodo", 3)], [card(f"Orc {n}", 4) for n in range(minions)], phase=phase)
    )
    assert event(report, "phase")["then"] == then


# "Archery fire" (pp. 25-26)
def test_archery_totals_count_archers_and_cards_can_override_them():
    companions = [card("Legolas", 6, keywords=["archer"]), card("Frodo", 3)]
    minions = [
        card("Uruk Archer", 5, 2, keywords=["archer"]),
        card("Orc Bowman", 4, 1, keywords=["archer"]),
    ]
    data = event(check(board(companions, minions, phase="archery")), "archery")
    assert (data["fp_total"], data["shadow_total"]) == (1, 2)
    overridden = board(companions, minions, phase="archery")
    overridden["free_peoples"]["archery_total"] = 3
    assert event(check(overridden), "archery")["fp_total"] == 3


def test_archery_wounds_beyond_the_targets_vitality_are_lost():
    data = board(
        [card("Legolas", 6)], [card("Orc Bowman", 4, vitality=2, wounds=1)], phase="archery"
    )
    data["free_peoples"]["archery_total"] = 3
    fire = event(check(data), "archery")
    assert fire["fp_total"] == 3 and fire["wounds_to_minions"] == 1


# "How to move" (p. 22), "Move limit" (p. 32), "roaming" (p. 24)
def test_a_move_adds_the_shadow_number_and_one_per_companion():
    assert twilight_for_move(3, 4) == 7
    report = check(
        board(
            [card("Frodo", 3), card("Sam", 3)],
            [],
            phase="fellowship",
            moving_to={"site": 5, "shadow_number": 3},
        )
    )
    assert event(report, "move") == {"twilight_added": 5, "twilight_pool": 7}


@pytest.mark.parametrize("players, limit", [(2, 2), (3, 2), (4, 3), (5, 4)])
def test_the_move_limit_by_player_count(players, limit):
    assert move_limit(players) == limit


def test_regroup_says_whether_the_fellowship_may_move_again():
    first = event(check(board([card("Frodo", 3)], [], phase="regroup", moves=1)), "regroup")
    last = event(check(board([card("Frodo", 3)], [], phase="regroup", moves=2)), "regroup")
    assert first["may_move_again"] and not last["may_move_again"]
    assert rules(check(board([card("Frodo", 3)], [], phase="regroup", moves=3))) == {"move-limit"}


def test_a_minion_below_its_site_number_is_roaming():
    at_three = check(board([card("Frodo", 3)], [card("Orc", 4, site=4)], phase="shadow", site=3))
    at_four = check(board([card("Frodo", 3)], [card("Orc", 4, site=4)], phase="shadow", site=4))
    assert rules(at_three) == {"roaming"} and at_three.ok and rules(at_four) == set()


def test_one_companion_per_minion():
    report = check(
        board(
            [card("Aragorn", 8), card("Frodo", 3)],
            [card("Orc", 4)],
            [("Aragorn", ["Orc"]), ("Frodo", ["Orc"])],
            phase="assignment",
        )
    )
    assert rules(report) == {"minion-assigned-twice"}


def test_assignment_reports_unassigned_minions_defender_and_ambush():
    minions = [card("Southron", 5, keywords=["ambush 2"]), card("Orc", 4)]
    data = event(
        check(
            board(
                [card("Aragorn", 8, keywords=["defender +1"])],
                minions,
                [("Aragorn", ["Southron"])],
                phase="assignment",
            )
        ),
        "assignment",
    )
    assert data == {
        "unassigned": ["Orc"],
        "defends_up_to": {"Aragorn": 2},
        "ambush": {"Southron": 2},
    }


def test_ambush_twilight_is_the_owners_to_add_or_not():
    """ "Ambush" (p. 27): the minion's owner may add the twilight."""
    report = check(
        board(
            [card("Aragorn", 8)],
            [card("Southron", 5, keywords=["ambush 2"])],
            [("Aragorn", ["Southron"])],
            phase="assignment",
        )
    )
    (found,) = [e for e in report.next if e.event == "assignment"]
    assert "Southron's owner may add 2 twilight" in found.message and "adds" not in found.message


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda b: b["free_peoples"]["companions"][0].update(keywords=["feirce"]),
            "did you mean 'fierce'",
        ),
        (
            lambda b: b["free_peoples"]["companions"][0].update(keywords=["damage"]),
            "needs its number",
        ),
        (lambda b: b["skirmishes"][0].update(companion="Aragon"), "did you mean 'Aragorn'"),
        (lambda b: b.update(site=10), "1 to 9"),
        (lambda b: b.update(players=1), "at least 2 players"),
        (lambda b: b.update(phase="quest"), "not one of"),
        (lambda b: b["shadow"]["minions"][0].update(strenght=3), "unknown field 'strenght'"),
    ],
)
def test_bad_boards_name_the_problem(change, message):
    data = board([card("Aragorn", 8)], [card("Orc", 4)], [("Aragorn", ["Orc"])])
    change(data)
    with pytest.raises(InputError, match=message):
        check(data)


def test_unloaded_keywords_are_accepted_as_names():
    report = check(
        board(
            [card("Gimli", 6, keywords=["Dwarf", "damage +1"])],
            [card("Orc", 4, keywords=["Orc"])],
            [("Gimli", ["Orc"])],
        )
    )
    assert event(report, "skirmish-resolution")["wounds"] == {"Orc": 2}


FRODO = card("Frodo", 3, keywords=["Hobbit", "Ring-bearer"])


def game_end(report):
    return [e.data for e in report.next if e.event == "game-end"]


@pytest.mark.parametrize("written", ["Ring-bearer", "ring bearer", "Ring-bearer (resistance 10)"])
def test_the_ring_bearer_keyword_is_read_as_written_on_cards(written):
    from judge.games.tcg.keywords import read_keywords

    assert read_keywords((written,)).ring_bearer
    assert not read_keywords(("Hobbit",)).ring_bearer


# "Losing the Game" (p. 33), "Overwhelmed" (p. 30), "The One Ring" (p. 36)
def test_the_ring_bearer_overwhelmed_loses_the_game_and_nothing_follows():
    minions = [card("Uruk", 9, 2, keywords=["fierce"])]
    report = check(board([FRODO, card("Aragorn", 8)], minions, [("Frodo", ["Uruk"])]))
    (end,) = game_end(report)
    assert end["winner"] == "shadow" and "overwhelmed" in end["reason"]
    assert "fierce" not in [e.event for e in report.next]
    assert event(report, "phase")["then"] == "the game ends"


def test_the_ring_bearer_killed_by_wounds_loses_the_game():
    frodo = card("Frodo", 3, vitality=4, wounds=3, keywords=["Ring-bearer"])
    report = check(board([frodo], [card("Orc", 5)], [("Frodo", ["Orc"])]))
    (end,) = game_end(report)
    assert end["winner"] == "shadow" and "overwhelmed" not in end["reason"]


def test_a_killed_ring_bearer_on_the_board_has_ended_the_game_in_any_phase():
    frodo = card("Frodo", 3, vitality=4, wounds=4, keywords=["Ring-bearer"])
    report = check(board([frodo], [], phase="fellowship"))
    assert rules(report) == {"wounds-exceed-vitality"}
    assert game_end(report)[0]["winner"] == "shadow"


def test_with_sam_in_the_fellowship_frodos_death_may_pass_the_ring_on():
    frodo = card("Frodo", 3, vitality=4, wounds=3, keywords=["Ring-bearer"])
    sam = card("Sam, Faithful Companion", 3)
    report = check(board([frodo, sam], [card("Orc", 5)], [("Frodo", ["Orc"])]))
    assert game_end(report) == []
    assert event(report, "ring-bearer-killed") == {
        "ring_bearer": "Frodo",
        "heir": "Sam, Faithful Companion",
    }


# "Winning the Game" (p. 33)
def test_at_site_9_the_ring_bearer_surviving_the_skirmishes_wins():
    skirmishes = [("Aragorn", ["Uruk"])]
    minions = [card("Uruk", 5, 2)]
    report = check(board([FRODO, card("Aragorn", 8)], minions, skirmishes, site=9))
    (end,) = game_end(report)
    assert end["winner"] == "free_peoples" and "no regroup" in end["reason"]
    assert event(report, "phase")["then"] == "the game ends"
    assert game_end(check(board([FRODO, card("Aragorn", 8)], minions, skirmishes, site=8))) == []


def test_at_site_9_a_surviving_fierce_minion_must_be_skirmished_first():
    minions = [card("Uruk", 5, 3, keywords=["fierce"])]
    report = check(board([FRODO, card("Aragorn", 8)], minions, [("Aragorn", ["Uruk"])], site=9))
    assert game_end(report) == [] and event(report, "fierce") == {"minions": ["Uruk"]}


# "Moving your fellowship" (p. 22): always to the next site
@pytest.mark.parametrize("site, to", [(3, 5), (4, 4), (9, 9)])
def test_a_move_to_any_site_but_the_next_is_refused(site, to):
    report = check(
        board(
            [FRODO], [], phase="fellowship", site=site, moving_to={"site": to, "shadow_number": 2}
        )
    )
    assert "move-not-next-site" in rules(report) and not report.ok
    assert event(report, "move") == {"twilight_added": None, "twilight_pool": None}
    legal = board(
        [FRODO], [], phase="fellowship", site=3, moving_to={"site": 4, "shadow_number": 2}
    )
    assert "move-not-next-site" not in rules(check(legal))
