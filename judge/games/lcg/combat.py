"""Combat damage (steps 6.4.3 and 6.8.3) and value modifiers."""

from __future__ import annotations

import math
from dataclasses import dataclass

from judge.games.lcg import steps
from judge.games.lcg.keywords import keyword_value
from judge.games.lcg.state import Board
from judge.rules.declarations import implements
from judge.rules.report import Event


@dataclass(frozen=True, slots=True)
class AttackResult:
    damage: int
    defense: int
    undefended: bool
    destroyed: bool


@implements("rr/step-6.4.3", "rr/damage", "rr/multiple-defenders", "faq/1.04")
def enemy_attack_damage(
    attack: int, defenders: list[tuple[int, float]], hit_points_left: float
) -> AttackResult:
    """Damage of an enemy attack.

    `defenders` are (defense, hit points left) pairs. Undefended, the whole attack
    goes to one hero and no defense applies. Several defenders add their defense,
    but all the damage goes to one of them (`hit_points_left` is that one's, or the
    chosen hero's when undefended).
    """
    if not defenders:
        return AttackResult(attack, 0, True, attack > 0 and attack >= hit_points_left)
    defense = sum(d for d, _ in defenders)
    damage = max(attack - defense, 0)
    return AttackResult(damage, defense, False, damage > 0 and damage >= hit_points_left)


@implements("rr/step-6.8.3", "rr/damage", "rr/destroy", "kw/indestructible")
def player_attack_damage(
    attack_total: int, enemy_defense: int, hit_points_left: float, indestructible: bool = False
) -> AttackResult:
    """Attackers' total attack minus the enemy's defense, never below 0."""
    damage = max(attack_total - enemy_defense, 0)
    destroyed = damage > 0 and damage >= hit_points_left and not indestructible
    return AttackResult(damage, enemy_defense, False, destroyed)


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to a value: `add` (+/-), `double`, `halve`, or `set`."""

    kind: str
    value: int = 0


@implements("rr/modifiers", "rr/base-value", "faq/1.43")
def apply_modifiers(base: int, modifiers: list[Modifier]) -> int:
    """Set wins (latest set); otherwise add and subtract first, then double and halve;
    the result is at least 0 and a fraction rounds up, both only at the end."""
    sets = [m.value for m in modifiers if m.kind == "set"]
    if sets:
        return max(sets[-1], 0)
    value: float = base + sum(m.value for m in modifiers if m.kind == "add")
    for m in modifiers:
        if m.kind == "double":
            value *= 2
        elif m.kind == "halve":
            value /= 2
    return max(math.ceil(value), 0)


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    final_threat: int
    dead_hero_threat: int
    hero_damage: int
    rounds: int
    victory_points: int

    @property
    def total(self) -> int:
        return (
            self.final_threat
            + self.dead_hero_threat
            + self.hero_damage
            + 10 * self.rounds
            - self.victory_points
        )


@implements("rr/scoring", "faq/scoring")
def score(players: list[dict], rounds: int, victory_points: int) -> ScoreSheet:
    """Score a won game (lower is better).

    Each player: `threat`, `eliminated`, and `heroes` as {threat_cost, damage, dead}.
    Dead heroes add their threat cost, living heroes their damage; an eliminated
    player counts 50 threat and all their heroes as dead.
    """
    threat = dead = damage = 0
    for player in players:
        out = bool(player.get("eliminated"))
        threat += 50 if out else player["threat"]
        for hero in player.get("heroes", ()):
            if out or hero.get("dead"):
                dead += hero.get("threat_cost", 0)
            else:
                damage += hero.get("damage", 0)
    return ScoreSheet(threat, dead, damage, rounds, victory_points)


@implements("rr/step-6.1", "kw/archery-x")
def archery(board: Board) -> Event:
    """At the start of combat, the players deal damage equal to the archery X of every
    enemy and location in play, engaged or in the staging area, summed."""
    sources: dict[str, int] = {}
    for card in (*board.enemies_in_play, *board.staging_locations, *board.active_locations):
        value = keyword_value(card.keywords, "archery")
        if value:
            sources[card.title] = sources.get(card.title, 0) + value
    total = sum(sources.values())
    message = (
        f"Archery: the players deal {total} damage among their characters "
        f"({', '.join(f'{t} {x}' for t, x in sources.items())})."
        if total
        else "No archery in play: no archery damage."
    )
    return Event(
        "archery",
        steps.COMBAT_BEGINS,
        message,
        {"total": total, "sources": sources},
        tuple(archery.cites),
    )
