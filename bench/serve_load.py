"""Table-mode load: 8 browsers join `loremaster serve` at once.

Each session is opened the way the browser page opens it (the websocket that starts an
app process, at a phone's 40x40), all at the same moment. Reported:

1. each session's time to its first screen: from opening the connection to the first
   frame that draws the tab bar;
2. the server's total memory once all 8 screens are up: the server and every app
   process, as summed RSS and as summed PSS (shared pages counted once, the fairer sum);
3. how long Ctrl+C takes to stop the server and all 8 sessions.

Usage: .venv/bin/python bench/serve_load.py [--sessions 8]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIRST_SCREEN = b"Loremaster"  # the tab bar's first word: drawn with the first frame
TIMEOUT = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def descendants(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    found = [int(child) for child in children]
    for child in list(found):
        found += descendants(child)
    return found


def memory_kb(pid: int, field: str) -> int:
    """`Rss` or `Pss` of one process, from /proc/PID/smaps_rollup (kB)."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    return 0


async def open_session(port: int, drawn: list[float], measured: asyncio.Event) -> None:
    """Join as a browser does; note the time to the first screen; stay until measured."""
    import aiohttp

    start = time.perf_counter()
    async with (
        aiohttp.ClientSession() as client,
        client.ws_connect(
            f"http://127.0.0.1:{port}/ws?width=40&height=40",
            origin=f"http://127.0.0.1:{port}",  # as the page this server serves sends it
        ) as websocket,
    ):
        async for message in websocket:
            if message.type == aiohttp.WSMsgType.BINARY and FIRST_SCREEN in message.data:
                drawn.append(time.perf_counter() - start)
                await measured.wait()
                return
    raise RuntimeError("a session closed before drawing its first screen")


async def load(port: int, server: subprocess.Popen, sessions: int) -> None:
    drawn: list[float] = []
    measured = asyncio.Event()
    tasks = [asyncio.create_task(open_session(port, drawn, measured)) for _ in range(sessions)]
    deadline = time.monotonic() + TIMEOUT
    while len(drawn) < sessions:
        if time.monotonic() > deadline or any(task.done() for task in tasks):
            await asyncio.gather(*tasks)  # raises the failed session's error
            raise TimeoutError(f"only {len(drawn)} of {sessions} sessions drew a screen")
        await asyncio.sleep(0.02)
    pids = [server.pid, *descendants(server.pid)]
    rss = sum(memory_kb(pid, "Rss") for pid in pids)
    pss = sum(memory_kb(pid, "Pss") for pid in pids)
    measured.set()
    await asyncio.gather(*tasks)
    times = sorted(drawn)
    print(f"serve: {sessions} sessions opened at once, time to first screen (ms):")
    print("  " + "  ".join(f"{t * 1000:.0f}" for t in times))
    print(f"  median {times[len(times) // 2] * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms")
    print(
        f"serve: total memory with {sessions} sessions: RSS {rss / 1024:.0f} MiB, "
        f"PSS {pss / 1024:.0f} MiB ({len(pids) - 1} processes + the server)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=8)
    args = parser.parse_args()
    port = free_port()
    cache = tempfile.mkdtemp(prefix="loremaster-serve-bench-")
    env = {**os.environ, "LOREMASTER_CACHE_DIR": cache}
    py = sys.executable
    subprocess.run([py, "-m", "cli", "index"], env=env, cwd=REPO, check=True, capture_output=True)
    server = subprocess.Popen(
        [py, "-m", "cli", "serve", "--port", str(port), "--max-sessions", str(args.sessions)],
        env=env,
        cwd=REPO,
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_listening(port)
        asyncio.run(load(port, server, args.sessions))
        start = time.perf_counter()
        server.send_signal(signal.SIGINT)
        server.wait(timeout=TIMEOUT)
        print(
            f"serve: Ctrl+C stopped the server and its sessions in {time.perf_counter() - start:.2f} s"
        )
    finally:
        if server.poll() is None:
            server.kill()


def wait_listening(port: int) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"loremaster serve did not listen on port {port}")


if __name__ == "__main__":
    main()
