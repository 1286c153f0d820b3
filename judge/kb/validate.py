"""The knowledge-base validator: every defect as `path:line: problem`.

It runs in the test suite and as `loremaster validate`, so a broken entry is caught
before it reaches a player.
"""

from __future__ import annotations

import re
from difflib import get_close_matches
from pathlib import Path

from judge.base.paths import KB_FOLDERS
from judge.base.reading import files_below
from judge.games import GAMES
from judge.kb.body_lines import body_lines, nested_bullet, opened_by
from judge.kb.entries import (
    FIELDS,
    FRONT_MATTER,
    KINDS,
    REQUIRED,
    SOURCES,
)
from judge.kb.files import EntryFile, KnowledgeBaseError, read_entry_file
from judge.kb.scenario_pages import SCENARIO_LINKS, front_matter_problems

_SLUG_SEGMENT = re.compile(r"^[a-z0-9]+(?:[.-][a-z0-9]+)*$")
_NUMBER = re.compile(r"^\d+(?:\.\d+)+[a-z]?$")  # Appendix I prints 6.4a and 6.4b

#: id prefix each kind must use (contract: ../shared/contracts/cli.md, "Knowledge-base ids").
ID_PATTERNS = {
    # the Quest Companion's own rules pages: qc/<slug> (docs/knowledge-base.md)
    "glossary": re.compile(
        r"^(?:rr/(?!step-|campaign/)[a-z0-9.-]+(?:/[a-z0-9.-]+)?|qc/(?!campaign/)[a-z0-9.-]+)$"
    ),
    "keyword": re.compile(r"^kw/[a-z0-9.-]+$"),
    "step": re.compile(r"^rr/step-\d+(?:\.\d+)+[a-z]?$"),
    "faq": re.compile(r"^faq/(?!qa/)[a-z0-9.-]+$"),
    "qa": re.compile(r"^faq/qa/[a-z0-9.-]+$"),
    "errata": re.compile(r"^errata/[a-z0-9.-]+$"),
    "campaign": re.compile(r"^(?:rr|qc)/campaign/[a-z0-9.-]+$"),
    "scenario": re.compile(r"^scenario/[a-z0-9.-]+$"),
}
#: the id every entry of a game other than the default uses, whatever its kind: the
#: game's own prefix ("tcg/killed"), so that its ids never collide with the LCG's
OTHER_GAME_ID = r"^{game}/[a-z0-9.-]+$"


def _step_phases(game) -> tuple[str, ...]:
    """The phases a step entry of its game may belong to (an unknown game is reported
    on its own: its steps are held to the default game's)."""
    from judge.games import DEFAULT_GAME, GAMES, ruleset

    return ruleset(game if game in GAMES else DEFAULT_GAME).step_phases


def _page_problem(name: str, value) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return None
    return f"{name} must be a positive integer, not {value!r}"


def _number_problem(name: str, value) -> str | None:
    if isinstance(value, str) and _NUMBER.match(value):
        return None
    return f'{name} must be a quoted string like "6.4.2", not {value!r}'


def _list_problem(name: str, value) -> str | None:
    if isinstance(value, list) and all(isinstance(v, str) and v for v in value):
        return None
    return f"{name} must be a list of non-empty strings"


def _questions_problem(name: str, value) -> str | None:
    if isinstance(value, list) and all(_is_question(v) for v in value):
        return None
    return (
        f"{name} must be a list of questions, each a non-empty string or a mapping "
        "with 'ask' (the question) and 'answer' (the opening words of the line that "
        "answers it)"
    )


def _is_question(item) -> bool:
    if isinstance(item, str):
        return bool(item)
    return (
        isinstance(item, dict)
        and set(item) <= {"ask", "answer"}
        and isinstance(item.get("ask"), str)
        and bool(item["ask"])
        and isinstance(item.get("answer", ""), str)
    )


def _answer_problems(meta: dict, body: str) -> list[tuple[int, str]]:
    """Each question's `answer` must open exactly one line of the body: it names the
    line `loremaster ask` shows when a player asks that question. Each problem comes
    with the position of its question."""
    items = meta.get("questions")
    if not isinstance(items, list):
        return []
    lines = body_lines(body)
    problems = []
    for i, item in enumerate(items):
        opening = item.get("answer") if isinstance(item, dict) else None
        if not isinstance(opening, str) or not opening:
            continue
        found = len(opened_by(lines, opening))
        if found == 1:
            continue
        if found == 0:
            what, fix = "no line", "copy the first words of the sentence or bullet that answers"
        else:
            what, fix = f"{found} lines", "add words until it opens only the one that answers"
        problems.append(
            (i, f"questions[{i}]: answer {opening!r} opens {what} of the body; {fix} the question")
        )
    return problems


def _citations_problem(name: str, value) -> str | None:
    cites = value if isinstance(value, list) else [value]
    for i, cite in enumerate(cites):
        if (
            not isinstance(cite, dict)
            or cite.get("source") not in SOURCES
            or not cite.get("section")
        ):
            return f"{name}[{i}] needs a known 'source' and a 'section'"
    return None


#: what the validator accepts for each declared field shape (see `FrontMatterField`);
#: kind-specific rules (a step's phase, a scenario's facts) are checked below
_SHAPE_PROBLEMS = {
    "page": _page_problem,
    "number": _number_problem,
    "list": _list_problem,
    "questions": _questions_problem,
    "citations": _citations_problem,
}


def _unknown_field(key: str) -> str:
    close = get_close_matches(key, FIELDS, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown field '{key}'{hint}"


_NESTED_PROBLEM = (
    "a bullet inside a bullet: `ask` answers with one line, which must say the rule on its"
    ' own; make it a bullet of its own that names what it is about ("Travel: the first'
    ' player decides ...")'
)


def check_file(file: EntryFile) -> list[str]:
    """Problems that one file has on its own (links are checked across files)."""
    meta, problems = file.meta, []

    def report(key: str | None, message: str, item: int | None = None) -> None:
        problems.append(f"{file.where(key, item)}: {message}")

    for key in meta:
        if key not in FIELDS:
            report(key, _unknown_field(key))
    for key in REQUIRED:
        if not meta.get(key):
            report(None, f"missing required field '{key}'")
    kind, entry_id = meta.get("kind"), str(meta.get("id") or "")
    if kind and kind not in KINDS:
        report("kind", f"unknown kind '{kind}' (one of: {', '.join(KINDS)})")
    if meta.get("game") and meta["game"] not in GAMES:
        report("game", f"unknown game '{meta['game']}' (one of: {', '.join(GAMES)})")
    if meta.get("source") and meta["source"] not in SOURCES:
        report("source", f"unknown source '{meta['source']}' (one of: {', '.join(SOURCES)})")
    game = meta.get("game") or GAMES[0]
    if entry_id and game != GAMES[0] and game in GAMES:
        if not re.match(OTHER_GAME_ID.format(game=game), entry_id):
            report("id", f"id '{entry_id}' does not start with its game's '{game}/'")
    elif kind in ID_PATTERNS and entry_id and not ID_PATTERNS[kind].match(entry_id):
        report("id", f"id '{entry_id}' does not follow the id scheme for kind '{kind}'")
    if entry_id:
        segments = entry_id.split("/")
        if not all(_SLUG_SEGMENT.match(s) for s in segments):
            report("id", f"id '{entry_id}' is not a slug (lower case, digits, '-' and '.')")
        stem = Path(file.rel).stem
        if stem not in (segments[-1], "-".join(segments[1:])):
            report("id", f"file name '{stem}.md' does not match id '{entry_id}'")
    for field in FRONT_MATTER:
        value = meta.get(field.name)
        if value is not None:
            problem = _SHAPE_PROBLEMS.get(field.shape, lambda _name, _value: None)(
                field.name, value
            )
            if problem:
                report(field.name, problem)
    number = meta.get("number")
    if kind == "step":
        if entry_id and number and entry_id != f"rr/step-{number}":
            report("number", f"step number {number!r} does not match id '{entry_id}'")
        phases = _step_phases(meta.get("game"))
        if meta.get("phase") not in phases:
            report("phase", f"a step needs a phase (one of: {', '.join(phases)})")
        if not isinstance(meta.get("action_window"), bool):
            report("action_window", "a step needs action_window: true or false")
    if kind == "faq" and number and entry_id != f"faq/{number}":
        report("number", f"ruling number {number!r} does not match id '{entry_id}'")
    if kind == "scenario":
        for key, message in front_matter_problems(meta):
            report(key, message)
    if kind == "errata" and not meta.get("cards"):
        report("cards", "an errata entry must name its card in 'cards'")
    if not file.body.strip():
        report(None, "the entry has no body text")
    nested = nested_bullet(file.body)
    if nested is not None:
        problems.append(f"{file.in_body(nested)}: {_NESTED_PROBLEM}")
    for item, problem in _answer_problems(meta, file.body):
        report("questions", problem, item)
    return problems


def _redirects(files, entry_ids, problems: list[str]) -> dict[str, str]:
    """Old id -> merged entry. An old id may not also be an entry's id, nor point at
    two entries, or `show OLD` would be ambiguous."""
    merged_into: dict[str, str] = {}
    for file in files:
        old_ids = file.meta.get("redirects")
        for old in old_ids if isinstance(old_ids, list) else ():
            if old in entry_ids:
                problems.append(f"{file.where('redirects')}: '{old}' is still an entry's id")
            elif old in merged_into:
                problems.append(
                    f"{file.where('redirects')}: '{old}' already redirects to '{merged_into[old]}'"
                )
            else:
                merged_into[old] = file.meta.get("id")
    return merged_into


def entry_paths(root: Path, problems: list[str]) -> list[Path]:
    """Every entry file below the knowledge-base folders, in a stable order; an entry
    that is no regular file (a dangling symbolic link, a named pipe) is a problem of its
    own, and the rest of its folder is still checked."""
    found = []
    for folder in KB_FOLDERS:
        files, skipped = files_below(root / folder, ".md")
        found += files
        for path, problem in skipped:
            rel = Path(path).relative_to(root).as_posix()
            problems.append(f"{rel}:1: skipped: {problem}")
    return [Path(path) for path, _ in sorted(found)]


def validate(root: Path) -> list[str]:
    """Check every file and the links between them; an empty list means valid."""
    problems: list[str] = []
    files: list[EntryFile] = []
    for path in entry_paths(root, problems):
        try:
            files.append(read_entry_file(path, root))
        except KnowledgeBaseError as exc:
            problems.extend(exc.problems)
    first_seen: dict[str, EntryFile] = {}
    for file in files:
        problems.extend(check_file(file))
        entry_id = file.meta.get("id")
        if not entry_id:
            continue
        if entry_id in first_seen:
            problems.append(
                f"{file.where('id')}: duplicate id '{entry_id}' "
                f"(also in {first_seen[entry_id].where('id')})"
            )
        else:
            first_seen[entry_id] = file
    merged_into = _redirects(files, first_seen, problems)
    for file in files:
        for key in ("see_also", "supersedes", "superseded_by", *SCENARIO_LINKS):
            targets = file.meta.get(key)
            for target in targets if isinstance(targets, list) else ():
                if target in merged_into:
                    problems.append(
                        f"{file.where(key)}: '{target}' was merged into "
                        f"'{merged_into[target]}'; link to that id"
                    )
                elif target not in first_seen:
                    close = get_close_matches(str(target), first_seen, n=1)
                    hint = f" (did you mean '{close[0]}'?)" if close else ""
                    problems.append(
                        f"{file.where(key)}: {key} links to unknown id '{target}'{hint}"
                    )
    return problems
