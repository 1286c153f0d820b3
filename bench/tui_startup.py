"""How fast the app starts and answers, against a bare Textual app measured in the same run.

1. Start-up: wall time from launching the process to the first screen being ready
   (`on_ready`), for `loremaster`'s app and for a bare Textual app with one Static,
   alternated, several times each, in a pseudo-terminal of 100x30; medians and their
   ratio (target: at most 1.5x).
2. Keystroke to answers: in a Pilot-driven run, the time from the key that completes a
   typical question to its answers being on screen (target: under 50 ms). Measured for
   a key after a pause (answered at once) and, for reference, for the last key of a
   question typed without pausing (answered after the 150 ms debounce).

Usage: .venv/bin/python bench/tui_startup.py [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pty
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from fcntl import ioctl
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SIZE = (100, 30)
QUESTIONS = (
    "can I play an action during staging",
    "sentinel defend twice",
    "what happens when the encounter deck runs out",
    "does archery damage ignore defense",
    "beravor errata",
)

# The child writes the wall-clock time of on_ready to the file named in argv[1], then exits.
CHILD = {
    "loremaster": """
import sys, time
from tui.app import LoremasterApp

class Bench(LoremasterApp):
    def on_ready(self) -> None:
        with open(sys.argv[1], "w") as out:
            out.write(repr(time.time()))
        self.exit()

Bench().run()
""",
    "bare": """
import sys, time
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("Hello")

    def on_ready(self) -> None:
        with open(sys.argv[1], "w") as out:
            out.write(repr(time.time()))
        self.exit()

Bare().run()
""",
}


#: builds the knowledge-base cache and the search index where the app looks for them
WARM_CACHES = (
    "from judge.kb.knowledge import load; from judge.search.index import ensure; load(); ensure()"
)


def _drain(fd: int) -> None:
    """Read the child's terminal output so that it never blocks writing it."""
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass


def start_once(which: str) -> float:
    """Milliseconds from launching the process to its first screen being ready."""
    master, slave = pty.openpty()
    ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    reader = threading.Thread(target=_drain, args=(master,), daemon=True)
    reader.start()
    with tempfile.TemporaryDirectory() as tmp:
        stamp = Path(tmp) / "ready"
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "COLUMNS": str(SIZE[0]),
            "LINES": str(SIZE[1]),
        }
        started = time.time()
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD[which], stamp],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=REPO,
            env=env,
            close_fds=True,
        )
        try:
            child.wait(timeout=60)
        finally:
            os.close(slave)
            os.close(master)
        if child.returncode != 0 or not stamp.exists():
            raise RuntimeError(f"{which} exited with {child.returncode} and no ready time")
        return (float(stamp.read_text()) - started) * 1000


def startup(runs: int) -> dict:
    times: dict[str, list[float]] = {"loremaster": [], "bare": []}
    # the caches the app reads, made first: a run that exits at on_ready stops the
    # workers that would write them, so after an edit every run found them stale
    subprocess.run([sys.executable, "-c", WARM_CACHES], cwd=REPO, check=True)
    start_once("loremaster")  # warm the OS file cache
    start_once("bare")
    for _ in range(runs):
        for which in times:
            times[which].append(start_once(which))
    medians = {which: statistics.median(values) for which, values in times.items()}
    return {
        "runs": runs,
        "loremaster_ms": round(medians["loremaster"], 1),
        "bare_textual_ms": round(medians["bare"], 1),
        "ratio": round(medians["loremaster"] / medians["bare"], 2),
        "all_ms": {which: [round(v, 1) for v in values] for which, values in times.items()},
    }


async def _key_to_answers(pilot, key: str, question: str, timeout: float = 5.0) -> float:
    """Press `key`; milliseconds until the answers to `question` have been painted.

    Pilot's `press` returns only once the app is idle, so the answers are watched for
    from a second task, and the time is taken after the refresh that draws them.
    """
    app, screen = pilot.app, pilot.app.screen
    started = time.perf_counter()
    pressing = asyncio.ensure_future(pilot.press(key))
    while screen._shown != question:
        if time.perf_counter() - started > timeout:
            raise TimeoutError(question)
        await asyncio.sleep(0.0005)
    painted = asyncio.get_running_loop().create_future()
    app.call_after_refresh(lambda: painted.done() or painted.set_result(time.perf_counter()))
    elapsed = (await painted - started) * 1000
    await pressing
    return elapsed


async def _keystrokes() -> dict:
    from tui.app import LoremasterApp

    app = LoremasterApp()
    after_pause, typed_through = [], []
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await app.workers.wait_for_complete()
        screen.ask("warm up the index")
        await pilot.pause(0.3)
        await app.workers.wait_for_complete()
        for question in QUESTIONS:
            screen.ask(question[:-1])
            await pilot.pause(0.3)  # longer than the debounce: the next key is answered at once
            await app.workers.wait_for_complete()
            await pilot.pause()
            after_pause.append(await _key_to_answers(pilot, question[-1], question))
        for question in QUESTIONS[:2]:
            screen.ask("")
            await pilot.pause(0.3)
            for key in question[:-1]:
                await pilot.press(key)
            typed_through.append(await _key_to_answers(pilot, question[-1], question))
    return {
        "key_after_pause_ms": round(statistics.median(after_pause), 1),
        "key_after_pause_all_ms": [round(v, 1) for v in after_pause],
        "last_key_of_fast_typing_ms": round(statistics.median(typed_through), 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="start-ups of each app (default 7)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args()
    os.environ.setdefault("LOREMASTER_CACHE_DIR", tempfile.mkdtemp(prefix="loremaster-bench-"))
    sys.path.insert(0, str(REPO))
    result = {"startup": startup(args.runs), "keystroke": asyncio.run(_keystrokes())}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    s, k = result["startup"], result["keystroke"]
    print(f"start-up to on_ready, median of {s['runs']} runs in a 100x30 pty:")
    print(f"  loremaster    {s['loremaster_ms']:8.1f} ms")
    print(f"  bare Textual  {s['bare_textual_ms']:8.1f} ms")
    print(f"  ratio         {s['ratio']:8.2f} x   (target <= 1.5)")
    print("keystroke to answers on screen (Pilot, median):")
    print(f"  key after a pause            {k['key_after_pause_ms']:8.1f} ms   (target < 50)")
    print(
        f"  last key of fast typing      {k['last_key_of_fast_typing_ms']:8.1f} ms   (includes the 150 ms debounce)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
