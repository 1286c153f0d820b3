"""Loremaster's engine: the knowledge base, search, the rules model and the CLI.

Nothing here imports Textual; the app in `tui` imports the engine, never the reverse.
Submodules are imported lazily by the CLI so that each command pays only for what it uses.
"""

__version__ = "0.1.0"
