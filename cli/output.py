"""One output path for every command: build a `Result`, then `render` it as JSON or as text.

A command never prints for itself. It returns a `Result` holding the JSON document and a
function that draws the same facts as text with a `Style`; `render` picks exactly one of
the two, so `--json` output is always a single document. `Style` is the only place that
decides about colour and Markdown: plain text when stdout is not a terminal, when
`NO_COLOR` is set (https://no-color.org) or when `TERM=dumb`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass


class UsageError(Exception):
    """Bad input or usage: printed as one line on stderr, exit status 2."""


def add_json_flag(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def add_game_flag(parser) -> None:
    from judge.games import GAMES

    parser.add_argument(
        "--game",
        choices=(*GAMES, "auto"),
        default="auto",
        help="which ruleset (default: auto)",
    )


def prepare_streams() -> None:
    """Printing never fails: a closed stdout or stderr becomes /dev/null, and a terminal
    whose encoding cannot show a character (LANG=C, PYTHONIOENCODING=ascii) gets `?`."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:  # the process started with the descriptor closed
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
        elif hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


def is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except ValueError:  # stdout closed
        return False


def wants_color() -> bool:
    """Colour and rich Markdown only for a terminal that has not asked for plain text."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return is_terminal()


class Style:
    """How text is decorated: ANSI and rich Markdown on a colour terminal, plain otherwise."""

    def __init__(self, color: bool | None = None):
        self.color = wants_color() if color is None else color

    def strong(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.color else text

    def emphasise(self, text: str, spans) -> str:
        """`text` with the (start, end) `spans` highlighted (search hits)."""
        if not self.color:
            return text
        out, last = [], 0
        for start, end in spans:
            out.append(text[last:start] + "\x1b[1;33m" + text[start:end] + "\x1b[0m")
            last = end
        return "".join(out) + text[last:]

    def heading(self, text: str) -> list[str]:
        """A title: bold on a colour terminal, underlined with `=` in plain text."""
        if self.color:
            return [self.strong(text)]
        return [text, "=" * min(len(text), 78)]

    def markdown(self, text: str) -> str:
        """Rich Markdown on a colour terminal; the Markdown source as-is otherwise."""
        if not self.color:
            return text.rstrip()
        from rich.console import Console
        from rich.markdown import Markdown

        console = Console(highlight=False, force_terminal=True)
        with console.capture() as capture:
            console.print(Markdown(text))
        return capture.get().rstrip()


@dataclass
class Result:
    """What a command found: `document` for `--json`, `text(style)` for people, exit status."""

    document: object
    text: Callable[[Style], list[str]]
    status: int = 0
    to_stderr: bool = False


def render(result: Result, as_json: bool) -> int:
    """Print the result exactly one way and return its exit status."""
    if as_json:
        sys.stdout.write(json.dumps(result.document, ensure_ascii=False) + "\n")
    else:
        stream = sys.stderr if result.to_stderr else sys.stdout
        lines = result.text(Style())
        stream.write("".join(f"{line}\n" for line in lines))
    sys.stdout.flush()
    return result.status


def emit_json(document) -> None:
    """One JSON document on stdout (for commands that print one document per input)."""
    sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")


def print_lines(lines) -> None:
    sys.stdout.write("".join(f"{line}\n" for line in lines))
