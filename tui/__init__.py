"""Loremaster's Textual app: screens per task over the engine in `judge`."""

from tui._start_time import START as START  # the clock starts as soon as `tui` loads
