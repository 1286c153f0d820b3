"""TCG keywords as written on a board: the loaded ones have rules, the rest are names.

The Starter Rulebook ("Keywords", p. 38) calls keywords with rules *loaded* (ambush,
archer, damage +X, defender +X, fierce, ...) and the others (races, Southron, tale)
*unloaded*. Unloaded keywords are accepted as written, but a word that looks like a
misspelt loaded keyword is refused: a typo must not silently switch a rule off.
"""

from __future__ import annotations

import re
from difflib import get_close_matches

from judge.games.tcg.state import Keywords

#: loaded keyword -> whether it takes a number ("damage +1", "ambush 2"); `ring-bearer`
#: marks the companion whose death loses the game
LOADED = {
    "archer": False,
    "fierce": False,
    "ring-bearer": False,
    "damage": True,
    "defender": True,
    "ambush": True,
}
#: a flag keyword as written -> its `Keywords` field
FLAGS = {"archer": "archer", "fierce": "fierce", "ring-bearer": "ring_bearer"}
_WITH_NUMBER = re.compile(r"^(damage|defender|ambush)\s*\+?\s*(\d+)$")
#: the Ring-bearer as cards print it, resistance and all ("Ring-bearer (resistance 10)")
_RING_BEARER = re.compile(r"^ring[- ]?bearer(?:\s*\(resistance \d+\))?$")


class KeywordError(ValueError):
    """A keyword written wrongly; the message says how to write it."""


def read_keywords(words: tuple[str, ...]) -> Keywords:
    totals = {"damage": 0, "defender": 0, "ambush": 0}
    flags = dict.fromkeys(FLAGS.values(), False)
    other: list[str] = []
    for word in words:
        text = " ".join(word.lower().split())
        text = "ring-bearer" if _RING_BEARER.match(text) else text
        numbered = _WITH_NUMBER.match(text)
        if numbered:
            totals[numbered.group(1)] += int(numbered.group(2))
        elif text in FLAGS:
            flags[FLAGS[text]] = True
        elif text in totals:
            raise KeywordError(f"'{word}' needs its number, e.g. '{text} +1'")
        else:
            close = get_close_matches(text.split()[0] if text else text, LOADED, n=1, cutoff=0.75)
            if close:
                raise KeywordError(
                    f"'{word}' is not a keyword (did you mean '{close[0]}"
                    f"{' +1' if LOADED[close[0]] else ''}'?)"
                )
            other.append(word)
    return Keywords(**totals, **flags, other=tuple(other))
