"""Aligning a document with the knowledge base: find each entry's printed heading, take
the wording up to the next heading.

No parser per document: every entry already records where it is printed (its citation
and `also_in`: document, heading, number, set code). Those headings, looked for as whole
lines, cut the document into pieces. A heading printed several times (a contents page,
a chart) is taken where the most text follows it. A heading that two entries share is
given to each of them only when they are the same printed rule (a few entries at most,
such as a keyword kept beside its glossary entry); a heading many entries share is a
section name and places only the entry named after it. An entry with no heading of its
own, such as a FAQ answer about a card, takes the question-and-answer block that names
its card, when exactly that card's blocks can be told apart. Nothing is ever placed by
guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.kb.importer.text import heading_key

#: lines that end a piece of wording whatever follows (the Quest Companion's page links,
#: the FAQ's separators, cross-references)
_STOP = re.compile(r"^(home|back|see also\b.*|-{3,})$", re.I)
#: lines shaped like a printed heading the knowledge base may not know: a numbered ruling
#: "(1.24) ...", an Appendix I step "6.4.2 ...", a Quest Companion page title after "Back"
_RULING = re.compile(r"^\(\d+\.\d+\)\s+\S")
_STEP = re.compile(r"^\d\.\d+(?:\.\d+)?[ab]?\s+[A-Z]")
MAX_WORDING = 6000
#: more entries than this sharing one heading means the heading is a section name
MAX_SHARED = 3
_BOLD_RUN_IN = re.compile(r"^\*\*(?P<heading>[^*]+)\*\*\s*(?P<rest>.*)$")
#: a list marker before a heading printed in capitals: "4. ARCHERY PHASE", "I. FELLOWSHIP
#: PHASE" (in mixed case, a numbered line is an item of a list or of the contents)
_LIST_MARKER = re.compile(r"^(?:\d{1,2}|[ivx]{1,4})\.\s+")
#: the parts of a heading that names several terms: "CHARACTER (COMPANION, MINION, ALLY)"
_PARTS = re.compile(r"\s*[,()]\s*")
#: a heading names at most this many words (a sentence that lists terms is no heading)
MAX_HEADING_WORDS = 8
#: a term printed in bold inside a paragraph: "An **ally** is ..."
_BOLD = re.compile(r"\*\*(?P<term>[^*]{1,60})\*\*")


@dataclass(frozen=True, slots=True)
class Wording:
    """An entry's printed text, and the line of the document it starts on."""

    text: str
    line: int


@dataclass(frozen=True, slots=True)
class Alignment:
    document: str
    placed: dict[str, Wording] = field(default_factory=dict)
    unplaced: tuple[str, ...] = ()
    unexpected: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return len(self.placed) + len(self.unplaced)


def headings_for(entry, document: str) -> set[str]:
    """The ways this document may print the entry's heading."""
    variants: set[str] = set()
    for cite in entry.citations:
        if cite.source != document:
            continue
        title = cite.title or ""
        variants |= {cite.section, title, cite.section.rpartition(": ")[2]}
        if cite.number:
            variants |= {f"{cite.number} {title}", f"({cite.number}) {title}"}
        if cite.set_code:
            variants.add(f"{title} {cite.set_code}")
    return {heading_key(v) for v in variants if v and v.strip()}


def expected_headings(entries, document: str) -> dict[str, tuple[str, ...]]:
    """heading key -> the ids of the entries printed under it (a few at most).

    A section heading many entries share places only the one entry named after it: the
    text under "Appendix III: Campaign Mode" is the "Campaign Mode" entry's wording,
    while the section's other entries have headings of their own."""
    owners: dict[str, list] = {}
    for entry in entries:
        for key in headings_for(entry, document):
            owners.setdefault(key, []).append(entry)
    found = {}
    for key, shared in owners.items():
        if len(shared) > MAX_SHARED:  # a section name
            shared = [e for e in shared if _named_after(key, e)]
            if len(shared) != 1:
                continue
        found[key] = tuple(e.id for e in shared)
    return found


def _named_after(key: str, entry) -> bool:
    title = heading_key(entry.title)
    return key == title or key.endswith(f" {title}")


def align(lines: list[str], entries, document: str) -> Alignment:
    """Place every entry printed in `document` (by its citations) into its wording."""
    expected = [e.id for e in entries if headings_for(e, document)]
    headings = expected_headings(entries, document)
    keys = _heading_keys(lines, headings, entries)
    starts = [i for i, key in enumerate(keys) if key in headings]
    run_ins = _run_in_headings(lines, headings)
    composite = _composite_headings(lines, keys, headings)
    boundaries = set(starts) | set(run_ins) | set(composite)
    best: dict[str, Wording] = {}

    def offer(ids: tuple[str, ...], text: str, line: int) -> None:
        for entry_id in ids:
            if text and len(text) > len(best.get(entry_id, Wording("", 0)).text):
                best[entry_id] = Wording(text, line)

    for start in starts:
        # a heading wrapped onto a second line was joined into this one's key
        body = start + 2 if keys[start + 1 : start + 2] == [_CONTINUED] else start + 1
        offer(headings[keys[start]], _wording(lines, body, boundaries), start + 1)
    for start, (key, first) in run_ins.items():
        text = "\n".join(filter(None, (first, _wording(lines, start + 1, boundaries))))
        offer(headings[key], text, start + 1)
    for start, parts in composite.items():
        text = _wording(lines, start + 1, boundaries)
        for key in parts:
            offer(headings[key], text, start + 1)
    for entry_id, wording in _bold_definitions(lines, headings, best).items():
        best[entry_id] = wording
    for entry_id, wording in _card_answers(lines, entries, document, best).items():
        best[entry_id] = wording
    numbered = _numbers(entries, document)
    unexpected = tuple(
        dict.fromkeys(
            lines[i].strip()
            for i in range(len(lines))
            if keys[i]
            and keys[i] not in headings
            and _looks_like_heading(lines, i)
            and _NUMBER.match(keys[i])[1] not in numbered
        )
    )
    return Alignment(
        document,
        {entry_id: best[entry_id] for entry_id in expected if entry_id in best},
        tuple(entry_id for entry_id in expected if entry_id not in best),
        unexpected,
    )


#: the key of a line that continues the heading on the line before it
_CONTINUED = "\x00continued"
_SIDE = re.compile(r"^\d[ab]$")  # a quest card's side printed between title and set: "1B"


def _heading_keys(lines: list[str], headings: dict, entries) -> list[str]:
    """Each line's heading key, with two repairs printed documents need: a heading wrapped
    over two lines is joined (the second line's key becomes `_CONTINUED`), and an errata
    heading with a quest card's side ("The Ambush 1B AtS 117") reads as the heading."""
    keys = [heading_key(line) if line.strip() else "" for line in lines]
    for i, key in enumerate(keys):
        unmarked = _LIST_MARKER.sub("", key)
        if key not in headings and unmarked in headings and lines[i].strip().isupper():
            keys[i] = unmarked
    prefixes = {key.rsplit(" ", n)[0] for key in headings for n in (1, 2) if " " in key}
    for i in range(len(keys) - 1):
        if keys[i] and keys[i] not in headings and keys[i] in prefixes and keys[i + 1]:
            joined = f"{keys[i]} {keys[i + 1]}"
            if joined in headings:
                keys[i], keys[i + 1] = joined, _CONTINUED
        words = keys[i].split()
        for j, word in enumerate(words):
            if _SIDE.match(word) and " ".join(words[:j] + words[j + 1 :]) in headings:
                keys[i] = " ".join(words[:j] + words[j + 1 :])
    return keys


def _run_in_headings(lines: list[str], headings: dict) -> dict[int, tuple[str, str]]:
    """Bold headings that run into their text (`**Archery X** While ...`): line ->
    (heading key, the rest of the line)."""
    found = {}
    for i, line in enumerate(lines):
        match = _BOLD_RUN_IN.match(line.strip())
        if match and heading_key(match.group("heading")) in headings:
            found[i] = (heading_key(match.group("heading")), match.group("rest").strip())
    return found


def _composite_headings(
    lines: list[str], keys: list[str], headings: dict
) -> dict[int, tuple[str, ...]]:
    """Heading lines, printed in capitals, that name several terms at once
    ("POSSESSION, EVENT, CONDITION, ARTIFACT", "CHARACTER (COMPANION, MINION, ALLY)"):
    line -> the known headings among its parts. Each of them takes the wording under it."""
    found = {}
    for i, key in enumerate(keys):
        if not key or key in headings or len(key.split()) > MAX_HEADING_WORDS:
            continue
        if not lines[i].strip().isupper():
            continue
        parts = [heading_key(part) for part in _PARTS.split(lines[i]) if part.strip()]
        named = tuple(dict.fromkeys(part for part in parts if part in headings))
        if len(parts) > 1 and named:
            found[i] = named
    return found


def _bold_definitions(lines: list[str], headings: dict, placed: dict) -> dict[str, Wording]:
    """For an entry no heading placed: the paragraph that prints its term in bold
    ("An **ally** is a Free Peoples character ..."), the first such paragraph only, and
    only when the term names exactly that entry."""
    found: dict[str, Wording] = {}
    for i, line in enumerate(lines):
        for match in _BOLD.finditer(line):
            ids = headings.get(heading_key(match.group("term")), ())
            waiting = [entry_id for entry_id in ids if entry_id not in placed]
            if len(ids) == 1 and waiting and waiting[0] not in found:
                found[waiting[0]] = Wording(line.strip()[:MAX_WORDING], i + 1)
    return found


def _card_answers(lines: list[str], entries, document: str, placed: dict) -> dict:
    """Question-and-answer blocks ("Q: ... A: ...") for entries about a card that no
    heading placed: the blocks whose question names the card. A card belongs to the
    waiting entry titled with it (a question-and-answer entry first), else to the only
    waiting entry that names it."""
    blocks: list[tuple[int, str]] = []
    start = None
    for i, line in enumerate([*lines, "-----"]):
        question = line.strip().startswith(("Q:", "Q."))
        if question and start is None:
            start = i
        elif start is not None and (_STOP.match(line.strip()) or question):
            blocks.append((start, "\n".join(x.strip() for x in lines[start:i]).strip()))
            start = i if question else None
    waiting = [e for e in entries if e.id not in placed and e.cards and headings_for(e, document)]
    by_card: dict[str, list] = {}
    for entry in waiting:
        for card in entry.cards:
            by_card.setdefault(heading_key(card), []).append(entry)
    found = {}
    for card, naming in by_card.items():
        owners = [e for e in naming if heading_key(e.title) == card] or naming
        owners = [e for e in owners if e.kind == "qa"] or owners  # a Q&A block answers a Q&A
        if len(owners) != 1:
            continue
        pattern = re.compile(rf"(?<!\w){re.escape(card)}(?!\w)")
        hits = [(i, text) for i, text in blocks if pattern.search(heading_key(text.split("A:")[0]))]
        if hits:
            found[owners[0].id] = Wording(
                "\n\n".join(text for _, text in hits)[:MAX_WORDING], hits[0][0] + 1
            )
    return found


def _wording(lines: list[str], start: int, boundaries: set[int]) -> str:
    """The text from `start` up to the next heading, page link or separator."""
    taken: list[str] = []
    for i in range(start, len(lines)):
        if i in boundaries or _STOP.match(lines[i].strip()):
            break
        taken.append(lines[i].strip())
    paragraphs = "\n".join(taken).strip()
    paragraphs = re.sub(r"\n{3,}", "\n\n", paragraphs)
    return paragraphs[:MAX_WORDING]


#: the step or ruling number a heading starts with ("6.4a", "(1.24)"), or nothing
_NUMBER = re.compile(r"^\(?(\d+\.\d+(?:\.\d+)?[ab]?)?")


def _numbers(entries, document: str) -> frozenset[str]:
    """The step and ruling numbers the knowledge base has entries for in this document:
    a chart that prints a known step again under a longer label ("6.4a Active player
    resolves next enemy attack ...") is not a heading the knowledge base lacks."""
    return frozenset(
        cite.number
        for entry in entries
        for cite in entry.citations
        if cite.source == document and cite.number
    )


def _looks_like_heading(lines: list[str], i: int) -> bool:
    """A numbered ruling or step heading, or a page title right after a "Back" link."""
    line = lines[i].strip()
    if _RULING.match(line) or _STEP.match(line):
        return True
    previous = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
    return previous.lower() == "back" and len(line) < 80
