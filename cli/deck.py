"""`loremaster deck DECK.yaml`: deck legality."""

from __future__ import annotations

from cli.output import add_json_flag


def add_arguments(parser) -> None:
    parser.epilog = "The deck file format, field by field, with a complete example: docs/deck.md."
    parser.add_argument("deck", help="deck YAML: heroes and cards with counts")
    add_json_flag(parser)


def run(args) -> int:
    from cli.verdict import run_checked
    from judge.app.checking import deck_path

    return run_checked(deck_path, args.deck, args.json)
