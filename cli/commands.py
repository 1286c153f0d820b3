"""Parsing `loremaster`'s arguments and handing off to one command module.

Command modules are imported only when chosen, so `loremaster ask` never pays for the
rules model and `loremaster check` never pays for whoosh.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys

from cli import output
from cli.output import UsageError, prepare_streams

#: subcommand -> (module under cli, one-line help)
COMMANDS = {
    "ask": ("ask", "answer a rules question with cited entries"),
    "show": ("show", "print one knowledge-base entry by id"),
    "errata": ("errata", "a card's errata and every ruling that names it"),
    "card": ("card", "every version of a card as facts, with its errata and rulings"),
    "scenario": ("scenario", "a scenario page, or its Easy Mode checklist"),
    "check": ("check", "judge a board-state YAML file"),
    "timing": ("timing", "order simultaneous triggered abilities"),
    "deck": ("deck", "check a deck's legality"),
    "campaign": ("campaign", "campaign rules, or check a campaign log"),
    "index": ("index", "build or refresh the search index"),
    "validate": ("validate", "check every knowledge-base file for defects"),
    "import": ("import_", "import your own copy of a rules document (its printed wording)"),
    "serve": ("serve", "serve the app to browsers at the table"),
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would exit 2 with usage; keep one line
        raise UsageError(f"{self.prog}: {message}")

    def _print_message(self, message: str, file=None) -> None:
        # argparse drops a failed write without a word; help that cannot be written
        # is an error like any other output (`OutputError`)
        if message:
            if file is None or file is sys.stdout:
                output.write(message)
            else:
                file.write(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="loremaster",
        description="Rules reference and judge for The Lord of the Rings: The Card Game "
        "(LCG) and the Lord of the Rings Trading Card Game (TCG): look rules up, read "
        "errata and card facts, and judge a board. With no command, opens the app.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, (module, help_text) in COMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        _module(module).add_arguments(command)
    return parser


def _module(name: str):
    return importlib.import_module(f"cli.{name}")


def _needs_a_terminal() -> None:
    """The app draws a screen: piped or closed stdout gets one line instead of escape codes.

    A web driver (`loremaster serve` runs the app under TEXTUAL_DRIVER) has no terminal
    and needs none.
    """
    if os.environ.get("TEXTUAL_DRIVER") or output.is_terminal():
        return
    raise UsageError(
        "loremaster: the app needs a terminal; in a script use a command, "
        "e.g. loremaster ask 'can sentinel defend twice' (loremaster --help lists them)"
    )


def run(argv: list[str]) -> int:
    """Run one command line; the exit status. Every error becomes one line for the
    player and an exit status, never a traceback."""
    prepare_streams()
    wants_json = "--json" in argv
    try:
        try:
            return _dispatch(argv)
        finally:
            output.flush()  # what is still buffered, while an error can still be told
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        _json_error(wants_json, str(exc))
        return 2
    except output.OutputError as exc:
        _discard_stdout()
        print(
            f"loremaster: cannot write the output: {exc} (is the disk full? write somewhere else)",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last line of defence: no traceback reaches a player
        from judge.base.yamlio import InputError
        from judge.kb.files import KnowledgeBaseError

        if isinstance(exc, InputError):  # the one path for a bad input file: FILE:LINE:COL
            print(str(exc), file=sys.stderr)
            _json_error(wants_json, exc.message, exc.file, exc.line, exc.column)
            return 2
        if isinstance(exc, KnowledgeBaseError):
            print(f"loremaster: the knowledge base is broken:\n{exc}", file=sys.stderr)
            return 2
        if os.environ.get("LOREMASTER_DEBUG"):
            raise
        print(
            f"loremaster: internal error: {exc!r} (set LOREMASTER_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 3


def _json_error(wanted: bool, message: str, file=None, line=None, column=None) -> None:
    """With `--json`, a bad input is also one JSON document on stdout, so that a script
    reading stdout gets a document whatever happened (contract: cli.md)."""
    if wanted:
        with contextlib.suppress(OSError, output.OutputError):
            output.write(
                json.dumps(
                    {"error": {"file": file, "line": line, "column": column, "message": message}},
                    ensure_ascii=False,
                )
                + "\n"
            )
            output.flush()


def _dispatch(argv: list[str]) -> int:
    if not argv:
        _needs_a_terminal()
        from cli.shells import shell

        return shell("app")()
    if argv[0] in COMMANDS:
        # Build only the chosen subcommand's parser: importing every command module
        # just to print help would slow every run.
        parser = _Parser(prog=f"loremaster {argv[0]}", description=COMMANDS[argv[0]][1])
        module = _module(COMMANDS[argv[0]][0])
        module.add_arguments(parser)
        args = parser.parse_args(argv[1:])
        return int(module.run(args) or 0)
    args = build_parser().parse_args(argv)
    if args.version:
        from judge import __version__

        output.write(f"loremaster {__version__}\n")
        return 0
    build_parser().print_help()
    return 0


def _discard_stdout() -> None:
    """After a failed write, what stays buffered goes nowhere: the interpreter would
    otherwise try it again on its way out and print a traceback-like complaint."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test's capture)
        pass
