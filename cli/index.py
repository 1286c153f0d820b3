"""`loremaster index [--rebuild]`: where the search index lives and what it holds."""

from __future__ import annotations

from cli.output import Result, add_json_flag, render


def add_arguments(parser) -> None:
    parser.add_argument("--rebuild", action="store_true", help="build from scratch even if current")
    add_json_flag(parser)


def run(args) -> int:
    from judge.search.index import ensure

    info = ensure(rebuild=args.rebuild)
    state = "built now" if info.built_now else "up to date"
    document = {
        "path": str(info.path),
        "entries": info.entries,
        "build_seconds": info.build_seconds,
        "built_now": info.built_now,
    }
    return render(
        Result(
            document,
            lambda style: [
                f"Index: {info.path}",
                f"Entries: {info.entries}",
                f"Build time: {info.build_seconds:.2f} s ({state})",
            ],
        ),
        args.json,
    )
