"""What happens next: quest resolution, engagement, shadows, refresh and resources."""

from __future__ import annotations

from boards import check, event, hero, player


def quest_board(willpower: int, staging: list, active=None, quest=None, players=None) -> dict:
    heroes = [hero("Éowyn", willpower=willpower, committed=True, exhausted=True)]
    board = {
        "phase": "quest",
        "step": "3.4",
        "players": players or [player("Ann", 30, heroes=heroes)],
        "staging_area": staging,
        "quest": quest or {"title": "Stage", "quest_points": 8, "progress": 0},
    }
    if active:
        board["active_location"] = active
    return board


def loc(threat: int, qp: int = 3, progress: int = 0) -> dict:
    return {
        "type": "location",
        "title": f"Loc{threat}{qp}",
        "threat": threat,
        "quest_points": qp,
        "progress": progress,
    }


def test_quest_success_overflows_from_active_location_to_quest():
    data = event(
        check(quest_board(7, [loc(3)], active={"title": "Road", "quest_points": 3, "progress": 1})),
        "quest-resolution",
    )
    assert (data["progress"], data["to_location"], data["to_quest"], data["explored"]) == (
        4,
        2,
        2,
        True,
    )


def test_willpower_equal_to_threat_does_nothing():
    data = event(check(quest_board(5, [loc(5)])), "quest-resolution")
    assert (data["progress"], data["threat_raise"], data["advance"]) == (0, 0, False)


def test_failure_raises_each_players_threat_by_the_gap_and_engaged_enemies_do_not_count():
    engaged = [{"title": "Hummerhorns", "engagement_cost": 40, "threat": 5}]
    players = [
        player(
            "Ann",
            30,
            heroes=[hero("A", willpower=3, committed=True, exhausted=True)],
            engaged=engaged,
        ),
        player("Bob", 28),
        player("Cid", 20),
    ]
    data = event(check(quest_board(0, [loc(4), loc(3)], players=players)), "quest-resolution")
    assert (data["willpower"], data["threat"], data["threat_raise"]) == (3, 7, 4)
    assert data["threat_after"] == {"Ann": 34, "Bob": 32, "Cid": 24}


def test_active_location_threat_does_not_count_and_progress_can_advance():
    active = {"title": "Road", "threat": 9, "quest_points": 2, "progress": 0}
    data = event(
        check(
            quest_board(
                10, [], active=active, quest={"title": "S", "quest_points": 8, "progress": 0}
            )
        ),
        "quest-resolution",
    )
    assert (data["threat"], data["to_location"], data["to_quest"], data["advance"]) == (
        0,
        2,
        8,
        True,
    )


def test_no_active_location_means_not_explored():
    data = event(check(quest_board(4, [loc(1)])), "quest-resolution")
    assert (data["to_location"], data["to_quest"], data["explored"]) == (0, 3, False)


def enemy(title: str, cost: int) -> dict:
    return {"type": "enemy", "title": title, "engagement_cost": cost}


def engagement_board(players, staging, first=None) -> dict:
    board = {"phase": "encounter", "step": "5.3", "players": players, "staging_area": staging}
    if first:
        board["first_player"] = first
    return board


def test_engagement_takes_highest_cost_not_above_threat_and_equal_engages():
    """Rules Reference, "Engagement Check": threat 30 with costs 25, 28, 35 pulls the 28."""
    data = event(
        check(
            engagement_board([player("Ann", 30)], [enemy("A", 25), enemy("B", 28), enemy("C", 35)])
        ),
        "engagement-checks",
    )
    assert data["engagements"] == [{"player": "Ann", "enemy": "B"}, {"player": "Ann", "enemy": "A"}]
    data = event(
        check(engagement_board([player("Ann", 30)], [enemy("Equal", 30)])), "engagement-checks"
    )
    assert data["engagements"] == [{"player": "Ann", "enemy": "Equal"}]


def test_engagement_rounds_start_at_a_first_player_in_the_middle():
    players = [player("Ann", 35), player("Bob", 28), player("Cid", 40)]
    staging = [enemy("E10", 10), enemy("E40", 40), enemy("E20", 20), enemy("E35", 35)]
    data = event(check(engagement_board(players, staging, first="Bob")), "engagement-checks")
    assert data["engagements"] == [
        {"player": "Bob", "enemy": "E20"},
        {"player": "Cid", "enemy": "E40"},
        {"player": "Ann", "enemy": "E35"},
        {"player": "Bob", "enemy": "E10"},
    ]


def test_engagement_tie_is_reported_as_a_choice_and_stops():
    data = event(
        check(
            engagement_board([player("Ann", 30)], [enemy("A", 25), enemy("B", 25), enemy("C", 5)])
        ),
        "engagement-checks",
    )
    assert data["engagements"] == [{"player": "Ann", "choice": ["A", "B"]}]


def shadow_board(players, deck, first=None) -> dict:
    board = {"phase": "combat", "step": "6.2", "players": players, "encounter_deck": deck}
    if first:
        board["first_player"] = first
    return board


def engaged(*costs) -> list:
    return [{"title": f"E{c}", "engagement_cost": c} for c in costs]


def test_shadows_dealt_in_player_order_highest_cost_first():
    players = [player("Ann", 30, engaged=engaged(20, 30)), player("Bob", 30, engaged=engaged(35))]
    data = event(check(shadow_board(players, 10, first="Bob")), "shadow-deal")
    assert data["order"] == [
        {"player": "Bob", "enemy": "E35"},
        {"player": "Ann", "enemy": "E30"},
        {"player": "Ann", "enemy": "E20"},
    ]


def test_shadow_dealing_stops_when_the_encounter_deck_runs_out():
    players = [player("Ann", 30, engaged=engaged(20, 30)), player("Bob", 30, engaged=engaged(35))]
    data = event(check(shadow_board(players, 2)), "shadow-deal")
    assert data["order"] == [{"player": "Ann", "enemy": "E30"}, {"player": "Ann", "enemy": "E20"}]
    assert data["undealt"] == [{"player": "Bob", "enemy": "E35"}]


def test_refresh_raises_threat_and_passes_the_token_with_wrap():
    players = [player("Ann", 33, threat_raise_extra=2), player("Bob", 30)]
    data = event(check({"phase": "refresh", "first_player": "Bob", "players": players}), "refresh")
    assert data["threat_after"] == {"Ann": 36, "Bob": 31}
    assert data["next_first_player"] == "Ann"


def test_first_player_eliminated_at_refresh_passes_twice():
    """FAQ (1.30): the token leaves an eliminated first player at once; 7.4 then passes it again."""
    players = [player("Ann", 49), player("Bob", 30), player("Cid", 30)]
    data = event(check({"phase": "refresh", "players": players}), "refresh")
    assert data["eliminated"] == ["Ann"]
    assert data["next_first_player"] == "Cid"


def test_resource_phase_adds_one_per_hero_and_draws_one():
    players = [player("Ann", 30, heroes=[hero("Aragorn", resources=1), hero("Gimli")])]
    data = event(check({"phase": "resource", "players": players}), "resource")
    assert data == {"resources_after": {"Aragorn": 2, "Gimli": 1}, "drawn": {"Ann": 1}}


def test_events_cite_resolvable_entries(kb):
    report = check(quest_board(7, [loc(3)]))
    for e in report.next:
        assert e.cites and all(kb.get(c) for c in e.cites)
