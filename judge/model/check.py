"""The judge's verdict on one board: invariant findings plus the events of the current step."""

from __future__ import annotations

from judge.model.engagement import engagement_checks
from judge.model.invariants import INVARIANTS
from judge.model.quest import resolve_quest
from judge.model.refresh import refresh, resource_phase
from judge.model.report import Report
from judge.model.shadows import deal_shadow_cards
from judge.model.state import Board

#: which event each framework step produces ("what happens next")
STEP_EVENTS = {
    "1.1": resource_phase,
    "1.2": resource_phase,
    "1.3": resource_phase,
    "3.4": resolve_quest,
    "5.3": engagement_checks,
    "6.2": deal_shadow_cards,
    "7.1": refresh,
    "7.2": refresh,
    "7.3": refresh,
    "7.4": refresh,
}
#: without a step, the phase's main event
PHASE_EVENTS = {
    "resource": resource_phase,
    "quest": resolve_quest,
    "encounter": engagement_checks,
    "combat": deal_shadow_cards,
    "refresh": refresh,
}


def check_board(board: Board) -> Report:
    findings = tuple(f for rule in INVARIANTS for f in rule(board))
    produce = STEP_EVENTS.get(board.step) if board.step else PHASE_EVENTS.get(board.phase or "")
    events = (produce(board),) if produce else ()
    return Report("lcg", findings, events)
