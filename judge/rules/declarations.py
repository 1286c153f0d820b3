"""The declarations a rules model is written in: `@implements` and `@invariant`.

`@implements("rr/engagement-check", ...)` records, on the function itself, which
knowledge-base entries it rests on; the citations of its findings and the "used by"
list that `loremaster show` prints both come from that one record, so the two
directions can never disagree.

Nothing here is global: a declaration marks its function, and each game's ruleset
collects the marked functions of the modules it lists (`declared_invariants`,
`implementations`). A rule is therefore in force because a ruleset names its module,
never because something happened to import it first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

from judge.rules.report import Finding


def implements(*entry_ids: str) -> Callable:
    """Mark a model function as implementing these entries; it gains `.cites`."""
    if not entry_ids:
        raise ValueError("a rules-model function must cite at least one entry")

    def mark(function: Callable) -> Callable:
        function.cites = tuple(entry_ids)
        return function

    return mark


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


def invariant(
    rule: str, severity: str, *entry_ids: str, only: tuple = (), outside: tuple = ()
) -> Callable:
    """Declare a board invariant: `only` / `outside` list the phases it is limited to or
    skips (None for a board that gives no phase). The function gains `.invariant`."""

    def mark(check: Callable) -> Callable:
        implements(*entry_ids)(check)
        check.invariant = Invariant(
            rule, severity, tuple(entry_ids), check, frozenset(only), frozenset(outside)
        )
        return check

    return mark


def declared_invariants(*modules: ModuleType) -> tuple[Invariant, ...]:
    """The invariants the modules declare, module by module in the order given and,
    within a module, in the order they are written (the order findings are reported)."""
    return tuple(
        value.invariant
        for module in modules
        for value in vars(module).values()
        if callable(value) and isinstance(getattr(value, "invariant", None), Invariant)
    )


def implementations(package: str, *modules: ModuleType) -> dict[str, tuple[str, ...]]:
    """`module.function` (named within `package`) -> the entry ids it implements, for
    every function the modules define (not those they import) that declares any."""
    return {
        f"{module.__name__.removeprefix(package + '.')}.{value.__name__}": value.cites
        for module in modules
        for value in vars(module).values()
        if callable(value)
        and getattr(value, "__module__", None) == module.__name__
        and isinstance(getattr(value, "cites", None), tuple)
    }
