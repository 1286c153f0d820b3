"""Ordering triggered abilities that share one triggering condition.

Rules Reference, "Timing of Ability Resolution", "Forced" and "Cancel": cancels interrupt
first, and what they cancel stays listed right after them without resolving; constant
abilities apply before anything triggered; then every 'when' ability resolves before
every 'after' one, and forced abilities (when-revealed ranks with them) go before
responses of the same word only. Abilities still tied are ordered by the first player
("Priority of Simultaneous Resolution").

The Rules Reference can be read two ways where a 'when' response meets an 'after' forced
ability, and both readings are in that one document, so neither is the newer text. The
glossary's "When" and "After" (an occurrence underway, one just concluded) and "Forced"
(priority over responses of the same 'when' or 'after' type) put the word first; "Timing
of Ability Resolution" (p. 18) and FAQ 1.37 list the categories first and the words only
within each. The order follows the first reading and says so, citing both.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from judge.rules.declarations import implements

CATEGORY = {"constant": 0, "forced": 1, "when-revealed": 1, "response": 2}
#: constant abilities are never initiated, so there is nothing for a cancel to interrupt
CANCELLABLE = ("forced", "when-revealed", "response")
REASONS = {
    0: (
        "constant abilities apply before any triggered ability",
        ("rr/timing-of-ability-resolution", "faq/1.37"),
    ),
    1: (
        "forced effects (when-revealed effects rank with them) resolve before responses "
        "of the same 'when' or 'after' word",
        ("rr/forced", "faq/1.09", "rr/timing-of-ability-resolution"),
    ),
    2: (
        "responses resolve after forced effects of the same 'when' or 'after' word",
        ("rr/response", "rr/timing-of-ability-resolution"),
    ),
}
#: why every 'when' ability goes before every 'after' one (said where the list has both)
WORD_FIRST = (
    "every 'when' ability resolves before any 'after' ability: a 'when' ability acts while "
    "its occurrence is underway and an 'after' one once it has concluded (the glossary's "
    '"When" and "After"), and "Forced" gives forced abilities priority only over '
    "responses of the same 'when' or 'after' type",
    ("rr/when", "rr/after", "rr/forced"),
)
#: the other reading, said where it would order this list differently
CATEGORY_FIRST = (
    'the other reading: "Timing of Ability Resolution" (p. 18) and FAQ 1.37 list the '
    "categories first (constant, forced, response) and put 'when' before 'after' only within "
    "each, which would resolve {after_forced} before {when_responses}; both readings are in "
    "the Rules Reference, so neither is the newer text, and this order follows the glossary "
    "definitions",
    ("rr/timing-of-ability-resolution", "faq/1.37"),
)
CANCELLED = (
    "cancelled by {cancel}: it does not resolve, as if it had never triggered; it still "
    "counts as used (costs stay paid; a cancelled card is still played or revealed), and "
    "the rest of its card, such as its keywords, resolves as normal",
    ("rr/cancel", "faq/1.53"),
)


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    type: str
    word: str = "after"
    player: str | None = None
    cancels: bool = False
    #: the ability this cancel interrupts, when the trigger file names it
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Placement:
    """One place in the order: a name, or a group the first player orders (`choice`)."""

    names: tuple[str, ...]
    reason: str
    cites: tuple[str, ...]

    def to_json(self):
        return self.names[0] if len(self.names) == 1 else {"choice": list(self.names)}


@implements(
    "rr/timing-of-ability-resolution",
    "rr/cancel",
    "rr/priority-of-simultaneous-resolution",
    "rr/forced",
    "rr/response",
    "rr/when",
    "rr/after",
    "faq/1.09",
    "faq/1.37",
    "faq/1.53",
)
def order_abilities(abilities: list[Ability]) -> list[Placement]:
    """The resolution order, with one reason (and its cites) per placement.

    Cancels that `unplayable_cancels` refuses are left out of the order; an ability a
    cancel stops stays in it, right after the cancels, and does not resolve.
    """
    placements: list[Placement] = []
    refused = {r.names[0] for r in unplayable_cancels(abilities)}
    cancels = [a for a in abilities if a.cancels and a.name not in refused]
    stopped = cancelled_by(abilities)
    if cancels:
        placements.append(
            _place(
                cancels,
                "a cancel interrupts the effect it cancels before it resolves, "
                "so it goes before everything else",
                ("rr/cancel", "rr/timing-of-ability-resolution"),
            )
        )
    for name, cancel in stopped.items():
        placements.append(Placement((name,), CANCELLED[0].format(cancel=cancel), CANCELLED[1]))

    rest = sorted((a for a in abilities if not a.cancels and a.name not in stopped), key=_rank)
    words = {_rank(a)[1] for a in rest if CATEGORY[a.type]}
    said = False
    for (_, word, category), group in groupby(rest, key=_rank):
        reason, cites = REASONS[category]
        if category and word == 0 and len(words) == 2 and not said:
            reason, cites = _word_first(reason, cites, rest)
            said = True
        placements.append(_place(list(group), reason, cites))
    return placements


def _rank(a: Ability) -> tuple[int, int, int]:
    """(constant or not, 'when' or 'after', category): constant abilities have no word."""
    constant = CATEGORY[a.type] == 0
    return (0 if constant else 1, 0 if a.word == "when" or constant else 1, CATEGORY[a.type])


def _word_first(reason: str, cites: tuple[str, ...], rest: list[Ability]) -> tuple:
    """The first 'when' placement's reason, when 'after' abilities follow: which reading
    the order follows and why, and the other reading where it would change the order."""
    reason += "; " + WORD_FIRST[0]
    cites = (*cites, *WORD_FIRST[1])
    when_responses = [a.name for a in rest if _rank(a) == (1, 0, 2)]
    after_forced = [a.name for a in rest if _rank(a) == (1, 1, 1)]
    if when_responses and after_forced:
        reason += "; " + CATEGORY_FIRST[0].format(
            after_forced=", ".join(after_forced), when_responses=", ".join(when_responses)
        )
        cites = (*cites, *CATEGORY_FIRST[1])
    return reason, tuple(dict.fromkeys(cites))


def _cancels(abilities: list[Ability]) -> list[tuple[Ability, str | None, str | None]]:
    """Each cancel with the ability it stops (None when that is not known) and, when it
    cannot be played, why: a cancel interrupts a triggered effect as it initiates, so it
    needs one here (the one it names, or any when it names none; a constant ability or
    another cancel is not such an effect), and an effect already cancelled can be
    referred to by nothing more, another cancel included."""
    by_name = {a.name: a for a in abilities}
    cancellable = [a.name for a in abilities if not a.cancels and a.type in CANCELLABLE]
    stopped: dict[str, str] = {}
    found = []
    for cancel in (a for a in abilities if a.cancels):
        if cancel.target is not None:
            target = by_name.get(cancel.target)
            playable = target is not None and not target.cancels and target.type in CANCELLABLE
            problem = (
                None
                if playable
                else f"{cancel.target} is not a forced, when-revealed or response effect in "
                "this list, and a cancel must interrupt an effect as it initiates"
            )
            stops = cancel.target
        else:
            problem = (
                None
                if cancellable
                else "no forced, when-revealed or response effect shares this trigger, and "
                "a cancel must interrupt an effect as it initiates"
            )
            stops = cancellable[0] if len(cancellable) == 1 else None
        if problem is None and stops in stopped:
            problem = (
                f"{stops} is already cancelled by {stopped[stops]}, and nothing more (a cancel "
                "included) can be initiated in reference to a cancelled effect"
            )
        if problem is None and stops is not None:
            stopped[stops] = cancel.name
        found.append((cancel, None if problem else stops, problem))
    return found


@implements("rr/cancel", "faq/1.53")
def cancelled_by(abilities: list[Ability]) -> dict[str, str]:
    """Each ability a playable cancel stops -> the cancel, in the cancels' order: the one a
    cancel names, or, when it names none, the only effect in the list it could cancel."""
    return {stops: cancel.name for cancel, stops, _ in _cancels(abilities) if stops}


@implements("rr/cancel", "faq/1.37", "faq/1.53")
def unplayable_cancels(abilities: list[Ability]) -> list[Placement]:
    """Cancels that cannot be played here, each with the reason (`_cancels`)."""
    return [
        Placement(
            (cancel.name,),
            f"{cancel.name} cannot be played: {problem}",
            tuple(unplayable_cancels.cites),
        )
        for cancel, _, problem in _cancels(abilities)
        if problem
    ]


def _place(members: list[Ability], reason: str, cites: tuple[str, ...]) -> Placement:
    names = tuple(a.name for a in members)
    if len(members) > 1:
        reason += f"; {', '.join(names)} tie, so the first player chooses their order"
        cites = (*cites, "rr/priority-of-simultaneous-resolution")
    return Placement(names, reason, cites)
