"""The TCG's phases in turn order: a module of its own with no imports, because the
ruleset (which every `loremaster ask` imports to route a question) needs only these
names, not the board's typed values (`state`)."""

from __future__ import annotations

#: the board's `phase` values, in turn order (Starter Rulebook, "Turn Sequence")
PHASES = ("fellowship", "shadow", "maneuver", "archery", "assignment", "skirmish", "regroup")
