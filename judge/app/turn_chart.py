"""A game's round (or turn) as its chart draws it: phases, their steps, nested sub-steps.

The steps and their order come from the game's ruleset (`Ruleset.turn`), which reads
them from the knowledge base; this module only groups them for display, for the app's
Round screen and anything else that wants the chart. It imports no Textual.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def phase_name(phase: str | None) -> str:
    """`quest` -> `Quest phase`; steps outside the phases belong to the round."""
    return f"{phase.capitalize()} phase" if phase and phase != "round" else "Round"


def phase_entry_id(kb, game: str, phase: str) -> str | None:
    """The entry describing a phase ("Quest Phase"), found by its title or an alias in
    that game ("Shadow Phase(s)" is also called "shadow phase")."""
    wanted = phase_name(phase).casefold()
    for entry in kb.entries:
        names = {entry.title.casefold(), *(a.casefold() for a in entry.aliases)}
        if entry.game == game and wanted in names and entry.kind != "step":
            return entry.id
    return None


@dataclass(frozen=True, slots=True)
class ChartStep:
    """One step (`judge.games.TurnStep`) and the sub-steps run inside it."""

    step: object
    children: tuple[ChartStep, ...] = ()


@dataclass(frozen=True, slots=True)
class ChartPhase:
    """One phase of the round; `key` None for the round's own opening and closing steps."""

    key: str | None
    title: str
    steps: tuple[ChartStep, ...]
    #: the entry that describes the phase, when the knowledge base has one
    entry_id: str | None = None


def turn_chart(kb, game=None) -> list[ChartPhase]:
    """The phases with their steps in the order played (for the LCG: round begins, the
    seven phases, round ends). `game` is a ruleset; the default game when omitted."""
    if game is None:
        from judge.games import DEFAULT_GAME, ruleset

        game = ruleset(DEFAULT_GAME)
    runs: list[tuple[str, list]] = []
    for step in game.turn(kb):
        if runs and runs[-1][0] == step.phase and step.phase != "round":
            runs[-1][1].append(step)
        else:
            runs.append((step.phase, [step]))
    return [
        ChartPhase(None, steps[0].title, _nest(steps))
        if phase == "round"
        else ChartPhase(
            phase, phase_name(phase), _nest(steps), phase_entry_id(kb, game.game, phase)
        )
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
