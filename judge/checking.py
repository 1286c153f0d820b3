"""From a user's file to a verdict: the one path the CLI and the app both use.

Each function reads YAML (raising `judge.yamlio.InputError` with file, line and
column), builds typed model values, and runs the pure rules model.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judge.model.report import Report
from judge.yamlio import Document, InputError, load_file


def read_lcg_board(doc: Document):
    """An LCG board from its document, its step checked against its phase."""
    from judge.board_input import read_board
    from judge.model.rounds import phase_of_step

    data = doc.data
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "empty" if data is None else "a single value"
        raise doc.error(
            (), f"a board state is one mapping with a 'players' list at the top, not {kind}"
        )
    board = read_board(doc)
    if board.step is not None:
        phase = phase_of_step(board.step)
        if phase is None:
            raise doc.error(
                ("step",),
                f'\'{board.step}\' is not a framework step number (Appendix I), e.g. "3.4" or "6.4.1"',
            )
        if phase != "round" and board.phase is None:
            board = replace(board, phase=phase)
        elif phase not in ("round", board.phase):
            raise doc.error(
                ("step",),
                f"step {board.step} belongs to the {phase} phase, but phase is '{board.phase}'",
            )
    return board


def check_document(doc: Document) -> Report:
    """Judge a loaded board document with the ruleset its `game` field names."""
    from judge.rulesets import ruleset_for_board

    game = ruleset_for_board(doc)
    return game.check(game.read_board(doc))


def check_path(path: str | Path) -> Report:
    """Judge a board-state file."""
    return check_document(load_file(path))


def timing_path(path: str | Path) -> dict:
    """Order the abilities of a trigger file; the contract's `order` and `steps`."""
    from judge.inputs import read_triggers
    from judge.model.timing import order_abilities, unplayable_cancels

    doc = load_file(path)
    trigger, abilities, first = read_triggers(doc)
    placements = order_abilities(abilities)
    return {
        "trigger": trigger,
        "first_player": first,
        "order": [p.to_json() for p in placements],
        "steps": [
            {"names": list(p.names), "why": p.reason, "cites": list(p.cites)} for p in placements
        ],
        "refused": [
            {"name": p.names[0], "why": p.reason, "cites": list(p.cites)}
            for p in unplayable_cancels(abilities)
        ],
    }


def deck_path(path: str | Path) -> Report:
    from judge.inputs import read_deck
    from judge.model.deck import deck_findings

    doc = load_file(path)
    deck = read_deck(doc)
    return Report(
        "lcg", tuple(deck_findings(deck)), (), {"deck_size": deck.size, "heroes": list(deck.heroes)}
    )


def check_campaign_path(path: str | Path) -> Report:
    from judge.inputs import read_campaign
    from judge.model.campaign import CAMPAIGN_CHECKS, setup_checklist

    doc = load_file(path)
    log = read_campaign(doc)
    findings = tuple(f for check in CAMPAIGN_CHECKS for f in check(log))
    return Report("lcg", findings, tuple(setup_checklist(log)))


__all__ = [
    "InputError",
    "check_path",
    "check_document",
    "timing_path",
    "deck_path",
    "check_campaign_path",
]
