"""The refresh phase (7.2-7.4) and the resource phase (1.2-1.3): the round's bookkeeping."""

from __future__ import annotations

from judge.games.lcg import steps
from judge.games.lcg.elimination import eliminated_by_raise, elimination_sentence
from judge.games.lcg.state import Board
from judge.rules.declarations import implements
from judge.rules.report import Event


def _next_in_game(board: Board, name: str, out: set[str]) -> str | None:
    """The next player clockwise from `name` who is still in the game (possibly `name`)."""
    names = [p.name for p in board.players]
    start = names.index(name)
    for offset in range(1, len(names) + 1):
        candidate = names[(start + offset) % len(names)]
        if candidate not in out:
            return candidate
    return None


@implements("rr/step-7.4", "rr/first-player-first-player-token", "faq/1.30", "rr/next-player")
def pass_first_player_token(board: Board, eliminated: set[str]) -> str | None:
    """7.4 passes the token clockwise, skipping eliminated players.

    A first player eliminated before 7.4 hands the token on at once (FAQ 1.30), and
    7.4 then passes it again.
    """
    holder = board.first_player
    if holder in eliminated:
        holder = _next_in_game(board, holder, eliminated)
    return _next_in_game(board, holder, eliminated) if holder else None


@implements(
    "rr/step-7.3", "rr/refresh-phase", "faq/qa/dungeon-torch", "rr/threat-elimination-level"
)
def raise_threat(board: Board) -> dict[str, int]:
    """7.3: each player still in the game raises threat by 1, plus any extra from card effects."""
    return {p.name: p.threat + 1 + p.threat_raise_extra for p in board.players if not p.eliminated}


@implements("rr/refresh-phase", "rr/step-7.2", "rr/ready", "rr/step-7.3", "rr/step-7.4")
def refresh(board: Board) -> Event:
    """Ready every exhausted card (characters and attachments alike), raise threat, pass
    the first player token (from the current step on)."""
    raised = steps.still_to_come(board.step, steps.RAISE_THREAT, steps.REFRESH)
    threat_after = (
        raise_threat(board)
        if raised
        else {p.name: p.threat for p in board.players if not p.eliminated}
    )
    eliminated = eliminated_by_raise(board, threat_after) if raised else []
    # players already at 50 are out even when the board has not marked them
    in_game = {p.name for p in board.players_below_elimination()}
    out = {p.name for p in board.players if p.name not in in_game} | set(eliminated)
    next_first = pass_first_player_token(board, out)
    readied = _exhausted_cards(board)
    parts = []
    if steps.still_to_come(board.step, steps.READY_CARDS, steps.REFRESH) and readied:
        parts.append(f"Ready every exhausted card: {', '.join(readied)}.")
    if raised:
        parts.append("Threat: " + ", ".join(f"{n} {t}" for n, t in threat_after.items()) + ".")
    if eliminated:
        parts.append(elimination_sentence(board, eliminated))
    parts.append(
        f"The first player token passes to {next_first}." if next_first else "No player is left."
    )
    data = {
        "threat_after": threat_after,
        "eliminated": eliminated,
        "next_first_player": next_first,
        "readied": readied,
        "game_lost": next_first is None,
    }
    cites = (*refresh.cites, *(eliminated_by_raise.cites if eliminated else ()))
    return Event("refresh", board.step or steps.RAISE_THREAT, " ".join(parts), data, cites)


def _exhausted_cards(board: Board) -> list[str]:
    """7.2 readies every exhausted card: each character, then its exhausted attachments."""
    return [
        title
        for p in board.players
        if not p.eliminated
        for c in p.characters
        for title in (
            *((c.title,) if c.exhausted else ()),
            *(a.title for a in c.attachments if a.exhausted),
        )
    ]


@implements("rr/resource-phase", "rr/step-1.2", "rr/step-1.3", "rr/resources", "rr/drawing-cards")
def resource_phase(board: Board) -> Event:
    """1.2: each hero gains 1 resource; 1.3: each player draws 1 card (from the board's
    step on: at 1.3 the resources are already in the pools)."""
    gain = int(steps.still_to_come(board.step, steps.GAIN_RESOURCES, steps.RESOURCE))
    draw = int(steps.still_to_come(board.step, steps.DRAW_CARDS, steps.RESOURCE))
    players = [p for p in board.in_player_order() if not p.eliminated]
    resources_after = {h.title: h.resources + gain for p in players for h in p.heroes}
    drawn = {p.name: draw for p in players}
    pools = ", ".join(f"{t} {r}" for t, r in resources_after.items())
    if gain:
        message = f"Each hero gains 1 resource and each player draws {draw} card: {pools}."
    else:
        message = (
            f"Each player draws 1 card; the heroes gained their resources in step 1.2: {pools}."
        )
    return Event(
        "resource",
        board.step or steps.GAIN_RESOURCES,
        message,
        {"resources_after": resources_after, "drawn": drawn},
        tuple(resource_phase.cites),
    )
