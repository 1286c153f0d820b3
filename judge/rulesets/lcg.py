"""The Lord of the Rings: The Card Game (LCG) behind the `Ruleset` seam."""

from __future__ import annotations

from types import MappingProxyType

from judge.rulesets import TurnStep


class _LCG:
    game = "lcg"
    title = "The Lord of the Rings: The Card Game"
    # its full title too: "the lord of the rings card game" is a name, not rules words
    # (said with "decipher", the name is the TCG's maker's, and the TCG is asked about)
    names = frozenset(
        {"lcg", "living card game", "fantasy flight", "lord of the rings card game"}
        | {"lord of the rings the card game", "lotr lcg"}
    )
    markers = names
    # table talk is read into this game's rules words already (`judge.search.vocabulary`)
    rules_words = MappingProxyType({})

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
