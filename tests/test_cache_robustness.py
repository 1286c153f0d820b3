"""Broken caches still give correct answers: truncated, corrupted, stale, unwritable, raced."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from helpers import REPO

from judge.search import index as search_index
from judge.search.engine import Searcher


@pytest.fixture
def small_kb(tmp_path, monkeypatch):
    """The keyword entries only (a quick index to build), with a cache of their own."""
    from judge.paths import KB_FOLDERS, kb_root

    root = tmp_path / "kb"
    for folder in KB_FOLDERS:
        (root / folder).mkdir(parents=True)
    shutil.copytree(kb_root() / "rules" / "keywords", root / "rules" / "keywords")
    monkeypatch.setenv("LOREMASTER_CACHE_DIR", str(tmp_path / "cache"))
    return root


def answers_sentinel(info) -> bool:
    searcher = Searcher(info)
    try:
        return searcher.ask("can sentinel defend for another player", k=3)[1][0].id == "kw/sentinel"
    finally:
        searcher.close()


def test_a_truncated_index_file_is_noticed_and_rebuilt(small_kb):
    first = search_index.ensure(root=small_kb)
    biggest = max((f for f in first.path.iterdir() if f.name != "meta.json"), key=os.path.getsize)
    biggest.write_bytes(biggest.read_bytes()[: biggest.stat().st_size // 2])
    again = search_index.ensure(root=small_kb)
    assert again.built_now and again.path == first.path
    assert answers_sentinel(again)


@pytest.mark.parametrize("garbage", [b"", b"{not json", b'{"entries": "many"}', b"[]"])
def test_a_corrupted_meta_file_is_noticed_and_rebuilt(small_kb, garbage):
    first = search_index.ensure(root=small_kb)
    (first.path / "meta.json").write_bytes(garbage)
    again = search_index.ensure(root=small_kb)
    assert again.built_now and again.entries == first.entries
    assert answers_sentinel(again)


def test_an_index_from_an_older_program_version_is_not_opened(small_kb, monkeypatch):
    import judge

    current_version = judge.__version__
    monkeypatch.setattr(judge, "__version__", "0.0.1")
    old = search_index.ensure(root=small_kb)
    monkeypatch.setattr(judge, "__version__", current_version)
    current = search_index.ensure(root=small_kb)
    assert current.built_now and current.path != old.path and not old.path.exists()
    assert answers_sentinel(current)


def test_an_unwritable_cache_falls_back_to_memory_with_one_warning(
    small_kb, tmp_path, monkeypatch, capsys
):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("LOREMASTER_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(search_index, "_warned", False)
    first = search_index.ensure(root=small_kb)
    second = search_index.ensure(root=small_kb)
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 1 and "in-memory index" in warnings[0]
    assert first.storage is not None and second.storage is not None
    assert answers_sentinel(first)


def test_the_cli_answers_from_an_unwritable_cache(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    env = {**os.environ, "LOREMASTER_CACHE_DIR": str(blocker / "cache")}
    done = subprocess.run(
        [sys.executable, "-m", "judge", "ask", "sentinel", "--json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "warning" in done.stderr
    assert json.loads(done.stdout)["hits"][0]["id"] == "kw/sentinel"


def test_five_processes_starting_at_once_on_an_empty_cache(tmp_path):
    """Two at once is in test_search.py; five race harder for the same rename."""
    env = {**os.environ, "LOREMASTER_CACHE_DIR": str(tmp_path)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "judge", "ask", "sentinel", "--json"],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(5)
    ]
    results = [p.communicate(timeout=180) for p in procs]
    assert [p.returncode for p in procs] == [0] * 5, results
    assert all(json.loads(out)["hits"][0]["id"] == "kw/sentinel" for out, _ in results)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
