"""When the app's code started loading: the zero point of the time-to-ready log line."""

from __future__ import annotations

import time

START = time.perf_counter()
