"""The judge's verdict on one LCG board: invariant findings plus the events of the current step.

Which event each step produces is the table `STEP_EVENTS`, the one place a step number
is tied to the model. A step with no event there still gets an answer: a `not-modelled`
event citing the step, so that "nothing to say" is never mistaken for "nothing happens".
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from judge.model import declarations, invariants, steps
from judge.model.registry import INVARIANTS
from judge.model.report import Event, Report
from judge.model.state import Board


@dataclass(frozen=True, slots=True)
class StepEvent:
    """An event the model produces at some steps, when the board describes what it needs."""

    steps: tuple[str, ...]
    phase: str
    #: "module:function" under judge.model, imported only when a board reaches the step
    #: (a `check` pays for one event's module, not all of them)
    event: str
    #: the board field the event needs, and what to tell a user who left it out
    needs: str | None = None
    hint: str = ""

    def produce(self, board: Board) -> Event:
        module, _, function = self.event.partition(":")
        return getattr(importlib.import_module(f"judge.model.{module}"), function)(board)


STEP_EVENTS = (
    StepEvent(steps.RESOURCE, "resource", "refresh:resource_phase"),
    StepEvent(
        (steps.STAGING,),
        "quest",
        "staging:staging",
        "revealed",
        "list the revealed cards under 'revealed' to see surge and doomed",
    ),
    StepEvent((steps.QUEST_RESOLUTION,), "quest", "quest:resolve_quest"),
    StepEvent(
        (steps.TRAVEL,),
        "travel",
        "staging:travel",
        "travel_to",
        "name the location the players travel to with 'travel_to'",
    ),
    StepEvent((steps.ENGAGEMENT_CHECKS,), "encounter", "engagement:engagement_checks"),
    StepEvent((steps.COMBAT_BEGINS,), "combat", "combat:archery"),
    StepEvent((steps.DEAL_SHADOWS,), "combat", "shadows:deal_shadow_cards"),
    StepEvent(
        steps.ENEMY_ATTACK,
        "combat",
        "combat:enemy_attack",
        "attack",
        "describe the attack being resolved under 'attack' (enemy, defender)",
    ),
    StepEvent(
        steps.PLAYER_ATTACK,
        "combat",
        "combat:player_attack",
        "player_attack",
        "describe the attack under 'player_attack' (enemy, attackers)",
    ),
    StepEvent(steps.REFRESH, "refresh", "refresh:refresh"),
)

#: the entry that describes a phase, for boards that give a phase but no step
PHASE_ENTRIES = {"setup": "rr/setup"}


def _present(board: Board, field: str | None) -> bool:
    return field is None or bool(getattr(board, field))


def not_modelled(board: Board, hint: str = "") -> Event:
    """Say plainly that the model has nothing for this step or phase, citing its entry."""
    where = f"step {board.step}" if board.step else f"the {board.phase} phase"
    cite = (
        f"rr/step-{board.step}"
        if board.step
        else PHASE_ENTRIES.get(board.phase, f"rr/{board.phase}-phase")
    )
    message = f"The rules model does not work out what happens at {where}"
    message += f": {hint}." if hint else "; see the cited entry for what the rules say."
    return Event("not-modelled", board.step or "", message, {}, (cite,))


def step_events(board: Board) -> tuple[Event, ...]:
    """The events of the board's step, or of its phase when it gives no step."""
    if board.step:
        for rule in STEP_EVENTS:
            if board.step in rule.steps:
                if _present(board, rule.needs):
                    return (rule.produce(board),)
                return (not_modelled(board, rule.hint),)
        return (not_modelled(board),)
    if board.phase is None:
        return ()
    events = tuple(
        rule.produce(board)
        for rule in STEP_EVENTS
        if rule.phase == board.phase and _present(board, rule.needs)
    )
    return events or (not_modelled(board),)


#: the modules whose `@invariant` declarations fill the registry, in reporting order
RULE_MODULES = (invariants, declarations)


def check_board(board: Board) -> Report:
    findings = tuple(f for rule in INVARIANTS for f in rule.findings(board))
    return Report("lcg", findings, step_events(board))
