"""Boards that name cards by title alone: printed values from the card facts.

Contract: ../shared/contracts/board-state.md, "Round 3", "Boards and decks that name
cards". The games layer cannot import the knowledge base, so the board reader is handed
a `CardValues` provider; the app builds it from the card facts (`judge.app.card_values`),
and the games-layer tests here pass a fake one.
"""

from __future__ import annotations

import pytest
from boards import check_yaml, event, rules

from judge.base.yamlio import InputError, load_text
from judge.games.lcg.board import read_lcg_board
from judge.games.lcg.printed import PrintedCard, UnknownVersion
from judge.kb import card_facts

TROLL_ATTACKS_GIMLI = """\
game: lcg
phase: combat
step: "6.4.3"
players:
  - name: Ann
    threat: 32
    heroes:
      - {title: Aragorn}
      - {title: Gimli, exhausted: true}
    allies:
      - {title: Gandalf}
    engaged:
      - {title: Hill Troll, shadow_cards: 1}
attack:
  enemy: Hill Troll
  defender: Gimli
"""


def test_a_board_by_title_alone_gets_the_troll_s_attack_and_core_gimli_s_defense():
    """The bar: 6 attack against the Core Set Gimli's 2 defense, 4 damage of his 5."""
    report = check_yaml(TROLL_ATTACKS_GIMLI)
    attack = event(report, "enemy-attack")
    assert (attack["attack"], attack["defense"], attack["damage"]) == (6, 2, 4)
    assert attack["target"] == "Gimli" and attack["destroyed"] is False
    assert report.ok


def test_a_title_alone_takes_keywords_unique_and_hit_points_from_the_facts():
    board = _board(TROLL_ATTACKS_GIMLI)
    aragorn, gimli = board.players[0].heroes
    (gandalf,) = board.players[0].allies
    (troll,) = board.players[0].engaged
    assert aragorn.keywords == ("sentinel",) and aragorn.threat_cost == 12
    assert gimli.keywords == () and gimli.hit_points == 5
    assert gandalf.unique and (gandalf.willpower, gandalf.attack) == (4, 4)
    assert (troll.engagement_cost, troll.defense, troll.hit_points) == (30, 3, 9)
    assert "victory 4" in troll.keywords


def test_every_gandalf_ally_is_unique_so_two_in_play_break_the_unique_rule():
    report = check_yaml(
        """\
        phase: planning
        players:
          - name: Ann
            threat: 30
            heroes: [{title: Aragorn}]
            allies: [{title: Gandalf}]
          - name: Bob
            threat: 30
            heroes: [{title: Legolas}]
            allies: [{title: Gandalf}]
        """
    )
    assert "unique-in-play" in rules(report)


def test_aragorn_by_title_gets_sentinel_but_the_tactics_aragorn_has_none():
    """Sentinel lets a character defend an attack on another player (kw/sentinel)."""
    board = """\
        phase: combat
        step: "6.4.1"
        players:
          - name: Ann
            threat: 30
            heroes: [{title: {aragorn}}]
          - name: Bob
            threat: 30
            heroes: [{title: Legolas}]
            engaged: [{title: Hill Troll}]
        attack: {enemy: Hill Troll, defender: Aragorn}
        """
    core = check_yaml(board.replace("{aragorn}", "Aragorn"))
    assert "defender-needs-sentinel" not in rules(core)
    tactics = check_yaml(board.replace("{aragorn}", "Aragorn, sphere: Tactics"))
    assert "defender-needs-sentinel" in rules(tactics)


def test_values_written_in_the_board_win_over_the_printed_ones():
    report = check_yaml(
        TROLL_ATTACKS_GIMLI.replace("{title: Gimli, exhausted: true}", "{title: Gimli, defense: 4}")
    )
    assert event(report, "enemy-attack")["defense"] == 4
    board = _board(
        TROLL_ATTACKS_GIMLI.replace("{title: Aragorn}", "{title: Aragorn, keywords: []}")
    )
    assert board.players[0].heroes[0].keywords == ()


def test_a_pack_picks_the_version_and_the_oldest_is_the_default():
    """Hill Troll: the Core Set's (defense 3, engagement 30) is older than The Wizard's
    Quest's (defense 2, engagement 33)."""
    quest = _board(
        TROLL_ATTACKS_GIMLI.replace(
            "Hill Troll, shadow", "Hill Troll, pack: The Wizard's Quest, shadow"
        )
    )
    assert (quest.players[0].engaged[0].defense, quest.players[0].engaged[0].engagement_cost) == (
        2,
        33,
    )
    lore = _board(TROLL_ATTACKS_GIMLI.replace("{title: Aragorn}", "{title: Aragorn, sphere: lore}"))
    assert lore.players[0].heroes[0].keywords == ("sentinel",)


def test_a_sphere_the_title_was_never_printed_in_is_an_input_error_listing_versions():
    with pytest.raises(InputError) as error:
        _board(TROLL_ATTACKS_GIMLI.replace("{title: Gimli,", "{title: Gimli, sphere: Spirit,"))
    assert str(error.value).startswith("board.yaml:9:")
    assert "Tactics Hero (Core Set)" in str(error.value) and "Leadership Hero" in str(error.value)


def test_check_says_which_version_it_read_when_the_versions_differ():
    report = check_yaml(TROLL_ATTACKS_GIMLI)
    notes = {f.path: f.message for f in report.findings if f.rule == "card-version"}
    assert "Leadership Hero (Core Set)" in notes["players[0].heroes[0]"]
    assert "7 versions" in notes["players[0].heroes[0]"]
    assert "Enemy (Core Set)" in notes["players[0].engaged[0]"]
    # Gandalf's two ally versions print the same values: nothing to say
    assert "players[0].allies[0]" not in notes
    picked = check_yaml(
        TROLL_ATTACKS_GIMLI.replace("{title: Aragorn}", "{title: Aragorn, sphere: Leadership}")
    )
    assert "players[0].heroes[0]" not in {f.path for f in picked.findings}


def test_a_card_needed_by_the_step_with_no_value_and_an_unknown_title_is_an_input_error():
    text = TROLL_ATTACKS_GIMLI.replace("Hill Troll", "Hill Trol")
    with pytest.raises(InputError) as error:
        check_yaml(text)
    message = str(error.value)
    assert message.startswith("board.yaml:13:17: Hill Trol needs attack (or a card title we know)")
    assert "did you mean 'Hill Troll'?" in message


def test_a_defender_with_no_defense_and_an_unknown_title_is_refused_not_taken_as_0():
    text = TROLL_ATTACKS_GIMLI.replace("Gimli", "Ann's Dwarf")
    with pytest.raises(
        InputError,
        match=r"board\.yaml:9:\d+: Ann's Dwarf needs defense \(or a card title we know\)",
    ):
        check_yaml(text)
    written = text.replace(
        "{title: Ann's Dwarf, exhausted: true}", "{title: Ann's Dwarf, defense: 1}"
    )
    assert event(check_yaml(written), "enemy-attack")["damage"] == 5


def test_a_printed_x_is_no_value_either():
    text = TROLL_ATTACKS_GIMLI.replace("Hill Troll", "Ghulat")
    with pytest.raises(InputError, match="Ghulat needs attack: .* the card prints X"):
        check_yaml(text)
    assert (
        event(
            check_yaml(text.replace("{title: Ghulat,", "{title: Ghulat, attack: 4,")),
            "enemy-attack",
        )["attack"]
        == 4
    )


def test_quest_resolution_reads_willpower_and_threat_from_the_titles():
    report = check_yaml(
        """\
        phase: quest
        step: "3.4"
        players:
          - name: Ann
            threat: 29
            heroes:
              - {title: Éowyn, sphere: Spirit, committed: true, exhausted: true}
              - {title: Glóin, committed: true, exhausted: true}
        staging_area:
          - {type: enemy, title: Forest Spider}
          - {type: location, title: Old Forest Road, pack: Core Set}
        """
    )
    resolved = event(report, "quest-resolution")
    assert (resolved["willpower"], resolved["threat"], resolved["progress"]) == (6, 3, 3)


def test_a_staging_card_with_no_threat_and_an_unknown_title_stops_quest_resolution():
    with pytest.raises(InputError, match="Mystery Ruins needs threat .* quest resolution"):
        check_yaml(
            """\
            step: "3.4"
            players:
              - {name: Ann, threat: 29, heroes: [{title: Glóin, committed: true}]}
            staging_area:
              - {type: location, title: Mystery Ruins}
            """
        )


def test_a_value_no_step_reads_may_stay_unknown():
    """The planning phase reads no attack: an unknown enemy without one is fine."""
    report = check_yaml(
        """\
        phase: planning
        players:
          - {name: Ann, threat: 29, heroes: [{title: Glóin}], engaged: [{title: Mystery Orc}]}
        """
    )
    assert report.ok


def test_engagement_checks_take_the_printed_engagement_cost():
    report = check_yaml(
        """\
        step: "5.3"
        players:
          - {name: Ann, threat: 30, heroes: [{title: Aragorn}]}
        staging_area:
          - {type: enemy, title: Hill Troll}
          - {type: enemy, title: Umbar Assassin}
        """
    )
    assert event(report, "engagement-checks")["engagements"] == [
        {"player": "Ann", "enemy": "Hill Troll"}
    ]


def test_an_attachment_by_title_is_restricted_and_unique_as_printed():
    board = _board(
        TROLL_ATTACKS_GIMLI.replace(
            "{title: Gimli, exhausted: true}",
            "{title: Gimli, exhausted: true, attachments: [{title: Citadel Plate}, {title: Steward of Gondor}]}",
        )
    )
    plate, steward = board.players[0].heroes[1].attachments
    assert plate.restricted and not plate.unique
    assert steward.unique and not steward.restricted


# -- the games layer, with a fake provider ----------------------------------------------


class FakeCards:
    """A `CardValues` that knows one enemy, in two versions."""

    def printed(self, types, title, sphere=None, pack=None):
        if title != "Cave Troll" or (types and "Enemy" not in types):
            return None
        if pack not in (None, "Old Pack", "New Pack"):
            raise UnknownVersion("its versions: Enemy (Old Pack); Enemy (New Pack)")
        attack = 5 if pack == "New Pack" else 4
        return PrintedCard(
            "Cave Troll",
            "Enemy",
            "",
            False,
            (("Archery", 1),),
            (("attack", attack), ("defense", 2), ("engagement_cost", 35)),
            pack or "Old Pack",
            f"Enemy ({pack or 'Old Pack'})",
            1 if pack else 2,
            frozenset() if pack else frozenset({"attack"}),
        )

    def by_id(self, card_id):
        return None

    def close_titles(self, title, types=()):
        return ("Cave Troll",) if title.lower().startswith("cave") else ()


CAVE = """\
step: "6.4.3"
players:
  - name: Ann
    threat: 30
    heroes: [{title: Hero, defense: 1, hit_points: 5}]
    engaged: [{title: Cave Troll}]
attack: {enemy: Cave Troll, defender: Hero}
"""


def test_the_board_reader_takes_printed_values_from_the_provider_it_is_given():
    board = read_lcg_board(load_text(CAVE, "board.yaml"), FakeCards())
    (troll,) = board.players[0].engaged
    assert (troll.attack, troll.defense, troll.engagement_cost) == (4, 2, 35)
    assert troll.keywords == ("archery 1",)
    assert [v.version for v in board.card_versions] == ["Enemy (Old Pack)"]
    picked = read_lcg_board(
        load_text(
            CAVE.replace("{title: Cave Troll}", "{title: Cave Troll, pack: New Pack}"), "b.yaml"
        ),
        FakeCards(),
    )
    assert picked.players[0].engaged[0].attack == 5 and picked.card_versions == ()


def test_without_a_provider_a_needed_value_left_out_is_an_input_error():
    with pytest.raises(InputError, match="Cave Troll needs attack \\(or a card title we know\\)"):
        read_lcg_board(load_text(CAVE, "board.yaml"))
    with pytest.raises(InputError, match="did you mean 'Cave Troll'"):
        read_lcg_board(
            load_text(CAVE.replace("Cave Troll", "Cave Trol"), "board.yaml"), FakeCards()
        )


def test_a_pack_the_provider_does_not_know_is_an_input_error_at_the_pack():
    text = CAVE.replace("{title: Cave Troll}", "{title: Cave Troll, pack: Lost Pack}")
    with pytest.raises(InputError, match=r"board\.yaml:6:\d+: its versions"):
        read_lcg_board(load_text(text, "board.yaml"), FakeCards())


def test_the_cli_prints_the_input_error_and_exits_2(cli, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(TROLL_ATTACKS_GIMLI.replace("Hill Troll", "Hill Trol"), encoding="utf-8")
    result = cli("check", str(path))
    assert result.code == 2 and "needs attack (or a card title we know)" in result.err
    assert "Traceback" not in result.err
    path.write_text(TROLL_ATTACKS_GIMLI, encoding="utf-8")
    data = cli("check", str(path), "--json").json()
    assert data["ok"] and {f["rule"] for f in data["findings"]} == {"card-version"}


# -- the order of versions -----------------------------------------------------------------


def test_the_card_facts_give_a_title_s_versions_oldest_first():
    assert [d.packs[0] for d in card_facts.by_title("Hill Troll")] == [
        "Core Set",
        "The Wizard's Quest",
    ]
    heroes = [d for d in card_facts.by_title("Gimli") if d.type == "Hero"]
    assert heroes[0].sphere == "Tactics" and heroes[0].packs[0] == "Core Set"
    assert card_facts.designs()[0].title == "Aragorn"


def _board(text: str):
    from judge.app.card_values import card_values

    return read_lcg_board(load_text(text, "board.yaml"), card_values())
