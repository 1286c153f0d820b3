"""Regenerate the README's CLI tour from the real program (and, with --screenshots, the SVGs).

The tour sits between `<!-- tour:begin -->` and `<!-- tour:end -->` in README.md. Each
command of `TOUR` runs in this process as a player would type it (plain text, as when
piped), its output cut to a few lines; `tests/test_readme.py` fails when the README
differs from what this prints. After a change to any command's output:

    .venv/bin/python bench/readme_tour.py               # rewrite the tour in README.md
    .venv/bin/python bench/readme_tour.py --screenshots # and docs/screenshots/*.svg
    .venv/bin/python bench/readme_tour.py --check       # exit 1 when the README is stale
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
BEGIN, END = "<!-- tour:begin -->", "<!-- tour:end -->"

TOUR = (
    ('ask "can my guy defend for my buddy?" -k 3', 9),
    ("show rr/engagement-check", 8),
    ("errata beravore", 8),
    ("card aragorn", 10),
    ("check examples/boards/quest.yaml", 6),
    ("check examples/boards/combat.yaml", 6),
    ("timing examples/triggers.yaml", 16),
    ('ask "who wins a tie in a skirmish?" -k 2', 7),
    ("check examples/boards/tcg-skirmish.yaml", 6),
)


def run(command: str) -> list[str]:
    """What `loremaster COMMAND` prints on stdout, as lines."""
    import shlex

    from cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(shlex.split(command))
    return out.getvalue().rstrip("\n").splitlines()


def tour() -> str:
    """The README block: every tour command with its (shortened) output."""
    os.environ.pop("NO_COLOR", None)
    blocks = []
    here = Path.cwd()
    os.chdir(REPO)  # the tour's files are the project's own examples/
    try:
        for command, keep in TOUR:
            lines = run(command)
            shown = lines[:keep] + (["…"] if len(lines) > keep else [])
            blocks.append("\n".join([f"$ loremaster {command}", *shown]))
    finally:
        os.chdir(here)
    return "```text\n" + "\n\n".join(blocks) + "\n```"


def with_tour(readme: str, block: str) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(readme):
        raise SystemExit(f"README.md has no {BEGIN} ... {END} markers")
    return pattern.sub(lambda _: f"{BEGIN}\n{block}\n{END}", readme)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when README.md is stale")
    parser.add_argument("--screenshots", action="store_true", help="also regenerate the SVGs")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("LOREMASTER_CACHE_DIR", tempfile.mkdtemp(prefix="loremaster-tour-"))
    # the tour shows the program as shipped: nothing the developer imported
    os.environ["LOREMASTER_DATA_DIR"] = tempfile.mkdtemp(prefix="loremaster-tour-data-")
    current = README.read_text(encoding="utf-8")
    fresh = with_tour(current, tour())
    if args.check:
        stale = fresh != current
        print(
            "README tour is stale: run bench/readme_tour.py" if stale else "README tour is current"
        )
        return 1 if stale else 0
    README.write_text(fresh, encoding="utf-8")
    if args.screenshots:
        import subprocess

        subprocess.run([sys.executable, str(REPO / "bench" / "screenshots.py")], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
