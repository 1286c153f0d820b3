"""`loremaster validate`: report every knowledge-base defect as `path:line: problem`."""

from __future__ import annotations

from cli.output import Result, UsageError, add_json_flag, render


def add_arguments(parser) -> None:
    parser.add_argument("--root", help="knowledge-base root (default: the installed one)")
    add_json_flag(parser)


def run(args) -> int:
    from pathlib import Path

    from judge.base.paths import KB_FOLDERS, kb_root
    from judge.base.reading import shown_path
    from judge.kb.validate import validate

    root = Path(args.root) if args.root else kb_root()
    if not any((root / folder).is_dir() for folder in KB_FOLDERS):
        # an empty or mistyped root would otherwise pass as "0 problems"
        raise UsageError(
            f"loremaster validate: {shown_path(root)} holds no knowledge base (none of "
            f"{', '.join(f + '/' for f in KB_FOLDERS)}); give the folder that holds them"
        )
    problems = [str(problem) for problem in validate(root)]
    return render(
        Result(
            {"root": str(root), "problems": problems},
            lambda style: [*problems, f"{len(problems)} problem(s) in {root}"],
            status=1 if problems else 0,
        ),
        args.json,
    )
