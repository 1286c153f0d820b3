"""Answer quality, scored in process on the question sets in this repository (and on
../shared's dev sets when that folder is there): hit@1/3/5 and MRR per category, the
query time of each set, and two measures of the answer line: how often it shares the
reference answer's words, and, for the questions in `answer-lines.jsonl`, how often it
is one of the lines that readers judged to state the answer.

A target names an entry by game, kind and title, number or card, as the question sets
do; a keyword and a glossary entry count as one kind, since one merged entry states
both. `python bench/quality.py [FILE.jsonl ...] [--show-misses]`.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).parent
REPO = HERE.parent
SHARED = REPO.parent / "shared" / "eval"
#: in-repo sets first: they are scored on every machine
SETS = (
    HERE / "questions-own.jsonl",
    HERE / "questions-forum.jsonl",
    HERE / "questions-tidy.jsonl",
    HERE / "questions-rr.jsonl",
    HERE / "questions-docs.jsonl",
    HERE / "questions-posts.jsonl",
    HERE / "questions-fresh.jsonl",
    HERE / "questions-blind.jsonl",
    HERE / "questions-posts2.jsonl",
    HERE / "questions-blind2.jsonl",
    HERE / "questions-posts3.jsonl",
    HERE / "questions-blind3.jsonl",
    HERE / "questions-blind4.jsonl",
    HERE / "questions-blind5.jsonl",
    HERE / "questions-blind6.jsonl",
    HERE / "questions-blind7.jsonl",
    HERE / "questions-blind8.jsonl",
    HERE / "questions-blind9.jsonl",
    HERE / "questions-blind10.jsonl",
    HERE / "questions-blind11.jsonl",
    HERE / "questions-blind12.jsonl",
    HERE / "questions-blind13.jsonl",
    HERE / "questions-posts4.jsonl",
    HERE / "questions-posts5.jsonl",
    HERE / "questions-posts6.jsonl",
    HERE / "questions-posts7.jsonl",
    HERE / "questions-posts8.jsonl",
    HERE / "questions-posts9.jsonl",
    HERE / "questions-posts10.jsonl",
    HERE / "questions-posts11.jsonl",
    HERE / "questions-posts12.jsonl",
    HERE / "questions-posts13.jsonl",
    HERE / "questions-posts14.jsonl",
    HERE / "questions-posts15.jsonl",
    HERE / "questions-posts16.jsonl",
    HERE / "questions-posts17.jsonl",
    HERE / "questions-posts18.jsonl",
    HERE / "questions-scenarios.jsonl",
    HERE / "questions-qc.jsonl",
    HERE / "questions-tcg.jsonl",
    SHARED / "dev-questions.jsonl",
    SHARED / "dev-real.jsonl",
)
#: the sets of forum posts written blind, whose answer lines two readers judged from the
#: post and the entry's lines alone: the closest to how the answer line is judged
READER_SETS = frozenset(f"questions-posts{n}.jsonl" for n in range(4, 13))
#: per labelled question (set file, id): the entry ranked first when it was labelled and
#: every line of it that, read next to the question, states the answer (judged by
#: readers who saw the reference answer; empty when no line does)
ANSWER_LINES = HERE / "answer-lines.jsonl"
SAME_KIND = {"keyword": {"keyword", "glossary"}, "glossary": {"keyword", "glossary"}}
K = 5


def _norm(text) -> str:
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"\(\d+\.\d+\)", " ", text)
    text = " ".join(re.findall(r"[a-z0-9]+", text))
    return re.sub(r"^(the|faq) ", "", text)


def matches(hit, target: dict) -> bool:
    """Whether a hit is the entry a target names (kinds as the CLI contract lists them,
    as `../shared/eval/score.py` reads them)."""
    from judge.kb.entries import listed_kind

    if hit.game != target.get("game", "lcg"):
        return False
    kind = target.get("kind")
    card = target.get("card")
    if (
        kind
        and listed_kind(hit.kind, hit.game) not in SAME_KIND.get(kind, {kind})
        and not (card and kind in ("errata", "qa"))
    ):
        return False
    if target.get("number") and str(hit.number or "") == str(target["number"]):
        return True
    if card:
        named = {_norm(hit.title), *(_norm(c) for c in hit.cards)}
        return _norm(card) in named and hit.kind in ("errata", "qa", "scenario")
    return bool(target.get("title")) and _norm(target["title"]) == _norm(hit.title)


def _shares_reference(answer, reference: str | None) -> bool | None:
    """Whether the answer line says the reference answer's key words (a rough, honest
    proxy for "states the rule asked about"; None when there is no reference)."""
    if not reference:
        return None
    if answer is None:
        return False
    from judge.search.text import STOP_WORDS, stem, words

    def key(text: str) -> set[str]:
        return {stem(w) for w in words(text) if w not in STOP_WORDS and len(w) > 2}

    wanted = key(reference)
    return bool(wanted) and len(key(answer.text) & wanted) / len(wanted) >= 0.3


def _answer_labels() -> dict[tuple[str, str], dict]:
    if not ANSWER_LINES.is_file():
        return {}
    rows = [json.loads(line) for line in ANSWER_LINES.read_text(encoding="utf-8").splitlines()]
    return {(row["set"], row["id"]): row for row in rows if row}


def _judged_right(answer, label: dict, kb) -> bool | None:
    """Whether the answer line is one the readers judged right; None when the label is
    for another entry or stale (none of its lines is in the entry any more)."""
    from judge.kb.body_lines import body_lines

    entry = kb.get(label["entry"])
    if answer is None or entry is None or answer.id != entry.id:
        return None
    if label["lines"] and not set(label["lines"]) & set(body_lines(entry.body)):
        return None
    # the line shown may be the tail of its line: a ruling's answer without "A:"
    return any(line.endswith(answer.text) for line in label["lines"])


def score(searcher, path: Path, show_misses: bool = False) -> list[bool]:
    """Print a set's hit@k, timings and answer-line agreement; return, for each labelled
    question whose top hit is right, whether its answer line is one judged right."""
    from judge.kb.knowledge import load

    rows = [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    labels, kb = _answer_labels(), load()
    ranks: dict[str, list[int | None]] = {}
    times: list[float] = []
    answered: list[bool] = []
    judged: list[bool] = []
    for row in rows:
        meaning, hits, took = searcher.ask(row["q"], k=K, game=row.get("game", "auto"))
        times.append(took)
        rank = next(
            (i for i, h in enumerate(hits, 1) if any(matches(h, t) for t in row["expect"])), None
        )
        for category in (row.get("category", "all"), "all"):
            ranks.setdefault(category, []).append(rank)
        if rank == 1:
            answer = searcher.answer(meaning, hits)
            shared = _shares_reference(answer, row.get("answer"))
            if shared is not None:
                answered.append(shared)
            label = labels.get((path.name, row.get("id")))
            right = _judged_right(answer, label, kb) if label else None
            if right is not None:
                judged.append(right)
        if show_misses and rank != 1:
            print(f"  miss {row.get('id')} rank={rank} {row['q'][:90]!r}")
            print(f"       got {[(h.kind, h.title) for h in hits[:3]]}")
    print(f"{path.name}:")
    for category, found in sorted(ranks.items(), key=lambda item: item[0] == "all"):
        n = len(found)
        at = {k: sum(1 for r in found if r is not None and r <= k) / n for k in (1, 3, 5)}
        mrr = sum(1 / r for r in found if r) / n
        print(
            f"  {category:9} n={n:4}  hit@1={at[1]:.3f}  hit@3={at[3]:.3f}  "
            f"hit@5={at[5]:.3f}  mrr={mrr:.3f}"
        )
    times.sort()
    print(
        f"  took_ms p50={statistics.median(times):.2f} p95={times[int(len(times) * 0.95)]:.2f}"
        + (
            f"  answer line shares the reference (top hit right): "
            f"{sum(answered) / len(answered):.2f} of {len(answered)}"
            if answered
            else ""
        )
    )
    if judged:
        print(
            f"  answer line judged right (labelled, top hit right): "
            f"{sum(judged) / len(judged):.2f} of {len(judged)}"
        )
    return judged


def title_lookups(searcher, show_misses: bool = False) -> list:
    """Each entry's title asked on its own ("deckbuilding", "Helm's Deep"), as a player
    looks a term up: how often the first hit has that title. An older FAQ ruling whose
    rule the Rules Reference restates ranks under the restatement by design, so a
    few misses are expected. Returns the entries found first."""
    from judge.kb.knowledge import load

    entries = load().entries
    missed = []
    for entry in entries:
        got = _first_unless_titled(searcher, entry.title, entry)
        if got != entry.id:
            missed.append((entry.id, got))
    print(f"title lookups: {len(entries) - len(missed)} of {len(entries)} entries first")
    for entry_id, got in missed if show_misses else ():
        print(f"  miss {entry_id}: got {got}")
    missed_ids = {entry_id for entry_id, _ in missed}
    return [entry for entry in entries if entry.id not in missed_ids]


def _first_unless_titled(searcher, question: str, entry) -> str | None:
    """The first hit's id for a question, or the entry's own when the first hit has the
    entry's title (an entry restating it, or its duplicate, counts as found)."""
    _, hits, _ = searcher.ask(question, k=1, game=entry.game)
    if hits and _norm(hits[0].title) == _norm(entry.title):
        return entry.id
    return hits[0].id if hits else None


#: a key's right-hand neighbour on the keyboard (the left-hand one at a row's end)
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEXT_KEY = {
    key: row[i + 1] if i + 1 < len(row) else row[i - 1]
    for row in _ROWS
    for i, key in enumerate(row)
}


def typos(word: str) -> list[str]:
    """The four typos players make most, each in the middle of a word: a letter dropped,
    two swapped, one doubled, one changed to the key beside it."""
    k = len(word) // 2
    return [
        word[:k] + word[k + 1 :],
        word[:k] + word[k + 1] + word[k] + word[k + 2 :],
        word[:k] + word[k] + word[k:],
        word[:k] + _NEXT_KEY.get(word[k], word[k]) + word[k + 1 :],
    ]


def typo_lookups(searcher, entries, show_misses: bool = False) -> None:
    """Each entry's title asked with one typo in its longest word (`typos`, words of
    five letters or more), as a player types a card, scenario or rule in a hurry: how
    often the first hit has that title. `entries`: those found first when spelt right
    (`title_lookups` counts the rest)."""
    asked = 0
    misses = []
    for entry in entries:
        title = entry.title.lower().split()
        spelt = [i for i, word in enumerate(title) if word.isalpha() and len(word) >= 5]
        longest = max(spelt, key=lambda i: len(title[i]), default=None)
        if longest is None:
            continue
        for typo in dict.fromkeys(t for t in typos(title[longest]) if t != title[longest]):
            typed = " ".join([*title[:longest], typo, *title[longest + 1 :]])
            got = _first_unless_titled(searcher, typed, entry)
            asked += 1
            if got != entry.id:
                misses.append((typed, entry.id, got))
    print(f"misspelt title lookups: {asked - len(misses)} of {asked} entries first")
    for typed, entry_id, got in misses if show_misses else ():
        print(f"  miss {typed!r} ({entry_id}): got {got}")


def main(argv: list[str]) -> None:
    sys.path.insert(0, str(REPO))
    from judge.search.engine import Searcher

    show = "--show-misses" in argv
    named = [Path(a) for a in argv if not a.startswith("--")]
    paths = named or [p for p in SETS if p.is_file()]
    searcher = Searcher()
    judged: dict[str, list[bool]] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines()[:5]:  # warm the caches
            if line.strip():
                searcher.ask(json.loads(line)["q"])
        judged[path.name] = score(searcher, path, show)
    readers = [right for name, found in judged.items() if name in READER_SETS for right in found]
    every = [right for found in judged.values() for right in found]
    for label, found in (
        ("blind forum posts, judged by readers", readers),
        ("all labelled", every),
    ):
        if found:
            right, n = sum(found), len(found)
            print(f"answer line judged right, {label}: {right} of {n} ({right / n:.3f})")
    if not named:
        typo_lookups(searcher, title_lookups(searcher, show), show)


if __name__ == "__main__":
    main(sys.argv[1:])
