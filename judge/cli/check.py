"""`loremaster check BOARD.yaml`: is this state legal, and what happens next?"""

from __future__ import annotations

from judge.cli.output import add_game_flag, add_json_flag


def add_arguments(parser) -> None:
    parser.add_argument("board", help="board-state YAML file (see the board-state contract)")
    add_game_flag(parser)
    add_json_flag(parser)


def run(args) -> int:
    from judge.checking import check_path
    from judge.cli.verdict import run_checked

    return run_checked(check_path, args.board, args.json)
