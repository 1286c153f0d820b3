"""Loremaster's Textual app: screens per task over the engine in `judge`."""
