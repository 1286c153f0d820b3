"""The engine objects the app shares: the knowledge base and the open search index.

Both are expensive to open (the index is built on first use), so they are opened once,
lazily, from worker threads; the locks make the first caller do the work and the
others wait for it. The open index is shared by every app in the process (the tests
start many).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.kb.knowledge import KnowledgeBase
    from judge.search.answer import Answer
    from judge.search.engine import Hit, Searcher
    from judge.search.understand import Understanding

_open_lock = threading.Lock()
_search_lock = threading.Lock()  # one whoosh searcher answers one question at a time
_searchers: dict[str, Searcher] = {}


def shared_searcher() -> Searcher:
    """The process's open search index for the current cache directory."""
    from judge.base.paths import cache_dir

    key = str(cache_dir())
    with _open_lock:
        searcher = _searchers.get(key)
        if searcher is None:
            from judge.search.engine import Searcher

            searcher = _searchers[key] = Searcher(learned=True)  # as `ask` ranks
        return searcher


class Library:
    """Lazy, thread-safe access to the knowledge base and search for one app."""

    def __init__(self) -> None:
        self._kb: KnowledgeBase | None = None
        self._kb_lock = threading.Lock()

    @property
    def kb(self) -> KnowledgeBase:
        """The loaded knowledge base (loaded on first use, then kept)."""
        if self._kb is None:
            with self._kb_lock:
                if self._kb is None:
                    from judge.kb.knowledge import load

                    self._kb = load()
        return self._kb

    @property
    def kb_loaded(self) -> bool:
        return self._kb is not None

    def open_index(self) -> None:
        """Open (and on a first run build) the search index; blocks until done."""
        shared_searcher()

    def ask(
        self, question: str, k: int = 10, game: str = "auto"
    ) -> tuple[Understanding, list[Hit], float]:
        """The best `k` entries for a question, what the engine understood, and its time;
        `game` "auto" lets the question's words choose the game."""
        searcher = shared_searcher()
        with _search_lock:
            return searcher.ask(question, k=k, game=game)

    def answer(self, meaning: Understanding, hits: list[Hit]) -> Answer | None:
        """The answer line for an asked question (see `judge.search.answer`), or None
        when no line states the rule or the ranking is not confident enough."""
        searcher = shared_searcher()
        with _search_lock:
            return searcher.answer(meaning, hits)

    def candidates(self, meaning: Understanding, hits: list[Hit]) -> list[Answer]:
        """The deciding line of each of the best three hits: what a question with no
        confident answer is shown instead."""
        searcher = shared_searcher()
        with _search_lock:
            return searcher.candidates(meaning, hits)
