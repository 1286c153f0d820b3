"""The attack being resolved, step by step: an enemy's (6.4b-6.4.4) and a player's (6.8b-6.8.4).

The arithmetic is `judge.games.lcg.combat`'s; this module applies it to the board's
declared attack, after checking the declaration with the rules of
`judge.games.lcg.combat_declarations`: what those rules refuse is not worked out as if it
stood, and the event says what the rules require instead.
"""

from __future__ import annotations

import math

from judge.games.lcg import steps
from judge.games.lcg.combat import enemy_attack_damage, player_attack_damage
from judge.games.lcg.combat_declarations import (
    attack_not_engaged_player,
    attack_target_not_engaged,
    attacker_needs_ranged,
    attacker_not_ready,
    defender_needs_sentinel,
    defender_not_ready,
    undefended_damage_not_on_hero,
)
from judge.games.lcg.elimination import eliminated_by_lost_hero, elimination_sentence
from judge.games.lcg.keywords import has_keyword
from judge.games.lcg.state import Board
from judge.rules.declarations import implements
from judge.rules.report import Event, Finding


def _hit_points_left(card) -> float:
    """Hit points a card has left; a board that leaves hit points out (0) cannot destroy it."""
    return card.hit_points - card.damage if card.hit_points > 0 else math.inf


def _refusals(board: Board, *rules) -> tuple[Finding, ...]:
    """The findings of these declared rules (`combat_declarations`) on this board: what
    makes the step illegal as declared, so that its event says what the rules require."""
    return tuple(finding for rule in rules for finding in rule.invariant.findings(board))


def _cites(function, refusals: tuple[Finding, ...], *more: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys((*function.cites, *(c for f in refusals for c in f.cites), *more)))


@implements(
    "rr/step-6.4.3",
    "rr/step-6.4.2",
    "rr/damage",
    "rr/defense-strength",
    "rr/hit-points",
    "rr/step-6.4b",
)
def enemy_attack(board: Board) -> Event:
    """Steps 6.4b-6.4.4: the attack after resolved effects, less the defender's defense.

    Undefended, the whole attack lands on one hero of the attacked player and no defense
    applies; any damage beyond what the target can take is lost, never carried over. A
    declared defender that has left play before damage is assigned leaves the attack
    undefended. A declaration the rules refuse (a defender that cannot defend, damage on
    a card that cannot take it, a player the enemy is not engaged with) is not worked out
    as if it stood: the event says what the rules require instead.
    """
    declared = board.attack
    attack = max(declared.enemy.attack + declared.attack_modifier, 0)
    wrong_player = _refusals(board, attack_not_engaged_player)
    if wrong_player:
        return _attack_on_wrong_player(board, attack, wrong_player)
    refused_defender = _refusals(board, defender_not_ready, defender_needs_sentinel)
    refused_target = _refusals(board, undefended_damage_not_on_hero)
    defender = None if refused_defender else declared.defending
    target = defender or (None if refused_target else declared.damage_to)
    left = _hit_points_left(target) if target is not None else math.inf
    result = enemy_attack_damage(attack, [(defender.defense, left)] if defender else [], left)
    eliminated = eliminated_by_lost_hero(board, target) if result.destroyed else []
    notes = [f.message for f in refused_defender]
    if refused_defender:
        notes.append("Without a legal defender the attack is undefended.")
    elif declared.defender is not None and declared.defender.destroyed:
        notes.append(
            f"{declared.defender.title} has left play (its damage reaches its hit points) "
            "before damage is assigned, so the attack is undefended."
        )
    notes += [f.message for f in refused_target]
    if target is None:
        outcome = (
            f"{declared.player.name} must put all {result.damage} damage on one of their heroes"
        )
    else:
        outcome = f"{target.title} takes {result.damage} damage" + (
            " and is destroyed" if result.destroyed else ""
        )
    how = (
        f"attack {attack} - defense {result.defense}"
        if not result.undefended
        else f"undefended: attack {attack}, no defense"
    )
    message = " ".join(
        (*notes, f"{declared.enemy.title} attacks {declared.player.name} ({how}): {outcome}.")
    )
    if eliminated:
        message += f" It was {eliminated[0]}'s last hero. " + elimination_sentence(
            board, eliminated
        )
    refusals = (*refused_defender, *refused_target)
    return Event(
        "enemy-attack",
        board.step or steps.ENEMY_DAMAGE,
        message,
        {
            "attack": attack,
            "defense": result.defense,
            "damage": result.damage,
            "undefended": result.undefended,
            "target": target.title if target else None,
            "destroyed": result.destroyed,
            "eliminated": eliminated,
            "legal": not refusals,
        },
        _cites(enemy_attack, refusals, *(eliminated_by_lost_hero.cites if eliminated else ())),
    )


def _attack_on_wrong_player(board: Board, attack: int, refusals: tuple[Finding, ...]) -> Event:
    """An enemy attacking a player it is not engaged with: nothing of the declared attack
    stands, so no damage is worked out; the event says whom the enemy attacks instead."""
    declared = board.attack
    engaged_with = board.engaged_player(declared.enemy)
    required = (
        f"{declared.enemy.title} attacks {engaged_with.name}, who may declare a defender; "
        f"undefended, its {attack} damage goes on one of {engaged_with.name}'s heroes."
        if engaged_with
        else f"{declared.enemy.title} makes no attack in the combat phase."
    )
    return Event(
        "enemy-attack",
        board.step or steps.ENEMY_DAMAGE,
        f"{refusals[0].message} The rules require instead: {required}",
        {
            "attack": attack,
            "defense": 0,
            "damage": 0,
            "undefended": declared.defender is None,
            "target": None,
            "destroyed": False,
            "eliminated": [],
            "legal": False,
        },
        _cites(enemy_attack, refusals),
    )


@implements("rr/step-6.8.2", "rr/step-6.8.3", "rr/damage", "rr/destroy", "kw/indestructible")
def player_attack(board: Board) -> Event:
    """Steps 6.8b-6.8.4: the attackers' total attack less the enemy's defense.

    Only the attackers the rules let attack count (ready ones at the declaring steps, and
    another player's or a foreign enemy's only with ranged); an attack on an enemy engaged
    with no one is no attack at all, and deals no damage.
    """
    declared = board.player_attack
    defense = max(declared.enemy.defense + declared.defense_modifier, 0)
    no_target = _refusals(board, attack_target_not_engaged)
    refused = () if no_target else _refusals(board, attacker_not_ready, attacker_needs_ranged)
    refused_paths = {f.path for f in refused}
    attackers = [
        c
        for index, c in enumerate(declared.attackers)
        if f"{declared.path}.attackers[{index}]" not in refused_paths and not no_target
    ]
    total = sum(c.attack for c in attackers)
    indestructible = has_keyword(declared.enemy.keywords, "indestructible")
    left = _hit_points_left(declared.enemy)
    result = player_attack_damage(total, defense, left, indestructible)
    damage, destroyed = result.damage, result.destroyed
    if no_target:
        message = f"{no_target[0].message} No attack is made, so no damage is dealt."
    elif not attackers:
        message = " ".join(f.message for f in refused) + " No legal attacker: no damage is dealt."
    else:
        names = " + ".join(f"{c.title} {c.attack}" for c in attackers)
        outcome = f"{declared.enemy.title} takes {damage} damage" + (
            " and is destroyed"
            if destroyed
            else " (indestructible: it is not destroyed)"
            if indestructible and 0 < damage >= left
            else ""
        )
        message = " ".join(
            (
                *(f"{f.message} It does not count in the attack." for f in refused),
                f"{names} = attack {total} against defense {defense}: {outcome}.",
            )
        )
    refusals = (*no_target, *refused)
    return Event(
        "player-attack",
        board.step or steps.PLAYER_DAMAGE,
        message,
        {
            "attack": total,
            "defense": defense,
            "damage": damage,
            "destroyed": destroyed,
            "legal": not refusals,
        },
        _cites(player_attack, refusals),
    )
