"""The Lord of the Rings: The Card Game (LCG) behind the `Ruleset` seam."""

from __future__ import annotations

from judge.rulesets import TurnStep


class _LCG:
    game = "lcg"
    title = "The Lord of the Rings: The Card Game"
    names = frozenset({"lcg", "living card game", "fantasy flight"})
    markers = names

    def turn(self, kb) -> tuple[TurnStep, ...]:
        from judge.model.rounds import round_structure

        return tuple(
            TurnStep(s.number, s.title, s.phase, s.action_window, s.entry_id)
            for s in round_structure(kb)
        )

    def phases(self) -> tuple[str, ...]:
        from judge.model.state import PHASES

        return PHASES

    def read_board(self, doc):
        from judge.checking import read_lcg_board

        return read_lcg_board(doc)

    def check(self, board):
        from judge.model.check import check_board

        return check_board(board)


LCG = _LCG()
