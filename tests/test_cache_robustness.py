"""Broken caches still give correct answers: truncated, corrupted, stale, unwritable, raced."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO

from judge.search import index as search_index
from judge.search import lazy_tables, pair_postings
from judge.search.engine import Searcher


def sentinel_first(searcher) -> bool:
    return searcher.ask("can sentinel defend for another player", k=3)[1][0].id == "kw/sentinel"


def answers_sentinel(info) -> bool:
    searcher = Searcher(info)
    try:
        return sentinel_first(searcher)
    finally:
        searcher.close()


@pytest.fixture
def unwritable_cache(tmp_path, monkeypatch):
    """A cache directory that cannot be made (a file stands in its way), and the
    in-memory index's one warning not yet given."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("LOREMASTER_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(search_index, "_warned", False)


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
    assert current.built_now and current.path != old.path
    assert answers_sentinel(current)


def test_an_index_built_with_other_boosts_is_rebuilt(small_kb, monkeypatch):
    from judge.search import profile

    search_index.ensure(root=small_kb)
    assert not search_index.ensure(root=small_kb).built_now
    monkeypatch.setattr(profile, "INDEX_BOOSTS", {**profile.INDEX_BOOSTS, "title": 3.0})
    assert search_index.ensure(root=small_kb).built_now
    monkeypatch.setattr(profile, "PAIR_WEIGHT", profile.PAIR_WEIGHT + 1)
    rebuilt = search_index.ensure(root=small_kb)
    assert rebuilt.built_now and rebuilt.meta["profile"]["pairs"] == profile.PAIR_WEIGHT


def test_an_unwritable_cache_falls_back_to_memory_with_one_warning(
    small_kb, unwritable_cache, capsys
):
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
        [sys.executable, "-m", "cli", "ask", "sentinel", "--json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "warning" in done.stderr
    assert json.loads(done.stdout)["hits"][0]["id"] == "kw/sentinel"


def _build_once_all_are_ready(root, ready, outcomes):
    ready.wait()
    info = search_index.ensure(root=root)
    outcomes.put((str(info.path), answers_sentinel(info)))


def test_five_processes_building_at_once_share_one_whole_index(small_kb):
    """Five processes start building on an empty cache at the same moment and race for
    the same rename: each ends with the one index, whole, and no temporary folder is left."""
    context = multiprocessing.get_context("fork")
    ready, outcomes = context.Barrier(5), context.Queue()
    procs = [
        context.Process(target=_build_once_all_are_ready, args=(small_kb, ready, outcomes))
        for _ in range(5)
    ]
    for proc in procs:
        proc.start()
    results = [outcomes.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    assert [proc.exitcode for proc in procs] == [0] * 5
    assert len({path for path, _ in results}) == 1
    assert all(answered for _, answered in results)
    cache = Path(os.environ["LOREMASTER_CACHE_DIR"])
    assert [p.name for p in cache.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize(
    "garbage", [None, b"{not json", b'{"lengths": [1], "ends": [0]}\n{}', b"[]\n{}"]
)
def test_an_index_whose_pairs_file_is_gone_or_broken_still_answers_and_is_rebuilt(
    small_kb, garbage
):
    info = search_index.ensure(root=small_kb)
    kept = info.path / pair_postings.file_name("lcg")
    if garbage is None:
        kept.unlink()
    else:
        kept.write_bytes(garbage)
    searcher = Searcher(info)
    assert sum(searcher.index("lcg")._pairs.lengths) == 0  # read as no pairs at all
    searcher.open_all()
    assert sentinel_first(searcher)
    searcher.close()
    again = search_index.ensure(root=small_kb)
    assert again.built_now
    searcher = Searcher(again)
    assert sum(searcher.index("lcg")._pairs.lengths) > 0
    searcher.close()


def database_designs(searcher) -> tuple[str, ...]:
    return searcher.ask("Can Longbeard Elder ready himself?", k=1, game="lcg")[0].card_designs


@pytest.mark.parametrize("garbage", [None, b"{not json", b'{"database_cards": 3}\n{}', b"[]\n{}"])
def test_an_index_whose_tables_file_is_gone_or_broken_still_answers_and_is_rebuilt(
    small_kb, garbage
):
    info = search_index.ensure(root=small_kb)
    kept = info.path / lazy_tables.file_name("lcg")
    if garbage is None:
        kept.unlink()
    else:
        kept.write_bytes(garbage)
    searcher = Searcher(info)
    assert database_designs(searcher) == ()  # read as no card database at all
    assert sentinel_first(searcher)
    searcher.close()
    again = search_index.ensure(root=small_kb)
    assert again.built_now
    searcher = Searcher(again)
    assert database_designs(searcher) == ("longbeard-elder-ally-leadership",)
    searcher.close()


def test_an_index_in_memory_keeps_its_tables_too(small_kb, unwritable_cache):
    searcher = Searcher(search_index.ensure(root=small_kb))
    assert database_designs(searcher) == ("longbeard-elder-ally-leadership",)
    searcher.close()


def test_an_index_in_memory_keeps_its_pairs_too(small_kb, unwritable_cache):
    searcher = Searcher(search_index.ensure(root=small_kb))
    searcher.open_all()
    assert sum(searcher.index("lcg")._pairs.lengths) > 0
    assert sentinel_first(searcher)
    searcher.close()


def test_a_shared_cache_folder_keeps_every_file_of_the_users(small_kb, tmp_path, monkeypatch):
    """Only what Loremaster made, and can recognise as its own, is ever swept."""
    import os
    import time

    cache = tmp_path / "shared"
    monkeypatch.setenv("LOREMASTER_CACHE_DIR", str(cache))
    (cache / "index-of-my-photos").mkdir(parents=True)
    (cache / "index-of-my-photos" / "notes.txt").write_text("mine")
    (cache / "index-2024").mkdir()
    (cache / "kb-budget.json").write_text("{}")
    (cache / "index-73-0.1.0-0123456789abcdef").mkdir()  # our name, but not our meta
    (cache / "kb-5-0123456789abcdeg.json").write_text("{}")  # not a hash of ours
    long_ago = time.time() - 30 * 24 * 3600
    for path in cache.iterdir():
        os.utime(path, (long_ago, long_ago))
    search_index.ensure(root=small_kb)
    from judge.kb.knowledge import load

    load(small_kb)
    for name in (
        "index-of-my-photos/notes.txt",
        "index-2024",
        "kb-budget.json",
        "index-73-0.1.0-0123456789abcdef",
        "kb-5-0123456789abcdeg.json",
    ):
        assert (cache / name).exists(), name


def test_the_kb_hash_memo_survives_a_compile(small_kb, tmp_path, monkeypatch):
    monkeypatch.setenv("LOREMASTER_CACHE_DIR", str(tmp_path / "c"))
    from judge.kb import knowledge

    knowledge._loaded.clear()
    knowledge.load(small_kb)
    assert (tmp_path / "c" / "kb-hash.json").is_file()


def test_a_corruption_that_keeps_the_sizes_is_noticed_and_rebuilt(small_kb):
    first = search_index.ensure(root=small_kb)
    victim = max(
        (p for p in first.path.iterdir() if p.suffix != ".json"), key=lambda p: p.stat().st_size
    )
    data = bytearray(victim.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 64] = bytes(64)
    victim.write_bytes(bytes(data))
    again = search_index.ensure(root=small_kb)
    assert again.built_now and answers_sentinel(again)


def test_a_file_in_the_index_place_is_moved_aside_not_deleted(small_kb):
    import shutil

    first = search_index.ensure(root=small_kb)
    shutil.rmtree(first.path)
    first.path.write_text("someone's file")
    again = search_index.ensure(root=small_kb)
    assert again.built_now and again.path.is_dir() and answers_sentinel(again)
    assert first.path.with_name(first.path.name + ".moved-aside").read_text() == "someone's file"


def test_a_crashed_builds_folder_is_swept_once_abandoned(small_kb):
    import os
    import time

    from judge.base.cache import ABANDONED_SECONDS

    first = search_index.ensure(root=small_kb)
    crashed = first.path.parent / f".{first.path.name}.abc123_x"
    crashed.mkdir()
    young = first.path.parent / f".{first.path.name}.young_1"
    young.mkdir()
    old = time.time() - ABANDONED_SECONDS - 60
    os.utime(crashed, (old, old))
    search_index.ensure(rebuild=True, root=small_kb)
    assert not crashed.exists() and young.exists()


def test_a_rebuild_keeps_the_old_index_in_place_until_the_new_one_is_whole(small_kb, monkeypatch):
    """`index --rebuild` beside an `ask`: the ask opens the old index, never a gap."""
    first = search_index.ensure(root=small_kb)
    seen = []
    real_fill = search_index._fill_games

    def fill_and_look(kb, create):
        seen.append(search_index._whole_meta(first.path) is not None)  # mid-build
        return real_fill(kb, create)

    monkeypatch.setattr(search_index, "_fill_games", fill_and_look)
    again = search_index.ensure(rebuild=True, root=small_kb)
    assert seen == [True] and again.built_now and again.path == first.path
    assert answers_sentinel(again)
    leftovers = [p.name for p in first.path.parent.iterdir() if p.name.startswith(".")]
    assert leftovers == []


def test_a_searcher_whose_index_is_rebuilt_or_swept_underneath_answers_on(small_kb, monkeypatch):
    """A long-lived searcher (the app, a table-mode session, `--batch`) outlives the
    index it opened: another process rebuilds or removes it, and the next question
    is answered from the current index, not an internal error."""
    import shutil

    from judge.search.engine import Searcher

    monkeypatch.setattr(search_index, "kb_root", lambda: small_kb)
    searcher = Searcher(search_index.ensure(root=small_kb))
    shutil.rmtree(searcher.info.path)  # swept by another process before it is opened
    _, hits, _ = searcher.ask("sentinel defend", k=1)
    assert hits and hits[0].id == "kw/sentinel"


@pytest.mark.parametrize("garbage", [b"", b"not marshal", b"\xe9\x01\x02"])
def test_a_broken_kept_table_is_worked_out_again(tmp_path, monkeypatch, garbage):
    from judge.search import understand

    monkeypatch.setenv("LOREMASTER_CACHE_DIR", str(tmp_path))
    understand._stemmed_synonyms.cache_clear()
    fresh = understand._stemmed_synonyms("lcg")
    kept = tmp_path / "synonym-stems-lcg.marshal"
    assert kept.is_file() and fresh[("tap",)] == ("exhaust",)
    kept.write_bytes(garbage)
    understand._stemmed_synonyms.cache_clear()
    assert understand._stemmed_synonyms("lcg") == fresh
    understand._stemmed_synonyms.cache_clear()
