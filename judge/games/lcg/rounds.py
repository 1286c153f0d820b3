"""The round structure as data: every framework step of Appendix I, from the knowledge base.

The step entries' front matter (number, title, phase, action window) is the single
source; this module only orders it. Step numbers also fix their phase: the leading
digit is the phase's roman numeral (0 for the round's own begin and end).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.games.lcg import GAME
from judge.games.lcg.phases import PHASES_BY_DIGIT

_STEP = re.compile(r"^(\d)\.\d+(?:\.\d+)?[ab]?$")


@dataclass(frozen=True, slots=True)
class Step:
    number: str
    title: str
    phase: str
    action_window: bool
    entry_id: str


def phase_of_step(number: str) -> str | None:
    """The phase a step number belongs to, or None when it is not a step number."""
    match = _STEP.match(number)
    if not match or int(match.group(1)) >= len(PHASES_BY_DIGIT):
        return None
    return PHASES_BY_DIGIT[int(match.group(1))]


def _order_key(number: str) -> tuple:
    """Chart order: 0.0 first, 0.1 last, 6.4a/6.4b before 6.4.1."""
    if number == "0.1":
        return (9,)
    parts = re.findall(r"\d+|[a-z]", number)
    return tuple(int(p) if p.isdigit() else ord(p) - 200 for p in parts)


def round_structure(kb) -> tuple[Step, ...]:
    """Every framework step in the order the round plays them."""
    steps = [
        Step(
            e.number,
            e.title,
            e.phase or phase_of_step(e.number) or "round",
            bool(e.action_window),
            e.id,
        )
        for e in kb.entries
        if e.kind == "step" and e.number and e.game == GAME
    ]
    return tuple(sorted(steps, key=lambda s: _order_key(s.number)))
