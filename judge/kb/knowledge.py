"""The loaded knowledge base: every entry by id, with links in both directions.

Parsing ~400 Markdown files costs far more than a command may spend, so the parsed
entries are compiled once into a JSON file in the user cache, keyed by the knowledge
base's content hash; later runs read only that file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from contextlib import suppress
from functools import cached_property
from pathlib import Path

from judge.base.paths import cache_dir, kb_root
from judge.kb.entries import Entry
from judge.kb.files import KnowledgeBaseError, read_entry_file, to_entry
from judge.kb.hashing import content_hash, kb_files

_FORMAT = 5


class KnowledgeBase:
    """Immutable collection of entries with the lookups the CLI, search and model need."""

    def __init__(self, entries: Iterable[Entry], kb_hash: str = ""):
        self.entries: tuple[Entry, ...] = tuple(entries)
        self.kb_hash = kb_hash
        self.by_id: dict[str, Entry] = {entry.id: entry for entry in self.entries}
        #: old id -> the entry it was merged into (`rr/sentinel` -> `kw/sentinel`)
        self.redirects: dict[str, str] = {
            old: entry.id for entry in self.entries for old in entry.redirects
        }

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, entry_id: str) -> Entry | None:
        """The entry with this id, or the one it was merged into."""
        entry = self.by_id.get(entry_id)
        if entry is None and entry_id in self.redirects:
            entry = self.by_id.get(self.redirects[entry_id])
        return entry

    @cached_property
    def _links_in(self) -> dict[str, list[str]]:
        links: dict[str, list[str]] = {}
        for entry in self.entries:
            for target in (*entry.see_also, *entry.supersedes, *entry.superseded_by):
                links.setdefault(target, []).append(entry.id)
        return links

    def linked_from(self, entry_id: str) -> list[Entry]:
        """Entries whose see-also (or supersession) points at `entry_id`."""
        return [self.by_id[i] for i in dict.fromkeys(self._links_in.get(entry_id, ()))]

    @cached_property
    def _by_card(self) -> dict[str, list[Entry]]:
        from judge.base.slug import slugify

        cards: dict[str, list[Entry]] = {}
        for entry in self.entries:
            for key in dict.fromkeys(slugify(card) for card in entry.cards):
                cards.setdefault(key, []).append(entry)
        return cards

    @cached_property
    def card_titles(self) -> dict[str, str]:
        """Slug -> printed title of every card some entry is about."""
        from judge.base.slug import slugify

        titles: dict[str, str] = {}
        for entry in self.entries:
            for card in entry.cards:
                titles.setdefault(slugify(card), card)
        return titles

    def entries_for_card(self, card: str) -> list[Entry]:
        """Every entry about a card (errata first, then rulings and Q&A)."""
        from judge.base.slug import slugify

        order = {"errata": 0, "qa": 1, "faq": 2, "scenario": 3}
        found = self._by_card.get(slugify(card), [])
        return sorted(found, key=lambda e: (order.get(e.kind, 9), e.id))

    def related(self, entry: Entry) -> list[Entry]:
        """Rulings, Q&A and errata about the cards this entry names (itself excluded)."""
        seen: dict[str, Entry] = {}
        for card in entry.cards:
            for other in self.entries_for_card(card):
                if other.id != entry.id and other.kind in ("errata", "qa", "faq"):
                    seen.setdefault(other.id, other)
        return list(seen.values())

    def closest_ids(self, text: str, limit: int = 5) -> list[str]:
        """The ids nearest to a mistyped one (rapidfuzz on ids and titles)."""
        from rapidfuzz import fuzz, process

        from judge.base.slug import slugify

        choices = {entry.id: f"{entry.id} {slugify(entry.title)}" for entry in self.entries}
        best = process.extract(text.lower(), choices, scorer=fuzz.WRatio, limit=limit)
        return [key for _, _, key in best]


def compile_entries(root: Path) -> list[Entry]:
    """Parse every file; all unreadable files are reported together."""
    entries, problems = _readable_entries(root)
    if problems:
        raise KnowledgeBaseError(problems)
    return entries


def _readable_entries(root: Path) -> tuple[list[Entry], list[str]]:
    """The entries of every file that can be read, and `path:line: problem` for the rest."""
    entries, problems = [], []
    for path in kb_files(root):
        try:
            entries.append(to_entry(read_entry_file(path, root)))
        except KnowledgeBaseError as exc:
            problems.extend(exc.problems)
    return entries, problems


#: the compiled knowledge bases this program writes (`_compiled_path`); nothing else in
#: the cache folder is ever removed
_OWN_COMPILED = re.compile(r"^kb-\d+-[0-9a-f]{16}\.json$")


def _remove_stale(current: Path) -> None:
    """Remove our older compiled knowledge bases (`judge.base.cache.stale_versions`:
    another checkout or version sharing the cache keeps its own), and the temporary
    files of writes that crashed; best effort, only files named as ours."""
    from judge.base.cache import stale_versions, sweep_temporaries

    older = {}
    for old in current.parent.iterdir():
        if old != current and _OWN_COMPILED.match(old.name):
            with suppress(OSError):
                if old.is_file() and not old.is_symlink():
                    older[old] = old.stat().st_mtime
    for stale in stale_versions(older):
        with suppress(OSError):
            stale.unlink()
    sweep_temporaries(current.parent, [current.name])


def _compiled_path(kb_hash: str) -> Path:
    return cache_dir() / f"kb-{_FORMAT}-{kb_hash}.json"


_loaded: dict[Path, KnowledgeBase] = {}


def _warn_skipped(problems: list[str]) -> None:
    import sys

    print(
        f"loremaster: warning: {len(problems)} knowledge-base problem(s); the entries of "
        "those files are left out (`loremaster validate` lists every problem):",
        *(f"  {problem}" for problem in problems),
        sep="\n",
        file=sys.stderr,
    )


def load(root: Path | None = None) -> KnowledgeBase:
    """The knowledge base, from the compiled cache when it matches the files."""
    from judge.base.cache import write_atomic

    root = root or kb_root()
    kb_hash = content_hash(root)
    cached = _loaded.get(root)
    if cached is not None and cached.kb_hash == kb_hash:
        return cached
    compiled = _compiled_path(kb_hash)
    try:
        rows = json.loads(compiled.read_bytes())
        entries = [Entry.from_dict(row) for row in rows]
    except (OSError, ValueError, TypeError):
        entries, problems = _readable_entries(root)
        if problems and not entries:
            raise KnowledgeBaseError(problems) from None
        if problems:
            # a broken file costs its own entries, not every command: the rest is
            # used, not cached (so the warning stays until the file is fixed)
            _warn_skipped(problems)
        else:
            payload = json.dumps([e.to_dict() for e in entries], ensure_ascii=False)
            with suppress(OSError):  # a read-only cache only costs speed
                write_atomic(compiled, payload.encode("utf-8"))
                _remove_stale(compiled)
    kb = KnowledgeBase(entries, kb_hash)
    _loaded[root] = kb
    return kb
