"""Which event a step of a game produces: the table every ruleset declares.

A step with no event in its game's table still gets an answer, a `not-modelled` event
citing the step, so that "nothing to say" is never mistaken for "nothing happens".
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from judge.rules.report import Event


@dataclass(frozen=True, slots=True)
class StepEvent:
    """An event a game's model produces at some steps (or in a phase), when the board
    describes what it needs."""

    steps: tuple[str, ...]
    phase: str
    #: "package.module:function", imported only when a board reaches the step (a
    #: `check` pays for one event's module, not all of them); the function takes the
    #: board and returns an `Event`, or an iterable of events, or None for none
    event: str
    #: the board field the event needs, and what to tell a user who left it out
    needs: str | None = None
    hint: str = ""

    def function(self):
        """The function that produces the event, imported on first use."""
        module, _, name = self.event.partition(":")
        return getattr(importlib.import_module(module), name)

    def produce(self, board):
        return self.function()(board)

    def has_what_it_needs(self, board) -> bool:
        return self.needs is None or bool(getattr(board, self.needs))


def step_events(
    board, table: tuple[StepEvent, ...], not_modelled: Callable[..., Event]
) -> tuple[Event, ...]:
    """The events of the board's step, or of its phase when it gives no step.

    At a step, the first row naming it decides; in a phase, every row of that phase
    whose needs the board meets adds its events, in the table's order. `not_modelled`
    (board, hint) is the game's plain "the model does not work this out" event.
    """
    step = getattr(board, "step", None)
    if step:
        for row in table:
            if step in row.steps:
                if row.has_what_it_needs(board):
                    return _as_events(row.produce(board))
                return (not_modelled(board, row.hint),)
        return (not_modelled(board),)
    if board.phase is None:
        return ()
    events = tuple(
        event
        for row in table
        if row.phase == board.phase and row.has_what_it_needs(board)
        for event in _as_events(row.produce(board))
    )
    return events or (not_modelled(board),)


def _as_events(produced) -> tuple[Event, ...]:
    if produced is None:
        return ()
    if isinstance(produced, Event):
        return (produced,)
    return tuple(produced)
