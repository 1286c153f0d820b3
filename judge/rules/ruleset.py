"""What every game provides behind the seam (the registry is `judge.games`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from judge.base.yamlio import Document
from judge.rules.declarations import Invariant
from judge.rules.report import Report
from judge.rules.steps import StepEvent
from judge.rules.turn import TurnStep


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
    #: the `phase` values a step entry of this game may have
    step_phases: tuple[str, ...]

    def turn(self, kb) -> tuple[TurnStep, ...]:
        """Every step of a round (LCG) or turn (TCG) in the order played."""

    def phases(self) -> tuple[str, ...]:
        """The board's `phase` values, in the order played."""

    def read_board(self, doc: Document, cards: Any = None) -> Any:
        """Validate a board file against this game's schema; raise `InputError` on defects.

        `cards`, when given, looks up the printed values of cards the board names by
        title (the game's own protocol, e.g. `judge.games.lcg.printed.CardValues`); a
        game whose boards give every value ignores it."""

    def rules(self) -> tuple[Invariant, ...]:
        """Every invariant the game's model checks, in reporting order."""

    def events(self) -> tuple[StepEvent, ...]:
        """Which event each step or phase produces."""

    def implementations(self) -> dict[str, tuple[str, ...]]:
        """`module.function` -> the entry ids it implements, for every rule function."""

    def check(self, board: Any) -> Report:
        """Findings about the state and the events of the current step."""
