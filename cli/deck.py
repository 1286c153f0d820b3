"""`loremaster deck FILE`: deck legality and starting threat, for a YAML deck, a RingsDB
text export or an OCTGN / DragnCards `.o8d` deck."""

from __future__ import annotations

from cli.output import add_json_flag


def add_arguments(parser) -> None:
    parser.epilog = (
        "The deck formats, the YAML one field by field, with a complete example: docs/deck.md."
    )
    parser.add_argument(
        "deck",
        help="deck file: YAML (heroes and cards with counts), a RingsDB text export (.txt) "
        "or an OCTGN/DragnCards deck (.o8d)",
    )
    add_json_flag(parser)


def run(args) -> int:
    from cli.verdict import run_checked
    from judge.app.checking import deck_path

    return run_checked(deck_path, args.deck, args.json)
