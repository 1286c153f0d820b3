"""The end of a TCG game (Starter Rulebook, "Winning the Game" and "Losing the Game", p. 33).

The Free Peoples player loses when his Ring-bearer is killed, overwhelmed included: no
wound is placed then, so nothing (not even The One Ring) can save him ("The One Ring",
p. 36). Frodo's death is the one exception: with Sam in the fellowship, Sam's response
may make Sam the Ring-bearer. The Free Peoples player wins at site 9 when his
Ring-bearer survives the skirmishes there; the game ends at once, with no regroup phase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.base.slug import title_key
from judge.games.tcg.phases import PHASES
from judge.games.tcg.skirmish import FREE_PEOPLES, SHADOW, resolve, surviving_fierce
from judge.games.tcg.state import LAST_SITE, Board, Character
from judge.rules.declarations import implements
from judge.rules.report import Event

#: Frodo's and Sam's cards carry their name first ("Sam, Faithful Companion")
_FRODO = re.compile(r"^frodo\b")
_SAM = re.compile(r"^(?:sam|samwise)\b")


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How the game ends, or (with `winner` None) how it may: the Ring passing to Sam."""

    winner: str | None
    reason: str
    #: the entries this end rests on
    cites: tuple[str, ...]
    #: Sam, when Frodo is killed with Sam in the fellowship to take the Ring on
    heir: str | None = None


def ring_bearer(board: Board) -> Character | None:
    """The companion with the `ring-bearer` keyword (the first, should a board list two)."""
    return next((c for c in board.companions if c.keywords.ring_bearer), None)


@implements(
    "tcg/losing-the-game",
    "tcg/winning-the-game",
    "tcg/the-one-ring",
    "tcg/overwhelmed",
    "tcg/killed",
    "tcg/skirmish-phase",
)
def game_end(board: Board) -> GameEnd | None:
    """The end the board's state, and in the skirmish phase its skirmishes, bring, if any.

    Fierce minions that survive skirmish again, so at site 9 the Ring-bearer has not yet
    survived every skirmish while any are left.
    """
    bearer = ring_bearer(board)
    if bearer is None:
        return None
    outcomes = [resolve(s) for s in board.skirmishes] if board.phase == "skirmish" else []
    fierce = surviving_fierce(board, outcomes)
    killed = {title for o in outcomes for title in o.killed}
    overwhelmed = any(o.overwhelm and bearer.title in o.killed for o in outcomes)
    if bearer.wounds >= bearer.vitality or bearer.title in killed:
        how = "overwhelmed and killed" if overwhelmed else "killed"
        cites = (
            "tcg/losing-the-game",
            "tcg/killed",
            *(("tcg/overwhelmed", "tcg/the-one-ring") if overwhelmed else ()),
        )
        heir = _heir(board, bearer, killed)
        if heir:
            return GameEnd(
                None,
                f"the Ring-bearer {bearer.title} is {how}, so the Free Peoples player loses "
                f"unless the response of {heir} makes him the Ring-bearer",
                (*cites, "tcg/the-one-ring"),
                heir,
            )
        return GameEnd(
            SHADOW,
            f"the Ring-bearer {bearer.title} is {how}, so the Free Peoples player loses "
            "and the Shadow side wins",
            cites,
        )
    if board.site == LAST_SITE and board.phase == "skirmish" and not fierce:
        return GameEnd(
            FREE_PEOPLES,
            f"at site {LAST_SITE} the Ring-bearer {bearer.title} survives the last skirmish, "
            "so the Free Peoples player wins; no regroup phase follows",
            ("tcg/winning-the-game", "tcg/skirmish-phase"),
        )
    return None


def _heir(board: Board, bearer: Character, killed: set[str]) -> str | None:
    """Sam, alive in the fellowship, when the Ring-bearer who dies is Frodo."""
    if not _FRODO.match(title_key(bearer.title)):
        return None
    return next(
        (
            c.title
            for c in board.companions
            if _SAM.match(title_key(c.title)) and c.title not in killed and c.wounds < c.vitality
        ),
        None,
    )


def game_end_event(board: Board) -> Event | None:
    """`game-end` when the game is over; `ring-bearer-killed` when Sam may carry on."""
    end = game_end(board)
    if end is None:
        return None
    step = str(PHASES.index(board.phase) + 1)
    if end.winner is None:
        bearer = ring_bearer(board)
        return Event(
            "ring-bearer-killed",
            step,
            f"{end.reason[0].upper()}{end.reason[1:]}.",
            {"ring_bearer": bearer.title, "heir": end.heir},
            tuple(dict.fromkeys(end.cites)),
        )
    return Event(
        "game-end",
        step,
        f"The game ends: {end.reason}.",
        {"winner": end.winner, "reason": end.reason},
        end.cites,
    )
