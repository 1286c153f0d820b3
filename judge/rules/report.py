"""What the judge says: findings about the state, and events that happen next."""

from __future__ import annotations

from dataclasses import dataclass, field

#: severity -> heading, most serious first: the one table the CLI and the app both read
SEVERITIES = {"violation": "Violations", "warning": "Warnings", "info": "Notes"}


@dataclass(frozen=True, slots=True)
class Finding:
    """A rule the state breaks (violation), may break (warning) or meets notably (info)."""

    rule: str
    severity: str
    message: str
    path: str
    cites: tuple[str, ...]

    def to_json(self) -> dict:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "path": self.path,
            "cites": list(self.cites),
        }


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules make happen at the current step, with its numbers in `data`."""

    event: str
    step: str
    message: str
    data: dict
    cites: tuple[str, ...]

    def to_json(self) -> dict:
        return {
            "event": self.event,
            "step": self.step,
            "message": self.message,
            "data": self.data,
            "cites": list(self.cites),
        }


@dataclass(frozen=True, slots=True)
class Report:
    game: str
    findings: tuple[Finding, ...] = ()
    next: tuple[Event, ...] = ()
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(f.severity == "violation" for f in self.findings)

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "ok": self.ok,
            "findings": [f.to_json() for f in self.findings],
            "next": [e.to_json() for e in self.next],
            **self.extra,
        }
