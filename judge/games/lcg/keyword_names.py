"""The keywords a board file may give a card, by name (without their value).

This is the knowledge base's keyword entries, titles lower-cased with their "X"
dropped; `tests/test_keyword_names.py` fails when the two drift apart. It is a constant
so that `check` need not load the knowledge base just to spell-check keywords.
"""

from __future__ import annotations

import re

KEYWORD_NAMES = frozenset(
    {
        "aflame", "ambush", "archery", "assault", "battle", "boarding", "burn", "capture",
        "deep", "defense", "devoted", "dire", "discover", "doomed", "encounter",
        "exploration", "frostbite", "grapple", "guarded", "hide", "hinder",
        "indestructible", "investigate", "loot", "looter", "massive", "mire", "peril",
        "permanent", "phantom", "pillage", "prowl", "race", "ranged", "regenerate",
        "restricted", "sack", "safe", "sailing", "scour", "searches", "secrecy", "sentinel",
        "siege", "spectral", "steeds", "surge", "time", "toughness", "track", "uncharted",
        "underworld", "vast", "venom", "victory", "villagers",
    }
)  # fmt: skip

#: a value after the name: `archery 2`, `guarded (enemy)`, `doomed x`
_VALUE = re.compile(r"\s+(?:\d+|x|\(.*\))$")


def keyword_name(keyword: str) -> str:
    """`archery 2` -> `archery`; `guarded (location)` -> `guarded`."""
    return _VALUE.sub("", keyword.strip().lower())


def name_from_title(title: str) -> str:
    """A keyword entry's title as a board names it: `Archery X` -> `archery`."""
    return keyword_name(title)
