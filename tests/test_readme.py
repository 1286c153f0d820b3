"""The README's tour and screenshots come from the real program and fail here when they drift."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from helpers import REPO


def _tour_module():
    spec = importlib.util.spec_from_file_location("readme_tour", REPO / "bench" / "readme_tour.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cli_tour_matches_what_the_program_prints():
    tour = _tour_module()
    readme = tour.README.read_text(encoding="utf-8")
    assert tour.with_tour(readme, tour.tour()) == readme, (
        "the README's CLI tour is stale: run .venv/bin/python bench/readme_tour.py"
    )


def test_every_screenshot_the_readme_shows_is_one_the_script_saves():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"docs/screenshots/([\w-]+)\.svg", readme))
    script = (REPO / "bench" / "screenshots.py").read_text(encoding="utf-8")
    saved = set(re.findall(r'save\("([\w-]+)"\)', script))
    assert shown and shown <= saved, shown - saved
    assert all((REPO / "docs" / "screenshots" / f"{name}.svg").is_file() for name in saved)


def test_every_link_in_the_readme_and_docs_leads_somewhere_in_a_clone():
    """No link leaves the clone (`../shared` is not in it) or names a missing file."""
    broken = []
    for page in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)", page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            if ".." in Path(target).parts or not (page.parent / target).exists():
                broken.append((page.name, target))
    assert broken == []


def test_every_example_command_in_the_readme_runs_against_the_real_knowledge_base(cli):
    """The README's own examples (`loremaster ask "..."`, `card "..."`, `show ...`)
    answer, from the knowledge base as it is."""
    import shlex

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    commands = re.findall(
        r"^\s*(?:\$ )?loremaster ((?:ask|card|show|errata) .+?)(?:\s+#.*)?$", readme, re.M
    )
    assert len(commands) >= 4
    for command in commands:
        done = cli(*shlex.split(command))
        assert done.code == 0, (command, done.err)
