"""`loremaster validate`: report every knowledge-base defect as `path:line: problem`."""

from __future__ import annotations


def add_arguments(parser) -> None:
    parser.add_argument("--root", help="knowledge-base root (default: the installed one)")


def run(args) -> int:
    from pathlib import Path

    from judge.paths import kb_root
    from judge.validate import validate

    root = Path(args.root) if args.root else kb_root()
    problems = validate(root)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in {root}")
    return 1 if problems else 0
