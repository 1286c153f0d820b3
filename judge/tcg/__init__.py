"""The LOTR Trading Card Game's rules model (contract: board-state.md, "TCG").

Pure functions over immutable values, like the LCG's `judge.model`; the ruleset in
`judge.rulesets.tcg` is the only way in from the rest of the program.
"""
