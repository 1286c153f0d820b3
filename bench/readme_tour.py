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

FILES = {
    "board.yaml": """\
game: lcg
phase: quest
step: "3.4"
players:
  - name: Ann
    threat: 28
    heroes: [{title: Aragorn, willpower: 2, committed: true, exhausted: true}]
  - name: Bob
    threat: 30
    heroes: [{title: Eowyn, willpower: 1, committed: true, exhausted: true}]
staging_area:
  - {type: enemy, title: Forest Spider, threat: 2, engagement_cost: 25}
  - {type: location, title: Old Forest Road, threat: 5, quest_points: 3}
quest: {title: Flies and Spiders, quest_points: 8, progress: 0}
""",
    "triggers.yaml": """\
trigger: after the players travel to Tower Gate
abilities:
  - {name: Tower Gate, type: forced, word: after}
  - {name: Strength of Will, type: response, word: after, player: Bob}
  - {name: A Test of Will, type: response, cancels: true, player: Ann}
""",
}

#: (command line as typed, how many output lines to keep)
TOUR = (
    ('ask "can my guy defend for my buddy?" -k 3', 9),
    ("show rr/engagement-check", 8),
    ("errata beravore", 8),
    ("check board.yaml", 8),
    ("timing triggers.yaml", 12),
)


def run(command: str) -> list[str]:
    """What `loremaster COMMAND` prints on stdout, as lines."""
    import shlex

    from judge.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(shlex.split(command))
    return out.getvalue().rstrip("\n").splitlines()


def tour() -> str:
    """The README block: every tour command with its (shortened) output."""
    os.environ.pop("NO_COLOR", None)
    blocks = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in FILES.items():
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        here = Path.cwd()
        os.chdir(tmp)
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
