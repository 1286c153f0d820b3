"""The whoosh index: built once per knowledge-base hash into the user cache.

The index is built in a private temporary directory and renamed into place, so two
processes building at once never expose half an index: one rename wins, the other
copy is discarded. Beside the whoosh files the index keeps `meta.json` (entry count,
build time, card titles) so that a query never needs the knowledge base itself.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import NamedTuple

from judge.paths import cache_dir, kb_root

_FORMAT = 11  # bump when the schema or analysis changes


class IndexInfo(NamedTuple):
    path: Path
    entries: int
    build_seconds: float
    built_now: bool
    meta: dict


def schema():
    """Fields and their BM25F weights: names a player types outrank body text."""
    from whoosh import fields

    from judge.search.text import analyzer, pair_analyzer

    plain = analyzer(stop=False)
    return fields.Schema(
        id=fields.ID(stored=True, unique=True),
        title=fields.TEXT(analyzer=plain, field_boost=4.0, phrase=False),
        aliases=fields.TEXT(analyzer=plain, field_boost=2.5, phrase=False),
        questions=fields.TEXT(analyzer=analyzer(), field_boost=1.5, phrase=False),
        summary=fields.TEXT(analyzer=analyzer(), field_boost=1.5, phrase=False),
        body=fields.TEXT(analyzer=analyzer(), field_boost=1.0, phrase=False),
        pairs=fields.TEXT(analyzer=pair_analyzer(), field_boost=1.5, phrase=False),
        card_keys=fields.KEYWORD(commas=True, lowercase=True),
        kind=fields.ID(stored=True, sortable=True),
        game=fields.ID(stored=True),
        number=fields.ID(stored=True),
        hit=fields.STORED(),
    )


def _hit_data(entry) -> dict:
    """What a search hit shows, stored in the index so queries never open the KB."""
    from judge.entries import SOURCES
    from judge.search.snippets import word_stems

    return {
        "title": entry.title,
        "cards": list(entry.cards),
        "source": entry.source,
        "document": SOURCES[entry.source],
        "section": entry.section,
        "page": entry.page,
        "citation": str(entry.citation),
        "text": entry.body,
        "stems": word_stems(entry.body),
    }


def _document(entry) -> dict:
    from judge.slug import slugify

    return {
        "id": entry.id,
        "title": entry.title,
        "aliases": "\n".join((*entry.aliases, *entry.cards)),
        "questions": "\n".join(entry.questions),
        "summary": entry.summary,
        "pairs": "\n".join((entry.title, *entry.aliases, *entry.questions, entry.body)),
        "card_keys": ",".join(slugify(card) for card in entry.cards),
        "body": entry.body,
        "kind": entry.kind,
        "game": entry.game,
        "number": entry.number or "",
        "hit": _hit_data(entry),
    }


def index_path(kb_hash: str) -> Path:
    return cache_dir() / f"index-{_FORMAT}-{kb_hash}"


def build(kb, target: Path) -> float:
    """Write a complete index for `kb` at `target` (atomically); returns seconds spent."""
    from whoosh import index

    from judge.cache import install_dir_atomic, make_build_dir
    from judge.search.cards import distinctive_words
    from judge.search.scenarios import index_meta as scenario_meta
    from judge.search.text import analyzer
    from judge.slug import slugify

    started = time.perf_counter()
    staging = make_build_dir(target.parent, target.name)
    try:
        ix = index.create_in(staging, schema())
        writer = ix.writer(procs=1, limitmb=256)
        for entry in kb.entries:
            writer.add_document(**_document(entry))
        writer.commit()
        cards = {slugify(title): title for title in kb.card_titles.values()}
        seconds = time.perf_counter() - started
        meta = {
            "entries": len(kb),
            "build_seconds": round(seconds, 3),
            "cards": cards,
            "card_words": distinctive_words(kb),
            # by document number (one writer, one commit: entries keep their order)
            "title_stems": [[t.text for t in analyzer()(entry.title)] for entry in kb.entries],
            "step_phases": [entry.phase if entry.kind == "step" else None for entry in kb.entries],
            "scenarios": scenario_meta(kb),
        }
        (staging / "meta.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    install_dir_atomic(staging, target)
    return seconds


def ensure(rebuild: bool = False, root: Path | None = None) -> IndexInfo:
    """The current index, building it first when the knowledge base has changed."""
    from judge.kb_hash import content_hash

    root = root or kb_root()
    target = index_path(content_hash(root))
    if rebuild and target.exists():
        shutil.rmtree(target, ignore_errors=True)
    built_now = False
    if not (target / "meta.json").is_file():
        from judge.knowledge import load

        build(load(root), target)
        built_now = True
        _remove_stale(target)
    meta = json.loads((target / "meta.json").read_text(encoding="utf-8"))
    return IndexInfo(target, meta["entries"], meta["build_seconds"], built_now, meta)


def _remove_stale(current: Path) -> None:
    """Drop indexes of older knowledge bases (best effort: another process may use one)."""
    for old in current.parent.glob("index-*"):
        if old != current and old.is_dir() and not old.name.startswith("."):
            shutil.rmtree(old, ignore_errors=True)
