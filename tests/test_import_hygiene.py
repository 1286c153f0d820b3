"""The engine never imports the app, and commands import only what they need."""

from __future__ import annotations

import subprocess
import sys


def _modules_after(code: str) -> set[str]:
    script = f"{code}\nimport sys\nprint('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_judge_does_not_import_textual():
    modules = _modules_after("import judge, cli.main, judge.kb.knowledge, judge.search.engine")
    assert not any(m == "textual" or m.startswith("textual.") for m in modules)


def test_cli_start_imports_no_heavy_libraries():
    modules = _modules_after("import cli.main")
    for heavy in ("whoosh", "rich", "textual", "rapidfuzz", "yaml"):
        assert heavy not in modules, heavy


def test_a_question_imports_whoosh_reading_but_not_its_query_machinery():
    """The ranking reads postings through a whoosh reader: a searcher would import
    whoosh's searching and query modules (and its English morphology table) into every
    cold `ask`, a tenth of the time whoosh's own import takes."""
    modules = _modules_after(
        "from judge.search.engine import Searcher\n"
        "searcher = Searcher()\n"
        "meaning, hits, _ = searcher.ask('can my guy defend for my buddy?')\n"
        "searcher.answer(meaning, hits)"
    )
    assert "whoosh.reading" in modules
    for machinery in ("whoosh.searching", "whoosh.query", "whoosh.lang.morph_en"):
        assert machinery not in modules, machinery
