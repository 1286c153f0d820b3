"""Was the attack being resolved declared legally? (steps 6.4.1, 6.8b-6.8.1, 6.4.3, 4.2)

The board shows the table at its step. Declaring exhausts a defender or an attacker,
so readiness is judged only at the declaring steps, where the board still shows the
characters as they were before they were declared.
"""

from __future__ import annotations

from collections.abc import Iterator

from judge.games.lcg.keywords import has_keyword
from judge.games.lcg.state import Board
from judge.games.lcg.steps import DECLARE_ATTACKERS, DECLARE_DEFENDER
from judge.rules.declarations import invariant

Found = Iterator[tuple[str, str]]


@invariant("defender-not-ready", "violation", "rr/step-6.4.1", "rr/exhausted")
def defender_not_ready(board: Board) -> Found:
    """Only a ready character can be declared as a defender; declaring exhausts it."""
    attack = board.attack
    if attack and attack.defender and attack.defender.exhausted and board.step == DECLARE_DEFENDER:
        yield (
            f"{attack.defender.title} is exhausted: only a ready character can be declared as a "
            "defender.",
            f"{attack.path}.defender",
        )


@invariant(
    "defender-needs-sentinel", "violation", "kw/sentinel", "rr/step-6.4.1", "rr/defending-player"
)
def defender_needs_sentinel(board: Board) -> Found:
    """A character defends an attack against another player only with sentinel."""
    attack = board.attack
    if not attack or not attack.defender:
        return
    owner = board.controller(attack.defender)
    if owner.name != attack.player.name and not has_keyword(attack.defender.keywords, "sentinel"):
        yield (
            f"{attack.defender.title} belongs to {owner.name} but the attack is against "
            f"{attack.player.name}: defending for another player needs sentinel.",
            f"{attack.path}.defender",
        )


@invariant("attacker-not-ready", "violation", "rr/step-6.8b", "rr/step-6.8.1", "rr/exhausted")
def attacker_not_ready(board: Board) -> Found:
    """Only ready characters can be declared as attackers; declaring exhausts them."""
    attack = board.player_attack
    if not attack or board.step not in DECLARE_ATTACKERS:
        return
    for index, card in enumerate(attack.attackers):
        if card.exhausted:
            yield (
                f"{card.title} is exhausted: only a ready character can be declared as an attacker.",
                f"{attack.path}.attackers[{index}]",
            )


@invariant("attacker-needs-ranged", "violation", "kw/ranged", "rr/step-6.8.1")
def attacker_needs_ranged(board: Board) -> Found:
    """Attacking an enemy engaged with another player, or joining another player's attack,
    needs ranged."""
    attack = board.player_attack
    if not attack:
        return
    engaged_with = board.engaged_player(attack.enemy)
    for index, card in enumerate(attack.attackers):
        owner = board.controller(card)
        foreign_enemy = engaged_with is not None and engaged_with.name != owner.name
        if (foreign_enemy or owner.name != attack.player.name) and not has_keyword(
            card.keywords, "ranged"
        ):
            yield (
                f"{card.title} ({owner.name}) attacks {attack.enemy.title}, which is engaged with "
                f"{engaged_with.name if engaged_with else 'nobody'}, in {attack.player.name}'s "
                "attack: that needs ranged.",
                f"{attack.path}.attackers[{index}]",
            )


@invariant("undefended-damage-not-on-hero", "violation", "rr/step-6.4.3", "rr/damage")
def undefended_damage_not_on_hero(board: Board) -> Found:
    """An undefended attack's damage goes on one hero the attacked player controls; an
    attack whose defender has left play counts as undefended."""
    attack = board.attack
    if not attack or attack.defending or not attack.damage_to:
        return
    target = attack.damage_to
    owner = board.controller(target)
    if not target.is_hero or owner.name != attack.player.name:
        what = "an ally" if not target.is_hero else f"{owner.name}'s hero"
        yield (
            f"Undefended damage from {attack.enemy.title} is put on {target.title}, {what}: it must "
            f"go on a hero {attack.player.name} controls.",
            f"{attack.path}.damage_to",
        )


@invariant(
    "attack-not-engaged-player",
    "violation",
    "rr/step-6.4b",
    "rr/engaged",
    "rr/attacks-outside-the-combat-phase",
)
def attack_not_engaged_player(board: Board) -> Found:
    """In combat an enemy attacks the player it is engaged with: the active player chooses
    among the enemies engaged with them (6.4b). An attack on anyone else, or by an enemy
    in the staging area, comes only from a card ability."""
    attack = board.attack
    if not attack:
        return
    engaged_with = board.engaged_player(attack.enemy)
    if engaged_with is None or engaged_with.name != attack.player.name:
        where = (
            f"is engaged with {engaged_with.name}, so it attacks {engaged_with.name}"
            if engaged_with
            else "is in the staging area, engaged with no one, so it makes no combat attack"
        )
        yield (
            f"{attack.enemy.title} attacks {attack.player.name} but {where}: an enemy attacks "
            "the player it is engaged with, unless a card ability says otherwise.",
            f"{attack.path}.player",
        )


@invariant("attack-target-not-engaged", "violation", "rr/step-6.8b", "kw/ranged")
def attack_target_not_engaged(board: Board) -> Found:
    """A player attacks an enemy engaged with them, or with ranged one engaged with another
    player (6.8b); an enemy engaged with no one, such as one in the staging area, is no
    target for either."""
    attack = board.player_attack
    if attack and board.engaged_player(attack.enemy) is None:
        yield (
            f"{attack.player.name} attacks {attack.enemy.title}, which is engaged with no one: a "
            "player attack targets an enemy engaged with the attacking player, or, when every "
            "attacker has ranged, one engaged with another player; never an enemy in the "
            "staging area.",
            f"{attack.path}.enemy",
        )


@invariant(
    "travel-with-active-location", "violation", "rr/step-4.2", "rr/travel", "rr/active-location"
)
def travel_with_active_location(board: Board) -> Found:
    """The players cannot travel while a location is active."""
    if board.travel_to and board.active_locations:
        yield (
            f"The players travel to {board.travel_to.title} while "
            f"{board.active_locations[0].title} is active: travel is only possible with no "
            "active location.",
            "travel_to",
        )
