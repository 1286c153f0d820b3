"""`loremaster check BOARD.yaml`: is this state legal, and what happens next?

`--example [NAME]` prints a starting board instead (one per phase, combat included), so a
player can learn the format by editing a file that already checks cleanly.
"""

from __future__ import annotations

import sys

from cli.output import UsageError, add_game_flag, add_json_flag

DEFAULT_EXAMPLE = "quest"


def example_names() -> list[str]:
    from judge.base.paths import examples_root

    return sorted(p.stem for p in (examples_root() / "boards").glob("*.yaml"))


def add_arguments(parser) -> None:
    parser.epilog = (
        "The board format, field by field, with a complete example: docs/board-state.md "
        "(also `loremaster check --example`); for the Trading Card Game (game: tcg), "
        "docs/tcg-board.md."
    )
    parser.add_argument("board", nargs="?", help="board-state YAML file (docs/board-state.md)")
    parser.add_argument(
        "--example",
        nargs="?",
        const=DEFAULT_EXAMPLE,
        metavar="PHASE",
        help="print a starting board for a phase or step: setup, resource, planning, staging, "
        "quest, travel, encounter, archery, shadows, combat, player-attack, refresh; "
        "by-title and by-title-quest, whose cards are named by title alone; or for "
        "the TCG tcg-fellowship ... tcg-regroup "
        f"(default {DEFAULT_EXAMPLE})",
    )
    add_game_flag(parser)
    add_json_flag(parser)


def run(args) -> int:
    if args.example is not None:
        return _print_example(args.example)
    if args.board is None:
        raise UsageError("loremaster check: give a board file, or --example to print one")
    from cli.verdict import run_checked
    from judge.app.checking import check_path

    return run_checked(check_path, args.board, args.json)


def _print_example(name: str) -> int:
    from judge.base.paths import examples_root
    from judge.base.yamlio import did_you_mean

    names = example_names()
    if name not in names:
        raise UsageError(
            f"loremaster check: no example '{name}'{did_you_mean(name, names)}; "
            f"choose one of {', '.join(names)}"
        )
    sys.stdout.write((examples_root() / "boards" / f"{name}.yaml").read_text(encoding="utf-8"))
    return 0
