"""Ordering triggered abilities that share one triggering condition.

Rules Reference, "Timing of Ability Resolution", "Forced" and "Cancel": cancels interrupt
first; constant abilities apply before anything triggered; then every 'when' ability
resolves before every 'after' one, and forced abilities (when-revealed ranks with them)
go before responses of the same word only. The Rules Reference's "Forced" entry is the
newer text here, so a 'when' response precedes an 'after' forced ability. Abilities still
tied are ordered by the first player ("Priority of Simultaneous Resolution").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from judge.rules.declarations import implements

CATEGORY = {"constant": 0, "forced": 1, "when-revealed": 1, "response": 2}
#: constant abilities are never initiated, so there is nothing for a cancel to interrupt
CANCELLABLE = ("forced", "when-revealed", "response")
REASONS = {
    0: (
        "constant abilities apply before any triggered ability",
        ("rr/timing-of-ability-resolution", "faq/1.37"),
    ),
    1: (
        "forced effects (when-revealed effects rank with them) resolve before responses "
        "of the same 'when' or 'after' word",
        ("rr/forced", "faq/1.09", "rr/timing-of-ability-resolution"),
    ),
    2: (
        "responses resolve after forced effects of the same 'when' or 'after' word",
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
    #: the ability this cancel interrupts, when the trigger file names it
    target: str | None = None


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
    """The resolution order, with one reason (and its cites) per placement.

    Cancels that `unplayable_cancels` refuses are left out of the order.
    """
    placements: list[Placement] = []
    refused = {r.names[0] for r in unplayable_cancels(abilities)}
    cancels = [a for a in abilities if a.cancels and a.name not in refused]
    if cancels:
        placements.append(
            _place(
                cancels,
                "a cancel interrupts the effect it cancels before it resolves, "
                "so it goes before everything else",
                ("rr/cancel", "rr/timing-of-ability-resolution"),
            )
        )

    def rank(a: Ability) -> tuple[int, int, int]:
        constant = CATEGORY[a.type] == 0
        return (0 if constant else 1, 0 if a.word == "when" or constant else 1, CATEGORY[a.type])

    rest = sorted((a for a in abilities if not a.cancels), key=rank)
    for (_, word, category), group in groupby(rest, key=rank):
        reason, cites = REASONS[category]
        if category and word == 0:
            reason += "; every 'when' ability resolves before any 'after' ability"
        placements.append(_place(list(group), reason, cites))
    return placements


@implements("rr/cancel", "faq/1.37", "faq/1.53")
def unplayable_cancels(abilities: list[Ability]) -> list[Placement]:
    """Cancels with nothing to cancel: a cancel interrupts a triggered effect as it
    initiates, so it needs one here (the one it names, or any when it names none);
    a constant ability or another cancel is not such an effect."""
    by_name = {a.name: a for a in abilities}
    refused = []
    for cancel in (a for a in abilities if a.cancels):
        if cancel.target is not None:
            target = by_name.get(cancel.target)
            problem = (
                None
                if target is not None and not target.cancels and target.type in CANCELLABLE
                else f"{cancel.target} is not a forced, when-revealed or response effect "
                "in this list"
            )
        else:
            problem = (
                None
                if any(not a.cancels and a.type in CANCELLABLE for a in abilities)
                else "no forced, when-revealed or response effect shares this trigger"
            )
        if problem:
            refused.append(
                Placement(
                    (cancel.name,),
                    f"{cancel.name} cannot be played: {problem}, and a cancel must interrupt "
                    "an effect as it initiates",
                    tuple(unplayable_cancels.cites),
                )
            )
    return refused


def _place(members: list[Ability], reason: str, cites: tuple[str, ...]) -> Placement:
    names = tuple(a.name for a in members)
    if len(members) > 1:
        reason += f"; {', '.join(names)} tie, so the first player chooses their order"
        cites = (*cites, "rr/priority-of-simultaneous-resolution")
    return Placement(names, reason, cites)
