"""The LCG rules model: pure functions from an immutable board state to findings and events.

No I/O happens here. Each rule is a small named function registered with the entries it
implements (`judge.rules.declarations`), so findings cite the knowledge base and entries can
show which functions use them.
"""

#: this game's key in the registry (`judge.games`) and the `game` of its entries
GAME = "lcg"
