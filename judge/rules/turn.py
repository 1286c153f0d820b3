"""A step of a game's turn or round: what the turn chart and the rulesets share.

A module of its own, apart from the `Ruleset` protocol, so that the rulesets, which
every `check` imports, need not import `typing` for it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One step of a game's turn or round, as its rulebook numbers and names it."""

    number: str
    title: str
    phase: str
    action_window: bool
    entry_id: str
