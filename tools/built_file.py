"""The command line shared by the tools that build a committed data file from a source
in `../shared` (`build_card_facts.py`, `build_scenario_decks.py`): write the file, or,
with `--check`, rebuild it in memory and say whether the committed one is current."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(
    argv: list[str] | None,
    *,
    tool: str,
    description: str,
    source: Path,
    what: str,
    output: Path,
    build: Callable[[Path], bytes],
) -> int:
    """Exit status 0 written (or current), 1 out of date (`--check`), 2 no source.
    `what`: how the source is named in its help and its error ("the card database");
    `build`: the file's bytes from the source."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--source", type=Path, default=source, help=f"{what} (default: %(default)s)"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help=f"rebuild in memory; exit 1 if {output.relative_to(ROOT)} differs",
    )
    args = parser.parse_args(argv)
    if not args.source.is_file():
        print(f"{tool}: no {what.removeprefix('the ')} at {args.source}", file=sys.stderr)
        return 2
    data = build(args.source)
    if args.check:
        if (output.read_bytes() if output.is_file() else b"") != data:
            print(
                f"{tool}: {output.relative_to(ROOT)} is out of date; run tools/{tool}.py",
                file=sys.stderr,
            )
            return 1
        return 0
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(data)
    print(f"wrote {output.relative_to(ROOT)} ({len(data):,} bytes)")
    return 0
