"""Which rules-model functions rest on which knowledge-base entries.

`@implements("rr/engagement-check", ...)` records the link once, on the function; the
citations of its findings and the `used_by` list that `loremaster show` prints both come
from here, so the two directions can never disagree.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from judge.model.report import Finding

#: qualified function name -> the entry ids it implements
RULES: dict[str, tuple[str, ...]] = {}

#: modules that define rules; imported on demand by `used_by`
RULE_MODULES: tuple[str, ...] = tuple(
    f"judge.model.{name}"
    for name in (
        "invariants",
        "quest",
        "engagement",
        "shadows",
        "refresh",
        "combat",
        "staging",
        "declarations",
        "timing",
        "deck",
        "campaign",
    )
) + tuple(f"judge.tcg.{name}" for name in ("skirmish", "archery", "moving", "check"))


def implements(*entry_ids: str) -> Callable:
    """Register a model function as implementing these entries; it gains `.cites`."""
    if not entry_ids:
        raise ValueError("a rules-model function must cite at least one entry")

    def register(function: Callable) -> Callable:
        module = function.__module__.removeprefix("judge.model.").removeprefix("judge.")
        name = f"{module}.{function.__name__}"
        RULES[name] = tuple(entry_ids)
        function.cites = list(entry_ids)
        return function

    return register


def all_rules() -> dict[str, tuple[str, ...]]:
    """Every registered function (importing every rule module first)."""
    for module in RULE_MODULES:
        importlib.import_module(module)
    return RULES


def used_by(entry_id: str) -> list[str]:
    """Names of the model functions that implement an entry."""
    return sorted(name for name, cites in all_rules().items() if entry_id in cites)


@dataclass(frozen=True, slots=True)
class Invariant:
    """One rule about a board state, declared once: its id, severity, cites and phases.

    `check` yields (message, path) pairs; the declaration turns them into findings, so
    a rule's severity and citations cannot differ from one finding to the next.
    """

    rule: str
    severity: str
    cites: tuple[str, ...]
    check: Callable
    #: the board phases the rule applies in (None standing for a board without a phase);
    #: an empty `only` means every phase
    only: frozenset = frozenset()
    outside: frozenset = frozenset()

    def applies(self, phase: str | None) -> bool:
        return (not self.only or phase in self.only) and phase not in self.outside

    def findings(self, board) -> Iterator[Finding]:
        if self.applies(board.phase):
            for message, path in self.check(board):
                yield Finding(self.rule, self.severity, message, path, self.cites)


#: every invariant, in the order the modules declare them
INVARIANTS: list[Invariant] = []


def invariant(
    rule: str, severity: str, *entry_ids: str, only: tuple = (), outside: tuple = ()
) -> Callable:
    """Declare a board invariant: `only` / `outside` list the phases it is limited to or
    skips (None for a board that gives no phase)."""

    def register(check: Callable) -> Callable:
        implements(*entry_ids)(check)
        INVARIANTS.append(
            Invariant(rule, severity, tuple(entry_ids), check, frozenset(only), frozenset(outside))
        )
        return check

    return register
