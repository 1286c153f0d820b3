"""Judge a TCG board: findings about the state, and the events of its phase.

The findings are `@invariant` declarations and the events the table `PHASE_EVENTS`,
as in the Card Game's model; every finding and event cites the `tcg/` entries that
state its rule.
"""

from __future__ import annotations

import sys

from judge.games.tcg.archery import archery_fire
from judge.games.tcg.game_end import game_end
from judge.games.tcg.moving import (
    ROAMING_PENALTY,
    is_roaming,
    move_limit,
    skipped_site,
    twilight_for_move,
)
from judge.games.tcg.phases import PHASES
from judge.games.tcg.skirmish import FREE_PEOPLES, Outcome, resolve, surviving_fierce
from judge.games.tcg.state import LAST_SITE, Board
from judge.games.tcg.turn import phase_after, phase_entry, steps_of
from judge.rules.declarations import declared_invariants, implements, invariant
from judge.rules.report import Event, Report
from judge.rules.steps import StepEvent, step_events

#: a phase's number on the rulebook's turn sequence, the `step` of its events
PHASE_NUMBERS = {phase: str(number) for number, phase in enumerate(PHASES, start=1)}
SIDES = {"free_peoples": "the Free Peoples", "shadow": "the Shadow side"}


@invariant("wounds-exceed-vitality", "violation", "tcg/killed", "tcg/vitality")
def _killed(board: Board):
    for card in (*board.companions, *board.minions):
        if card.wounds >= card.vitality:
            yield (
                f"{card.title} has {card.wounds} wounds at vitality {card.vitality}: a character "
                "is killed the moment its wounds reach its vitality, so it cannot be in play.",
                card.path,
            )


@invariant("roaming", "info", *is_roaming.cites)
def _roaming(board: Board):
    for minion in board.minions:
        if is_roaming(minion, board.site):
            yield (
                f"{minion.title} (site {minion.site}) is roaming at site {board.site}: playing it "
                f"here costs {ROAMING_PENALTY} more twilight.",
                minion.path,
            )


@invariant("minion-assigned-twice", "violation", "tcg/assignment")
def _assigned_twice(board: Board):
    seen: dict[str, str] = {}
    for skirmish in board.skirmishes:
        for minion in skirmish.minions:
            if minion.title in seen:
                yield (
                    f"{minion.title} skirmishes both {seen[minion.title]} and "
                    f"{skirmish.companion.title}: only one companion may be assigned to a minion.",
                    skirmish.path,
                )
            seen[minion.title] = skirmish.companion.title


@invariant("move-limit", "violation", *move_limit.cites)
def _moves(board: Board):
    limit = move_limit(board.players)
    if board.moves > limit:
        yield (
            f"{board.moves} moves this turn, but the move limit with {board.players} players "
            f"is {limit}.",
            "moves",
        )


@invariant("move-not-next-site", "violation", *skipped_site.cites)
def _move_not_next_site(board: Board):
    problem = skipped_site(board)
    if problem:
        yield (f"{problem[0].upper()}{problem[1:]}.", "moving_to.site")


RULES = declared_invariants(sys.modules[__name__])

#: where the phase events' functions live
_HERE = __name__

#: the events of each phase, in the order they are reported; every phase ends with its
#: own summary (its steps, and the phase that follows)
PHASE_EVENTS = (
    StepEvent((), "fellowship", f"{_HERE}:_move_event", "moving_to"),
    StepEvent((), "regroup", f"{_HERE}:_move_event", "moving_to"),
    StepEvent((), "archery", f"{_HERE}:_archery_event"),
    StepEvent((), "assignment", f"{_HERE}:_assignment_event"),
    StepEvent((), "skirmish", f"{_HERE}:_skirmish_events"),
    StepEvent((), "regroup", f"{_HERE}:_regroup_event"),
    *(StepEvent((), phase, "judge.games.tcg.game_end:game_end_event") for phase in PHASES),
    *(StepEvent((), phase, f"{_HERE}:_phase_event") for phase in PHASES),
)


def check_tcg_board(board: Board) -> Report:
    findings = tuple(f for rule in RULES for f in rule.findings(board))
    return Report("tcg", findings, step_events(board, PHASE_EVENTS, _phase_event))


def _skirmish_events(board: Board):
    outcomes = [(s, resolve(s)) for s in board.skirmishes]
    yield from (_skirmish_event(s, o) for s, o in outcomes)
    fierce = surviving_fierce(board, [o for _, o in outcomes])
    ended = game_end(board)
    if fierce and not (ended and ended.winner):
        yield Event(
            "fierce",
            PHASE_NUMBERS["skirmish"],
            f"{', '.join(fierce)} survive{'s' if len(fierce) == 1 else ''} with fierce: "
            "after the normal skirmishes, another assignment phase and a skirmish for each "
            "fierce minion.",
            {"minions": fierce},
            tuple(surviving_fierce.cites),
        )


def _phase_event(board: Board, hint: str = "") -> Event:
    """The phase's summary; also what a phase with nothing else to report says. A game
    that ends here has no phase after it."""
    ended = game_end(board)
    steps = steps_of(board.phase)
    then = (
        "the game ends" if ended and ended.winner else phase_after(board.phase, len(board.minions))
    )
    return Event(
        "phase",
        PHASE_NUMBERS[board.phase],
        f"{board.phase.capitalize()} phase: {'; '.join(steps)}. Then: {then}.",
        {"steps": steps, "then": then},
        (phase_entry(board.phase),),
    )


def _move_event(board: Board) -> Event:
    """The twilight a move adds; for a move the rules refuse, what a legal one adds."""
    move = board.moving_to
    companions = len(board.companions)
    problem = skipped_site(board)
    if problem:
        legal = (
            f"; moving to site {board.site + 1} adds that site's Shadow number plus {companions} "
            "(one per companion)"
            if board.site < LAST_SITE
            else ""
        )
        return Event(
            "move",
            PHASE_NUMBERS[board.phase],
            f"No twilight is worked out for this move: {problem}{legal}.",
            {"twilight_added": None, "twilight_pool": None},
            tuple(_move_not_next_site.cites),
        )
    added = twilight_for_move(move.shadow_number, companions)
    return Event(
        "move",
        PHASE_NUMBERS[board.phase],
        f"Moving to site {move.site} adds {added} twilight: Shadow number {move.shadow_number} "
        f"plus 1 for each of {len(board.companions)} companions.",
        {"twilight_added": added, "twilight_pool": board.twilight_pool + added},
        tuple(twilight_for_move.cites),
    )


def _archery_event(board: Board) -> Event:
    fire = archery_fire(board)
    return Event(
        "archery",
        PHASE_NUMBERS["archery"],
        f"Fellowship archery total {fire.fp_total}, minion archery total {fire.shadow_total}: "
        f"the Free Peoples player places {_wounds(fire.wounds_to_companions)} on companions, "
        f"then a Shadow player places {_wounds(fire.wounds_to_minions)} on minions.",
        fire.to_json(),
        tuple(archery_fire.cites),
    )


@implements("tcg/assignment", "tcg/defender-bonus", "tcg/ambush")
def _assignment_event(board: Board) -> Event:
    assigned = {m.title for s in board.skirmishes for m in s.minions}
    unassigned = [m.title for m in board.minions if m.title not in assigned]
    ambush = {
        m.title: m.keywords.ambush for s in board.skirmishes for m in s.minions if m.keywords.ambush
    }
    capacity = {c.title: 1 + c.keywords.defender for c in board.companions}
    message = (
        f"Unassigned minions: {', '.join(unassigned)}; the Shadow players may assign them to "
        "any companion."
        if unassigned
        else "Every minion is assigned."
    )
    if ambush:
        message += (
            " Ambush, if the Free Peoples player made the assignment: "
            + ", ".join(f"{t}'s owner may add {n} twilight" for t, n in ambush.items())
            + "."
        )
    return Event(
        "assignment",
        PHASE_NUMBERS["assignment"],
        message,
        {"unassigned": unassigned, "defends_up_to": capacity, "ambush": ambush},
        tuple(_assignment_event.cites),
    )


def _skirmish_event(skirmish, outcome: Outcome) -> Event:
    minions = ", ".join(m.title for m in skirmish.minions)
    side = SIDES[outcome.winner]
    if outcome.fp_strength == outcome.shadow_strength:
        how = f"a tie at {outcome.fp_strength} goes to the Shadow side"
    else:
        verb = "win" if outcome.winner == FREE_PEOPLES else "wins"
        high, low = sorted((outcome.fp_strength, outcome.shadow_strength), reverse=True)
        how = f"{side} {verb} {high} to {low}"
    if outcome.overwhelm:
        result = f"overwhelmed: {', '.join(outcome.killed)} killed outright"
    else:
        result = "; ".join(f"{t} takes {_wounds(n)}" for t, n in outcome.wounds.items())
        if outcome.killed:
            result += f"; {', '.join(outcome.killed)} killed"
    cites = ["tcg/skirmish-resolution"]
    if outcome.overwhelm:
        cites.append("tcg/overwhelmed")
    elif any(n > 1 for n in outcome.wounds.values()):
        cites.append("tcg/damage-bonus")
    if outcome.killed:
        cites.append("tcg/killed")
    return Event(
        "skirmish-resolution",
        PHASE_NUMBERS["skirmish"],
        f"{skirmish.companion.title} against {minions}: {how}; {result}.",
        outcome.to_json(),
        tuple(cites),
    )


@implements("tcg/reconcile", "tcg/move-limit")
def _regroup_event(board: Board) -> Event:
    limit = move_limit(board.players)
    again = board.moves < limit
    choice = (
        "may move again (then back to the Shadow phase) or reconcile and end the turn"
        if again
        else "has reached the move limit: reconcile, and the Shadow players discard every minion"
    )
    return Event(
        "regroup",
        PHASE_NUMBERS["regroup"],
        f"Shadow players reconcile to 8 cards. {board.moves} of {limit} moves made: the Free "
        f"Peoples player {choice}.",
        {"move_limit": limit, "moves": board.moves, "may_move_again": again},
        tuple(_regroup_event.cites),
    )


def _wounds(count: int) -> str:
    return f"{count} wound{'' if count == 1 else 's'}"
