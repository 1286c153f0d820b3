"""The judge's verdict on one LCG board: invariant findings plus the events of the current step.

Which event each step produces is the table `STEP_EVENTS`, the one place a step number
is tied to the model. A step with no event there still gets an answer: a `not-modelled`
event citing the step, so that "nothing to say" is never mistaken for "nothing happens".
"""

from __future__ import annotations

from judge.games.lcg import combat_declarations, invariants, steps
from judge.games.lcg.state import Board
from judge.rules.declarations import declared_invariants
from judge.rules.report import Event, Report
from judge.rules.steps import StepEvent, step_events

#: where the step events' functions live: `StepEvent.event` names them within it
_MODEL = "judge.games.lcg"


STEP_EVENTS = (
    StepEvent(steps.RESOURCE, "resource", f"{_MODEL}.refresh:resource_phase"),
    StepEvent(
        (steps.STAGING,),
        "quest",
        f"{_MODEL}.staging:staging",
        "revealed",
        "list the revealed cards under 'revealed' to see surge and doomed",
    ),
    StepEvent((steps.QUEST_RESOLUTION,), "quest", f"{_MODEL}.quest:resolve_quest"),
    StepEvent(
        (steps.TRAVEL,),
        "travel",
        f"{_MODEL}.staging:travel",
        "travel_to",
        "name the location the players travel to with 'travel_to'",
    ),
    StepEvent((steps.ENGAGEMENT_CHECKS,), "encounter", f"{_MODEL}.engagement:engagement_checks"),
    StepEvent((steps.COMBAT_BEGINS,), "combat", f"{_MODEL}.combat:archery"),
    StepEvent((steps.DEAL_SHADOWS,), "combat", f"{_MODEL}.shadows:deal_shadow_cards"),
    StepEvent(
        steps.ENEMY_ATTACK,
        "combat",
        f"{_MODEL}.attacks:enemy_attack",
        "attack",
        "describe the attack being resolved under 'attack' (enemy, defender)",
    ),
    StepEvent(
        steps.PLAYER_ATTACK,
        "combat",
        f"{_MODEL}.attacks:player_attack",
        "player_attack",
        "describe the attack under 'player_attack' (enemy, attackers)",
    ),
    StepEvent(steps.REFRESH, "refresh", f"{_MODEL}.refresh:refresh"),
)

#: the entry that describes a phase, for boards that give a phase but no step
PHASE_ENTRIES = {"setup": "rr/setup"}


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


#: the modules whose `@invariant` declarations are the LCG's rules, in reporting order
RULE_MODULES = (combat_declarations, invariants)
RULES = declared_invariants(*RULE_MODULES)


def check_board(board: Board) -> Report:
    findings = tuple(f for rule in RULES for f in rule.findings(board))
    return Report("lcg", findings, step_events(board, STEP_EVENTS, not_modelled))
