"""One seam per game: everything game-specific sits behind a `Ruleset`.

A ruleset holds one game's turn structure as data, reads and validates that game's
board files, and judges them. Code outside `judge.rulesets` asks the registry for a
ruleset and never compares game names itself, so adding a game means adding one module
here and one line to `_REGISTRY`.

Rulesets are imported only when asked for, which keeps `loremaster ask` from paying for
a rules model it does not use.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from judge.model.report import Report
from judge.yamlio import Document

#: game key -> "module:attribute" of its ruleset; the first is the default game
_REGISTRY = {
    "lcg": "judge.rulesets.lcg:LCG",
}
GAMES: tuple[str, ...] = tuple(_REGISTRY)
DEFAULT_GAME = GAMES[0]


@dataclass(frozen=True, slots=True)
class TurnStep:
    """One step of a game's turn or round, as its rulebook numbers and names it."""

    number: str
    title: str
    phase: str
    action_window: bool
    entry_id: str


class Ruleset(Protocol):
    """What every game provides. Implementations are plain objects, one per game."""

    #: registry key and the `game` value of its entries and board files ("lcg")
    game: str
    #: the game's name as players know it
    title: str
    #: lower-case words and phrases that, used in a question, point to this game
    markers: frozenset[str]

    def turn(self, kb) -> tuple[TurnStep, ...]:
        """Every step of a round (LCG) or turn (TCG) in the order played."""

    def phases(self) -> tuple[str, ...]:
        """The board's `phase` values, in the order played."""

    def read_board(self, doc: Document) -> Any:
        """Validate a board file against this game's schema; raise `InputError` on defects."""

    def check(self, board: Any) -> Report:
        """Findings about the state and the events of the current step."""


def ruleset(game: str) -> Ruleset:
    """The ruleset for a game key; `KeyError` names the games there are."""
    try:
        target = _REGISTRY[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}") from None
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def ruleset_for_board(doc: Document) -> Ruleset:
    """The ruleset a board document asks for by its `game` field (default: the LCG)."""
    data = doc.data
    game = data.get("game", DEFAULT_GAME) if isinstance(data, Mapping) else DEFAULT_GAME
    if not isinstance(game, str) or game not in _REGISTRY:  # `game: []` is bad input too
        raise doc.error(("game",), f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return ruleset(game)
