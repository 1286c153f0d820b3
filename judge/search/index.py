"""The whoosh index: built once per knowledge-base hash into the user cache.

The index is built in a private temporary directory and renamed into place, so two
processes building at once never expose half an index: one rename wins, the other
copy is discarded. Beside the whoosh files the index keeps `meta.json` (entry count,
build time, card titles, and the size of every file) so that a query never needs the
knowledge base itself and a truncated or corrupted index is noticed and rebuilt. It
also keeps the words of everyday English that the speller leaves alone
(`judge.search.english`), and each game's phrase pairs in a file of their own
(`judge.search.pair_postings`). Each game has its own whoosh index (named after the
game) in the one directory. The directory name holds the index format, the program
version and the knowledge-base hash, so an index from an older program or knowledge
base is never opened. When the cache cannot be written, the index is built in memory
for this run, with one warning.

The cache folder may be shared (two checkouts, two versions, a folder the user chose
that holds their own files): only a folder named as an index of ours and holding our
`meta.json` is ever removed, and only by `judge.base.cache.stale_versions` (the most
recently used are kept, and none in use), so no process deletes an index another is
about to open. Each
file's size, modification time and CRC-32 are in `meta.json`: a file whose size or time
changed is checked against its CRC, so a corruption that keeps the sizes is caught.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time
import zlib
from pathlib import Path
from typing import NamedTuple

from judge.base.paths import cache_dir, kb_root

_FORMAT = 88  # bump when the schema or analysis changes


class IndexInfo(NamedTuple):
    path: Path
    entries: int
    build_seconds: float
    built_now: bool
    meta: dict
    storage: object = None  # a whoosh RamStorage when the cache was not writable


#: the in-memory fallback warns once per process, not once per Searcher
_warned = False
#: how often opening an index refreshes its "last used" time (meta.json's mtime); well
#: under `judge.base.cache.IN_USE_SECONDS`, so an index in use is never swept
USE_STAMP_SECONDS = 600
#: the names of the index folders this program makes (`index_path`), and of their
#: private build folders (`judge.base.cache.make_build_dir`: ".<name>.<random>")
_OWN_INDEX = re.compile(r"^index-\d+-[0-9A-Za-z.+_-]+-[0-9a-f]{16}(?:-[0-9a-f]{12})?$")
_OWN_BUILD = re.compile(
    r"^\.index-\d+-[0-9A-Za-z.+_-]+-[0-9a-f]{16}(?:-[0-9a-f]{12})?\.[0-9a-z_]+$"
)


def schema():
    """Fields and their BM25F weights: names a player types outrank body text."""
    from whoosh import columns, fields

    from judge.search import profile
    from judge.search.index_writing import AnalysedText

    # the text fields are given their stems (`_document`)
    return fields.Schema(
        id=fields.ID(stored=True, unique=True),
        # titles and aliases keep their stop words ("The One Ring"), the rest drop them
        title=AnalysedText(field_boost=profile.INDEX_BOOSTS["title"]),
        aliases=AnalysedText(field_boost=profile.INDEX_BOOSTS["aliases"]),
        questions=AnalysedText(field_boost=profile.INDEX_BOOSTS["questions"]),
        summary=AnalysedText(field_boost=profile.INDEX_BOOSTS["summary"]),
        body=AnalysedText(field_boost=profile.INDEX_BOOSTS["body"]),
        # the printed wording of the player's imported documents (`loremaster import`)
        official=AnalysedText(field_boost=profile.INDEX_BOOSTS["official"]),
        card_keys=fields.KEYWORD(commas=True, lowercase=True),
        kind=fields.ID(stored=True),
        game=fields.ID(stored=True),
        number=fields.ID(stored=True),
        # every searchable field's stems, without frequencies, never scored: which
        # entries mention a word anywhere is one read, not one per field (the ranking's
        # coverage asks it often)
        anywhere=AnalysedText(existence=True),
        hit=fields.STORED(),
        # each line's stems (`answer.line_stems`), read for a few candidates per query:
        # a column of its own, so that reading it skips the rest of the stored hit
        lines=fields.COLUMN(columns.PickleColumn(columns.VarBytesColumn())),
        # the stems of each player question the entry answers (`questions:`), weighed
        # like its lines
        question_lines=fields.COLUMN(columns.PickleColumn(columns.VarBytesColumn())),
        # for each of those questions, the position of the line that answers it (its
        # `answer:`), or None: the answer line leans on the questions (`answer.best_line`)
        answering_lines=fields.COLUMN(columns.PickleColumn(columns.VarBytesColumn())),
    )


def _hit_data(entry) -> dict:
    """What a search hit shows, stored in the index so queries never open the KB."""
    from judge.kb.entries import SOURCES
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


def _document(entry, official: dict) -> dict:
    """An entry's fields as the index takes them: the text fields as their stems
    (`text.analysed`)."""
    from judge.base.slug import slugify
    from judge.kb.body_lines import body_lines
    from judge.search.answer import distinct_stems, line_stems
    from judge.search.text import analysed

    searchable = {
        "title": entry.title,
        "aliases": "\n".join((*entry.aliases, *entry.cards)),
        "questions": "\n".join(entry.questions),
        "summary": entry.summary,
        "body": entry.body,
        "official": "\n\n".join(w["text"] for w in official.get(entry.id, ())),
    }
    keeping_stop_words = ("title", "aliases")
    stems = {f: analysed(text, stop=f not in keeping_stop_words) for f, text in searchable.items()}
    # every field's stems without stop words: the fields' own, and the title and
    # aliases once more, as they keep theirs
    anywhere = (
        analysed(text) if f in keeping_stop_words else stems[f] for f, text in searchable.items()
    )
    lines = body_lines(entry.body)
    return {
        **stems,
        "id": entry.id,
        "anywhere": " ".join(filter(None, anywhere)),
        "card_keys": ",".join(slugify(card) for card in entry.cards),
        "kind": entry.kind,
        "game": entry.game,
        "number": entry.number or "",
        "hit": _hit_data(entry),
        "lines": line_stems(lines),
        "question_lines": [distinct_stems(question) for question in entry.questions],
        "answering_lines": _answering_lines(entry, lines),
    }


def _answering_lines(entry, lines: list[str]) -> list[int | None]:
    """The position among the body's `lines` of the line that answers each of the
    entry's questions (the loader gives every question its `question_answers` item)."""
    from judge.kb.body_lines import opened_by

    found = []
    for _, opening in zip(entry.questions, entry.question_answers, strict=True):
        positions = opened_by(lines, opening) if opening else []
        found.append(positions[0] if len(positions) == 1 else None)
    return found


def _pair_stems(entry, document: dict) -> list[str]:
    """The stems whose adjacent pairs are an entry's phrases (`pair_postings`): its
    title, aliases, the player questions it answers and its body. The questions and
    the body are the index `document`'s stems already; the title and aliases are
    analysed again, as the phrases drop stop words that those fields keep."""
    from judge.search.text import analysed

    named = analysed("\n".join((entry.title, *entry.aliases)))
    return f"{named} {document['questions']} {document['body']}".split()


def index_path(kb_hash: str) -> Path:
    from judge import __version__

    return cache_dir() / f"index-{_FORMAT}-{__version__}-{kb_hash}"


def _fill(kb, ix) -> dict:
    """Write every entry of one game into its empty index `ix`; returns its `meta`."""
    from judge.base.slug import slugify
    from judge.games import DEFAULT_GAME
    from judge.kb.importer.store import official_wording
    from judge.search import lazy_tables, pair_postings
    from judge.search.card_tables import database_cards, distinctive_words, everyday_words
    from judge.search.index_writing import Codec
    from judge.search.scenario_mentions import index_meta as scenario_meta
    from judge.search.spelling import terms, vocabulary
    from judge.search.text import analyzer, stem

    writer = ix.writer(procs=1, limitmb=256, codec=Codec(), compound=False)
    official = official_wording()
    pairs = []
    for entry in kb.entries:  # one writer, one commit: entries keep their order as numbers
        document = _document(entry, official)
        writer.add_document(**document)
        pairs.append(_pair_stems(entry, document))
    writer.commit()
    pair_postings.write(ix, pairs)
    # the card database's titles: the Card Game's only (`card_facts`)
    everyday = everyday_words(kb)
    lcg = kb.entries and kb.entries[0].game == DEFAULT_GAME
    database = database_cards(kb, everyday) if lcg else {}
    lazy_tables.write(
        ix,
        {
            "card_designs": database.pop("designs", {}),
            "database_cards": database,
            "fact_entries": _fact_entries(kb),
        },
    )
    used = vocabulary(kb)
    words = sorted(used)
    return {
        "entries": len(kb),
        "cards": {slugify(title): title for title in kb.card_titles.values()},
        "card_words": distinctive_words(kb, everyday),
        "everyday": sorted(everyday),
        # by document number (one writer, one commit: entries keep their order)
        "title_stems": [[t.text for t in analyzer()(entry.title)] for entry in kb.entries],
        # read for every candidate of every question: a list, not a column on disk
        "kinds": [entry.kind for entry in kb.entries],
        # the learned stage finds its entries by id (`engine.GameIndex._model_docnums`)
        "ids": [entry.id for entry in kb.entries],
        "scenarios": scenario_meta(kb),
        "vocabulary": words,
        "vocabulary_stems": sorted({stem(w) for w in words}),
        "terms": terms(kb),
        "rare_words": sorted(word for word, entries in used.items() if entries == 1),
        "superseded_by": _superseded_by(kb.entries),
        "one_cards": [n for n, entry in enumerate(kb.entries) if _about_one_card(entry)],
    }


def _fact_entries(kb) -> dict[str, str]:
    """Card design id -> the document numbers of the entries its facts point to (its
    Response to the rules of responses, its Sentinel to Sentinel), spaced in a string,
    which parses several times faster than a list and is split only for a card named:
    the fusion's card facts (`learned.candidates`). The card's own errata and Q&A are
    left out: they name it, and rank by their words."""
    from judge.kb import card_facts

    if not card_facts.available():
        return {}
    numbers = {entry.id: n for n, entry in enumerate(kb.entries)}
    found = {}
    for design in card_facts.designs():
        pointed = {numbers[i] for _, group in design.entries for i in group if i in numbers}
        if pointed:
            found[design.id] = " ".join(map(str, sorted(pointed)))
    return found


def _about_one_card(entry) -> bool:
    """Whether an entry of a kind not already weighed as about cards (a campaign rule,
    a saga card's glossary entry) is titled after a card it covers."""
    from judge.search.profile import RULES_QUESTION_WEIGHTS

    return entry.kind not in RULES_QUESTION_WEIGHTS and entry.titled_after_a_card


def _superseded_by(entries) -> dict[str, list[int]]:
    """Document number -> the document numbers of the newer entries that restate it (a
    FAQ ruling the Rules Reference now prints), within one game's index."""
    position = {entry.id: n for n, entry in enumerate(entries)}
    return {
        str(n): [position[newer] for newer in entry.superseded_by if newer in position]
        for n, entry in enumerate(entries)
        if entry.superseded_by
    }


def _fill_games(kb, create) -> dict:
    """One index per game (`create(game)` makes it), so that one game's entries never
    change another's word statistics; returns the whole `meta`."""
    from judge.kb.knowledge import KnowledgeBase
    from judge.search.routing import exclusive_stems

    started = time.perf_counter()
    games = {}
    for game in dict.fromkeys(entry.game for entry in kb.entries):
        entries = KnowledgeBase([e for e in kb.entries if e.game == game], kb.kb_hash)
        games[game] = _fill(entries, create(game))
    return {
        "entries": len(kb),
        "build_seconds": round(time.perf_counter() - started, 3),
        "games": games,
        "game_stems": exclusive_stems(kb),
    }


def build(kb, target: Path, replace: bool = False) -> float:
    """Write a complete index for `kb` at `target` (atomically); returns seconds spent.

    With `replace`, what is at `target` (a broken index, or one being rebuilt) stays in
    place until the new one is whole, and is then swapped out in one rename: a process
    that opens the index meanwhile reads the old one, never a half-built or missing one.
    Without it, a process that installed an index first wins, and this copy is dropped
    (several processes building on an empty cache at once)."""
    from whoosh import index

    from judge.base.cache import install_dir_atomic, make_build_dir, replace_dir_atomic
    from judge.search import english

    staging = make_build_dir(target.parent, target.name)
    try:
        meta = _fill_games(kb, lambda game: index.create_in(staging, schema(), indexname=game))
        english.write(staging)
        meta["files"] = {f.name: _fingerprint(f) for f in staging.iterdir() if f.is_file()}
        meta["profile"] = _index_profile()
        (staging / "meta.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    _clear_non_index(target)
    (replace_dir_atomic if replace else install_dir_atomic)(staging, target)
    return meta["build_seconds"]


def _index_profile() -> dict:
    """What the index was built with besides the knowledge base: the profile's numbers
    it holds (`profile.INDEX_BOOSTS`, `PAIR_WEIGHT`) and the English its stems were
    analysed with (`lexicon.fingerprint`). An index built with others is stale."""
    from judge.games.lexicon import fingerprint
    from judge.search import profile

    # and the analysis: the stems the index holds follow english.json's stop words
    # and irregular forms
    return {
        "boosts": profile.INDEX_BOOSTS,
        "pairs": profile.PAIR_WEIGHT,
        "english": fingerprint(),
    }


def _fingerprint(path: Path) -> list[int]:
    """[size, modification time in ns, CRC-32] of one index file."""
    data = path.read_bytes()
    return [len(data), path.stat().st_mtime_ns, zlib.crc32(data)]


def _whole_meta(target: Path) -> dict | None:
    """The index's meta when every file it lists is there and unchanged, else None.

    A file whose size and modification time are as built is taken as built (a stat, no
    read); one whose time changed (written to, or copied) is read and checked against
    its CRC-32."""
    try:
        meta = json.loads((target / "meta.json").read_text(encoding="utf-8"))
        for name, (size, mtime, crc) in meta["files"].items():
            stat = (target / name).stat()
            if stat.st_size != size:
                return None
            if stat.st_mtime_ns != mtime and zlib.crc32((target / name).read_bytes()) != crc:
                return None
        whole = isinstance(meta["entries"], int) and meta.get("profile") == _index_profile()
        return meta if whole else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _clear_non_index(target: Path) -> None:
    """Something that is not a folder in the index's place (a file of that name, a
    link) is moved aside, never deleted: it is not ours to delete."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        os.replace(target, target.with_name(f"{target.name}.moved-aside"))


def ensure(rebuild: bool = False, root: Path | None = None) -> IndexInfo:
    """The current index, building it first when missing, stale, truncated or corrupted."""
    from judge.kb.hashing import content_hash
    from judge.kb.importer.store import store_hash

    root = root or kb_root()
    # imported wording is indexed too: importing or removing a document changes the key
    target = index_path("-".join(filter(None, (content_hash(root), store_hash()))))
    try:
        built_now = False
        meta = None if rebuild else _whole_meta(target)
        if meta is None:
            from judge.kb.knowledge import load

            # a broken (or unwanted) index is swapped out; a missing one is raced for
            build(load(root), target, replace=target.is_dir())
            built_now = True
            _remove_stale(target)
            meta = _whole_meta(target)
            if meta is None:
                raise OSError(f"the index at {target} could not be read back")
        else:
            _stamp_used(target)
    except OSError as exc:
        return _in_memory(root, exc)
    return IndexInfo(target, meta["entries"], meta["build_seconds"], built_now, meta)


def _in_memory(root: Path, reason: OSError) -> IndexInfo:
    """Build the index in memory for this run: the cache directory is not writable."""
    from judge.kb.knowledge import load

    global _warned
    if not _warned:
        _warned = True
        why = reason.strerror or str(reason)
        print(
            f"loremaster: warning: cannot write the search index under {cache_dir()} ({why}); "
            "using an in-memory index for this run",
            file=sys.stderr,
        )
    from judge.search.ram_storage import PrivateRamStorage

    storage = PrivateRamStorage()
    meta = _fill_games(load(root), lambda game: storage.create_index(schema(), indexname=game))
    return IndexInfo(Path(":memory:"), meta["entries"], meta["build_seconds"], True, meta, storage)


def _stamp_used(target: Path) -> None:
    """Mark the index as in use (meta.json's mtime), at most once per USE_STAMP_SECONDS,
    so that another checkout's or version's sweep leaves it alone."""
    meta = target / "meta.json"
    try:
        if time.time() - meta.stat().st_mtime > USE_STAMP_SECONDS:
            os.utime(meta)
    except OSError:
        pass  # a read-only cache: nothing sweeps it either


def _remove_stale(current: Path) -> None:
    """Drop our older indexes that `judge.base.cache.stale_versions` says may go, and
    the build folders of builds that crashed (best effort: another process may sweep
    too). A folder not named as ours, or holding no meta.json of ours, is not ours."""
    from judge.base.cache import ABANDONED_SECONDS, stale_versions

    now = time.time()
    older: dict[Path, float] = {}
    for old in current.parent.iterdir():
        try:
            if old == current or not old.is_dir() or old.is_symlink():
                continue
            if _OWN_INDEX.match(old.name) and _is_our_index(old):
                older[old] = (old / "meta.json").stat().st_mtime
            elif _OWN_BUILD.match(old.name) and now - old.stat().st_mtime > ABANDONED_SECONDS:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            continue
    for stale in stale_versions(older, now):
        shutil.rmtree(stale, ignore_errors=True)


def _is_our_index(folder: Path) -> bool:
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(meta, dict) and {"entries", "games", "files"} <= set(meta)
