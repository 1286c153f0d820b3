"""Moving along the adventure path: the next site, twilight, the move limit and roaming minions.

Starter Rulebook: "Moving your fellowship" and "How to move" (p. 22), "Move limit"
(p. 32), "roaming" (p. 24).
"""

from __future__ import annotations

from judge.games.tcg.state import LAST_SITE, Board, Character
from judge.rules.declarations import implements

#: the extra twilight a Shadow player removes to play a roaming minion
ROAMING_PENALTY = 2


@implements("tcg/how-to-move", "tcg/shadow-number")
def twilight_for_move(shadow_number: int, companions: int) -> int:
    """Moving adds the new site's Shadow number plus one token per companion."""
    return shadow_number + companions


@implements("tcg/move-limit")
def move_limit(players: int) -> int:
    """Two in a game of two or three players; with four or more, one per opponent
    at the start of the game."""
    return 2 if players <= 3 else players - 1


@implements("tcg/roaming")
def is_roaming(minion: Character, site: int) -> bool:
    """A minion played to (or standing at) a site numbered below its own site number."""
    return minion.site is not None and minion.site > site


@implements("tcg/moving-your-fellowship", "tcg/how-to-move", "tcg/site")
def skipped_site(board: Board) -> str | None:
    """Why the board's move is not to the next site, or None when it is (or there is no
    move): a fellowship moves one site on, and site 9 is the last."""
    move = board.moving_to
    if move is None or move.site == board.site + 1:
        return None
    if board.site == LAST_SITE:
        return f"site {LAST_SITE} is the last site, so the fellowship has nowhere further to move"
    return (
        f"the fellowship moves from site {board.site} to site {move.site}, but a move goes to "
        f"the next site, {board.site + 1}"
    )
