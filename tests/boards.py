"""Building board states for tests from compact YAML."""

from __future__ import annotations

import textwrap

from judge.app.checking import check_document
from judge.base.yamlio import load_text


def hero(title: str, **stats) -> dict:
    """A hero with every printed value written, so a real title ("Gimli") takes nothing
    from the card facts."""
    base = {
        "title": title,
        "threat_cost": 9,
        "willpower": 2,
        "attack": 2,
        "defense": 2,
        "hit_points": 4,
        "keywords": [],
    }
    return {**base, **stats}


def player(name: str, threat: int, heroes=None, **fields) -> dict:
    return {
        "name": name,
        "threat": threat,
        "heroes": heroes if heroes is not None else [hero(f"{name} hero")],
        **fields,
    }


def check(board: dict):
    """Judge a board given as a Python mapping (dumped to YAML, then loaded like a file)."""
    import yaml

    return check_document(load_text(yaml.safe_dump(board, sort_keys=False), "board.yaml"))


def check_yaml(text: str):
    return check_document(load_text(textwrap.dedent(text), "board.yaml"))


def rules(report) -> set[str]:
    return {f.rule for f in report.findings}


def event(report, name: str) -> dict:
    (found,) = [e for e in report.next if e.event == name]
    return found.data
