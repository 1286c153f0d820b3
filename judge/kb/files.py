"""Reading knowledge-base files: front matter, body, and the line of every field.

This is the only place that parses the Markdown files; everything downstream works on
`Entry` objects (usually from the compiled cache, see `judge.kb.knowledge`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from judge.base.reading import UnreadableFile, read_user_file
from judge.base.yamlio import InputError, byte_position, load_text
from judge.kb.entries import FRONT_MATTER, REQUIRED, SCENARIO_FIELDS, Citation, Entry

#: the largest entry file read (the largest is about 4 KB)
MAX_ENTRY_BYTES = 1_000_000

_KEY_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:")
_ITEM_LINE = re.compile(r"^\s+-\s")  # an item of a block list ("  - ask: ...")


class KnowledgeBaseError(Exception):
    """A knowledge-base file that cannot be read; `problems` are `path:line: message`."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class EntryFile:
    """One file as written: its front matter mapping, body and field line numbers."""

    rel: str
    meta: dict
    body: str
    key_lines: dict[str, int]
    #: the line of each item of a list field written one item per line ("  - ...")
    item_lines: dict[str, list[int]]
    #: the line the body starts on
    body_line: int = 1

    def where(self, key: str | None = None, item: int | None = None) -> str:
        """`path:line` of a field, or of one of its items (or of the front matter's
        first line)."""
        line = self.key_lines.get(key, 1) if key else 1
        items = self.item_lines.get(key, [])
        if item is not None and item < len(items):
            line = items[item]
        return f"{self.rel}:{line}"

    def in_body(self, position: int) -> str:
        """`path:line` of a position in the body."""
        line = self.body_line + self.body.count("\n", 0, position)
        return f"{self.rel}:{line}"


def read_entry_file(path: Path, root: Path) -> EntryFile:
    """Split a file into front matter and body; raise `KnowledgeBaseError` if unreadable."""
    rel = path.relative_to(root).as_posix()
    try:
        raw = read_user_file(path, MAX_ENTRY_BYTES, what="an entry file")
    except UnreadableFile as exc:
        raise KnowledgeBaseError([f"{rel}:1: {exc.problem}"]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = byte_position(raw, exc.start)
        raise KnowledgeBaseError(
            [
                f"{rel}:{line}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at column "
                f"{column}); save the file as UTF-8"
            ]
        ) from None
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise KnowledgeBaseError([f"{rel}:1: no front matter: the file must start with '---'"])
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise KnowledgeBaseError([f"{rel}:1: front matter is not closed by a '---' line"]) from None
    front = "\n".join(lines[1:end])
    try:
        # the one YAML loader (safe loading, libyaml's parser when present, duplicate
        # keys refused); the front matter starts on the file's second line
        meta = load_text(front, rel, first_line=2).data or {}
    except InputError as exc:
        raise KnowledgeBaseError([f"{rel}:{exc.line}: front matter: {exc.message}"]) from None
    if not isinstance(meta, dict):
        raise KnowledgeBaseError([f"{rel}:2: front matter must be a mapping of fields"])
    key_lines: dict[str, int] = {}
    item_lines: dict[str, list[int]] = {}
    key = None
    for number, line in enumerate(lines[1:end], start=2):
        match = _KEY_LINE.match(line)
        if match:
            key = match.group(1)
            key_lines.setdefault(key, number)
        elif key and _ITEM_LINE.match(line):
            item_lines.setdefault(key, []).append(number)
    after = lines[end + 1 :]
    blank = next((i for i, line in enumerate(after) if line.strip()), len(after))
    body = "\n".join(after).strip() + "\n"
    return EntryFile(rel, meta, body, key_lines, item_lines, body_line=end + 2 + blank)


def _items(value) -> list:
    """A list field's items (a lone value is a list of one)."""
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _strings(value) -> tuple[str, ...]:
    return tuple(str(v) for v in _items(value))


def _asked(item) -> str:
    """A `questions` item's question: the item itself, or its mapping's `ask`."""
    return str(item.get("ask", "")) if isinstance(item, dict) else str(item)


def _answer_opening(item) -> str | None:
    """The opening words of the line that answers a `questions` item, when it names one."""
    answer = item.get("answer") if isinstance(item, dict) else None
    return str(answer) if answer else None


def _citation(raw: dict, kind: str) -> Citation:
    page = raw.get("page")
    number = raw.get("number")
    return Citation(
        source=str(raw.get("source", "")),
        section=str(raw.get("section", "")),
        title=str(raw.get("title", "")),
        page=int(page) if isinstance(page, int) else None,
        number=str(number) if number is not None else None,
        set_code=str(raw["set"]) if raw.get("set") else None,
        kind=kind,
    )


#: how the loader reads each field shape (see `FrontMatterField`)
_READ = {
    "text": lambda value: str(value) if value not in (None, "") else None,
    "page": lambda value: value if isinstance(value, int) and not isinstance(value, bool) else None,
    "number": lambda value: str(value) if value is not None else None,
    "list": _strings,
    "questions": lambda value: tuple(_asked(item) for item in _items(value)),
    "flag": lambda value: bool(value) if value is not None else None,
}


def to_entry(file: EntryFile) -> Entry:
    """Build the typed entry from the declared front matter; assumes the validator's
    checks (it never guesses)."""
    meta = file.meta
    missing = [key for key in REQUIRED if not meta.get(key)]
    if missing:
        raise KnowledgeBaseError([f"{file.where()}: missing field(s): {', '.join(missing)}"])
    also_in = meta.get("also_in") or []
    if not isinstance(also_in, list) or not all(isinstance(c, dict) for c in also_in):
        raise KnowledgeBaseError([f"{file.where('also_in')}: also_in must be a list of mappings"])
    kind = str(meta["kind"])
    values = {
        field.attr or field.name: _READ[field.shape](meta.get(field.name))
        for field in FRONT_MATTER
        if field.shape in _READ
    }
    values["also_in"] = tuple(_citation(c, kind) for c in also_in)
    values["question_answers"] = tuple(_answer_opening(q) for q in _items(meta.get("questions")))
    if kind == "scenario":
        values["scenario"] = {key: meta.get(key) for key in SCENARIO_FIELDS}
    return Entry(body=file.body, path=file.rel, **values)
