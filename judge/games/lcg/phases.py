"""The names of a round's phases, by a step number's leading digit.

A module of its own with no imports, because the rules model, the knowledge base's
validator and the entries all need it and none should pay for the others to get it.
"""

from __future__ import annotations

#: index = a step number's leading digit (0: the round's own begin and end)
PHASES_BY_DIGIT = (
    "round",
    "resource",
    "planning",
    "quest",
    "travel",
    "encounter",
    "combat",
    "refresh",
)
