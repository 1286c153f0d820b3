"""Step 3.4, quest resolution: committed willpower against the staging area's threat."""

from __future__ import annotations

from dataclasses import dataclass

from judge.games.lcg import steps
from judge.games.lcg.elimination import eliminated_by_raise, elimination_sentence
from judge.games.lcg.state import Board
from judge.rules.declarations import implements
from judge.rules.report import Event


@dataclass(frozen=True, slots=True)
class Progress:
    """Where quest progress goes: the active location(s) first, the rest to the quest."""

    to_location: int
    to_quest: int
    explored: bool


@implements("rr/step-3.4", "faq/1.20", "rr/staging-area")
def staging_threat(board: Board) -> int:
    """Threat of the cards in the staging area only: engaged enemies and the active location add nothing."""
    return sum(card.threat for card in board.staging_area)


@implements("rr/step-3.4")
def committed_willpower(board: Board) -> int:
    """Total willpower of the characters committed to the quest by players still in the game."""
    return sum(
        c.willpower for p in board.players if not p.eliminated for c in p.characters if c.committed
    )


@implements("rr/active-location", "faq/1.34", "rr/explored")
def place_progress(board: Board, progress: int) -> Progress:
    """The active location takes progress up to its quest points; the rest overflows to the quest.

    With two active locations (FAQ 1.34) the players split progress between them, so
    the total they can absorb is reported; `explored` then means both are.
    """
    room = sum(max(loc.quest_points - loc.progress, 0) for loc in board.active_locations)
    to_location = min(progress, room)
    explored = bool(board.active_locations) and progress >= room
    return Progress(to_location, progress - to_location, explored)


@implements("rr/step-3.4", "rr/quest-phase", "rr/quest-advancement", "faq/1.24")
def resolve_quest(board: Board) -> Event:
    """More willpower makes progress, more threat raises every player's threat by the gap, a tie does nothing.

    Progress beyond a stage's quest points is lost when the stage advances ("Quest
    Advancement"), and a raise that takes a player to 50 eliminates them at once.
    """
    willpower, threat = committed_willpower(board), staging_threat(board)
    progress = max(willpower - threat, 0)
    threat_raise = max(threat - willpower, 0)
    placed = place_progress(board, progress)
    quest = board.quest
    advance = bool(
        quest and quest.quest_points > 0 and quest.progress + placed.to_quest >= quest.quest_points
    )
    lost = quest.progress + placed.to_quest - quest.quest_points if advance else 0
    threat_after = (
        {p.name: p.threat + threat_raise for p in board.players if not p.eliminated}
        if threat_raise
        else {}
    )
    eliminated = eliminated_by_raise(board, threat_after)
    if progress:
        message = (
            f"Willpower {willpower} against threat {threat}: {progress} progress, {placed.to_location} "
            f"to the active location and {placed.to_quest} to the quest."
        )
        if advance and quest.final:
            message += " The stage is complete: the players win."
        elif advance:
            message += " The stage is complete: advance to the next stage" + (
                f"; the {lost} progress beyond its {quest.quest_points} quest points is lost "
                "(extra progress does not carry over to the next stage)."
                if lost
                else "."
            )
    elif threat_raise:
        message = (
            f"Willpower {willpower} against threat {threat}: the quest fails and each player raises "
            f"their threat by {threat_raise} ("
            + ", ".join(f"{name} {after}" for name, after in threat_after.items())
            + ")."
        )
    else:
        message = f"Willpower {willpower} equals threat {threat}: nothing happens."
    if eliminated:
        message += " " + elimination_sentence(board, eliminated)
    data = {
        "willpower": willpower,
        "threat": threat,
        "progress": progress,
        "to_location": placed.to_location,
        "to_quest": placed.to_quest,
        "explored": placed.explored,
        "advance": advance,
        "progress_lost": lost,
        "threat_raise": threat_raise,
        "eliminated": eliminated,
    }
    if threat_raise:
        data["threat_after"] = threat_after
    cites = (*resolve_quest.cites, *(eliminated_by_raise.cites if eliminated else ()))
    return Event("quest-resolution", steps.QUEST_RESOLUTION, message, data, cites)
