"""Step 3.3 (staging) and step 4.2 (travel): what the revealed cards and the travel do."""

from __future__ import annotations

from judge.games.lcg import steps
from judge.games.lcg.elimination import eliminated_by_raise, elimination_sentence
from judge.games.lcg.keywords import instances, keyword_value
from judge.games.lcg.state import Board
from judge.rules.declarations import implements
from judge.rules.report import Event


@implements("rr/step-3.3", "kw/surge", "kw/doomed-x")
def staging(board: Board) -> Event:
    """Each surge instance reveals one more card; each doomed X makes every player still in
    the game raise their threat by X, which eliminates anyone it takes to 50."""
    extra = sum(instances(card.keywords, "surge") for card in board.revealed)
    doomed = sum(keyword_value(card.keywords, "doomed") or 0 for card in board.revealed)
    players = [p for p in board.players if not p.eliminated]
    raise_by = {p.name: doomed for p in players}
    threat_after = {p.name: p.threat + doomed for p in players}
    eliminated = eliminated_by_raise(board, threat_after) if doomed else []
    parts = [f"{extra} more card(s) to reveal (surge)" if extra else "no surge"]
    parts.append(
        f"each player raises their threat by {doomed} (doomed: "
        + ", ".join(f"{name} {after}" for name, after in threat_after.items())
        + ")"
        if doomed
        else "no doomed"
    )
    message = f"Staging after {len(board.revealed)} revealed card(s): {'; '.join(parts)}."
    if eliminated:
        message += " " + elimination_sentence(board, eliminated)
    data = {"extra_reveals": extra, "threat_raise": raise_by, "eliminated": eliminated}
    if doomed:
        data["threat_after"] = threat_after
    cites = (*staging.cites, *(eliminated_by_raise.cites if eliminated else ()))
    return Event("staging", steps.STAGING, message, data, cites)


@implements("rr/step-4.2", "rr/travel", "rr/active-location")
def travel(board: Board) -> Event:
    """The players travel to a location in the staging area: it becomes the active location."""
    location = board.travel_to
    return Event(
        "travel",
        steps.TRAVEL,
        f"The players travel to {location.title}: it leaves the staging area and becomes "
        "the active location.",
        {"location": location.title},
        tuple(travel.cites),
    )
