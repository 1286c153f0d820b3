"""Entry point of `loremaster`: the garbage-collection policy, then `commands.run`.

This module imports nothing heavy itself, so the policy is in force before the
command's imports begin (see `main`).
"""

from __future__ import annotations

import gc
import sys

#: subcommands that run until stopped; the others do one job and exit
RUN_UNTIL_STOPPED = frozenset({"serve"})


def main(argv: list[str] | None = None) -> int:
    """Run one command (`argv`, or the process's own arguments when None).

    A command that does one job and exits runs without garbage collection, from its
    first import on: what it allocates (its imports, the index tables) is kept to the
    end anyway, and collections while importing cost about a tenth of a cold `ask`.
    Run as the process (no `argv`), the collector stays off to the exit, because an
    interpreter exits with a full collection over everything when it is on; called
    with `argv` (the tests), it is back on when this returns, for a caller that runs on.
    """
    process = argv is None
    argv = sys.argv[1:] if process else argv
    paused = bool(argv) and argv[0] not in RUN_UNTIL_STOPPED and gc.isenabled()
    if paused:
        gc.disable()
    try:
        from cli.commands import run

        return run(argv)
    finally:
        if paused and not process:
            gc.enable()


if __name__ == "__main__":
    sys.exit(main())
