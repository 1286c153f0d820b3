"""Loremaster's Textual app: screens per task over the engine in `judge`."""

import os

from tui._start_time import START as START  # the clock starts as soon as `tui` loads

#: Textual repaints on a frame clock of TEXTUAL_FPS frames a second (60 unless set),
#: which it reads once, when imported: an answer that arrives between frames waits for
#: the next one, 8 ms on average at 60. At 120 the median time from a key to its
#: answers on screen fell from about 40 ms to 30 (bench/tui_startup.py). A player's
#: own setting wins.
os.environ.setdefault("TEXTUAL_FPS", "120")
