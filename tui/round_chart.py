"""The round as the Appendix I chart draws it: phases, their steps, and nested sub-steps.

Built from the step entries' own `number`, `phase` and `action_window` fields, so the
chart is only ever as right as the knowledge base.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

#: phase key -> printed phase name, in round order (0.0 opens the round, 0.1 closes it)
PHASES = {
    "resource": "Resource phase",
    "planning": "Planning phase",
    "quest": "Quest phase",
    "travel": "Travel phase",
    "encounter": "Encounter phase",
    "combat": "Combat phase",
    "refresh": "Refresh phase",
}


def phase_name(phase: str | None) -> str:
    """`quest` -> `Quest phase`; steps outside the phases belong to the round."""
    return PHASES.get(phase or "", "Round")


def phase_entry_id(phase: str) -> str:
    """The glossary entry describing a phase (`rr/quest-phase`)."""
    return f"rr/{phase}-phase"


def step_key(number: str) -> tuple[tuple[int, str], ...]:
    """Sort key in chart order: 6.4a, 6.4b, then 6.4.1 ... 6.4.4, then 6.5; 6.10 after 6.9."""
    parts: list[tuple[int, str]] = []
    for part in number.split("."):
        match = re.fullmatch(r"(\d+)([a-z]*)", part)
        if match is None:
            return ((999, number),)
        parts.append((int(match[1]), ""))
        if match[2]:
            parts.append((0, match[2]))  # a lettered step comes before the numbered sub-steps
    return tuple(parts)


def _base(number: str) -> str:
    """`6.4b` -> `6.4`: the number a sub-step such as 6.4.1 hangs under."""
    return re.sub(r"[a-z]+$", "", number)


@dataclass(frozen=True, slots=True)
class ChartStep:
    """One framework step and the sub-steps that run inside it."""

    entry: object
    children: tuple[ChartStep, ...] = ()


@dataclass(frozen=True, slots=True)
class ChartPhase:
    """One phase of the round (`key` None for the round's own opening and closing steps)."""

    key: str | None
    title: str
    steps: tuple[ChartStep, ...]


def round_chart(steps: Iterable) -> list[ChartPhase]:
    """The step entries arranged as the chart: round begins, seven phases, round ends."""
    ordered = sorted((s for s in steps if s.number), key=lambda s: step_key(s.number))
    by_phase: dict[str | None, list] = {}
    for step in ordered:
        by_phase.setdefault(step.phase if step.phase in PHASES else None, []).append(step)
    opening = [s for s in by_phase.get(None, []) if s.number != "0.1"]
    closing = [s for s in by_phase.get(None, []) if s.number == "0.1"]
    chart = [ChartPhase(None, "Round begins", _nest(opening))] if opening else []
    chart += [
        ChartPhase(key, title, _nest(by_phase[key]))
        for key, title in PHASES.items()
        if key in by_phase
    ]
    if closing:
        chart.append(ChartPhase(None, "Round ends", _nest(closing)))
    return chart


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
        holders[_base(step.number)] = children
    return tuple(ChartStep(step, tuple(ChartStep(c) for c in children)) for step, children in top)
