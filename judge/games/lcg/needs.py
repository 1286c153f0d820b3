"""Which printed values each step's event reads, so that a board leaving one out is refused.

A value the board does not write, for a card whose title the card facts do not know,
reads as 0 in the model; where an event works with it (an enemy's attack at step 6.4.3,
a committed character's willpower at 3.4), that 0 would be a silent guess, so the board
reader refuses the board instead (`judge.games.lcg.board`). The table is data: an event
of `judge.games.lcg.check.STEP_EVENTS`, the value, the cards it is read from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from judge.games.lcg.state import Board, Enemy, Location

_MODEL = "judge.games.lcg"


@dataclass(frozen=True, slots=True)
class Need:
    """The event (`StepEvent.event`) reads `value` of each of `cards(board)`."""

    event: str
    value: str
    cards: Callable[[Board], Iterable]
    why: str


def _committed(board: Board):
    return (c for p in board.players if not p.eliminated for c in p.characters if c.committed)


def _staging_threat(board: Board):
    """Enemies and locations: an objective's threat is 0 unless the board says otherwise
    (most print none)."""
    return (c for c in board.staging_area if isinstance(c, (Enemy, Location)))


def _shadow_ordered(board: Board):
    """A player's engaged enemies, when there are several to deal to in order."""
    return (e for p in board.players_below_elimination() if len(p.engaged) > 1 for e in p.engaged)


def _attacker(board: Board):
    return (board.attack.enemy,)


def _defender(board: Board):
    defender = board.attack.defending
    return (defender,) if defender is not None else ()


NEEDS = (
    Need(f"{_MODEL}.quest:resolve_quest", "willpower", _committed, "quest resolution (3.4)"),
    Need(f"{_MODEL}.quest:resolve_quest", "threat", _staging_threat, "quest resolution (3.4)"),
    Need(
        f"{_MODEL}.quest:resolve_quest",
        "quest_points",
        lambda board: board.active_locations,
        "placing progress on the active location (3.4)",
    ),
    Need(
        f"{_MODEL}.engagement:engagement_checks",
        "engagement_cost",
        lambda board: board.staging_enemies,
        "the engagement checks (5.3)",
    ),
    Need(
        f"{_MODEL}.shadows:deal_shadow_cards",
        "engagement_cost",
        _shadow_ordered,
        "the order of dealing shadow cards (6.2)",
    ),
    Need(f"{_MODEL}.attacks:enemy_attack", "attack", _attacker, "the enemy attack (6.4)"),
    Need(f"{_MODEL}.attacks:enemy_attack", "defense", _defender, "the enemy attack (6.4)"),
    Need(
        f"{_MODEL}.attacks:player_attack",
        "attack",
        lambda board: board.player_attack.attackers,
        "the player attack (6.8)",
    ),
    Need(
        f"{_MODEL}.attacks:player_attack",
        "defense",
        lambda board: (board.player_attack.enemy,),
        "the player attack (6.8)",
    ),
)


def _events(board: Board) -> tuple[str, ...]:
    """The events the board's step (or, without a step, its phase) produces: the rows
    `judge.rules.steps.step_events` runs."""
    from judge.games.lcg.check import STEP_EVENTS

    if board.step:
        row = next((r for r in STEP_EVENTS if board.step in r.steps), None)
        return (row.event,) if row is not None and row.has_what_it_needs(board) else ()
    return tuple(
        row.event
        for row in STEP_EVENTS
        if row.phase == board.phase and row.has_what_it_needs(board)
    )


def needed_values(board: Board) -> Iterator[tuple[object, str, str]]:
    """(card, value, what reads it) for every value the board's events read."""
    events = set(_events(board))
    for need in NEEDS:
        if need.event in events:
            for card in need.cards(board):
                yield card, need.value, need.why
