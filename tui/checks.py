"""The judge as the app calls it: a file path in, a report or an input problem out.

Runs in worker threads and imports no Textual. The judge (`judge.app.checking`) formats
input errors itself (`str(err)` is `FILE:LINE:COL: message`); the app only shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class InputProblem:
    """Why a file could not be judged, and where in it."""

    file: str
    line: int | None
    column: int | None
    message: str
    text: str  # the judge's one formatted line: FILE:LINE:COL: message


@dataclass(frozen=True, slots=True)
class Outcome:
    """One check of one file: a report, an input problem, or why there is neither."""

    path: str
    report: object | None = None
    problem: InputProblem | None = None
    failure: str | None = None
    citations: dict[str, str] = field(default_factory=dict)


def check_board(path: str) -> Outcome:
    """Judge a board-state YAML file (`judge.app.checking.check_path`)."""
    return _check("check_path", path)


def check_campaign(path: str) -> Outcome:
    """Check a campaign log and build each player's setup checklist."""
    return _check("check_campaign_path", path)


def _check(function: str, path: str) -> Outcome:
    from judge.app import checking
    from judge.base.yamlio import InputError

    try:
        report = getattr(checking, function)(path)
    except InputError as err:
        problem = InputProblem(err.file, err.line, err.column, err.message, str(err))
        return Outcome(path, problem=problem)
    return Outcome(path, report=report)


def cited_ids(report) -> list[str]:
    """Every entry id a report's findings and next events cite, once each."""
    ids: dict[str, None] = {}
    for item in (*getattr(report, "findings", ()), *getattr(report, "next", ())):
        ids.update(dict.fromkeys(getattr(item, "cites", ()) or ()))
    return list(ids)


def source_line(problem: InputProblem) -> str | None:
    """The line of the file an input problem points at, to show under the message."""
    if not problem.line:
        return None
    from judge.base.reading import UnreadableFile, read_user_file
    from judge.base.yamlio import MAX_BYTES

    try:  # the file was refused, maybe for being a pipe or a device: read it as safely
        raw = read_user_file(problem.file, MAX_BYTES)
    except (OSError, UnreadableFile):
        return None
    lines = raw.decode("utf-8", errors="replace").splitlines()
    return lines[problem.line - 1] if 0 < problem.line <= len(lines) else None
