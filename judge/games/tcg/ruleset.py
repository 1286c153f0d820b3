"""The LOTR Trading Card Game (Decipher) behind the `Ruleset` seam."""

from __future__ import annotations

from types import MappingProxyType

from judge.games.tcg import GAME
from judge.games.tcg.phases import PHASES
from judge.rules.turn import TurnStep


class _TCG:
    game = GAME
    #: a step entry's phase: the turn's phases
    step_phases = PHASES
    title = "The Lord of the Rings Trading Card Game"
    names = frozenset(
        {"tcg", "trading card game", "decipher", "lord of the rings trading card game", "lotr tcg"}
    )
    # terms no Card Game player says in passing; the TCG's words that are everyday
    # English too ("we keep getting overwhelmed", "a fierce fight", "twilight"), or
    # that the Card Game's sagas use ("Ring-bearer"), are left to the words the rest of
    # the question uses (`judge.search.routing`)
    markers = names | frozenset(
        {
            "twilight pool",
            "skirmish",
            "skirmishes",
            "minion",
            "minions",
            "free peoples",
            "shadow player",
            "adventure path",
            "fellowship phase",
            "move limit",
            "signet",
            "vitality",
            "exert",
            "exerted",
            "exerts",
            *(f"site {number}" for number in range(1, 10)),
        }
    )

    # a character "dies" or is "destroyed" in the Card Game's words; here it is killed.
    # And the TCG plays in turns, which the players' "turn" is read as the Card Game's
    # round for
    rules_words = MappingProxyType({"destroyed": "killed", "destroy": "kill", "round": "turn"})

    def turn(self, kb) -> tuple[TurnStep, ...]:
        from judge.games.tcg.turn import turn_steps

        return turn_steps(kb)

    def phases(self) -> tuple[str, ...]:
        return PHASES

    def read_board(self, doc, cards=None):
        """A TCG board gives every value itself: the card facts (`cards`) are the Card
        Game's, and not read here."""
        from judge.games.tcg.board import read_tcg_board

        return read_tcg_board(doc)

    def rules(self):
        from judge.games.tcg.check import RULES

        return RULES

    def events(self):
        from judge.games.tcg.check import PHASE_EVENTS

        return PHASE_EVENTS

    def implementations(self) -> dict[str, tuple[str, ...]]:
        from judge.games.tcg import archery, check, game_end, moving, skirmish
        from judge.rules.declarations import implementations

        return implementations("judge.games", skirmish, archery, moving, game_end, check)

    def check(self, board):
        from judge.games.tcg.check import check_tcg_board

        return check_tcg_board(board)


TCG = _TCG()
