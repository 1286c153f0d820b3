"""Sessions without a browser: what happens to app processes when the server dies."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux /proc")
def test_sessions_do_not_outlive_a_killed_server(serve):
    import aiohttp

    server = serve()

    async def open_session_then_kill_the_server() -> list[int]:
        async with (
            aiohttp.ClientSession() as client,
            client.ws_connect(
                f"{server.url}ws?width=40&height=20", origin=server.url.rstrip("/")
            ) as websocket,
        ):
            await websocket.receive()  # its app process is running
            sessions = server.session_pids()
            server.process.send_signal(signal.SIGKILL)  # no chance to stop them itself
            server.process.wait()
            return sessions

    sessions = asyncio.run(open_session_then_kill_the_server())
    assert len(sessions) == 1
    deadline = time.monotonic() + 10
    while Path(f"/proc/{sessions[0]}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # polling /proc: the kernel signals the orphan, nothing to await
    assert not Path(f"/proc/{sessions[0]}").exists(), "the session outlived its server"
