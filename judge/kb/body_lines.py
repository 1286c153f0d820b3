"""An entry body's lines: each bullet, and each sentence of its paragraphs, as plain text.

`ask` answers with one of them (`judge.search.answer`), and a question in an entry's
front matter may name the one that answers it by its opening words
(docs/knowledge-base.md, "Questions"), which the validator checks. Both read a body
the same way, from here.
"""

from __future__ import annotations

import re

_MARKUP = re.compile(r"[*_`#>]+|^\s*[-+]\s+", re.MULTILINE)
_MARKER = r"(?:[-*+]|\d+[.)])"  # "- item" or "5. step"
_BULLET = re.compile(rf"^\s*{_MARKER}\s+")
#: a bullet inside a bullet ("- The first player decides:" then "  - the travel target")
_NESTED_BULLET = re.compile(rf"^[ \t]+{_MARKER}\s", re.MULTILINE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(“])")
#: a heading ("## Scenario rules") only groups the bullets under it: it is no line of
#: its own, and in a snippet it would run into the bullet after it
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t].*$", re.MULTILINE)


def plain(markdown: str) -> str:
    """Markdown reduced to one line of text, headings left out."""
    return " ".join(_MARKUP.sub(" ", _HEADING.sub(" ", markdown)).split())


def body_lines(body: str) -> list[str]:
    """Each bullet of the body, and each sentence of its paragraphs, as plain text."""
    found: list[str] = []
    bullet: list[str] | None = None
    paragraph: list[str] = []

    def close_paragraph() -> None:
        if paragraph:
            found.extend(_sentences(plain(" ".join(paragraph))))
            paragraph.clear()

    for line in body.splitlines():
        if _HEADING.match(line):
            line = ""  # it ends the bullet or paragraph before it, like a blank line
        if _BULLET.match(line):
            close_paragraph()
            if bullet:
                found.append(plain(" ".join(bullet)))
            bullet = [_BULLET.sub("", line)]
        elif not line.strip():
            if bullet:
                found.append(plain(" ".join(bullet)))
                bullet = None
            close_paragraph()
        elif bullet is not None:
            bullet.append(line.strip())  # a bullet's continuation line
        else:
            paragraph.append(line.strip())
    if bullet:
        found.append(plain(" ".join(bullet)))
    close_paragraph()
    return [c for c in found if c]


def nested_bullet(body: str) -> int | None:
    """Where the body's first bullet inside another bullet starts, or None. Read as
    lines, it says nothing on its own ("which location the players travel to"), so the
    validator refuses it."""
    found = _NESTED_BULLET.search(body)
    return found.start() if found else None


def opened_by(lines: list[str], opening: str) -> list[int]:
    """The positions of the lines that begin with `opening` (compared as plain text,
    so it may be copied with its Markdown): exactly one when it names a line."""
    wanted = plain(opening)
    return [i for i, line in enumerate(lines) if wanted and line.startswith(wanted)]


def _sentences(text: str) -> list[str]:
    """A paragraph's sentences; a stop inside quotes ('becomes "A Elbereth! Gilthoniel!"')
    does not end one."""
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(text):
        if sentences and _open_quote(sentences[-1]):
            sentences[-1] += " " + piece
        else:
            sentences.append(piece)
    return sentences


def _open_quote(text: str) -> bool:
    return text.count('"') % 2 == 1 or text.count("“") > text.count("”")
