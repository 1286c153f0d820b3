"""The Lord of the Rings: The Card Game (LCG) behind the `Ruleset` seam."""

from __future__ import annotations

from types import MappingProxyType

from judge.games.lcg import GAME
from judge.games.lcg.phases import PHASES_BY_DIGIT
from judge.rules.turn import TurnStep


class _LCG:
    game = GAME
    title = "The Lord of the Rings: The Card Game"
    # its full title too: "the lord of the rings card game" is a name, not rules words
    # (said with "decipher", the name is the TCG's maker's, and the TCG is asked about)
    names = frozenset(
        {"lcg", "living card game", "fantasy flight", "lord of the rings card game"}
        | {"lord of the rings the card game", "lotr lcg"}
    )
    markers = names
    #: a step entry's phase: one of the round's phases, "round" for the round's own
    #: beginning and end, or "setup"
    step_phases = ("setup", *PHASES_BY_DIGIT)
    # table talk is read into this game's rules words already (`judge/games/lcg/vocabulary.json`)
    rules_words = MappingProxyType({})

    def turn(self, kb) -> tuple[TurnStep, ...]:
        from judge.games.lcg.rounds import round_structure

        return tuple(
            TurnStep(s.number, s.title, s.phase, s.action_window, s.entry_id)
            for s in round_structure(kb)
        )

    def phases(self) -> tuple[str, ...]:
        from judge.games.lcg.state import PHASES

        return PHASES

    def read_board(self, doc, cards=None):
        """`cards` (`judge.games.lcg.printed.CardValues`) give the printed values of the
        cards a board names by title."""
        from judge.games.lcg.board import read_lcg_board

        return read_lcg_board(doc, cards)

    def rules(self):
        from judge.games.lcg.check import RULES

        return RULES

    def events(self):
        from judge.games.lcg.check import STEP_EVENTS

        return STEP_EVENTS

    def implementations(self) -> dict[str, tuple[str, ...]]:
        from judge.games.lcg import (
            attacks,
            campaign,
            campaign_setup,
            combat,
            combat_declarations,
            deck,
            elimination,
            engagement,
            invariants,
            quest,
            refresh,
            shadows,
            staging,
            timing,
        )
        from judge.rules.declarations import implementations

        return implementations(
            "judge.games.lcg",
            *(invariants, quest, engagement, shadows, refresh, combat, attacks, staging),
            *(combat_declarations, elimination, timing, deck, campaign, campaign_setup),
        )

    def check(self, board):
        from judge.games.lcg.check import check_board

        return check_board(board)


LCG = _LCG()
