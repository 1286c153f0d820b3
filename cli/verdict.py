"""Rendering a judge report: findings by severity with citations, then what happens next.

Shared by `check`, `deck` and `campaign`; the app renders the same `Report` itself.
"""

from __future__ import annotations

from cli.output import Result, render
from judge.base.printable import printable
from judge.rules.report import SEVERITIES


def cite_text(entry_id: str, kb) -> str:
    entry = kb.get(entry_id)
    return f"{entry.citation} [{entry_id}]" if entry else entry_id


def report_lines(report) -> list[str]:
    """The report as text. Names come from the file: each line is shown with its
    control characters escaped (`printable`), so a player named "Ann\r\x1b[2K" cannot
    move the cursor back over a violation and erase it."""
    return [printable(line) for line in _report_lines(report)]


def _report_lines(report) -> list[str]:
    from judge.kb.knowledge import load

    kb = load()
    lines = []
    for severity, heading in SEVERITIES.items():
        found = [f for f in report.findings if f.severity == severity]
        if found:
            lines.append(f"{heading} ({len(found)}):")
            for f in found:
                lines.append(f"  - [{f.rule}] {f.message}  ({f.path})")
                lines.extend(f"      {cite_text(c, kb)}" for c in f.cites)
    if not report.findings:
        lines.append("No problems found: the state is legal.")
    if report.next:
        lines.append("What happens next:")
        for event in report.next:
            lines.append(f"  - {event.step} {event.event}: {event.message}")
            lines.extend(f"      {cite_text(c, kb)}" for c in event.cites)
    return lines


def print_report(report, as_json: bool) -> int:
    status = 0 if report.ok else 1
    return render(Result(report.to_json(), lambda style: report_lines(report), status), as_json)


def run_checked(function, path: str, as_json: bool) -> int:
    """Check a file; a bad file raises InputError, which `main` prints as one line (exit 2)."""
    return print_report(function(path), as_json)
