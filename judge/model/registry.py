"""Which rules-model functions rest on which knowledge-base entries.

`@implements("rr/engagement-check", ...)` records the link once, on the function; the
citations of its findings and the `used_by` list that `loremaster show` prints both come
from here, so the two directions can never disagree.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

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
)


def implements(*entry_ids: str) -> Callable:
    """Register a model function as implementing these entries; it gains `.cites`."""
    if not entry_ids:
        raise ValueError("a rules-model function must cite at least one entry")

    def register(function: Callable) -> Callable:
        name = f"{function.__module__.removeprefix('judge.model.')}.{function.__name__}"
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
