"""From a user's file to a verdict: the one path the CLI and the app both use.

Each function reads YAML (raising `judge.base.yamlio.InputError` with file, line and
column), builds typed model values, and runs the pure rules model.
"""

from __future__ import annotations

from pathlib import Path

from judge.base.yamlio import Document, InputError, load_file, load_text, read_text
from judge.rules.report import Report


def check_document(doc: Document) -> Report:
    """Judge a loaded board document with the ruleset its `game` field names; cards the
    board names by title take their printed values from the card facts."""
    from judge.app.card_values import card_values
    from judge.games import ruleset_for_board

    game = ruleset_for_board(doc)
    return game.check(game.read_board(doc, cards=card_values()))


def check_path(path: str | Path) -> Report:
    """Judge a board-state file."""
    return check_document(load_file(path))


def timing_path(path: str | Path) -> dict:
    """Order the abilities of a trigger file; the contract's `order`, `steps`, `refused`
    cancels and the `cancelled` abilities (listed in the order, but not resolving)."""
    from judge.games.lcg.inputs import read_triggers
    from judge.games.lcg.timing import cancelled_by, order_abilities, unplayable_cancels

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
        "cancelled": list(cancelled_by(abilities)),
    }


def deck_path(path: str | Path) -> Report:
    """Check a deck file: YAML (docs/deck.md), a RingsDB text export or an OCTGN /
    DragnCards `.o8d`, each card resolved through the card facts. The report's `next`
    gives the starting threat when every hero's threat cost is known."""
    from judge.app.card_values import card_values
    from judge.games.lcg.deck import build_deck, deck_findings, starting_threat
    from judge.games.lcg.deck_files import deck_format, read_o8d, read_ringsdb
    from judge.games.lcg.inputs import read_deck

    name, text = read_text(path, "a deck file", encoding="utf-8-sig")
    form = deck_format(name, text)
    if form == "o8d":
        lines = read_o8d(text, name)
    elif form == "ringsdb":
        lines = read_ringsdb(text, name)
    else:
        lines = read_deck(load_text(text, name))
    deck = build_deck(lines, card_values(), name, form)
    threat = starting_threat(deck)
    return Report(
        "lcg",
        tuple(deck_findings(deck)),
        (threat,) if threat else (),
        {
            "format": form,
            "deck_size": deck.size,
            "heroes": list(deck.hero_titles),
            "starting_threat": deck.starting_threat,
            "cards": [_deck_card(c, section) for section, c in deck.listed()],
        },
    )


def _deck_card(card, section: str) -> dict:
    """A listed card as the JSON gives it: which version of it the card facts gave."""
    printed = card.printed
    return {
        "title": card.title,
        "count": card.count,
        "section": section,
        "type": printed.type if printed else None,
        "version": printed.version if printed else None,
        "path": card.path,
    }


def check_campaign_path(path: str | Path) -> Report:
    from judge.games.lcg.campaign import CAMPAIGN_CHECKS
    from judge.games.lcg.campaign_setup import setup_checklist
    from judge.games.lcg.inputs import read_campaign

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
