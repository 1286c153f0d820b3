"""Reading keywords as a board states them: `sentinel`, `archery 2`, `doomed 1`.

Board files give keywords in lower case with any value after the word, as printed
on the card ("Archery 2" is written `archery 2`).
"""

from __future__ import annotations

import re

_VALUED = re.compile(r"^([a-z' -]+?)\s+(\d+)$")


def has_keyword(keywords: tuple[str, ...], name: str) -> bool:
    """True when the card has the keyword, with or without a value."""
    return any(k == name or keyword_value((k,), name) is not None for k in keywords)


def keyword_value(keywords: tuple[str, ...], name: str) -> int | None:
    """The total X of every `name X` instance on the card, or None when it has none."""
    values = [
        int(match.group(2))
        for match in map(_VALUED.match, keywords)
        if match and match.group(1).strip() == name
    ]
    return sum(values) if values else None


def instances(keywords: tuple[str, ...], name: str) -> int:
    """How many times a keyword appears on one card (each surge is one more reveal)."""
    return sum(1 for k in keywords if k == name or keyword_value((k,), name) is not None)
