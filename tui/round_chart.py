"""The round as the Appendix I chart draws it: phases, their steps, and nested sub-steps.

The steps and their order come from the rules model (`judge.model.rounds`), which reads
them from the step entries; this module only groups them for display.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def phase_name(phase: str | None) -> str:
    """`quest` -> `Quest phase`; steps outside the phases belong to the round."""
    return f"{phase.capitalize()} phase" if phase and phase != "round" else "Round"


def phase_entry_id(phase: str) -> str:
    """The glossary entry describing a phase (`rr/quest-phase`)."""
    return f"rr/{phase}-phase"


@dataclass(frozen=True, slots=True)
class ChartStep:
    """One framework step (`judge.model.rounds.Step`) and the sub-steps run inside it."""

    step: object
    children: tuple[ChartStep, ...] = ()


@dataclass(frozen=True, slots=True)
class ChartPhase:
    """One phase of the round; `key` None for the round's own opening and closing steps."""

    key: str | None
    title: str
    steps: tuple[ChartStep, ...]


def round_chart(kb) -> list[ChartPhase]:
    """Round begins, the seven phases with their steps, round ends: in the order played."""
    from judge.model.rounds import round_structure

    runs: list[tuple[str, list]] = []
    for step in round_structure(kb):
        if runs and runs[-1][0] == step.phase and step.phase != "round":
            runs[-1][1].append(step)
        else:
            runs.append((step.phase, [step]))
    return [
        ChartPhase(None, steps[0].title, _nest(steps))
        if phase == "round"
        else ChartPhase(phase, phase_name(phase), _nest(steps))
        for phase, steps in runs
    ]


def _nest(steps: list) -> tuple[ChartStep, ...]:
    """Hang 6.4.1-6.4.4 under the last step numbered 6.4 (6.4b), and so on."""
    top: list[tuple[object, list]] = []
    holders: dict[str, list] = {}
    for step in steps:
        parent = step.number.rsplit(".", 1)[0] if step.number.count(".") >= 2 else None
        if parent is not None and parent in holders:
            holders[parent].append(step)
            continue
        children: list = []
        top.append((step, children))
        holders[re.sub(r"[a-z]+$", "", step.number)] = children
    return tuple(ChartStep(step, tuple(ChartStep(c) for c in children)) for step, children in top)
