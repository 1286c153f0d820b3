"""What every game provides behind the seam (see `judge.rulesets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from judge.model.report import Report
from judge.rulesets import TurnStep
from judge.yamlio import Document


class Ruleset(Protocol):
    """What every game provides. Implementations are plain objects, one per game."""

    #: registry key and the `game` value of its entries and board files ("lcg")
    game: str
    #: the game's name as players know it
    title: str
    #: lower-case words and phrases that, used in a question, point to this game
    markers: frozenset[str]
    #: the markers that only name the game ("tcg"): they choose the game, so search
    #: drops them from the question instead of looking for them in entries
    names: frozenset[str]
    #: rules word -> this game's own word for it, where they differ: the players' table
    #: talk is read into the Card Game's rules words ("died": destroyed), which the TCG
    #: says otherwise ("killed")
    rules_words: Mapping[str, str]

    def turn(self, kb) -> tuple[TurnStep, ...]:
        """Every step of a round (LCG) or turn (TCG) in the order played."""

    def phases(self) -> tuple[str, ...]:
        """The board's `phase` values, in the order played."""

    def read_board(self, doc: Document) -> Any:
        """Validate a board file against this game's schema; raise `InputError` on defects."""

    def check(self, board: Any) -> Report:
        """Findings about the state and the events of the current step."""
