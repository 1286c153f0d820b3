"""Printing a judge report: findings by severity with citations, then what happens next.

Shared by `check`, `deck` and `campaign`; the app renders the same `Report` itself.
"""

from __future__ import annotations

import sys

from judge.cli.output import emit_json, print_lines
from judge.model.report import SEVERITIES
from judge.yamlio import InputError

HEADINGS = {"violation": "Violations", "warning": "Warnings", "info": "Notes"}


def cite_text(entry_id: str, kb) -> str:
    entry = kb.get(entry_id)
    return f"{entry.citation} [{entry_id}]" if entry else entry_id


def print_report(report, as_json: bool) -> int:
    if as_json:
        emit_json(report.to_json())
        return 0 if report.ok else 1
    from judge.knowledge import load

    kb = load()
    lines = []
    for severity in SEVERITIES:
        found = [f for f in report.findings if f.severity == severity]
        if found:
            lines.append(f"{HEADINGS[severity]} ({len(found)}):")
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
    print_lines(lines)
    return 0 if report.ok else 1


def run_checked(function, path: str, as_json: bool) -> int:
    """Run a file check; input errors become `FILE:LINE:COL: message` and exit 2."""
    try:
        report = function(path)
    except InputError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    return print_report(report, as_json)
