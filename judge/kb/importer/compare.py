"""Where our restatement and the printed wording differ in a way a ruling can turn on."""

from __future__ import annotations

import re

#: words a dispute at the table often turns on: permission, obligation, timing, limits
MATTERS = (
    "cannot", "can", "may", "must", "only", "not", "when", "after", "before", "then",
    "each", "all", "any", "instead", "until", "unless", "limit", "once",
)  # fmt: skip
_WORD = re.compile(r"[a-z']+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.casefold().replace("can't", "cannot")))


def differences(ours: str, official: str) -> list[dict]:
    """The deciding words one text uses and the other does not, in `MATTERS` order:
    [{"word", "in_ours", "in_official"}]."""
    mine, printed = _words(ours), _words(official)
    return [
        {"word": word, "in_ours": word in mine, "in_official": word in printed}
        for word in MATTERS
        if (word in mine) != (word in printed)
    ]
