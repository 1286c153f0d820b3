"""A judge report: findings grouped by severity, what happens next, citations as links."""

from __future__ import annotations

from collections.abc import Iterable

from textual.content import Content

from judge.rules.report import SEVERITIES
from tui.widgets.labels import MUTED
from tui.widgets.link_list import SEPARATOR, LinkList, Row

#: severity -> (mark, style); headings and order come from the judge's SEVERITIES
MARKS = {
    "violation": ("✗", "bold $text-error"),
    "warning": ("!", "bold $text-warning"),
    "info": ("i", "bold $text-primary"),
}


class ReportView(LinkList):
    """Every finding with the entries it cites; Enter on a finding or citation opens the entry."""

    def show_report(self, report, citations: dict[str, str], checklists: bool = False) -> None:
        """`checklists`: group the next events by player (a campaign log's setup checklists)."""
        rows: list[Row] = []
        findings = list(getattr(report, "findings", ()))
        for severity, title in SEVERITIES.items():
            mark, style = MARKS[severity]
            group = [f for f in findings if f.severity == severity]
            if not group:
                continue
            rows.append((Content.styled(f"{title} ({len(group)})", f"{style} underline"), None))
            for finding in group:
                rows.extend(
                    _item(mark, style, finding.message, _where(finding), finding.cites, citations)
                )
            rows.append(SEPARATOR)
        if not any(f.severity == "violation" for f in findings):
            rows.append((Content.styled("✓ No rule is broken.", "bold $text-success"), None))
            rows.append(SEPARATOR)
        events = list(getattr(report, "next", ()))
        if checklists:
            for player, group in _by_player(events).items():
                rows.append((Content.styled(f"Setup checklist: {player}", "bold underline"), None))
                rows.extend(row for event in group for row in _event(event, citations))
                rows.append(SEPARATOR)
        elif events:
            rows.append((Content.styled("What happens next", "bold underline"), None))
            rows.extend(row for event in events for row in _event(event, citations))
        self.set_links(rows)


def _where(finding) -> str:
    return " · ".join(part for part in (finding.rule, finding.path) if part)


def _item(
    mark: str, style: str, message: str, where: str, cites, citations: dict[str, str]
) -> list[Row]:
    cites = list(cites or ())
    lines = [Content.assemble((f"{mark} ", style), (message, "bold"))]
    if where:
        lines.append(Content.styled(f"  {where}", MUTED))
    first = next((entry_id for entry_id in cites if entry_id in citations), None)
    rows: list[Row] = [(Content("\n").join(lines), first)]
    rows.extend(_citation(entry_id, citations) for entry_id in cites)
    return rows


def _citation(entry_id: str, citations: dict[str, str]) -> Row:
    known = entry_id in citations
    text = citations.get(entry_id, f"{entry_id} (not in the knowledge base)")
    return Content.assemble(
        ("    ↳ ", MUTED), (text, "underline" if known else MUTED)
    ), entry_id if known else None


def _event(event, citations: dict[str, str]) -> list[Row]:
    label = " · ".join(str(part) for part in (event.step, event.event) if part)
    outcome = _combat_outcome(event)
    if outcome:
        label = f"{outcome}  ·  {label}"
    return _item("→", "bold $text-accent", event.message, label, event.cites, citations)


def _combat_outcome(event) -> str:
    """Who takes how much damage, and what is destroyed, at a glance."""
    data = getattr(event, "data", None) or {}
    if event.event == "enemy-attack":
        target = data.get("target") or "a hero (still to choose)"
        fate = "DESTROYED" if data.get("destroyed") else "survives"
        return f"⚔ {target}: {data.get('damage', 0)} damage, {fate}"
    if event.event == "player-attack":
        fate = "enemy DESTROYED" if data.get("destroyed") else "enemy survives"
        return f"⚔ {data.get('damage', 0)} damage, {fate}"
    if event.event == "archery":
        return f"➶ {data.get('total', 0)} archery damage to assign"
    return ""


def _by_player(events: Iterable) -> dict[str, list]:
    groups: dict[str, list] = {}
    for event in events:
        data = getattr(event, "data", None) or {}
        player = data.get("player") if isinstance(data, dict) else None
        groups.setdefault(str(player) if player else "the whole group", []).append(event)
    return groups
