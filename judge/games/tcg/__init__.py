"""The LOTR Trading Card Game's rules model (contract: board-state.md, "TCG").

Pure functions over immutable values, like the LCG's `judge.games.lcg`; the ruleset in
`judge.games.tcg.ruleset` is the only way in from the rest of the program.
"""

#: this game's key in the registry (`judge.games`) and the `game` of its entries
GAME = "tcg"
