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

#: how much of a typed question, name or id a message repeats: a pasted page is not
#: printed back whole
ECHO_CHARS = 80
#: the longest card title, scenario title or entry id `errata`, `scenario` and `show`
#: look up (the longest title is under 60 characters); longer text is refused before
#: any fuzzy matching, which takes seconds on a pasted page
MAX_NAME_CHARS = 200


class UsageError(Exception):
    """Bad input or usage: printed as one line on stderr, exit status 2."""


class OutputError(Exception):
    """Standard output cannot be written (a full disk, a device that refuses it)."""


def echo(text: str) -> str:
    """Typed text as a message repeats it: quoted, control characters escaped, cut to
    ECHO_CHARS."""
    if len(text) > ECHO_CHARS:
        text = text[: ECHO_CHARS - 1].rstrip() + "…"
    return repr(text)


def typed_name(parts: list[str], command: str, what: str) -> str:
    """The words of a name or id given on the command line, joined; a `UsageError`
    when they are blank or longer than any name (MAX_NAME_CHARS)."""
    text = " ".join(parts)
    if not text.strip():
        raise UsageError(f"loremaster {command}: give the {what}, e.g. loremaster {command} NAME")
    if len(text) > MAX_NAME_CHARS:
        raise UsageError(
            f"loremaster {command}: {echo(text)} is {len(text):,} characters, longer than any "
            f"{what} ({MAX_NAME_CHARS} at most); give the {what} only"
        )
    return text


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
            # errors="replace": an argument the locale could not decode holds lone
            # surrogates, which a strict UTF-8 stream refuses to write
            devnull = open(os.devnull, "w", encoding="utf-8", errors="replace")  # noqa: SIM115
            setattr(sys, name, devnull)
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
        write(json.dumps(result.document, ensure_ascii=False) + "\n")
    else:
        lines = result.text(Style())
        text = "".join(f"{line}\n" for line in lines)
        if result.to_stderr:
            sys.stderr.write(text)
        else:
            write(text)
    flush()
    return result.status


def emit_json(document) -> None:
    """One JSON document on stdout (for commands that print one document per input)."""
    write(json.dumps(document, ensure_ascii=False) + "\n")


def print_lines(lines) -> None:
    write("".join(f"{line}\n" for line in lines))


def write(text: str) -> None:
    """Text on stdout; a stdout that cannot take it raises `OutputError` (a closed pipe
    stays `BrokenPipeError`: the reader has all it wanted)."""
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(exc.strerror or str(exc)) from None


def flush() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(exc.strerror or str(exc)) from None
    except ValueError:  # stdout closed by the command itself
        pass
