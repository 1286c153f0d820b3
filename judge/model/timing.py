"""Ordering triggered abilities that share one triggering condition.

Rules Reference, "Timing of Ability Resolution" and "Cancel": cancels interrupt first;
then constant abilities, then forced (when-revealed ranks with forced), then responses;
within a category 'when' before 'after'; abilities still tied are ordered by the first
player ("Priority of Simultaneous Resolution").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from judge.model.registry import implements

CATEGORY = {"constant": 0, "forced": 1, "when-revealed": 1, "response": 2}
REASONS = {
    0: (
        "constant abilities apply before any triggered ability",
        ("rr/timing-of-ability-resolution", "faq/1.37"),
    ),
    1: (
        "forced effects (when-revealed effects rank with them) resolve before responses",
        ("rr/forced", "faq/1.09", "rr/timing-of-ability-resolution"),
    ),
    2: (
        "responses resolve after constant and forced effects",
        ("rr/response", "rr/timing-of-ability-resolution"),
    ),
}


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    type: str
    word: str = "after"
    player: str | None = None
    cancels: bool = False


@dataclass(frozen=True, slots=True)
class Placement:
    """One place in the order: a name, or a group the first player orders (`choice`)."""

    names: tuple[str, ...]
    reason: str
    cites: tuple[str, ...]

    def to_json(self):
        return self.names[0] if len(self.names) == 1 else {"choice": list(self.names)}


@implements(
    "rr/timing-of-ability-resolution",
    "rr/cancel",
    "rr/priority-of-simultaneous-resolution",
    "rr/forced",
    "rr/response",
    "faq/1.09",
    "faq/1.37",
)
def order_abilities(abilities: list[Ability]) -> list[Placement]:
    """The resolution order, with one reason (and its cites) per placement."""
    placements: list[Placement] = []
    cancels = [a for a in abilities if a.cancels]
    if cancels:
        placements.append(
            _place(
                cancels,
                "a cancel interrupts the effect it cancels before it resolves, "
                "so it goes before everything else",
                ("rr/cancel", "rr/timing-of-ability-resolution"),
            )
        )

    def rank(a: Ability) -> tuple[int, int]:
        return CATEGORY[a.type], 0 if a.word == "when" else 1

    rest = sorted((a for a in abilities if not a.cancels), key=rank)
    for (category, word), group in groupby(rest, key=rank):
        reason, cites = REASONS[category]
        if word == 0:
            reason += "; 'when' abilities go before 'after' abilities"
        placements.append(_place(list(group), reason, cites))
    return placements


def _place(members: list[Ability], reason: str, cites: tuple[str, ...]) -> Placement:
    names = tuple(a.name for a in members)
    if len(members) > 1:
        reason += f"; {', '.join(names)} tie, so the first player chooses their order"
        cites = (*cites, "rr/priority-of-simultaneous-resolution")
    return Placement(names, reason, cites)
