"""The TCG turn as the rulebook's turn-sequence card prints it, as data.

Each phase's steps in order, each linked to the entry that explains it; the numbers
are the card's phase numbers with the step's place inside the phase ("0" is the start
of the turn, before the phases). The app's Round screen draws it through `judge.app.turn_chart`.
"""

from __future__ import annotations

from judge.rules.turn import TurnStep

#: (number, title, phase, action window, entry id), in the order played
TURN = (
    (
        "0",
        "Start of turn: empty the twilight pool, then start-of-turn actions",
        "round",
        False,
        "tcg/start-of-turn",
    ),
    ("1.1", "Fellowship actions", "fellowship", True, "tcg/fellowship-phase"),
    ("1.2", "Move to the next site", "fellowship", False, "tcg/how-to-move"),
    (
        "2.1",
        "Shadow actions (one Shadow phase per Shadow player)",
        "shadow",
        True,
        "tcg/shadow-phase",
    ),
    ("3.1", "Maneuver actions", "maneuver", True, "tcg/maneuver-phase"),
    ("4.1", "Archery actions", "archery", True, "tcg/archery-phase"),
    ("4.2", "Archery fire", "archery", False, "tcg/archery-fire"),
    ("5.1", "Assign defenders", "assignment", False, "tcg/assignment"),
    (
        "6.1",
        "Skirmish actions (one skirmish phase per skirmish)",
        "skirmish",
        True,
        "tcg/skirmish-phase",
    ),
    ("6.2", "Resolve that skirmish", "skirmish", False, "tcg/skirmish-resolution"),
    ("6.3", "Fierce minions: assign and skirmish again", "skirmish", False, "tcg/fierce"),
    ("7.1", "Regroup actions", "regroup", True, "tcg/regroup-phase"),
    ("7.2", "Shadow players reconcile", "regroup", False, "tcg/reconcile"),
    ("7.3", "Move again, or reconcile and end the turn", "regroup", False, "tcg/move-limit"),
)


def turn_steps(kb=None) -> tuple[TurnStep, ...]:
    """The turn's steps; `kb` is accepted for the `Ruleset` protocol and not needed."""
    return tuple(TurnStep(*step) for step in TURN)


def phase_entry(phase: str) -> str:
    """The entry for a phase as a whole ("tcg/skirmish-phase")."""
    return f"tcg/{phase}-phase"


def steps_of(phase: str) -> list[str]:
    return [title for _number, title, step_phase, _window, _entry in TURN if step_phase == phase]


def phase_after(phase: str, minions: int) -> str:
    """The phase that follows. With no minions left after the Shadow phases (or after
    archery fire), play skips to the regroup phase; the regroup phase leads back to the
    Shadow phase on another move, or ends the turn."""
    from judge.games.tcg.phases import PHASES

    if phase in ("shadow", "archery") and minions == 0:
        return "regroup"
    if phase == "regroup":
        return "shadow (after another move) or the end of the turn"
    return PHASES[PHASES.index(phase) + 1]
