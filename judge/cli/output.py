"""Shared output for every command: JSON, terminal detection, Markdown, citations."""

from __future__ import annotations

import json
import sys


class UsageError(Exception):
    """Bad input or usage: printed as one line on stderr, exit status 2."""


def add_json_flag(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def add_game_flag(parser) -> None:
    parser.add_argument(
        "--game",
        choices=("lcg", "tcg", "auto"),
        default="auto",
        help="which ruleset (default: auto)",
    )


def emit_json(document) -> None:
    sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")


def is_terminal() -> bool:
    return sys.stdout.isatty()


def console():
    """A rich console, only when printing to a terminal (rich is slow to import)."""
    from rich.console import Console

    return Console(highlight=False)


def print_markdown(text: str) -> None:
    """Rich Markdown in a terminal; the Markdown source as-is when piped."""
    if is_terminal():
        from rich.markdown import Markdown

        console().print(Markdown(text))
    else:
        sys.stdout.write(text.rstrip() + "\n")


def print_lines(lines) -> None:
    sys.stdout.write("".join(f"{line}\n" for line in lines))
