"""Text from a file or a command line, made safe to print on one terminal line."""

from __future__ import annotations


def printable(text: str) -> str:
    """`text` with every character a terminal would act on shown escaped instead.

    Names and keys come from files anyone may share: a board's player named
    "Ann\\r\\x1b[2K..." would otherwise move the cursor and erase the line that reports
    a violation, and a newline in a key would split a one-line error in two. Control
    and format characters (newline, escape, right-to-left override, a lone surrogate
    from an undecodable argument) are written as Python escapes (`\\x1b`); everything
    else is left alone, so accents and curly quotes print as they are.
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
